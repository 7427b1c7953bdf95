import { type ChatHistoryQuery, chatDeskContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function getChatHistory(query: ChatHistoryQuery, signal?: AbortSignal) {
  return callApi(chatDeskContracts.history, query, { signal });
}

export const chatHistoryQueryOptions = (pharmacyId: number | null, query: ChatHistoryQuery) =>
  queryOptions({
    queryKey: deskKeys.history(pharmacyId, query),
    queryFn: ({ signal }) => getChatHistory(query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** One page of the pharmacy's conversations (聊天记录), latest activity first. */
export function useChatHistory(query: ChatHistoryQuery) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery(chatHistoryQueryOptions(pharmacyId, query));
}
