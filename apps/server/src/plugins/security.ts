import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';

const helmetOptions: HelmetOptions = {
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
};

/**
 * Runs helmet once against a stub response and keeps the headers it set. @fastify/helmet rebuilds helmet (and
 * re-parses the CSP) on every request, which measured ~35 µs of a ~300 µs user/info/me; these headers never vary.
 */
export function computeSecurityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers the built console satisfies, on every response; per-route rate limits (config.rateLimit). */
export const securityPlugin = fp(
  async (app) => {
    const securityHeaders = computeSecurityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
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
