import { chatContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Marks the conversation read up to seq (the patient's read receipt and my unread count follow). */
export function readConversation(id: number, seq: number) {
  return callApi(chatContracts.read, { id, seq });
}
