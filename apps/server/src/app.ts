import { API_BASE, CMS_BASE } from '@pharmacy/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppConfig, webDistExists } from './config';
import type { DatabaseHandle } from './db/client';
import type { ModuleContext } from './lib/module';
import type { SmsProvider } from './lib/sms';
import { createFileStorage } from './lib/storage';
import type { CaptchaImage } from './modules/auth/auth.service';
import { modules } from './modules/index';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { catalogueCachePlugin } from './plugins/catalogue-cache';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { routeListPlugin } from './plugins/route-list';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { swaggerPlugin } from './plugins/swagger';
import { transportSecurityPlugin } from './plugins/transport-security';

// Default validation messages in Chinese; the shared schemas word their own where it matters.
z.config(z.locales.zhCN());

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  smsProvider?: SmsProvider;
  createCaptchaImage?: () => CaptchaImage;
  /** Serve the built console (default: when its index.html exists). */
  serveWeb?: boolean;
  /** Remove expired codes, tickets and sessions periodically (default: on). */
  housekeeping?: boolean;
}

export const API_PREFIX = API_BASE;

export const defaultLogger = (config: AppConfig): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: ['req.headers.auth', 'req.headers.authorization', 'req.headers.cookie'],
  ...(config.nodeEnv === 'development' && process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard', ignore: 'pid,hostname' } } }
    : {}),
});

/** Plugin order is the architecture: external plugins → app plugins → modules. */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // external plugins
  await app.register(routeListPlugin);
  await app.register(securityPlugin);
  await app.register(transportSecurityPlugin);
  await app.register(swaggerPlugin);

  // app plugins
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(auditPlugin);
  await app.register(catalogueCachePlugin);
  await app.register(authPlugin);
  await app.register(healthPlugin);

  // modules (modules/index.ts): each gets the same context, under its mount point
  const context: ModuleContext = {
    config,
    storage: createFileStorage(config.dataDir),
    smsProvider: options.smsProvider,
    createCaptchaImage: options.createCaptchaImage,
    housekeeping: options.housekeeping !== false,
  };
  const prefixes = { api: API_PREFIX, cms: CMS_BASE, root: '' } as const;
  for (const { plugin, mount } of Object.values(modules)) {
    await app.register(plugin, { ...context, prefix: prefixes[mount] });
  }

  if (options.serveWeb ?? webDistExists(config)) {
    await app.register(staticPlugin, { root: config.webDist });
  }
  return app;
}
