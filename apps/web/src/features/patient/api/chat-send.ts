import { chatPatientContracts, type SendChatMessageBody } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/**
 * Sends one message (its client id makes a resend a no-op). Into a closed conversation the server opens a new one:
 * the answer's conversation_id says where it went.
 */
export function sendChatMessage(id: number, body: SendChatMessageBody) {
  return callApi(chatPatientContracts.send, { id, ...body });
}
