import { ErrorCode, serverMessages } from '@pharmacy/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { ItemsQueryError } from '../modules/cms/items-query/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin: answers a browser GET that matched no route with the console's index.html. */
    spaFallback: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>) | null;
  }
}

interface Envelope {
  code: number;
  msg: string;
  message: string;
  data: unknown;
}

const contextLabels: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** "phone 手机号格式不正确": the first issue, with its field path (the console prefixes 请求参数错误：, spec §8). */
export function validationEnvelope(issues: ValidationIssue[], context: string | undefined): Envelope {
  const first = issues[0];
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || contextLabels[context ?? ''] || '参数';
  const reason = first.message || '格式不正确';
  return {
    code: ErrorCode.BAD_PARAMS,
    msg: `${field} ${reason}`,
    message: `Invalid ${context ?? 'request'}: ${field}`,
    data: { field, issues: issues.map((i) => ({ field: i.instancePath.replace(/^\//, ''), message: i.message })) },
  };
}

const fastifyClientErrors: Record<string, { status: number; code: number; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.BAD_PARAMS, msg: 'JSON 格式不正确' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.BAD_PARAMS, msg: '请求体不能为空' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, msg: serverMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.UNSUPPORTED_MEDIA, msg: '不支持的请求格式' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.BAD_PARAMS, msg: '请求长度不正确' },
};

const byStatus = (status: number): { code: number; msg: string } => {
  switch (status) {
    case 401:
      return { code: ErrorCode.UNAUTHORIZED, msg: serverMessages.unauthorized };
    case 403:
      return { code: ErrorCode.FORBIDDEN, msg: serverMessages.forbidden };
    case 404:
      return { code: ErrorCode.NOT_FOUND, msg: serverMessages.notFound };
    case 409:
      return { code: ErrorCode.CONFLICT, msg: serverMessages.conflict };
    case 413:
      return { code: ErrorCode.PAYLOAD_TOO_LARGE, msg: serverMessages.payloadTooLarge };
    case 415:
      return { code: ErrorCode.UNSUPPORTED_MEDIA, msg: '不支持的请求格式' };
    case 429:
      return { code: ErrorCode.TOO_MANY_REQUESTS, msg: serverMessages.tooManyRequests };
    default:
      return { code: status * 1000, msg: '请求格式不正确' };
  }
};

/**
 * Errors Fastify raises before routing (a malformed percent-encoded URL, FST_ERR_BAD_URL) skip setErrorHandler and would
 * answer with Fastify's own body; given as the `frameworkErrors` option, this answers them with the envelope too.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.code(status).send({
    code: ErrorCode.BAD_PARAMS,
    msg: '请求地址格式不正确',
    message: err.message || 'Bad URL',
    data: null,
  });
}

/** The SQLSTATE of a database error (PGlite and node-postgres both carry `code`), looked for through `cause`s. */
function sqlState(err: unknown): string | null {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number or a date out of range, text it cannot store or read as
 * the column's type) come from a value the client sent, whichever route passed it on: a 400, not a server fault. The
 * schemas refuse such values first (ids bounded to 2³¹−1, dates to 1900–2100); this is the last line of defence.
 */
function dataException(err: unknown): Envelope | null {
  const state = sqlState(err);
  if (!state?.startsWith('22')) return null;
  // NUL (22021 invalid byte sequence, 22P05 untranslatable character) in a search box, filter or name
  const text = state === '22021' || state === '22P05';
  return {
    code: ErrorCode.BAD_PARAMS,
    msg: text ? '包含无法保存的字符' : '数值或日期超出允许范围，或格式不正确',
    message: text
      ? 'Input contains characters the database cannot store (NUL)'
      : `Input the database refuses (SQLSTATE ${state})`,
    data: null,
  };
}

/**
 * A multipart body that ends inside a part, or whose boundary is missing: busboy raises plain Errors (no code, no
 * status) that would otherwise answer 500, on every route that reads files.
 */
const multipartFaults: [RegExp, string][] = [
  [/unexpected end of multipart data/i, '上传内容不完整，请重新上传'],
  [/^Multipart: Boundary not found/, '上传格式不正确：缺少分隔符（boundary）'],
];

function malformedMultipart(err: FastifyError, request: FastifyRequest): Envelope | null {
  if (err.code || typeof err.statusCode === 'number') return null;
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !/^multipart\//i.test(type.trim())) return null;
  const fault = multipartFaults.find(([pattern]) => pattern.test(err.message ?? ''));
  if (!fault) return null;
  return { code: ErrorCode.BAD_PARAMS, msg: fault[1], message: `Malformed multipart body: ${err.message}`, data: null };
}

const internalEnvelope = (): Envelope => ({
  code: ErrorCode.INTERNAL,
  msg: serverMessages.internal,
  message: 'Internal server error',
  data: null,
});

/** Directus error codes for the content API's failures that did not come from the items layer. */
const directusCodes: Record<number, string> = {
  400: 'INVALID_PAYLOAD',
  401: 'INVALID_CREDENTIALS',
  403: 'FORBIDDEN',
  404: 'ROUTE_NOT_FOUND',
  413: 'REQUESTS_EXCEEDED',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'REQUESTS_EXCEEDED',
};

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const isCmsPath = (url: string) => url === '/scms' || url.startsWith('/scms/') || url.startsWith('/scms?');

/** The envelope of architecture.md for every failure; never a stack trace, never a 500 for what a client sent. */
export const errorsPlugin = fp(
  async (app) => {
    app.decorate('spaFallback', null);

    // /scms speaks Directus: its failures carry `errors: [{ message, extensions: { code } }]` beside the envelope.
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode < 400 || !isCmsPath(request.url) || !payload || typeof payload !== 'object') return payload;
      const body = payload as Record<string, unknown>;
      if ('errors' in body) return payload;
      const message = typeof body.msg === 'string' ? body.msg : 'Request failed';
      const code = directusCodes[reply.statusCode] ?? 'INTERNAL_SERVER_ERROR';
      return { errors: [{ message, extensions: { code } }], ...body };
    });

    app.setErrorHandler((err: FastifyError | AppError | ItemsQueryError, request, reply) => {
      if (err instanceof ItemsQueryError) {
        // the console prefixes 请求参数错误： itself (spec §8), as for the other 400s
        const msg =
          err.status === 403
            ? serverMessages.forbidden
            : err.code === 'INVALID_PAYLOAD'
              ? '内容格式不正确'
              : '查询格式不正确';
        return reply
          .code(err.status)
          .send({ ...err.toBody(), code: err.status * 1000, msg, message: err.message, data: null });
      }
      if (err instanceof AppError) {
        return reply.code(err.statusCode).send({ code: err.code, msg: err.msg, message: err.message, data: err.data });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        return reply.code(400).send(validationEnvelope(err.validation, err.validationContext));
      }
      const refused = dataException(err) ?? malformedMultipart(err, request);
      if (refused) {
        // kept in the log: a data exception no schema caught is a schema to tighten
        request.log.warn({ err }, refused.message);
        return reply.code(400).send(refused);
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
        return reply.code(500).send(internalEnvelope());
      }
      const known = err.code ? fastifyClientErrors[err.code] : undefined;
      if (known) {
        return reply.code(known.status).send({ code: known.code, msg: known.msg, message: err.message, data: null });
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const mapped = byStatus(status);
        return reply.code(status).send({ ...mapped, message: err.message || 'Bad request', data: null });
      }
      request.log.error({ err }, 'unexpected error');
      return reply.code(500).send(internalEnvelope());
    });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (!isApiPath(url) && !isCmsPath(url) && (request.method === 'GET' || request.method === 'HEAD')) {
        if (app.spaFallback) return app.spaFallback(request, reply);
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>控制台尚未构建</title>' +
              '<p>控制台尚未构建：请先运行 <code>npm run build</code>，或直接使用 <code>npm start</code>。接口文档见 <a href="/api/docs">/api/docs</a>。</p></html>',
          );
      }
      const api = isApiPath(url);
      return reply.code(404).send({
        code: ErrorCode.NOT_FOUND,
        msg: api ? serverMessages.apiNotFound : serverMessages.notFound,
        message: `Route ${request.method} ${url.split('?')[0]} not found`,
        data: null,
      });
    });
  },
  { name: 'errors' },
);
