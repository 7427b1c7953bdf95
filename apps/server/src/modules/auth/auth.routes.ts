import {
  captchaCheckBodySchema,
  captchaCheckResultSchema,
  captchaSchema,
  loginBodySchema,
  loginResultSchema,
  okEnvelope,
  passwordBodySchema,
  qrLoginStatusSchema,
  qrLoginTicketSchema,
  smsCodeBodySchema,
  smsCodeResultSchema,
  userInfoSchema,
} from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { audit } from '../../plugins/audit';
import { readPharmacyHeader } from '../../plugins/auth';
import { toPrincipal, toUserInfo } from '../../plugins/principal';
import type { AuthService, Client } from './auth.service';

const qrParamsSchema = z.object({ qr_id: z.string().min(8).max(64) });
const tags = ['auth'];
const session = [{ session: [] }];

const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export interface AuthRouteOptions {
  service: AuthService;
  rateLimit: { loginPerMinute: number; smsPerMinute: number };
}

export async function authRoutes(app: FastifyInstance, { service, rateLimit }: AuthRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const userInfoFor = async (accountId: number, request: FastifyRequest) => {
    const row = await app.principals.byAccountId(accountId);
    if (!row) throw AppError.unauthorized();
    const pid = readPharmacyHeader(request);
    return toUserInfo(toPrincipal(row, null), Number.isNaN(pid) ? undefined : pid);
  };

  r.post(
    '/user/sms_code',
    {
      config: { rateLimit: { max: rateLimit.smsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '发送短信验证码',
        body: smsCodeBodySchema,
        response: { 200: okEnvelope(smsCodeResultSchema) },
      },
    },
    async (request) => {
      const data = await service.sendSmsCode(request.body, clientOf(request));
      return { code: 0 as const, msg: '验证码已发送', data };
    },
  );

  r.post(
    '/user/admin/login',
    {
      config: { rateLimit: { max: rateLimit.loginPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '登录（手机号 + 密码 或 手机号 + 短信验证码）',
        description:
          'Refusals answer 400 with code 400111 and data { captcha_required } (wrong credentials, captcha demanded or wrong).',
        body: loginBodySchema,
        response: { 200: okEnvelope(loginResultSchema) },
      },
    },
    async (request) => {
      const { token, accountId, method } = await service.login(request.body, clientOf(request));
      await audit(request, 'auth.login', `account:${accountId}`, { method }, accountId);
      return { code: 0 as const, msg: '登录成功', data: { token, user_info: await userInfoFor(accountId, request) } };
    },
  );

  r.get(
    '/admin/captcha',
    { schema: { tags, summary: '获取图形验证码', response: { 200: okEnvelope(captchaSchema) } } },
    async () => ({ code: 0 as const, msg: 'ok', data: await service.createCaptcha() }),
  );

  r.post(
    '/admin/captcha',
    {
      schema: {
        tags,
        summary: '校验图形验证码（不消耗）',
        body: captchaCheckBodySchema,
        response: { 200: okEnvelope(captchaCheckResultSchema) },
      },
    },
    async (request) => ({
      code: 0 as const,
      msg: 'ok',
      data: { valid: await service.checkCaptcha(request.body.captcha_id, request.body.captcha_code, false) },
    }),
  );

  r.post(
    '/user/login/qrcode',
    {
      config: { rateLimit: { max: rateLimit.loginPerMinute, timeWindow: '1 minute' } },
      schema: { tags, summary: '创建扫码登录二维码', response: { 200: okEnvelope(qrLoginTicketSchema) } },
    },
    async (request) => ({ code: 0 as const, msg: 'ok', data: await service.createQr(clientOf(request)) }),
  );

  r.get(
    '/user/login/qrcode/:qr_id',
    {
      schema: {
        tags,
        summary: '查询扫码登录状态（确认后首次查询返回 token）',
        params: qrParamsSchema,
        response: { 200: okEnvelope(qrLoginStatusSchema) },
      },
    },
    async (request) => {
      const result = await service.qrStatus(request.params.qr_id, clientOf(request));
      if ('token' in result && result.token) {
        await audit(request, 'auth.login', `account:${result.accountId}`, { method: 'qrcode' }, result.accountId);
        return {
          code: 0 as const,
          msg: '登录成功',
          data: { status: result.status, token: result.token, user_info: await userInfoFor(result.accountId, request) },
        };
      }
      return { code: 0 as const, msg: 'ok', data: { status: result.status } };
    },
  );

  r.post(
    '/user/login/qrcode/:qr_id/scan',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: session,
        summary: '手机端扫码',
        params: qrParamsSchema,
        response: { 200: okEnvelope(qrLoginStatusSchema) },
      },
    },
    async (request) => ({
      code: 0 as const,
      msg: 'ok',
      data: await service.scanQr(request.params.qr_id, request.user!.accountId),
    }),
  );

  r.post(
    '/user/login/qrcode/:qr_id/confirm',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: session,
        summary: '手机端确认登录',
        params: qrParamsSchema,
        response: { 200: okEnvelope(qrLoginStatusSchema) },
      },
    },
    async (request) => {
      const data = await service.confirmQr(request.params.qr_id, request.user!.accountId);
      await audit(request, 'auth.qr_confirm', `qr:${request.params.qr_id.slice(0, 8)}`);
      return { code: 0 as const, msg: 'ok', data };
    },
  );

  r.put(
    '/user/password',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: session,
        summary: '修改密码（原密码或短信验证码），其他会话下线',
        body: passwordBodySchema,
        response: { 200: okEnvelope(z.object({ revoked_sessions: z.number().int() })) },
      },
    },
    async (request) => {
      const user = request.user!;
      const revoked = await service.changePassword(user.accountId, user.sessionId, request.body, clientOf(request));
      await audit(request, 'auth.password_change', `account:${user.accountId}`, {
        method: request.body.old_password ? 'old_password' : 'sms_code',
        revoked_sessions: revoked,
      });
      return { code: 0 as const, msg: '密码已修改', data: { revoked_sessions: revoked } };
    },
  );

  r.get(
    '/user/info/me',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: session, summary: '当前用户信息', response: { 200: okEnvelope(userInfoSchema) } },
      // The hottest route (polled by every console tab): toUserInfo builds exactly userInfoSchema, so plain
      // JSON.stringify replaces the zod encode pass; the schema still documents it and the tests check it strictly.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const pid = readPharmacyHeader(request);
      return { code: 0 as const, msg: 'ok', data: toUserInfo(request.user!, Number.isNaN(pid) ? undefined : pid) };
    },
  );

  r.post(
    '/user/logout',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: session, summary: '退出登录', response: { 200: okEnvelope(z.null()) } },
    },
    async (request) => {
      const user = request.user!;
      if (user.sessionId !== null) await service.logout(user.sessionId);
      await audit(request, 'auth.logout', `account:${user.accountId}`);
      return { code: 0 as const, msg: '已退出登录', data: null };
    },
  );
}
