import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Security headers the built console satisfies, and per-route rate limits (routes opt in through config.rateLimit). */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd renders its styles at runtime (CSS-in-JS)
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // the console is often reached over plain HTTP on an intranet address
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        AppError.tooManyRequests(
          `操作过于频繁，请 ${Math.max(1, Math.ceil(context.ttl / 1000))} 秒后再试`,
          `Rate limit exceeded, retry in ${context.after}`,
        ),
    });
  },
  { name: 'security' },
);
