import { authContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { readPharmacyHeader } from '../../plugins/auth';
import { toPrincipal, toUserInfo } from '../../plugins/principal';
import type { AuthService, Client } from './auth.service';

const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export interface AuthRouteOptions {
  service: AuthService;
  rateLimit: { loginPerMinute: number; smsPerMinute: number };
}

export async function authRoutes(app: FastifyInstance, { service, rateLimit }: AuthRouteOptions) {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  const userInfoFor = async (accountId: number, request: FastifyRequest) => {
    const row = await app.principals.byAccountId(accountId);
    if (!row) throw AppError.unauthorized();
    const pid = readPharmacyHeader(request);
    return toUserInfo(toPrincipal(row, null), Number.isNaN(pid) ? undefined : pid);
  };

  route(
    app,
    c.smsCode,
    async (request) => ok(await service.sendSmsCode(request.body, clientOf(request)), '验证码已发送'),
    perMinute(rateLimit.smsPerMinute),
  );

  route(
    app,
    c.login,
    async (request) => {
      const { token, accountId, method } = await service.login(request.body, clientOf(request));
      await audit(request, 'auth.login', `account:${accountId}`, { method }, accountId);
      return ok({ token, user_info: await userInfoFor(accountId, request) }, '登录成功');
    },
    perMinute(rateLimit.loginPerMinute),
  );

  route(app, c.captcha, async () => ok(await service.createCaptcha()));

  route(app, c.captchaCheck, async (request) =>
    ok({ valid: await service.checkCaptcha(request.body.captcha_id, request.body.captcha_code, false) }),
  );

  route(
    app,
    c.qrLoginCreate,
    async (request) => ok(await service.createQr(clientOf(request))),
    perMinute(rateLimit.loginPerMinute),
  );

  route(app, c.qrLoginStatus, async (request) => {
    const result = await service.qrStatus(request.params.qr_id, clientOf(request));
    if ('token' in result && result.token) {
      await audit(request, 'auth.login', `account:${result.accountId}`, { method: 'qrcode' }, result.accountId);
      return ok(
        { status: result.status, token: result.token, user_info: await userInfoFor(result.accountId, request) },
        '登录成功',
      );
    }
    return ok({ status: result.status });
  });

  route(app, c.qrLoginScan, async (request) => ok(await service.scanQr(request.params.qr_id, request.user!.accountId)));

  route(app, c.qrLoginConfirm, async (request) => {
    const data = await service.confirmQr(request.params.qr_id, request.user!.accountId);
    await audit(request, 'auth.qr_confirm', `qr:${request.params.qr_id.slice(0, 8)}`);
    return ok(data);
  });

  route(app, c.password, async (request) => {
    const user = request.user!;
    const revoked = await service.changePassword(user.accountId, user.sessionId, request.body, clientOf(request));
    await audit(request, 'auth.password_change', `account:${user.accountId}`, {
      method: request.body.old_password ? 'old_password' : 'sms_code',
      revoked_sessions: revoked,
    });
    return ok({ revoked_sessions: revoked }, '密码已修改');
  });

  route(
    app,
    c.infoMe,
    async (request) => {
      const pid = readPharmacyHeader(request);
      return ok(toUserInfo(request.user!, Number.isNaN(pid) ? undefined : pid));
    },
    // The hottest route (polled by every console tab): toUserInfo builds exactly userInfoSchema, so plain
    // JSON.stringify replaces the zod encode pass; the schema still documents it and the tests check it strictly.
    { serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(app, c.logout, async (request) => {
    const user = request.user!;
    if (user.sessionId !== null) await service.logout(user.sessionId);
    await audit(request, 'auth.logout', `account:${user.accountId}`);
    return ok(null, '已退出登录');
  });
}
