import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { ModuleContext } from '../../lib/module';
import { OutboxSmsProvider } from '../../lib/sms';
import { AuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { AuthService, type CaptchaImage } from './auth.service';

const defaultCaptcha = (): CaptchaImage => {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    width: 120,
    height: 40,
  });
  return { text, svg: data };
};

/** Sign-in, sessions, SMS codes, captcha and QR sign-in. */
export async function authModule(app: FastifyInstance, options: ModuleContext) {
  const service = new AuthService({
    repo: new AuthRepository(app.db),
    sms: options.smsProvider ?? new OutboxSmsProvider(path.join(options.config.dataDir, 'sms-outbox.log'), app.log),
    createCaptchaImage: options.createCaptchaImage ?? defaultCaptcha,
    // failures are audited by the service itself (the route only sees the error); like audit(), never throws
    audit: async (entry) => {
      try {
        await app.auditLogs.insert({ ...entry, pharmacyId: null });
      } catch (err) {
        app.log.error({ err, action: entry.action }, 'audit log write failed');
      }
    },
  });
  await app.register(authRoutes, { service, rateLimit: options.config.rateLimit });

  // periodic removal of expired codes, tickets and sessions (off in tests)
  if (options.housekeeping) {
    const every = 3600_000;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        service.cleanup().catch((err) => app.log.warn({ err }, 'auth housekeeping failed'));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
