import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { type CmsCollectionName, cmsTables } from './collections';
import {
  type CollectionRegistry,
  type ItemRow,
  ItemsQueryError,
  type ItemsResult,
  type RawItemsQuery,
  readItem,
  readItems,
} from './items-query/index';

/** A column as the content editor needs to know it (Directus `/fields`). */
export interface ColumnInfo {
  field: string;
  kind: 'string' | 'integer' | 'datetime';
  maxLength: number | null;
  notNull: boolean;
  hasDefault: boolean;
  primary: boolean;
  enumValues: string[] | null;
}

const kindOf = (c: PgColumn): ColumnInfo['kind'] =>
  c.columnType === 'PgInteger' || c.columnType === 'PgSmallInt'
    ? 'integer'
    : c.columnType === 'PgTimestamp'
      ? 'datetime'
      : 'string';

const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e.code ?? e.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The CMS store: reads through the items-query layer, writes the content tables with drizzle. */
export class CmsRepository {
  constructor(private readonly db: Database) {}

  readItems(registry: CollectionRegistry, collection: string, query: RawItemsQuery): Promise<ItemsResult> {
    return readItems(this.db, registry, collection, query);
  }

  readItem(registry: CollectionRegistry, collection: string, id: string, query: RawItemsQuery = {}) {
    return readItem(this.db, registry, collection, id, query);
  }

  columns(collection: CmsCollectionName): ColumnInfo[] {
    const table: PgTable = cmsTables[collection];
    return Object.values(getTableColumns(table)).map((c) => ({
      field: c.name,
      kind: kindOf(c),
      maxLength: (c as { length?: number }).length ?? null,
      notNull: c.notNull,
      hasDefault: c.hasDefault,
      primary: c.primary,
      enumValues: c.enumValues && c.enumValues.length > 0 ? [...c.enumValues] : null,
    }));
  }

  /** Maps snake_case field names to the drizzle keys of the table. */
  private toKeys(collection: CmsCollectionName, values: Record<string, unknown>): Record<string, unknown> {
    const columns = getTableColumns(cmsTables[collection]);
    const byName = new Map(Object.entries(columns).map(([key, c]) => [c.name, key]));
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      const key = byName.get(field);
      if (key) out[key] = value;
    }
    return out;
  }

  async insert(collection: CmsCollectionName, values: Record<string, unknown>): Promise<number> {
    const table = cmsTables[collection] as typeof cmsTables.home_swiper;
    const rows = await this.guard(() =>
      this.db
        .insert(table)
        .values(this.toKeys(collection, values) as typeof table.$inferInsert)
        .returning({ id: table.id }),
    );
    return rows[0].id;
  }

  async update(collection: CmsCollectionName, id: number, values: Record<string, unknown>): Promise<boolean> {
    const table = cmsTables[collection] as typeof cmsTables.home_swiper;
    const set = { ...this.toKeys(collection, values), updatedAt: new Date() };
    const rows = await this.guard(() =>
      this.db.update(table).set(set).where(eq(table.id, id)).returning({ id: table.id }),
    );
    return rows.length > 0;
  }

  async remove(collection: CmsCollectionName, id: number): Promise<boolean> {
    const table = cmsTables[collection] as typeof cmsTables.home_swiper;
    const rows = await this.guard(() => this.db.delete(table).where(eq(table.id, id)).returning({ id: table.id }));
    return rows.length > 0;
  }

  /** A value the database refuses (unknown linked row, duplicate code, out of range) is the client's mistake. */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const code = pgCode(err);
      if (code === '23503')
        throw new ItemsQueryError('INVALID_PAYLOAD', 'Invalid payload. A linked item does not exist.');
      if (code === '23505') throw new ItemsQueryError('INVALID_PAYLOAD', 'Invalid payload. Value has to be unique.');
      if (code?.startsWith('22') || code === '23502' || code === '23514') {
        throw new ItemsQueryError('INVALID_PAYLOAD', 'Invalid payload. A value does not fit its field.');
      }
      throw err;
    }
  }
}

export type { ItemRow };
