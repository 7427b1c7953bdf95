import { z } from 'zod';

/** URL keys of the open dialog: `?action=<key>&id=<id>`. They are never list filters. */
export const ACTION_PARAM = 'action';
export const ACTION_ID_PARAM = 'id';
/** URL key of the sort: `?sort=<field>:asc|desc`. */
export const SORT_PARAM = 'sort';

export type SortOrder = 'asc' | 'desc';
export interface ListSort {
  field: string;
  order: SortOrder;
}
export interface ListAction {
  key: string;
  id: string | null;
}

/**
 * A `sort` query field accepting `<field>:asc|desc` for the given fields; anything else falls back to `fallback`
 * (or no sort). Put it in a list's query schema as `sort: sortParam(['price', 'created_at'])`.
 */
export function sortParam(fields: readonly string[], fallback?: string) {
  const allowed = new Set(fields.flatMap((f) => [`${f}:asc`, `${f}:desc`]));
  const sort = z.string().refine((v) => allowed.has(v), { error: '排序字段不正确' });
  return fallback ? sort.default(fallback) : sort.optional();
}

export function parseSort(value: unknown): ListSort | null {
  if (typeof value !== 'string') return null;
  const m = /^([A-Za-z0-9_.]+):(asc|desc)$/.exec(value);
  return m ? { field: m[1], order: m[2] as SortOrder } : null;
}

type Raw = Record<string, string | string[]>;

/** The URL's query as plain values: a repeated key becomes an array. The dialog keys are left out. */
export function rawQuery(params: URLSearchParams): Raw {
  const raw: Raw = {};
  for (const key of new Set(params.keys())) {
    if (key === ACTION_PARAM || key === ACTION_ID_PARAM) continue;
    const all = params.getAll(key);
    raw[key] = all.length > 1 ? all : all[0];
  }
  return raw;
}

/** The schema's defaults: what an empty URL means. The schema must accept `{}`. */
export function schemaDefaults<S extends z.ZodType>(schema: S): z.output<S> {
  const result = schema.safeParse({});
  if (!result.success) throw new Error('A list query schema must accept an empty query (give every field a default)');
  return result.data;
}

/**
 * Parses a list's query from the URL with its zod schema. Values the schema refuses fall back to the schema's
 * defaults one key at a time, so one bad parameter (`?page=abc`) does not throw away the others.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const input: Record<string, unknown> = rawQuery(params);
  for (let attempt = 0; attempt <= Object.keys(input).length; attempt++) {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const removable = [...bad].filter((k) => k in input);
    if (removable.length === 0) break;
    for (const key of removable) delete input[key];
  }
  return schemaDefaults(schema);
}

export function parseListAction(params: URLSearchParams): ListAction | null {
  const key = params.get(ACTION_PARAM);
  if (!key || !/^[A-Za-z0-9_-]{1,40}$/.test(key)) return null;
  const id = params.get(ACTION_ID_PARAM);
  return { key, id: id && id.length <= 64 ? id : null };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes a list's query and open dialog to URL parameters. Values equal to the schema's defaults are left out,
 * so a fresh list has a clean URL and the defaults stay defined in one place.
 */
export function serializeListQuery(
  query: Record<string, unknown>,
  defaults: Record<string, unknown>,
  action: ListAction | null,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === ACTION_PARAM || key === ACTION_ID_PARAM) continue;
    if (isEmpty(value) || same(value, defaults[key])) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value instanceof Date) params.set(key, value.toISOString());
    else params.set(key, String(value));
  }
  if (action) {
    params.set(ACTION_PARAM, action.key);
    if (action.id !== null) params.set(ACTION_ID_PARAM, action.id);
  }
  return params;
}
