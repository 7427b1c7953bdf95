import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../plugins/auth';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  [key: string]: unknown;
};

export interface Operation {
  method: string;
  /** OpenAPI form: `/api/v1/message/{id}`. */
  path: string;
  access: RouteAccess | undefined;
  pathParams: { name: string; schema: JsonSchema }[];
  query: JsonSchema | null;
  body: JsonSchema | null;
  /** The body's media types (application/json, multipart/form-data …). */
  bodyTypes: string[];
}

type OpenApiDoc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Inlines `$ref`s to components (cycles cut at depth 20). */
function resolve(schema: JsonSchema | undefined, doc: OpenApiDoc, depth = 0): JsonSchema | undefined {
  if (!schema || depth > 20) return schema;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolve(doc.components?.schemas?.[name], doc, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1) ?? {}]),
    );
  }
  if (schema.items) out.items = resolve(schema.items, doc, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key].map((s) => resolve(s, doc, depth + 1) ?? {});
  }
  return out;
}

/** Every operation of the app's OpenAPI document, with its access rule (`x-access`) and input schemas. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDoc;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = raw as {
        'x-access'?: RouteAccess;
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const params = op.parameters ?? [];
      const queryParams = params.filter((p) => p.in === 'query');
      const query: JsonSchema | null = queryParams.length
        ? {
            type: 'object',
            properties: Object.fromEntries(queryParams.map((p) => [p.name, resolve(p.schema, doc) ?? {}])),
            required: queryParams.filter((p) => p.required).map((p) => p.name),
          }
        : null;
      const content = op.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content);
      const jsonBody = content['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema, doc) ?? {} })),
        query,
        body: jsonBody ? (resolve(jsonBody, doc) ?? null) : null,
        bodyTypes,
      });
    }
  }
  return ops;
}

/** Percent-encodes a path segment; a lone surrogate (which no URL can carry) becomes invalid UTF-8 bytes instead. */
const encodeSegment = (value: string) =>
  Array.from(value)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');

/** `/api/v1/message/{id}` with `{ id: 5 }` → `/api/v1/message/5`. */
export const fillPath = (path: string, values: Record<string, unknown>) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeSegment(String(values[name] ?? '1')));

export const accessLabel = (access: RouteAccess | undefined) => {
  if (!access) return 'none';
  if ('public' in access) return 'public';
  if ('signedIn' in access) return 'signed-in';
  if ('pharmacy' in access)
    return `pharmacy(${access.pharmacy ?? '*'}${access.roles ? `; ${access.roles.join('|')}` : ''})`;
  if ('doctor' in access) return 'doctor';
  return `admin(${access.admin ?? '*'})`;
};
