import { type ChatSyncBody, chatContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** After a (re)connection: the messages after the known seqs and the conversations changed since `since`. */
export function syncChat(body: ChatSyncBody) {
  return callApi(chatContracts.sync, body);
}
