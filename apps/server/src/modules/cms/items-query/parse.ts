import { z } from 'zod';
import { forbidden, forbiddenField, invalidQuery } from './errors';
import {
  type CollectionDef,
  type CollectionRegistry,
  itemsQueryLimits as caps,
  defaultItemsQueryOptions,
  type FieldType,
  type FilterNode,
  type FilterOperator,
  filterOperators,
  type ItemsQuery,
  type ItemsQueryOptions,
  type MetaKey,
  type ScalarValue,
  type Selection,
  type SortItem,
} from './types';

/** A querystring as it arrives: raw text, URLSearchParams, or the object a querystring parser made of it. */
export type RawItemsQuery = string | URLSearchParams | Record<string, unknown>;

type Tree = Record<string, unknown>;

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
const operatorSet = new Set<string>(filterOperators);
const isOperator = (k: string): k is FilterOperator => operatorSet.has(k);

/** Parameters Directus has that this layer does not implement: refused rather than silently ignored. */
const unsupportedParams = ['aggregate', 'groupBy', 'deep', 'alias', 'export', 'backlink'];

// ---------------------------------------------------------------------------------------------------------------
// 1. Querystring → nested parameters (bracket keys expanded like the `qs` library Directus uses)

const keyPattern = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function entriesOf(input: RawItemsQuery): [string, unknown][] {
  if (typeof input === 'string') return [...new URLSearchParams(input.startsWith('?') ? input.slice(1) : input)];
  if (input instanceof URLSearchParams) return [...input];
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v)) for (const x of v) out.push([k, x]);
    else if (v !== undefined) out.push([k, v]);
  }
  return out;
}

function setDeep(root: Tree, segments: string[], value: unknown) {
  let node: Tree | unknown[] = root;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    const last = i === segments.length - 1;
    if (Array.isArray(node)) {
      if (last) node.push(value);
      else {
        const child: Tree = Object.create(null);
        node.push(child);
        node = child;
      }
      continue;
    }
    const existing: unknown = node[seg];
    if (last) {
      if (existing === undefined) node[seg] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else node[seg] = [existing, value];
      return;
    }
    const wantsArray = segments[i + 1] === '';
    if (existing === undefined || (!isTree(existing) && !Array.isArray(existing))) {
      const child: Tree | unknown[] = wantsArray ? [] : Object.create(null);
      node[seg] = child;
      node = child;
    } else node = existing as Tree | unknown[];
  }
}

/** Objects whose keys are all small indexes become arrays, as `qs` does with `_or[0][…]`. */
function arrayify(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(arrayify);
  if (!isTree(v)) return v;
  const keys = Object.keys(v);
  if (keys.length > 0 && keys.every((k) => /^\d{1,3}$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => arrayify(v[String(k)]));
  }
  const out: Tree = Object.create(null);
  for (const k of keys) out[k] = arrayify(v[k]);
  return out;
}

export function expandParams(input: RawItemsQuery): Tree {
  const root: Tree = Object.create(null);
  for (const [key, value] of entriesOf(input)) {
    const m = keyPattern.exec(key);
    if (!m) {
      setDeep(root, [key], value);
      continue;
    }
    const segments = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    setDeep(root, segments, value);
  }
  return arrayify(root) as Tree;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Parameter shapes (zod)

const intText = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,9}$/),
  ])
  .transform(Number);
const listParam = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
);

const paramsSchema = z.object({
  fields: listParam.optional(),
  sort: listParam.optional(),
  limit: intText.pipe(z.number().min(-1, { error: '"limit" must be -1 or more' })).optional(),
  offset: intText.pipe(z.number().min(0, { error: '"offset" must be 0 or more' })).optional(),
  page: intText.pipe(z.number().min(1, { error: '"page" starts at 1' })).optional(),
  search: z
    .string()
    .max(caps.searchLength, { error: `"search" is at most ${caps.searchLength} characters` })
    .optional(),
  meta: listParam
    .pipe(
      z
        .array(z.enum(['total_count', 'filter_count', '*'], { error: '"meta" must be total_count, filter_count or *' }))
        .min(1, { error: '"meta" must be total_count, filter_count or *' }),
    )
    .optional(),
});

/** The JSON shape a filter must have before its names are checked: nested objects, arrays and scalars. */
const filterJsonSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string().max(caps.valueLength),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(filterJsonSchema),
    z.record(z.string(), filterJsonSchema),
  ]),
);

const firstIssue = (e: z.ZodError) => {
  const issue = e.issues[0];
  const where = issue.path.length ? `"${issue.path.join('.')}": ` : '';
  return `${where}${issue.message}`;
};

// ---------------------------------------------------------------------------------------------------------------
// 3. Names checked against the collection whitelist

interface Ctx {
  registry: CollectionRegistry;
  root: CollectionDef;
}

const related = (ctx: Ctx, coll: CollectionDef, name: string): CollectionDef | undefined => {
  const rel = coll.relations && Object.hasOwn(coll.relations, name) ? coll.relations[name] : undefined;
  return rel ? ctx.registry.get(rel.collection) : undefined;
};
const hasField = (coll: CollectionDef, name: string) => Object.hasOwn(coll.fields, name);

/** The type of what a name holds in its own row: a field's type, or for an alias relation the related key's type. */
export function localType(registry: CollectionRegistry, coll: CollectionDef, name: string): FieldType {
  if (hasField(coll, name)) return coll.fields[name].type;
  const target = registry.get(coll.relations![name].collection)!;
  return target.fields[target.primaryKey].type;
}

function resolvePath(ctx: Ctx, path: string[], dotted: string): { coll: CollectionDef; name: string } {
  if (path.length > caps.pathDepth) throw invalidQuery(`"${dotted.slice(0, 64)}" nests deeper than ${caps.pathDepth}.`);
  let coll = ctx.root;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    const target = related(ctx, coll, seg);
    if (last) {
      if (!hasField(coll, seg) && !target) throw forbiddenField(dotted, ctx.root.name);
      return { coll, name: seg };
    }
    if (!target) throw forbiddenField(dotted, ctx.root.name);
    coll = target;
  }
  throw forbiddenField(dotted, ctx.root.name);
}

function parseFields(ctx: Ctx, list: string[] | undefined): Selection {
  const entries = list && list.length > 0 ? list : ['*'];
  if (entries.length > caps.fields) throw invalidQuery(`"fields" lists more than ${caps.fields} entries.`);
  const selection: Selection = { fields: [], relations: {} };
  const add = (sel: Selection, name: string) => {
    if (!sel.fields.includes(name)) sel.fields.push(name);
  };
  const relSel = (sel: Selection, name: string): Selection => {
    add(sel, name);
    if (!Object.hasOwn(sel.relations, name)) sel.relations[name] = { fields: [], relations: {} };
    return sel.relations[name];
  };
  const walk = (sel: Selection, coll: CollectionDef, segs: string[], dotted: string) => {
    const [seg, ...rest] = segs;
    if (seg === '*') {
      if (rest.length === 0) {
        for (const name of Object.keys(coll.fields)) add(sel, name);
        return;
      }
      // As Directus (convertWildcards): "*.<rest>" is every non-relational field plus "<relation>.<rest>" for every
      // relation, so "*.*" keeps the top level and expands each relation, and "*.*.*" does the same one level down
      // (a relation's own foreign keys come back raw where the depth runs out).
      const relations = coll.relations ?? {};
      for (const name of Object.keys(coll.fields)) {
        if (Object.hasOwn(relations, name)) walk(relSel(sel, name), related(ctx, coll, name)!, rest, dotted);
        else add(sel, name);
      }
      for (const name of Object.keys(relations)) {
        if (!hasField(coll, name)) walk(relSel(sel, name), related(ctx, coll, name)!, rest, dotted);
      }
      return;
    }
    const target = related(ctx, coll, seg);
    if (rest.length === 0) {
      if (!hasField(coll, seg) && !target) throw forbiddenField(dotted, ctx.root.name);
      add(sel, seg);
      return;
    }
    if (!target) throw forbiddenField(dotted, ctx.root.name);
    walk(relSel(sel, seg), target, rest, dotted);
  };
  for (const entry of entries) {
    const segs = entry.split('.');
    if (segs.length > caps.pathDepth)
      throw invalidQuery(`"${entry.slice(0, 64)}" nests deeper than ${caps.pathDepth}.`);
    walk(selection, ctx.root, segs, entry);
  }
  return selection;
}

function parseSort(ctx: Ctx, list: string[] | undefined): SortItem[] {
  if (!list || list.length === 0) {
    return [{ path: [ctx.root.sortField ?? ctx.root.primaryKey], direction: 'asc' }];
  }
  if (list.length > caps.sortItems) throw invalidQuery(`"sort" lists more than ${caps.sortItems} fields.`);
  return list.map((entry) => {
    const desc = entry.startsWith('-');
    const dotted = desc ? entry.slice(1) : entry;
    const path = dotted.split('.');
    resolvePath(ctx, path, dotted);
    return { path, direction: desc ? 'desc' : 'asc' };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Filter → AST, values coerced by the field's type

const numberText = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

function coerceScalar(raw: unknown, type: FieldType, op: string, dotted: string): ScalarValue {
  if (raw === null || raw === 'null' || raw === 'NULL') return null;
  if (typeof raw === 'object') throw invalidQuery(`"${op}" on "${dotted}" takes a single value.`);
  const bad = () => invalidQuery(`"${String(raw).slice(0, 64)}" is not a valid ${type} for "${dotted}".`);
  switch (type) {
    case 'number': {
      if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
      if (typeof raw === 'string' && numberText.test(raw.trim())) return Number(raw.trim());
      throw bad();
    }
    case 'boolean': {
      if (raw === true || raw === 'true' || raw === 1 || raw === '1') return true;
      if (raw === false || raw === 'false' || raw === 0 || raw === '0') return false;
      throw bad();
    }
    case 'datetime': {
      if (typeof raw !== 'string' || Number.isNaN(Date.parse(raw))) throw bad();
      return raw;
    }
    default:
      return String(raw);
  }
}

/** `_null: false` means not null, as in Directus; every other value means true. */
const flag = (raw: unknown) => !(raw === false || raw === 'false');

function conditionValue(op: FilterOperator, raw: unknown, type: FieldType, dotted: string) {
  switch (op) {
    case '_null':
    case '_nnull':
    case '_empty':
    case '_nempty':
      return flag(raw);
    case '_in':
    case '_nin': {
      let list: unknown[];
      if (Array.isArray(raw)) list = raw;
      else if (typeof raw === 'string') list = raw.split(',');
      else if (typeof raw === 'number' || typeof raw === 'boolean') list = [raw];
      else throw invalidQuery(`"${op}" on "${dotted}" takes a list.`);
      if (list.length > caps.inValues) throw invalidQuery(`"${op}" takes at most ${caps.inValues} values.`);
      return list.map((v) => coerceScalar(v, type, op, dotted)).filter((v) => v !== null);
    }
    case '_contains':
    case '_icontains':
    case '_starts_with': {
      if (raw === null || typeof raw === 'object') throw invalidQuery(`"${op}" on "${dotted}" takes a text value.`);
      return String(raw);
    }
    case '_gt':
    case '_gte':
    case '_lt':
    case '_lte': {
      if (type === 'boolean' || type === 'json' || type === 'array') {
        throw invalidQuery(`"${op}" cannot compare the ${type} field "${dotted}".`);
      }
      const v = coerceScalar(raw, type, op, dotted);
      if (v === null) throw invalidQuery(`"${op}" on "${dotted}" needs a value.`);
      return v;
    }
    default:
      return coerceScalar(raw, type, op, dotted);
  }
}

interface FilterCtx extends Ctx {
  conditions: number;
}

const andOf = (nodes: FilterNode[]): FilterNode | null =>
  nodes.length === 0 ? null : nodes.length === 1 ? nodes[0] : { type: 'and', children: nodes };

function parseFilterLevel(
  fc: FilterCtx,
  obj: unknown,
  coll: CollectionDef,
  prefix: string[],
  depth: number,
): FilterNode[] {
  if (depth > caps.filterDepth) throw invalidQuery(`"filter" nests deeper than ${caps.filterDepth}.`);
  if (!isTree(obj)) throw invalidQuery('"filter" must be an object of fields and operators.');
  const out: FilterNode[] = [];
  for (const [key, val] of Object.entries(obj)) {
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(val)) throw invalidQuery(`"${key}" takes a list of filters.`);
      const children = val
        .map((child) => andOf(parseFilterLevel(fc, child, coll, prefix, depth + 1)))
        .filter((c): c is FilterNode => c !== null);
      if (children.length === 1) out.push(children[0]);
      else if (children.length > 1) out.push({ type: key === '_and' ? 'and' : 'or', children });
      continue;
    }
    if (key.startsWith('_')) {
      throw invalidQuery(
        isOperator(key) ? `"${key}" must be applied to a field.` : `Unknown filter operator "${key.slice(0, 32)}".`,
      );
    }
    const path = [...prefix, key];
    const dotted = path.join('.');
    const target = related(fc, coll, key);
    if (!hasField(coll, key) && !target) throw forbiddenField(dotted, fc.root.name);
    if (path.length > caps.pathDepth)
      throw invalidQuery(`"${dotted.slice(0, 64)}" nests deeper than ${caps.pathDepth}.`);
    if (!isTree(val)) throw invalidQuery(`The filter on "${dotted}" must be an object of operators.`);
    const type = localType(fc.registry, coll, key);
    const nested: Tree = Object.create(null);
    for (const [op, raw] of Object.entries(val)) {
      if (isOperator(op)) {
        if (++fc.conditions > caps.filterConditions) {
          throw invalidQuery(`"filter" has more than ${caps.filterConditions} conditions.`);
        }
        out.push({ type: 'condition', path, operator: op, value: conditionValue(op, raw, type, dotted) });
      } else if (op.startsWith('_') && op !== '_and' && op !== '_or') {
        throw invalidQuery(`Unknown filter operator "${op.slice(0, 32)}".`);
      } else if (!target) {
        throw forbiddenField(`${dotted}.${op}`, fc.root.name);
      } else nested[op] = raw;
    }
    if (target && Object.keys(nested).length > 0) out.push(...parseFilterLevel(fc, nested, target, path, depth + 1));
  }
  return out;
}

function filterSource(raw: unknown): unknown[] {
  const items = Array.isArray(raw) ? raw : [raw];
  return items.map((item) => {
    if (typeof item === 'string') {
      if (Buffer.byteLength(item) > caps.filterBytes)
        throw invalidQuery(`"filter" is larger than ${caps.filterBytes} bytes.`);
      try {
        return JSON.parse(item);
      } catch {
        throw invalidQuery('"filter" is not valid JSON.');
      }
    }
    if (JSON.stringify(item).length > caps.filterBytes) {
      throw invalidQuery(`"filter" is larger than ${caps.filterBytes} bytes.`);
    }
    return item;
  });
}

function parseFilter(ctx: Ctx, raw: unknown): FilterNode | null {
  if (raw === undefined || raw === '') return null;
  const fc: FilterCtx = { ...ctx, conditions: 0 };
  const nodes: FilterNode[] = [];
  for (const source of filterSource(raw)) {
    const shape = filterJsonSchema.safeParse(source);
    if (!shape.success) throw invalidQuery(`"filter" ${firstIssue(shape.error)}`);
    // Walk the source, not zod's copy: a copy could turn an own "__proto__" key into a prototype.
    nodes.push(...parseFilterLevel(fc, source, ctx.root, [], 1));
  }
  return andOf(nodes);
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Everything together

/**
 * Parses a Directus items querystring for `collection` into a validated query.
 * Unknown collection or name → 403 FORBIDDEN; anything malformed → 400 INVALID_QUERY.
 */
export function parseItemsQuery(
  registry: CollectionRegistry,
  collection: string,
  input: RawItemsQuery,
  options: ItemsQueryOptions = {},
): ItemsQuery {
  const root = registry.get(collection);
  if (!root) throw forbidden();
  const { defaultLimit, maxLimit } = { ...defaultItemsQueryOptions, ...options };
  const params = expandParams(input);
  for (const name of unsupportedParams) {
    if (params[name] !== undefined) throw invalidQuery(`"${name}" is not supported.`);
  }
  const parsed = paramsSchema.safeParse({
    fields: params.fields,
    sort: params.sort,
    limit: params.limit,
    offset: params.offset,
    page: params.page,
    search: params.search,
    meta: params.meta,
  });
  if (!parsed.success) throw invalidQuery(firstIssue(parsed.error));
  const p = parsed.data;
  const ctx: Ctx = { registry, root };

  const all = p.limit === -1;
  const limit = all ? maxLimit : Math.min(p.limit ?? defaultLimit, maxLimit);
  const offset = !all && p.page !== undefined ? (p.page - 1) * limit : (p.offset ?? 0);
  const metaSet = new Set<MetaKey>();
  for (const m of p.meta ?? []) {
    if (m === '*') {
      metaSet.add('total_count');
      metaSet.add('filter_count');
    } else metaSet.add(m);
  }
  const search = p.search?.trim() ? p.search.trim() : null;

  return {
    collection,
    fields: parseFields(ctx, p.fields),
    filter: parseFilter(ctx, params.filter),
    search,
    sort: parseSort(ctx, p.sort),
    limit,
    offset,
    meta: (['total_count', 'filter_count'] as const).filter((m) => metaSet.has(m)),
  };
}
