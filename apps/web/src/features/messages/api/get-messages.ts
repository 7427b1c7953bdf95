import { type MessageListQuery, messageContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { messageKeys } from './message-keys';

export function getMessages(query: MessageListQuery, signal?: AbortSignal) {
  return callApi(messageContracts.list, query, { signal });
}

export const messagesQueryOptions = (query: MessageListQuery) =>
  queryOptions({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) => getMessages(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMessages(query: MessageListQuery) {
  return useQuery(messagesQueryOptions(query));
}
