import { authContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Creates a QR-code login ticket; its `qr_content` is what the phone scans. */
export function createQrLogin() {
  return callApi(authContracts.qrLoginCreate);
}

/** The ticket's state; once confirmed on the phone it carries the new session's token and user info. */
export function getQrLoginStatus(qrId: string, signal?: AbortSignal) {
  return callApi(authContracts.qrLoginStatus, { qr_id: qrId }, { signal });
}
