import { authContracts, type ContractOutput } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

export type Captcha = ContractOutput<typeof authContracts.captcha>;

/** A fresh graphic captcha (svg-captcha on the server), shown as an image. */
export function getCaptcha() {
  return callApi(authContracts.captcha);
}
