import type { SQL } from 'drizzle-orm';
import { type CompiledItemsQuery, compileItemsQuery, type OutputShape } from './compile';
import { forbidden, invalidQuery } from './errors';
import { parseItemsQuery, type RawItemsQuery } from './parse';
import type { CollectionRegistry, ItemsQuery, ItemsQueryOptions } from './types';

/** Any drizzle database: PGlite and node-postgres both answer `execute` with `{ rows }`. */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

export type ItemRow = Record<string, unknown>;

export interface ItemsResult {
  data: ItemRow[];
  meta?: { total_count?: number; filter_count?: number };
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

function toIso(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && !dateOnly.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  }
  return v;
}

/** Gives both drivers' rows the same JSON: ISO 8601 instants in UTC, numbers as numbers, nested objects likewise. */
function normalize(row: ItemRow, shape: OutputShape): ItemRow {
  for (const { key, type, nested } of shape) {
    const v = row[key];
    if (v === null || v === undefined) continue;
    if (type === 'datetime') row[key] = toIso(v);
    else if (type === 'number' && typeof v !== 'number') row[key] = Number(v);
    else if (nested && typeof v === 'object') normalize(v as ItemRow, nested);
  }
  return row;
}

const needsWork = (shape: OutputShape): boolean =>
  shape.some((s) => s.type === 'datetime' || s.type === 'number' || (s.nested !== undefined && needsWork(s.nested)));

async function rowsOf(db: SqlExecutor, query: SQL): Promise<ItemRow[]> {
  try {
    const result = (await db.execute(query)) as { rows: ItemRow[] };
    return result.rows;
  } catch (err) {
    // Class 22 (data exception, e.g. 1.5 for an integer column, a date out of range): the value was bad, not the server.
    // drizzle wraps the driver's error in `cause`.
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    const code = e.code ?? e.cause?.code;
    if (typeof code === 'string' && code.startsWith('22')) throw invalidQuery('A filter value does not fit its field.');
    throw err;
  }
}

async function countOf(db: SqlExecutor, query: SQL): Promise<number> {
  const [row] = await rowsOf(db, query);
  return Number(row.count);
}

/** Runs a compiled query: the rows, then the counts asked for in `meta`. */
export async function runCompiled(db: SqlExecutor, compiled: CompiledItemsQuery): Promise<ItemsResult> {
  const rows = await rowsOf(db, compiled.data);
  const data = needsWork(compiled.shape) ? rows.map((r) => normalize(r, compiled.shape)) : rows;
  const result: ItemsResult = { data };
  if (compiled.totalCount || compiled.filterCount) {
    result.meta = {};
    if (compiled.totalCount) result.meta.total_count = await countOf(db, compiled.totalCount);
    if (compiled.filterCount) result.meta.filter_count = await countOf(db, compiled.filterCount);
  }
  return result;
}

/** `GET /items/<collection>` with an already validated query. */
export function runItemsQuery(db: SqlExecutor, registry: CollectionRegistry, query: ItemsQuery): Promise<ItemsResult> {
  return runCompiled(db, compileItemsQuery(registry, query));
}

/** `GET /items/<collection>?…`: parse, compile, run. Throws ItemsQueryError for refusals. */
export function readItems(
  db: SqlExecutor,
  registry: CollectionRegistry,
  collection: string,
  input: RawItemsQuery,
  options?: ItemsQueryOptions,
): Promise<ItemsResult> {
  return runItemsQuery(db, registry, parseItemsQuery(registry, collection, input, options));
}

/**
 * `GET /items/<collection>/<id>?fields=…`: one item as `{ data }`. A missing item or an id that cannot be one is
 * 403 FORBIDDEN, as in Directus, so existence is not revealed.
 */
export async function readItem(
  db: SqlExecutor,
  registry: CollectionRegistry,
  collection: string,
  rawId: string,
  input: RawItemsQuery = {},
): Promise<{ data: ItemRow }> {
  const coll = registry.get(collection);
  if (!coll) throw forbidden();
  const pk = coll.fields[coll.primaryKey];
  let key: string | number = rawId;
  if (pk.type === 'number') {
    if (!/^\d{1,15}$/.test(rawId)) throw forbidden();
    key = Number(rawId);
  } else if (rawId.length === 0 || rawId.length > 255) throw forbidden();
  const parsed = parseItemsQuery(registry, collection, input);
  const query: ItemsQuery = {
    ...parsed,
    filter: { type: 'condition', path: [coll.primaryKey], operator: '_eq', value: key },
    search: null,
    sort: [],
    limit: 1,
    offset: 0,
    meta: [],
  };
  const compiled = compileItemsQuery(registry, query);
  const { data } = await runCompiled(db, compiled);
  if (data.length === 0) throw forbidden();
  return { data: data[0] };
}
