import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppConfig, webDistExists } from './config';
import type { DatabaseHandle } from './db/client';
import { auditModule } from './modules/audit/index';
import type { CaptchaImage } from './modules/auth/auth.service';
import { authModule } from './modules/auth/index';
import type { SmsProvider } from './modules/auth/sms-provider';
import { demoImagesModule } from './modules/catalogue/index';
import { cmsModule } from './modules/cms/index';
import { medicinesModule } from './modules/medicines/index';
import { messagesModule } from './modules/messages/index';
import { pharmaciesModule } from './modules/pharmacies/index';
import { pharmacyDirectoryModule } from './modules/pharmacy-directory/index';
import { productImportModule } from './modules/product-import/index';
import { createFileStorage, uploadsModule } from './modules/uploads/index';
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

export const API_PREFIX = '/api/v1';

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

  // modules
  await app.register(
    async (api) => {
      await api.register(authModule, {
        dataDir: config.dataDir,
        rateLimit: config.rateLimit,
        smsProvider: options.smsProvider,
        createCaptchaImage: options.createCaptchaImage,
        housekeepingMs: options.housekeeping === false ? undefined : 3600_000,
      });
      await api.register(pharmaciesModule);
      await api.register(messagesModule);
      await api.register(auditModule);
      await api.register(medicinesModule);
      await api.register(pharmacyDirectoryModule);
      const storage = createFileStorage(config.dataDir);
      await api.register(productImportModule, {
        dataDir: config.dataDir,
        storage,
        sweepEveryMs: options.housekeeping === false ? undefined : 3600_000,
      });
      await api.register(uploadsModule, { storage });
    },
    { prefix: API_PREFIX },
  );
  // the Directus-compatible content API lives beside the API, as in the spec (/scms/items/<collection>)
  await app.register(cmsModule, { prefix: '/scms' });
  // the demo data's placeholder images (/demo/...)
  await app.register(demoImagesModule);

  if (options.serveWeb ?? webDistExists(config)) {
    await app.register(staticPlugin, { root: config.webDist });
  }
  return app;
}
