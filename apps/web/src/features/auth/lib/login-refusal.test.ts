import { describe, expect, it } from 'vitest';
import { loginRefusal } from './login-refusal';

describe('loginRefusal', () => {
  it('reads the inline message and the captcha demand of a 400111 refusal', () => {
    expect(
      loginRefusal({
        httpCode: 400,
        message: 'Wrong credentials',
        msg: '手机号或密码错误',
        responseData: { code: 400111, msg: '手机号或密码错误', data: { captcha_required: true } },
      }),
    ).toEqual({ message: '手机号或密码错误', captchaRequired: true });
    expect(loginRefusal({ httpCode: 400, message: '', msg: '', responseData: { code: 400111, data: null } })).toEqual({
      message: '登录失败，请重试',
      captchaRequired: false,
    });
  });

  it('leaves other failures to the HTTP layer toast', () => {
    expect(
      loginRefusal({ httpCode: 429, message: '', msg: '操作过于频繁', responseData: { code: 429000, data: null } }),
    ).toEqual({ message: null, captchaRequired: false });
  });
});
