import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempt, smsCode } from '../../db/schema/index';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';
import { LOGIN_IP_FAILURES_BEFORE_CAPTCHA, LOGIN_LOCKOUT_FAILURES, PASSWORD_CHANGE_MAX_FAILURES } from './auth.service';

/**
 * The sign-in limits under real concurrency: many requests at once through a listening server (a real socket per
 * request, all from 127.0.0.1), so that the check-and-count of each attempt races every other one. Runs on PGlite and,
 * under scripts/test-all.sh, on PostgreSQL (TEST_DATABASE_URL), where the requests really run side by side on pooled
 * connections.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  body: { code: number; msg: string; data: { captcha_required?: boolean; token?: string } | null };
}

const call = async (method: string, url: string, payload: object, token?: string): Promise<Answer> => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { auth: token } : {}) },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
};
const loginHttp = (payload: object) => call('POST', '/api/v1/user/admin/login', payload);

/** Draws `n` captchas one after another and returns their ids with the right answers. */
const solvedCaptchas = async (n: number) => {
  const out: { captcha_id: string; captcha_code: string }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/captcha' });
    out.push({ captcha_id: res.json().data.captcha_id, captcha_code: t.lastCaptchaText() });
  }
  return out;
};

const failuresOf = async (phone: string) =>
  (await t.database.db.select().from(loginAttempt).where(eq(loginAttempt.phone, phone))).length;

const tally = (answers: Answer[]) => {
  const by = (msg: string) => answers.filter((a) => a.body.msg === msg).length;
  return {
    checked: by('手机号或密码错误'),
    captcha: by('请输入图形验证码'),
    locked: answers.filter((a) => a.status === 429).length,
    other: answers.filter((a) => a.status === 200 || a.status >= 500).length,
  };
};

describe('parallel wrong passwords for one phone from one address', () => {
  it('29 at once: exactly 3 are checked and counted, the rest must solve a captcha; the owner is not locked out', async () => {
    const phone = '13800000003';
    const answers = await Promise.all(
      Array.from({ length: 29 }, (_, i) => loginHttp({ phone, password: `Wrong-guess-${i}` })),
    );
    expect(tally(answers)).toEqual({ checked: 3, captcha: 26, locked: 0, other: 0 });
    expect(await failuresOf(phone)).toBe(3);

    // the owner signs in with the password and a captcha, not refused for 15 minutes
    const [captcha] = await solvedCaptchas(1);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone, password: DEMO_PASSWORD, ...captcha },
      remoteAddress: t.nextIp(),
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it(`${LOGIN_LOCKOUT_FAILURES + 8} at once, each with a solved captcha: exactly ${LOGIN_LOCKOUT_FAILURES} checked, then locked; the owner still signs in by SMS code`, async () => {
    const phone = '13800000004';
    const n = LOGIN_LOCKOUT_FAILURES + 8;
    const captchas = await solvedCaptchas(n);
    const answers = await Promise.all(captchas.map((c, i) => loginHttp({ phone, password: `Wrong-guess-${i}`, ...c })));
    expect(tally(answers)).toEqual({ checked: LOGIN_LOCKOUT_FAILURES, captcha: 0, locked: 8, other: 0 });
    expect(await failuresOf(phone)).toBe(LOGIN_LOCKOUT_FAILURES);

    // the owner, elsewhere: the password is locked for the window, the SMS code (which the attacker cannot read) is not
    const ownerIp = t.nextIp();
    const [c1, c2] = await solvedCaptchas(2);
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone, password: DEMO_PASSWORD, ...c1 },
      remoteAddress: ownerIp,
    });
    expect(byPassword.statusCode).toBe(429);
    expect(byPassword.json().msg).toBe('密码错误次数过多，请 15 分钟后再试，或使用短信验证码登录');

    // as the console does, the captcha on the form goes with the code request too: it is spent only where demanded
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/sms_code',
      payload: { phone, ...c2 },
      remoteAddress: ownerIp,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const bySms = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone, sms_code: t.lastSmsCode(phone), ...c2 },
      remoteAddress: ownerIp,
    });
    expect(bySms.statusCode, bySms.body).toBe(200);
  });

  it('parallel guesses of one SMS code cost one try each: at most 5 are compared', async () => {
    const phone = '13800000005';
    await t.app.inject({ method: 'POST', url: '/api/v1/user/sms_code', payload: { phone }, remoteAddress: t.nextIp() });
    const code = t.lastSmsCode(phone)!;
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const captchas = await solvedCaptchas(wrong.length);
    await Promise.all(wrong.map((w, i) => loginHttp({ phone, sms_code: w, ...captchas[i] })));
    const [row] = await t.database.db.select().from(smsCode).where(eq(smsCode.phone, phone));
    expect(row.tries).toBe(5);
    // the code is burnt: even the right one no longer works
    const [c] = await solvedCaptchas(1);
    const late = await loginHttp({ phone, sms_code: code, ...c });
    expect(late.body.msg).toBe('手机号或验证码错误');
  });
});

describe('one shared office address', () => {
  it(`colleagues' mistakes put nobody behind a captcha below ${LOGIN_IP_FAILURES_BEFORE_CAPTCHA} failures from the address`, async () => {
    const office = t.nextIp();
    const at = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/admin/login', payload, remoteAddress: office });
    // colleagues mistype, two tries each (under the per-phone threshold), one short of the address threshold
    for (let i = 0; i < LOGIN_IP_FAILURES_BEFORE_CAPTCHA - 1; i++) {
      const res = await at({ phone: `1371111${String(Math.floor(i / 2)).padStart(4, '0')}`, password: 'typo-1234' });
      expect(res.json()).toMatchObject({ msg: '手机号或密码错误', data: { captcha_required: false } });
    }
    // one more colleague signs in without a captcha …
    const ok = await at({ phone: '13800000006', password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    // … the next failure reaches the address threshold, after which everyone there needs one
    const last = await at({ phone: '13722223333', password: 'typo-1234' });
    expect(last.json().data).toEqual({ captcha_required: true });
    const next = await at({ phone: '13800000006', password: DEMO_PASSWORD });
    expect(next.json()).toMatchObject({ code: 400111, msg: '请输入图形验证码' });
  });
});

describe('PUT user/password: old-password guesses from a session', () => {
  it(`parallel wrong guesses: ${PASSWORD_CHANGE_MAX_FAILURES} checked, audited and counted, then refused; the right one is refused too; SMS still works`, async () => {
    const phone = '13800000002';
    const token = await t.login(phone);
    const put = (payload: object) => call('PUT', '/api/v1/user/password', payload, token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put({ old_password: `Guess-${i}x1`, new_password: 'Taken0ver1' })),
    );
    const wrong = answers.filter((a) => a.body.msg === '原密码错误').length;
    const limited = answers.filter((a) => a.status === 429);
    expect(wrong).toBe(PASSWORD_CHANGE_MAX_FAILURES);
    expect(limited).toHaveLength(20 - PASSWORD_CHANGE_MAX_FAILURES);
    expect(limited[0].body.msg).toBe('原密码错误次数过多，请 15 分钟后再试，或使用短信验证码修改');

    const right = await put({ old_password: DEMO_PASSWORD, new_password: 'Taken0ver1' });
    expect(right.status).toBe(429);

    const rows = await t.database.db
      .select()
      .from(loginAttempt)
      .where(and(eq(loginAttempt.phone, phone), eq(loginAttempt.reason, 'old_password')));
    expect(rows).toHaveLength(PASSWORD_CHANGE_MAX_FAILURES);
    expect(rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.password_change_failed'));
    expect(audited).toHaveLength(PASSWORD_CHANGE_MAX_FAILURES);
    expect(audited[0]).toMatchObject({ ip: '127.0.0.1', target: expect.stringMatching(/^account:\d+$/) });
    expect(audited[0].accountId).not.toBeNull();

    // the guesses count against the password: sign-in now needs a captcha
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone, password: DEMO_PASSWORD },
      remoteAddress: t.nextIp(),
    });
    expect(signIn.json().msg).toBe('请输入图形验证码');

    // the owner's way: an SMS code sent to the phone
    await t.app.inject({ method: 'POST', url: '/api/v1/user/sms_code', payload: { phone }, remoteAddress: t.nextIp() });
    const bySms = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: headers(token),
      payload: { sms_code: t.lastSmsCode(phone), new_password: 'Owner0wns1' },
    });
    expect(bySms.statusCode, bySms.body).toBe(200);
  });
});

describe('failed sign-ins are audited', () => {
  it('records each checked failure with the account and the address', async () => {
    const ip = t.nextIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone: '13800000007', password: 'not-it-123' },
      remoteAddress: ip,
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login_failed'), eq(auditLog.ip, ip)));
    expect(rows).toHaveLength(1);
    expect(rows[0].accountId).not.toBeNull();
    expect(rows[0].detail).toEqual({ method: 'password' });
  });
});
