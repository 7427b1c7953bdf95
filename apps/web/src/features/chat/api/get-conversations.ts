import { type ChatConversationListQuery, chatContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getConversations(query: ChatConversationListQuery, signal?: AbortSignal) {
  return callApi(chatContracts.list, query, { signal });
}

export const conversationsQueryOptions = (pharmacyId: number | null, query: ChatConversationListQuery) =>
  queryOptions({
    queryKey: chatKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getConversations(query, signal),
    placeholderData: keepPreviousData,
    // socket frames and the sync keep it current; a refetch would only race them
    staleTime: 60_000,
  });

/** The chat list (我的 / 待接入 / 全部, 进行中 / 已结束, keyword), kept live by the page's socket frames. */
export function useConversations(query: ChatConversationListQuery) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({ ...conversationsQueryOptions(pharmacyId, query), enabled: pharmacyId !== null });
}
