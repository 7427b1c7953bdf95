import { type ChatMessagesQuery, chatContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** One page of a conversation's messages, ascending: the newest, those before a seq (older), or after one. */
export function getChatMessages(id: number, query: Partial<ChatMessagesQuery> = {}, signal?: AbortSignal) {
  return callApi(chatContracts.messages, { id, ...query }, { signal });
}
