import type { QrLoginStatus, QrLoginTicket } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Creates a QR-code login ticket; its `qr_content` is what the phone scans. */
export function createQrLogin(): Promise<QrLoginTicket> {
  return callApi<QrLoginTicket>('user.qrLoginCreate');
}

/** The ticket's state; once confirmed on the phone it carries the new session's token and user info. */
export function getQrLoginStatus(qrId: string, signal?: AbortSignal): Promise<QrLoginStatus> {
  return callApi<QrLoginStatus>('user.qrLoginStatus', { qr_id: qrId }, { signal });
}
