import type { SQL } from 'drizzle-orm';

export type FieldType = 'string' | 'number' | 'boolean' | 'datetime' | 'json' | 'array';

export interface FieldDef {
  column: string;
  type: FieldType;
}

/** A many-to-one link: `localColumn` of this table points at `foreignColumn` of `collection`'s table. */
export interface RelationDef {
  collection: string;
  localColumn: string;
  foreignColumn: string;
}

export interface CollectionDef {
  name: string;
  table: string;
  /** The primary key's field name (a key of `fields`). */
  primaryKey: string;
  fields: Record<string, FieldDef>;
  /** Keyed by field name. When the key is also a field it is that field's foreign key (Directus m2o); otherwise an alias. */
  relations?: Record<string, RelationDef>;
  /** Fields matched case-insensitively by `search`. */
  searchable?: string[];
  /** Default sort when the query names none; the primary key otherwise. */
  sortField?: string;
  /** A condition every row served must meet (e.g. hide drafts), given the table's alias. */
  scope?: (alias: SQL) => SQL;
}

export type CollectionRegistry = ReadonlyMap<string, CollectionDef>;

export const filterOperators = [
  '_eq',
  '_neq',
  '_in',
  '_nin',
  '_contains',
  '_icontains',
  '_starts_with',
  '_gt',
  '_gte',
  '_lt',
  '_lte',
  '_null',
  '_nnull',
  '_empty',
  '_nempty',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type ScalarValue = string | number | boolean | null;

export type FilterNode =
  | { type: 'and'; children: FilterNode[] }
  | { type: 'or'; children: FilterNode[] }
  | { type: 'condition'; path: string[]; operator: FilterOperator; value: ScalarValue | ScalarValue[] };

export interface SortItem {
  path: string[];
  direction: 'asc' | 'desc';
}

export type MetaKey = 'total_count' | 'filter_count';

/** The selection tree: scalar fields in request order, then related collections with their own selection. */
export interface Selection {
  fields: string[];
  relations: Record<string, Selection>;
}

/** A query validated against its collection: every name in it exists, every value is coerced to its field's type. */
export interface ItemsQuery {
  collection: string;
  fields: Selection;
  filter: FilterNode | null;
  search: string | null;
  sort: SortItem[];
  /** Rows to return; `limit=-1` is already replaced by the cap. */
  limit: number;
  offset: number;
  meta: MetaKey[];
}

export interface ItemsQueryOptions {
  /** Rows returned when `limit` is absent. */
  defaultLimit?: number;
  /** Upper bound of `limit`, and what `limit=-1` means. */
  maxLimit?: number;
}

export const defaultItemsQueryOptions: Required<ItemsQueryOptions> = { defaultLimit: 100, maxLimit: 10_000 };

/** Hard caps on what a query may ask for, so a request cannot make the server build a huge statement. */
export const itemsQueryLimits = {
  filterDepth: 10,
  filterConditions: 50,
  filterBytes: 5 * 1024,
  inValues: 500,
  fields: 100,
  pathDepth: 4,
  sortItems: 10,
  searchLength: 200,
  valueLength: 1000,
} as const;
