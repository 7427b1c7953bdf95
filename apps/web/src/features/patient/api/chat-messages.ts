import { chatPatientContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** One page of a conversation's messages, ascending: the newest, those before a seq (older), or after one. */
export function getChatMessages(
  id: number,
  query: { before_seq?: number; after_seq?: number; limit?: number } = {},
  signal?: AbortSignal,
) {
  return callApi(chatPatientContracts.messages, { id, ...query }, { signal });
}
