import { chatContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getChatUnread(signal?: AbortSignal) {
  return callApi(chatContracts.unread, undefined, { signal });
}

export const chatUnreadQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: chatKeys.unread(pharmacyId),
    queryFn: ({ signal }) => getChatUnread(signal),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** The chat counters (header badge, the list's tab counts): refetched on focus and, debounced, on socket frames. */
export function useChatUnread(enabled = true) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({ ...chatUnreadQueryOptions(pharmacyId), enabled: enabled && pharmacyId !== null });
}
