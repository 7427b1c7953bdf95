import {
  type Contract,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResult,
  errorEnvelopeSchema,
  okEnvelope,
} from '@pharmacy/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';

/** The success envelope, written once: `{ code: 0, msg, data }`. */
export interface Ok<T> {
  code: 0;
  msg: string;
  data: T;
}
export const ok = <T>(data: T, msg = 'ok'): Ok<T> => ({ code: 0, msg, data });

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: ContractParams<C>;
  Querystring: ContractQuery<C>;
  Body: ContractBody<C>;
}>;

type Answer<C extends Contract> = C extends { kind: 'file' | 'empty' }
  ? FastifyReply
  : C extends { kind: 'raw' }
    ? ContractResult<C> | FastifyReply
    : Ok<ContractResult<C>>;

export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C>> | Answer<C>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (lib/route.ts); routes without one fail the contracts test. */
    contract?: Contract;
  }
}

const isFileField = (schema: z.ZodType) => (schema.meta() as { format?: string } | undefined)?.format === 'binary';

/** A multipart form as the API docs show it: files as binary strings; the body itself is read by the handler. */
function multipartDocBody(body: z.ZodType | undefined): z.ZodType {
  if (!(body instanceof z.ZodObject)) return z.object({}).nullish();
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(body.shape as Record<string, z.ZodType>)) {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    const doc = isFileField(inner) ? z.string().meta({ format: 'binary' }) : inner;
    shape[key] = field instanceof z.ZodOptional ? doc.optional() : doc;
  }
  return z.object(shape).nullish();
}

/** The failures a route can answer, documented with the shared error envelope. */
function errorResponses(contract: Contract): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = { 400: errorEnvelopeSchema };
  if (!('public' in contract.access)) out[401] = errorEnvelopeSchema;
  if ('pharmacy' in contract.access || 'admin' in contract.access) out[403] = errorEnvelopeSchema;
  if (contract.params) out[404] = errorEnvelopeSchema;
  out[429] = errorEnvelopeSchema;
  return out;
}

function successResponse(contract: Contract): Record<number, z.ZodType> {
  switch (contract.kind ?? 'json') {
    case 'json':
      return { 200: okEnvelope(contract.response ?? z.null()) };
    case 'raw':
      return contract.response ? { 200: contract.response } : {};
    default:
      return {};
  }
}

/** What a route may need beyond its contract: server-side settings that the shared declaration cannot carry. */
export interface RouteExtras {
  /** @fastify/rate-limit's per-route limit (its numbers come from the server's config). */
  rateLimit?: FastifyContextConfig['rateLimit'];
  /** Replaces the response serialiser, for hot routes whose data is built exactly to the response schema. */
  serializerCompiler?: RouteOptions['serializerCompiler'];
  /** The route writes products or quotes: its success empties the catalogue cache (plugins/catalogue-cache.ts). */
  changesCatalogue?: boolean;
}

/**
 * Registers a route from its contract: method, path, validation, response serialisation, OpenAPI and the access rule
 * (the auth plugin installs the guard and publishes `x-access` from `config.access`) all come from the one object.
 */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
): void {
  const schema: FastifySchema & Record<string, unknown> = {
    tags: contract.tags ? [...contract.tags] : undefined,
    summary: contract.summary,
    response: { ...successResponse(contract), ...errorResponses(contract) },
  };
  if (contract.description) schema.description = contract.description;
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.multipart) {
    schema.consumes = ['multipart/form-data'];
    schema.body = multipartDocBody(contract.body);
  } else if (contract.body) schema.body = contract.body;
  const config: FastifyContextConfig = { contract, access: contract.access };
  if (extras.rateLimit !== undefined) config.rateLimit = extras.rateLimit;
  if (extras.changesCatalogue) config.changesCatalogue = true;
  app.route({
    method: contract.method,
    url: contract.path,
    config,
    schema,
    ...(extras.serializerCompiler ? { serializerCompiler: extras.serializerCompiler } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}
