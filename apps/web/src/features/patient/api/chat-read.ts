import { chatPatientContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** I have read up to `seq`: the staff see 已读 on their messages, my unread count drops. */
export function markChatRead(id: number, seq: number) {
  return callApi(chatPatientContracts.read, { id, seq });
}
