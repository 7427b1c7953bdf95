import { ErrorCode } from '@pharmacy/shared';
import type { ApiFailure } from '../../../lib/http';

export interface LoginRefusal {
  /** The server's Chinese text for the form (null when the HTTP layer already showed a toast). */
  message: string | null;
  captchaRequired: boolean;
}

/** Reads a refused sign-in or SMS request: 400111 carries the text to show inline and whether a captcha is due. */
export function loginRefusal(failure: ApiFailure): LoginRefusal {
  const body = (failure.responseData ?? {}) as { code?: unknown; data?: { captcha_required?: unknown } | null };
  if (failure.httpCode !== 400 || body.code !== ErrorCode.CALLER_HANDLES) {
    return { message: null, captchaRequired: false };
  }
  return { message: failure.msg || '登录失败，请重试', captchaRequired: body.data?.captcha_required === true };
}
