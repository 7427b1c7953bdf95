import { chatContracts, type SendChatMessageBody } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Sends one message as staff (its client id makes a resend a no-op; an unassigned conversation becomes mine). */
export function sendChatMessage(id: number, body: SendChatMessageBody) {
  return callApi(chatContracts.send, { id, ...body });
}
