import type { CmsField, CmsItem } from '@pharmacy/shared';
import { z } from 'zod';
import type { CatalogueCache } from '../../plugins/catalogue-cache';
import type { CmsRepository, ColumnInfo, ItemRow } from './cms.repository';
import { type CmsCollectionName, isCmsCollection, operatorCollections, publicCollections } from './collections';
import { ItemsQueryError, type ItemsResult, type RawItemsQuery } from './items-query/index';

const forbidden = () => new ItemsQueryError('FORBIDDEN', "You don't have permission to access this.");
/** Set by the database, never by a client. */
const systemFields = new Set(['id', 'created_at', 'updated_at']);
const INT_MAX = 2_147_483_647;

function valueSchema(c: ColumnInfo): z.ZodType {
  let s: z.ZodType;
  if (c.kind === 'integer') s = z.number().int().min(-INT_MAX).max(INT_MAX);
  else if (c.enumValues) s = z.enum(c.enumValues as [string, ...string[]]);
  else s = z.string().max(c.maxLength ?? 10_000);
  return c.notNull ? s : s.nullable();
}

function payloadSchema(columns: ColumnInfo[], creating: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const c of columns) {
    if (systemFields.has(c.field)) continue;
    const v = valueSchema(c);
    shape[c.field] = creating && c.notNull && !c.hasDefault ? v : v.optional();
  }
  return z.strictObject(shape);
}

const positiveId = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > INT_MAX) throw forbidden();
  return Number(raw);
};

/**
 * The public collections whose rows change only through routes that declare `changesCatalogue` (the product import
 * and update): their answers may be shared through the catalogue cache, which those routes empty on success.
 * Quotes and pharmacies change through routes that do not all declare it, and the content tables through /scms
 * writes: they are always read afresh.
 */
const cachedCollections = new Set(['product', 'category', 'sub_category']);
/** Longer query strings are read afresh rather than held as keys. */
const MAX_CACHED_QUERY_LENGTH = 2_000;

/** Reads for everybody (drafts only for operators) and the operator's writes, Directus-compatible. */
export class CmsService {
  constructor(
    private readonly repo: CmsRepository,
    private readonly cache?: CatalogueCache,
  ) {}

  private registry(operator: boolean) {
    return operator ? operatorCollections : publicCollections;
  }

  /**
   * A visitor's read of the catalogue (a filtered product page with `meta=filter_count`, the category tree) is
   * shared through the catalogue cache, keyed by the collection and the query string exactly as sent: a burst of the
   * same search costs one page query and one count, and a catalogue write empties the cache before its answer leaves,
   * so the next read is exact again. Operators (drafts) always read afresh. docs/lists.md.
   */
  items(collection: string, query: RawItemsQuery, operator: boolean): Promise<ItemsResult> {
    const read = () => this.repo.readItems(this.registry(operator), collection, query);
    if (
      !this.cache ||
      operator ||
      !cachedCollections.has(collection) ||
      typeof query !== 'string' ||
      query.length > MAX_CACHED_QUERY_LENGTH
    )
      return read();
    return this.cache.get(`scms:${collection}?${query}`, read);
  }

  item(collection: string, id: string, query: RawItemsQuery, operator: boolean): Promise<{ data: ItemRow }> {
    return this.repo.readItem(this.registry(operator), collection, id, query);
  }

  private editable(collection: string): CmsCollectionName {
    if (!isCmsCollection(collection)) throw forbidden();
    return collection;
  }

  fields(collection: string): CmsField[] {
    const name = this.editable(collection);
    return this.repo.columns(name).map((c) => ({
      collection: name,
      field: c.field,
      type: c.kind === 'datetime' ? 'timestamp' : c.kind,
      meta: {
        interface: c.enumValues
          ? 'select-dropdown'
          : c.kind === 'integer'
            ? 'input'
            : c.kind === 'datetime'
              ? 'datetime'
              : 'input',
        hidden: false,
        readonly: systemFields.has(c.field),
        required: c.notNull && !c.hasDefault && !c.primary,
        options: c.enumValues ? { choices: c.enumValues.map((v) => ({ text: v, value: v })) } : null,
        note: null,
      },
      schema: { is_nullable: !c.notNull, max_length: c.maxLength, is_primary_key: c.primary, default_value: null },
    }));
  }

  private parse(name: CmsCollectionName, body: unknown, creating: boolean): Record<string, unknown> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new ItemsQueryError('INVALID_PAYLOAD', 'Invalid payload. An item must be an object.');
    }
    const columns = this.repo.columns(name);
    // an emptied optional input arrives as null: for a column with a default that means "leave it"
    const keepsDefault = new Set(columns.filter((c) => c.notNull && c.hasDefault).map((c) => c.field));
    const values = Object.fromEntries(
      Object.entries(body).filter(([k, v]) => !systemFields.has(k) && !(v === null && keepsDefault.has(k))),
    );
    const result = payloadSchema(columns, creating).safeParse(values);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue.path.length ? ` "${String(issue.path[0]).slice(0, 64)}"` : '';
      throw new ItemsQueryError('INVALID_PAYLOAD', `Invalid payload. Field${where}: ${issue.message}`);
    }
    return result.data as Record<string, unknown>;
  }

  /** The row as stored, all its fields (the id is the key it was read by). */
  private async saved(name: CmsCollectionName, id: number): Promise<{ data: CmsItem }> {
    const { data } = await this.repo.readItem(operatorCollections, name, String(id));
    return { data: { ...data, id } };
  }

  async create(collection: string, body: unknown): Promise<{ data: CmsItem }> {
    const name = this.editable(collection);
    const id = await this.repo.insert(name, this.parse(name, body, true));
    return this.saved(name, id);
  }

  async update(collection: string, rawId: string, body: unknown): Promise<{ data: CmsItem }> {
    const name = this.editable(collection);
    const id = positiveId(rawId);
    const values = this.parse(name, body, false);
    if (!(await this.repo.update(name, id, values))) throw forbidden();
    return this.saved(name, id);
  }

  async remove(collection: string, rawId: string): Promise<number> {
    const name = this.editable(collection);
    const id = positiveId(rawId);
    if (!(await this.repo.remove(name, id))) throw forbidden();
    return id;
  }
}
