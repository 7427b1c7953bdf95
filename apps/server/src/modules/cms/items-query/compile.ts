import { type SQL, sql } from 'drizzle-orm';
import { localType } from './parse';
import type {
  CollectionDef,
  CollectionRegistry,
  FieldType,
  FilterNode,
  ItemsQuery,
  RelationDef,
  ScalarValue,
  Selection,
} from './types';

/** How to turn one output column back into what Directus would send (drivers differ on dates and bigints). */
export type OutputShape = { key: string; type: FieldType | 'object'; nested?: OutputShape }[];

export interface CompiledItemsQuery {
  data: SQL;
  /** Rows matching filter and search. */
  filterCount?: SQL;
  /** Rows in the collection. */
  totalCount?: SQL;
  shape: OutputShape;
}

const ROOT = 't0';
const id = (name: string) => sql.identifier(name);
const col = (alias: string, column: string) => sql`${id(alias)}.${id(column)}`;
/** Json keys are field names, already held to /^[a-z][a-z0-9_]*$/ by defineCollections. */
const jsonKey = (name: string) => sql.raw(`'${name}'`);

interface Join {
  alias: string;
  parentAlias: string;
  relation: RelationDef;
  target: CollectionDef;
}

/** LEFT JOINs of many-to-one relations, one per relation path, shared by select, filter and sort. */
class Joins {
  private readonly byPath = new Map<string, Join>();

  constructor(
    private readonly registry: CollectionRegistry,
    private readonly root: CollectionDef,
  ) {}

  /** Walks `relations` from the root, creating joins as needed; marks each one in `used`. */
  walk(relations: string[], used?: Set<string>): { alias: string; coll: CollectionDef } {
    let alias = ROOT;
    let coll = this.root;
    for (let i = 0; i < relations.length; i++) {
      const key = relations.slice(0, i + 1).join('.');
      let join = this.byPath.get(key);
      if (!join) {
        const relation = coll.relations![relations[i]];
        join = {
          alias: `r${this.byPath.size + 1}`,
          parentAlias: alias,
          relation,
          target: this.registry.get(relation.collection)!,
        };
        this.byPath.set(key, join);
      }
      used?.add(key);
      alias = join.alias;
      coll = join.target;
    }
    return { alias, coll };
  }

  render(only?: Set<string>): SQL {
    const parts: SQL[] = [];
    for (const [key, j] of this.byPath) {
      if (only && !only.has(key)) continue;
      const on = sql`${col(j.alias, j.relation.foreignColumn)} = ${col(j.parentAlias, j.relation.localColumn)}`;
      const scoped = j.target.scope ? sql`${on} and ${j.target.scope(sql`${id(j.alias)}`)}` : on;
      parts.push(sql` left join ${id(j.target.table)} as ${id(j.alias)} on ${scoped}`);
    }
    return sql.join(parts);
  }
}

/** A name at the end of a path: the column it reads, the alias of its table and its type. */
function resolve(registry: CollectionRegistry, joins: Joins, path: string[], used?: Set<string>) {
  const { alias, coll } = joins.walk(path.slice(0, -1), used);
  const name = path[path.length - 1];
  const column = Object.hasOwn(coll.fields, name) ? coll.fields[name].column : coll.relations![name].localColumn;
  return { ref: col(alias, column), type: localType(registry, coll, name) };
}

// ---------------------------------------------------------------------------------------------------------------
// Select list

interface SelectItem {
  name: string;
  expr: SQL;
  type: FieldType | 'object';
}

function selectExpr(
  registry: CollectionRegistry,
  joins: Joins,
  sel: Selection,
  relPath: string[],
  shape: OutputShape,
): SelectItem[] {
  const { alias, coll } = joins.walk(relPath);
  return sel.fields.map((name) => {
    const nested = Object.hasOwn(sel.relations, name) ? sel.relations[name] : undefined;
    if (nested) {
      const path = [...relPath, name];
      const { alias: relAlias, coll: target } = joins.walk(path);
      const inner: OutputShape = [];
      const pairs = selectExpr(registry, joins, nested, path, inner).map(
        ({ name: k, expr, type }) => sql`${jsonKey(k)}, ${type === 'string' ? sql`${expr}::text` : expr}`,
      );
      shape.push({ key: name, type: 'object', nested: inner });
      const pk = col(relAlias, target.fields[target.primaryKey].column);
      const expr = sql`case when ${pk} is null then null else json_build_object(${sql.join(pairs, sql`, `)}) end`;
      return { name, expr, type: 'object' };
    }
    const column = Object.hasOwn(coll.fields, name) ? coll.fields[name].column : coll.relations![name].localColumn;
    const type = localType(registry, coll, name);
    shape.push({ key: name, type });
    return { name, expr: col(alias, column), type };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Filter

/** LIKE patterns get their wildcards escaped so a value is always matched literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

const asText = (ref: SQL, type: FieldType) => (type === 'string' ? ref : sql`${ref}::text`);
const list = (values: ScalarValue[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function isEmpty(ref: SQL, type: FieldType): SQL {
  if (type === 'string') return sql`(${ref} is null or ${ref} = '')`;
  if (type === 'array') return sql`(${ref} is null or cardinality(${ref}) = 0)`;
  if (type === 'json') return sql`(${ref} is null or ${ref}::text in ('null', '""', '[]', '{}'))`;
  return sql`${ref} is null`;
}

function condition(ref: SQL, type: FieldType, node: Extract<FilterNode, { type: 'condition' }>): SQL {
  const v = node.value;
  switch (node.operator) {
    case '_eq':
      return v === null ? sql`${ref} is null` : sql`${ref} = ${v}`;
    case '_neq':
      return v === null ? sql`${ref} is not null` : sql`${ref} <> ${v}`;
    case '_in': {
      const values = v as ScalarValue[];
      return values.length === 0 ? sql`false` : sql`${ref} in (${list(values)})`;
    }
    case '_nin': {
      const values = v as ScalarValue[];
      return values.length === 0 ? sql`true` : sql`${ref} not in (${list(values)})`;
    }
    case '_contains':
      return type === 'array'
        ? sql`${v} = any(${ref})`
        : sql`${asText(ref, type)} like ${`%${escapeLike(String(v))}%`}`;
    case '_icontains':
      return sql`${asText(ref, type)} ilike ${`%${escapeLike(String(v))}%`}`;
    case '_starts_with':
      return sql`${asText(ref, type)} like ${`${escapeLike(String(v))}%`}`;
    case '_gt':
      return sql`${ref} > ${v}`;
    case '_gte':
      return sql`${ref} >= ${v}`;
    case '_lt':
      return sql`${ref} < ${v}`;
    case '_lte':
      return sql`${ref} <= ${v}`;
    case '_null':
      return v ? sql`${ref} is null` : sql`${ref} is not null`;
    case '_nnull':
      return v ? sql`${ref} is not null` : sql`${ref} is null`;
    case '_empty':
      return v ? isEmpty(ref, type) : sql`not ${isEmpty(ref, type)}`;
    case '_nempty':
      return v ? sql`not ${isEmpty(ref, type)}` : isEmpty(ref, type);
  }
}

function compileFilter(registry: CollectionRegistry, joins: Joins, node: FilterNode, used: Set<string>): SQL {
  if (node.type === 'condition') {
    const { ref, type } = resolve(registry, joins, node.path, used);
    return condition(ref, type, node);
  }
  const parts = node.children.map((c) => compileFilter(registry, joins, c, used));
  return sql`(${sql.join(parts, node.type === 'and' ? sql` and ` : sql` or `)})`;
}

function compileSearch(root: CollectionDef, search: string): SQL {
  const names = root.searchable ?? Object.keys(root.fields).filter((n) => root.fields[n].type === 'string');
  if (names.length === 0) return sql`false`;
  const pattern = `%${escapeLike(search)}%`;
  const parts = names.map(
    (n) => sql`${asText(col(ROOT, root.fields[n].column), root.fields[n].type)} ilike ${pattern}`,
  );
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

// ---------------------------------------------------------------------------------------------------------------

const where = (conds: SQL[]) => (conds.length === 0 ? sql.empty() : sql` where ${sql.join(conds, sql` and `)}`);

/** Compiles a validated query into parameterised SQL: values only ever travel as parameters. */
export function compileItemsQuery(registry: CollectionRegistry, query: ItemsQuery): CompiledItemsQuery {
  const root = registry.get(query.collection)!;
  const joins = new Joins(registry, root);
  const table = sql`${id(root.table)} as ${id(ROOT)}`;

  const shape: OutputShape = [];
  const select = selectExpr(registry, joins, query.fields, [], shape).map(
    ({ name, expr }) => sql`${expr} as ${id(name)}`,
  );

  const filterJoins = new Set<string>();
  const scope = root.scope ? [root.scope(sql`${id(ROOT)}`)] : [];
  const conds = [...scope];
  if (query.filter) conds.push(compileFilter(registry, joins, query.filter, filterJoins));
  if (query.search) conds.push(compileSearch(root, query.search));

  const order = query.sort.map(({ path, direction }) => {
    const { ref } = resolve(registry, joins, path);
    return direction === 'desc' ? sql`${ref} desc` : sql`${ref} asc`;
  });

  const offset = query.offset > 0 ? sql` offset ${query.offset}` : sql.empty();
  const orderBy = order.length === 0 ? sql.empty() : sql` order by ${sql.join(order, sql`, `)}`;
  const data = sql`select ${sql.join(select, sql`, `)} from ${table}${joins.render()}${where(conds)}${orderBy} limit ${query.limit}${offset}`;

  const compiled: CompiledItemsQuery = { data, shape };
  if (query.meta.includes('filter_count')) {
    compiled.filterCount = sql`select count(*)::int as ${id('count')} from ${table}${joins.render(filterJoins)}${where(conds)}`;
  }
  if (query.meta.includes('total_count')) {
    compiled.totalCount = sql`select count(*)::int as ${id('count')} from ${table}${where(scope)}`;
  }
  return compiled;
}
