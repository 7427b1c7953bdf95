import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';
import { readToken } from './auth';

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
      // 'self' matches ws:/wss: on the page's own host and port (CSP Level 3; Chromium, Firefox, Safari):
      // a socket to any other host is refused
      connectSrc: ["'self'"],
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
 * Powerful features the console never uses are switched off for it and for anything it frames; copying to the
 * clipboard (copy buttons) and full screen stay with the console's own origin. Only features Chromium knows are
 * listed: an unknown one costs a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'fullscreen=(self)',
].join(', ');

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
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** Looks for a `"token": "…"` member in a JSON answer: a sign-in answer carries the new session token. */
const carriesToken = (payload: unknown) => typeof payload === 'string' && /"token"\s*:\s*"/.test(payload);

/**
 * An answer nobody but its caller may keep: one from a route that needs a session (whatever its status: a 401 or 403
 * says something about the session too), any answer to a caller who sent a session (public routes personalise some,
 * such as a comment's my_vote), one that sets a cookie, and a sign-in answer (it carries the token).
 */
export function isPrivateAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  const access = request.routeOptions.config?.access;
  if (access && !('public' in access)) return true;
  if (readToken(request)) return true;
  if (reply.hasHeader('set-cookie')) return true;
  return carriesToken(payload);
}

/** Security headers the built console satisfies, on every response; per-route rate limits (config.rateLimit). */
export const securityPlugin = fp(
  async (app) => {
    const securityHeaders = computeSecurityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
    });
    // private answers are never stored by the browser or a proxy (shared computers at a pharmacy's counter); a route
    // that states its own Cache-Control (an upload's capability link, a report download) keeps it
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control') && isPrivateAnswer(request, reply, payload)) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
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
