import { callApi } from '../../../lib/http';

export interface Captcha {
  captcha_id: string;
  svg: string;
}

/** A fresh graphic captcha (svg-captcha on the server), shown as an image. */
export function getCaptcha(): Promise<Captcha> {
  return callApi<Captcha>('captcha.get');
}
