import { QueryClient } from '@tanstack/react-query';

/**
 * The console's one QueryClient. The HTTP layer already retries (spec §7) and tells the user about failures
 * (spec §8), so queries do not retry again and do not refetch on focus unless a query asks for it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
