import { authContracts, type SmsCodeBody } from '@pharmacy/shared';
import { tryCallApi } from '../../../lib/http';

/** Sends a 6-digit login code to the phone. A refusal (400111, e.g. captcha demanded) comes back for the form. */
export function sendSmsCode(body: SmsCodeBody) {
  return tryCallApi(authContracts.smsCode, body);
}
