import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode, userInfoSchema } from '@pharmacy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auditLog, loginAttempt, qrLogin, session, smsCode } from '../../db/schema/index';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';
import { LOGIN_IP_FAILURES_BEFORE_CAPTCHA, LOGIN_LOCKOUT_FAILURES } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: Record<string, unknown>, ip = t.nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/admin/login', payload, remoteAddress: ip });
const sendSms = (phone: string, ip = t.nextIp(), extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/sms_code', payload: { phone, ...extra }, remoteAddress: ip });
const infoMe = (token: string, pharmacyId?: number) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user/info/me', headers: headers(token, pharmacyId) });
/** Lets the next code be sent at once (the one-a-minute rule is tested on its own). */
const ageSmsCodes = (phone: string) =>
  t.database.db
    .update(smsCode)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(smsCode.phone, phone));

describe('password sign-in', () => {
  it('answers a token and the user info', async () => {
    const res = await login({ phone: '13800000002', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userInfoSchema.strict().parse(body.data.user_info).phone).toBe('13800000002');
    expect(body.data.user_info.roles).toEqual(['pharmacy_admin']);
  });

  it('stores only the SHA-256 of the token, with a 30-day expiry', async () => {
    const token = await t.login('13800000005');
    const rows = await t.database.db.select().from(session);
    expect(rows.some((r) => r.tokenSha256 === token)).toBe(false);
    const newest = rows.toSorted((a, b) => b.id - a.id)[0];
    const days = (newest.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses a wrong password with 400111 and the same message as an unknown phone', async () => {
    const wrong = await login({ phone: '13800000003', password: 'Wrong@12345' });
    const unknown = await login({ phone: '13811112222', password: 'Wrong@12345' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: ErrorCode.CALLER_HANDLES,
        msg: '手机号或密码错误',
        data: { captcha_required: false },
      });
    }
  });

  it('demands a captcha after 3 failures for a phone within 15 minutes, and signs in with it', async () => {
    const phone = '13800000004';
    for (let i = 0; i < 2; i++) {
      const res = await login({ phone, password: 'nope-nope-1' });
      expect(res.json().data).toEqual({ captcha_required: false });
    }
    const third = await login({ phone, password: 'nope-nope-1' });
    expect(third.json().data).toEqual({ captcha_required: true });

    // even the right password is refused without the captcha
    const refused = await login({ phone, password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400111, msg: '请输入图形验证码', data: { captcha_required: true } });

    const cap = await t.app.inject({ method: 'GET', url: '/api/v1/admin/captcha' });
    expect(cap.statusCode).toBe(200);
    const { captcha_id, svg } = cap.json().data;
    expect(svg).toContain('<svg');

    const bad = await login({ phone, password: DEMO_PASSWORD, captcha_id, captcha_code: 'zzzz' });
    expect(bad.json()).toMatchObject({ code: 400111, msg: '图形验证码错误或已过期' });

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/captcha',
      payload: { captcha_id, captcha_code: t.lastCaptchaText().toUpperCase() },
    });
    expect(check.json().data).toEqual({ valid: true });

    const ok = await login({ phone, password: DEMO_PASSWORD, captcha_id, captcha_code: t.lastCaptchaText() });
    expect(ok.statusCode).toBe(200);
    // a captcha is good for one sign-in only
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/captcha',
      payload: { captcha_id, captcha_code: t.lastCaptchaText() },
    });
    expect(again.json().data).toEqual({ valid: false });
    // success clears the phone's failures
    const rows = await t.database.db.select().from(loginAttempt).where(eq(loginAttempt.phone, phone));
    expect(rows).toHaveLength(0);
  });

  it(`demands a captcha after ${LOGIN_IP_FAILURES_BEFORE_CAPTCHA} failures from one address, whatever the phone`, async () => {
    const ip = t.nextIp();
    await t.database.db.insert(loginAttempt).values(
      Array.from({ length: LOGIN_IP_FAILURES_BEFORE_CAPTCHA - 1 }, (_, i) => ({
        phone: `1381111${String(i).padStart(4, '0')}`,
        ip,
        reason: 'password',
      })),
    );
    const reaching = await login({ phone: '13811119999', password: 'x-1' }, ip);
    expect(reaching.json()).toMatchObject({ msg: '手机号或密码错误', data: { captcha_required: true } });
    const res = await login({ phone: '13800000006', password: DEMO_PASSWORD }, ip);
    expect(res.json()).toMatchObject({ code: 400111, data: { captcha_required: true } });
    const elsewhere = await login({ phone: '13800000006', password: DEMO_PASSWORD });
    expect(elsewhere.statusCode).toBe(200);
  });

  it(`locks password sign-in with 429 after ${LOGIN_LOCKOUT_FAILURES} wrong passwords in 15 minutes`, async () => {
    const phone = '13822220000';
    await t.database.db
      .insert(loginAttempt)
      .values(Array.from({ length: LOGIN_LOCKOUT_FAILURES }, () => ({ phone, ip: '192.0.2.1', reason: 'password' })));
    const res = await login({ phone, password: 'whatever1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: ErrorCode.TOO_MANY_REQUESTS,
      msg: '密码错误次数过多，请 15 分钟后再试，或使用短信验证码登录',
    });
    // the rows are older than the window: the phone is free again
    await t.database.db
      .update(loginAttempt)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(loginAttempt.phone, phone));
    expect((await login({ phone, password: 'whatever1' })).json().msg).toBe('手机号或密码错误');
  });

  it('wrong SMS codes do not lock the password (nor the SMS code) out: they only demand a captcha', async () => {
    const phone = '13800000001';
    await t.database.db
      .insert(loginAttempt)
      .values(Array.from({ length: LOGIN_LOCKOUT_FAILURES }, () => ({ phone, ip: '192.0.2.2', reason: 'sms_code' })));
    const res = await login({ phone, password: DEMO_PASSWORD });
    expect(res.json()).toMatchObject({ code: 400111, msg: '请输入图形验证码' });
    await t.app.inject({ method: 'GET', url: '/api/v1/admin/captcha' });
    const ok = await login({ phone, password: DEMO_PASSWORD, captcha_id: 'x', captcha_code: 'y' });
    expect(ok.json().msg).toBe('图形验证码错误或已过期');
    const cap = await t.app.inject({ method: 'GET', url: '/api/v1/admin/captcha' });
    const signedIn = await login({
      phone,
      password: DEMO_PASSWORD,
      captcha_id: cap.json().data.captcha_id,
      captcha_code: t.lastCaptchaText(),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a disabled account', async () => {
    await t.database.db.update(account).set({ status: 'disabled' }).where(eq(account.phone, '13900000001'));
    const res = await login({ phone: '13900000001', password: DEMO_PASSWORD });
    expect(res.json()).toMatchObject({ code: 400111, msg: '账号已停用，请联系管理员' });
    await t.database.db.update(account).set({ status: 'active' }).where(eq(account.phone, '13900000001'));
  });

  it('validates the body with a Chinese message naming the field', async () => {
    const res = await login({ phone: '12345', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400000, msg: 'phone 手机号格式不正确' });
    const neither = await login({ phone: '13800000001' });
    expect(neither.json().msg).toBe('password 请填写密码或短信验证码其中一项');
    const both = await login({ phone: '13800000001', password: 'a', sms_code: '123456' });
    expect(both.statusCode).toBe(400);
  });

  it('records sign-ins in the audit log', async () => {
    await t.login('13800000007');
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].ip).not.toBe('');
  });
});

describe('rate limits', () => {
  it('answers 429 with a Chinese message when one address calls sign-in too often', async () => {
    const limited = await createTestApp({ rateLimit: { loginPerMinute: 2, smsPerMinute: 1 } });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/user/admin/login',
          payload: { phone: '13800000001', password: DEMO_PASSWORD },
          remoteAddress: '198.51.100.7',
        });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
      expect(third.json().msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);

      const sms = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/user/sms_code',
          payload: { phone: '13800000001' },
          remoteAddress: '198.51.100.8',
        });
      expect((await sms()).statusCode).toBe(200);
      expect((await sms()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('SMS codes', () => {
  it('sends a 6-digit code to the outbox, stores only its hash and signs in with it once', async () => {
    const phone = '13800000003';
    const res = await sendSms(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ expires_in: 300, resend_in: 60 });
    const code = t.lastSmsCode(phone)!;
    expect(code).toMatch(/^\d{6}$/);
    // the platform signs its own SMS, not one pharmacy's brand
    const outbox = readFileSync(path.join(t.dataDir, 'sms-outbox.log'), 'utf8').trim().split('\n').at(-1) ?? '';
    expect(outbox).toContain('【药房平台】您的验证码为');
    const [row] = await t.database.db.select().from(smsCode).where(eq(smsCode.phone, phone));
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);

    const ok = await login({ phone, sms_code: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user_info.roles).toEqual(['manager']);
    const reused = await login({ phone, sms_code: code });
    expect(reused.json()).toMatchObject({ code: 400111, msg: '手机号或验证码错误' });
  });

  it('allows one code a minute per phone (429)', async () => {
    const phone = '13800000005';
    expect((await sendSms(phone)).statusCode).toBe(200);
    const second = await sendSms(phone);
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
  });

  it('allows ten codes a day per phone (429)', async () => {
    const phone = '13800000006';
    for (let i = 0; i < 10; i++) {
      const res = await sendSms(phone);
      expect(res.statusCode, res.body).toBe(200);
      await ageSmsCodes(phone);
    }
    const eleventh = await sendSms(phone);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().msg).toBe('今日验证码发送次数已达上限，请明天再试');
  });

  it('expires a code after 5 minutes', async () => {
    const phone = '13800000007';
    await sendSms(phone);
    const code = t.lastSmsCode(phone)!;
    await t.database.db
      .update(smsCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCode.phone, phone));
    const res = await login({ phone, sms_code: code });
    expect(res.json().msg).toBe('手机号或验证码错误');
  });

  it('burns a code after 5 wrong tries', async () => {
    const phone = '13800000002';
    await sendSms(phone);
    const code = t.lastSmsCode(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    // captcha is demanded after the third failure, so every attempt solves one
    const withCaptcha = async (smsCode: string) => {
      const cap = await t.app.inject({ method: 'GET', url: '/api/v1/admin/captcha' });
      return login({
        phone,
        sms_code: smsCode,
        captcha_id: cap.json().data.captcha_id,
        captcha_code: t.lastCaptchaText(),
      });
    };
    for (let i = 0; i < 5; i++) expect((await withCaptcha(wrong)).json().msg).toBe('手机号或验证码错误');
    // the right code no longer works
    const res = await withCaptcha(code);
    expect(res.json()).toMatchObject({ code: 400111, msg: '手机号或验证码错误' });
    await t.database.db.delete(loginAttempt).where(eq(loginAttempt.phone, phone));
  });

  it('answers an unknown phone the same way and delivers nothing', async () => {
    const res = await sendSms('13912345678');
    expect(res.statusCode).toBe(200);
    expect(t.lastSmsCode('13912345678')).toBeUndefined();
  });

  it('demands a captcha from an address that asked for 3 codes in 15 minutes', async () => {
    const ip = t.nextIp();
    for (const phone of ['13933330001', '13933330002', '13933330003']) {
      expect((await sendSms(phone, ip)).statusCode).toBe(200);
    }
    const res = await sendSms('13933330004', ip);
    expect(res.json()).toMatchObject({ code: 400111, data: { captcha_required: true } });
    const cap = await t.app.inject({ method: 'GET', url: '/api/v1/admin/captcha' });
    const ok = await sendSms('13933330004', ip, {
      captcha_id: cap.json().data.captcha_id,
      captcha_code: t.lastCaptchaText(),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('user/info/me', () => {
  it('returns exactly the spec fields for each role', async () => {
    const cases: [string, object][] = [
      [
        '13800000001',
        {
          roles: ['shop'],
          is_shop: true,
          e_commerce: true,
          permissions: {},
          pharmacy_admin_permissions: {},
          admin_permissions: [],
        },
      ],
      ['13800000002', { roles: ['pharmacy_admin'], pharmacy_admin_permissions: { 1: ['all'] }, permissions: {} }],
      [
        '13800000003',
        {
          roles: ['manager'],
          is_manager: true,
          permissions: {
            1: ['order_read_pharmacy', 'order_statistics', 'account_permission', 'channel_manage', 'quote_set'],
          },
        },
      ],
      [
        '13800000004',
        {
          roles: ['customer_service'],
          is_customer_service: true,
          // customer service of both foundation stores (seed/console-staff.ts)
          permissions: { 1: ['order_read_pharmacy', 'quote_set'], 2: ['order_read_pharmacy', 'quote_set'] },
        },
      ],
      ['13800000005', { roles: ['doctor'], is_doctor: true, pharmacy_info: null }],
      ['13800000006', { roles: ['pharmacist'], is_pharmacist: true }],
      ['13800000007', { roles: ['admin'], admin_permissions: ['all'], pharmacy_info: null }],
      ['13900000001', { roles: [], pharmacy_info: null, is_shop: false }],
    ];
    for (const [phone, expected] of cases) {
      const res = await infoMe(await t.login(phone));
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(Object.keys(data).sort()).toEqual(Object.keys(userInfoSchema.shape).sort());
      userInfoSchema.strict().parse(data);
      expect(data).toMatchObject({ phone, phone_user_id: `pu_${phone}`, ...expected });
    }
  });

  it('reports the requested pharmacy in pharmacy_info only for a member', async () => {
    const token = await t.login('13800000001');
    expect((await infoMe(token, 2)).json().data.pharmacy_info).toMatchObject({ id: 2, name: '仁心大药房(杭州西湖店)' });
    expect((await infoMe(token, 3)).json().data.pharmacy_info.id).toBe(1);
  });

  it('unions the roles of every membership, doctor and operator', async () => {
    const [doc] = await t.database.db.select().from(account).where(eq(account.phone, '13800000005'));
    const { pharmacyMember, adminProfile } = await import('../../db/schema/index');
    await t.database.db
      .insert(pharmacyMember)
      .values({ pharmacyId: 2, accountId: doc.id, role: 'manager', permissions: ['order_statistics'] });
    await t.database.db.insert(adminProfile).values({ accountId: doc.id, adminPermissions: ['report'] });
    const data = (await infoMe(await t.login('13800000005'))).json().data;
    expect(data.roles).toEqual(['manager', 'doctor', 'admin']);
    expect(data.permissions).toEqual({ 2: ['order_statistics'] });
    expect(data.admin_permissions).toEqual(['report']);
    await t.database.db.delete(pharmacyMember).where(eq(pharmacyMember.accountId, doc.id));
    await t.database.db.delete(adminProfile).where(eq(adminProfile.accountId, doc.id));
  });
});

describe('sessions', () => {
  it('401 without a token, with an unknown, expired or revoked token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/user/info/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      code: ErrorCode.UNAUTHORIZED,
      msg: '未授权，请登录',
      message: 'Missing Auth header',
      data: null,
    });
    const unknown = await infoMe('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 401000, msg: 'token 过期，请重新登陆！' });

    const token = await t.login('13800000002');
    const { sha256Hex } = await import('../../lib/crypto');
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(session.tokenSha256, sha256Hex(token)));
    expect((await infoMe(token)).statusCode).toBe(401);
  });

  it('a cookie is not a session', async () => {
    const token = await t.login('13800000002');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/info/me', cookies: { token } });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the session and is audited', async () => {
    const token = await t.login('13800000003');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: headers(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ code: 0, data: null });
    expect((await infoMe(token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: headers(token) });
    expect(again.statusCode).toBe(401);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.logout'));
    expect(rows).toHaveLength(1);
  });
});

describe('pharmacy/me', () => {
  it("lists the staff member's pharmacies with role and permissions", async () => {
    const shop = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pharmacy/me',
      headers: headers(await t.login('13800000001')),
    });
    expect(shop.json().data).toEqual([
      {
        id: 1,
        name: '仁心大药房(上海浦东店)',
        logo_url: '/demo/aptitude/foundation-1-logo.svg',
        city: '上海市',
        role: 'shop',
        permissions: [],
        status: 'active',
        status_reason: '',
      },
      {
        id: 2,
        name: '仁心大药房(杭州西湖店)',
        logo_url: '/demo/aptitude/foundation-2-logo.svg',
        city: '杭州市',
        role: 'shop',
        permissions: [],
        status: 'active',
        status_reason: '',
      },
    ]);
    const cs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pharmacy/me',
      headers: headers(await t.login('13800000004')),
    });
    expect(cs.json().data).toEqual([
      {
        id: 1,
        name: '仁心大药房(上海浦东店)',
        logo_url: '/demo/aptitude/foundation-1-logo.svg',
        city: '上海市',
        role: 'customer_service',
        permissions: ['order_read_pharmacy', 'quote_set'],
        status: 'active',
        status_reason: '',
      },
      {
        id: 2,
        name: '仁心大药房(杭州西湖店)',
        logo_url: '/demo/aptitude/foundation-2-logo.svg',
        city: '杭州市',
        role: 'customer_service',
        permissions: ['order_read_pharmacy', 'quote_set'],
        status: 'active',
        status_reason: '',
      },
    ]);
    const patient = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pharmacy/me',
      headers: headers(await t.login('13900000001')),
    });
    expect(patient.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pharmacy/me' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('needs the old password or an SMS code, and signs other sessions out', async () => {
    const phone = '13900000001';
    const current = await t.login(phone);
    const other = await t.login(phone);
    const put = (payload: object, token = current) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/password', headers: headers(token), payload });

    const neither = await put({ new_password: 'NewPass123' });
    expect(neither.json()).toMatchObject({ code: 400000, msg: 'old_password 请输入原密码或短信验证码' });
    const weak = await put({ old_password: DEMO_PASSWORD, new_password: 'short' });
    expect(weak.json()).toMatchObject({ code: 400000, msg: 'new_password 新密码至少 8 位' });
    const wrongOld = await put({ old_password: 'Wrong@123', new_password: 'NewPass123' });
    expect(wrongOld.json()).toMatchObject({ code: 400111, msg: '原密码错误' });

    const ok = await put({ old_password: DEMO_PASSWORD, new_password: 'NewPass123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.revoked_sessions).toBeGreaterThanOrEqual(1);
    expect((await infoMe(current)).statusCode).toBe(200);
    expect((await infoMe(other)).statusCode).toBe(401);
    expect((await login({ phone, password: DEMO_PASSWORD })).statusCode).toBe(400);
    expect((await login({ phone, password: 'NewPass123' })).statusCode).toBe(200);

    // and back, with an SMS code
    await ageSmsCodes(phone);
    await sendSms(phone);
    const bySms = await put({ sms_code: t.lastSmsCode(phone), new_password: DEMO_PASSWORD.replace('@', 'x') });
    expect(bySms.statusCode).toBe(200);
    const wrongSms = await put({ sms_code: '000000', new_password: 'Another123' });
    expect(wrongSms.json()).toMatchObject({ code: 400111, msg: '验证码错误或已过期' });
    expect((await put({ new_password: 'x' }, 'bogus')).statusCode).toBe(401);
  });
});

describe('QR sign-in', () => {
  const create = () => t.app.inject({ method: 'POST', url: '/api/v1/user/login/qrcode', remoteAddress: t.nextIp() });
  const status = (qrId: string) => t.app.inject({ method: 'GET', url: `/api/v1/user/login/qrcode/${qrId}` });
  const act = (qrId: string, what: 'scan' | 'confirm', token?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/user/login/qrcode/${qrId}/${what}`, headers: headers(token) });

  it('pending → scanned → confirmed hands out one session, once', async () => {
    const ticket = (await create()).json().data;
    expect(ticket.qr_content).toBe(`pharmacy-console:qr-login:${ticket.qr_id}`);
    const ttl = new Date(ticket.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
    expect((await status(ticket.qr_id)).json().data).toEqual({ status: 'pending' });

    expect((await act(ticket.qr_id, 'scan')).statusCode).toBe(401);
    const phone = await t.login('13800000004');
    expect((await act(ticket.qr_id, 'scan', phone)).json().data).toEqual({ status: 'scanned' });
    expect((await status(ticket.qr_id)).json().data).toEqual({ status: 'scanned' });

    // another account cannot confirm a ticket scanned by someone else
    const intruder = await t.login('13800000003');
    expect((await act(ticket.qr_id, 'confirm', intruder)).statusCode).toBe(409);

    expect((await act(ticket.qr_id, 'confirm', phone)).json().data).toEqual({ status: 'confirmed' });
    const first = (await status(ticket.qr_id)).json().data;
    expect(first.status).toBe('confirmed');
    expect(first.user_info.phone).toBe('13800000004');
    expect((await infoMe(first.token)).statusCode).toBe(200);
    expect((await status(ticket.qr_id)).json().data).toEqual({ status: 'confirmed' });
  });

  it('expires after 2 minutes', async () => {
    const ticket = (await create()).json().data;
    await t.database.db
      .update(qrLogin)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(qrLogin.qrId, ticket.qr_id));
    expect((await status(ticket.qr_id)).json().data).toEqual({ status: 'expired' });
    const phone = await t.login('13800000004');
    const late = await act(ticket.qr_id, 'scan', phone);
    expect(late.json()).toMatchObject({ code: 400111, msg: '二维码已过期，请刷新后重新扫码' });
  });

  it('unknown ticket → 404; malformed id → 400', async () => {
    expect((await status('abcdefghijklmnop')).statusCode).toBe(404);
    expect((await status('x')).json().code).toBe(400000);
  });
});
