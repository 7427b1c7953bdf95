import { messageContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { messageKeys } from './message-keys';

/** How often the header badge refreshes without a reload. */
export const UNREAD_REFRESH_MS = 30_000;

export function getUnreadCount(signal?: AbortSignal) {
  return callApi(messageContracts.unreadCount, undefined, { signal });
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** The signed-in user's unread message count; refreshed every 30 s, on window focus, and after read or delete. */
export function useUnreadCount() {
  const signedIn = useSessionStore((s) => s.isLoggedIn && s.token !== null);
  return useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });
}
