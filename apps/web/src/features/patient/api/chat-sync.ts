import { type ChatSyncBody, chatPatientContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** After a reconnect: what I missed in the conversations I know (by last seq), and conversations changed since. */
export function syncChat(body: ChatSyncBody) {
  return callApi(chatPatientContracts.sync, body);
}
