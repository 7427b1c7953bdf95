import { shareContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';

export const shareOpenKey = (id: number) => ['patient', 'share', id] as const;

/**
 * A share package opened by its recipient: 404 unless approved, 403 / 403001 您不是被分享人 for anyone else (the
 * HTTP layer toasts it), 403 when the pharmacy blacklisted me. Each opening is counted by the server.
 */
export function getSharedPackage(id: number, signal?: AbortSignal) {
  return callApi(shareContracts.open, { id }, { signal });
}

export const sharedPackageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shareOpenKey(id),
    queryFn: ({ signal }) => getSharedPackage(id, signal),
    staleTime: 60_000,
  });

export function useSharedPackage(id: number | null) {
  return useQuery({ ...sharedPackageQueryOptions(id ?? 0), enabled: !!id });
}
