import { z } from 'zod';
import { API_BASE, CMS_BASE } from './constants';
import type { PharmacyRole } from './roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, declared once in its contract. The server installs the guard from it and publishes it as
 * `x-access` (and `security`) in the OpenAPI document, so the quality harness tests every route against its own rule.
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true }
  | { pharmacy: string | null; roles?: readonly PharmacyRole[] }
  /** An active doctor (the doctor's own requests and prescriptions; `request.doctorId` is set). */
  | { doctor: true }
  | { admin: string | null };

/**
 * What a success answer is:
 * - `json` (default): the `{ code: 0, msg, data }` envelope, `response` describes `data`;
 * - `raw`: the body is `response` itself (the Directus-compatible content API answers `{ data, meta }`);
 * - `file`: a download (a Blob on the web);
 * - `empty`: 204 without a body.
 */
export type ContractKind = 'json' | 'raw' | 'file' | 'empty';

/** One endpoint, declared once: the server registers it, the console calls it, both typed from these schemas. */
export interface Contract {
  method: HttpMethod;
  /** Path under its base, Fastify form (`/message/:id`). */
  path: string;
  /** `api` (default) is /api/v1; `cms` is the content API at /scms. */
  base?: 'api' | 'cms';
  access: RouteAccess;
  /** One line in Chinese for the API docs. */
  summary: string;
  /** Longer notes for the API docs (English), e.g. how refusals answer. */
  description?: string;
  /** The API docs' group; defaults to the contract group's tag. */
  tags?: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; with `multipart: true`, the form's fields (files as `fileField()`). */
  body?: z.ZodType;
  multipart?: boolean;
  kind?: ContractKind;
  /** `data` of the success envelope (kind json) or the whole body (kind raw). */
  response?: z.ZodType;
}

/** Declares a module's contracts; each gets the module's tag unless it names its own. */
export function defineContracts<const T extends Record<string, Contract>>(
  tag: string,
  contracts: T,
): { [K in keyof T]: T[K] & { tags: readonly string[] } } {
  const out: Record<string, Contract> = {};
  for (const [name, c] of Object.entries(contracts)) out[name] = { ...c, tags: c.tags ?? [tag] };
  return out as { [K in keyof T]: T[K] & { tags: readonly string[] } };
}

/** A file in a multipart body: a Blob on the web, `format: binary` in the API docs. */
export const fileField = () => z.instanceof(Blob).meta({ type: 'string', format: 'binary' });

type Input<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : unknown;
type Output<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What the console passes: path params, query and body in one object (`:x` fills from it). */
export type ContractInput<C extends Contract> = Input<C, 'params'> & Input<C, 'query'> & Input<C, 'body'>;
/** What the server's handler receives, after validation. */
export type ContractParams<C extends Contract> = Output<C, 'params'>;
export type ContractQuery<C extends Contract> = Output<C, 'query'>;
export type ContractBody<C extends Contract> = Output<C, 'body'>;

/** What the console gets back: the envelope's `data` (kind json), the body (raw), a Blob (file) or nothing. */
export type ContractOutput<C extends Contract> = C extends { kind: 'file' }
  ? Blob
  : C extends { kind: 'empty' }
    ? null
    : C extends { response: infer R extends z.ZodType }
      ? z.output<R>
      : null;

/** What the server's handler returns: the data before serialisation (kind json and raw). */
export type ContractResult<C extends Contract> = C extends { response: infer R extends z.ZodType } ? z.input<R> : null;

export const isPublic = (access: RouteAccess) => 'public' in access;

/** The full path of a contract, Fastify form: `/api/v1/message/:id`. */
export const contractUrl = (c: Pick<Contract, 'base' | 'path'>) => `${c.base === 'cms' ? CMS_BASE : API_BASE}${c.path}`;
