import type { PharmacyQuoteListQuery, QuoteProductQuery, QuoteTabCounts } from '@pharmacy/shared';
import { and, desc, eq, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { category, product, quote, quoteSet, quoteSetItem } from '../../db/schema/index';
import {
  FirstPageCache,
  listCountsColumn,
  readListCounts,
  toListCounts,
  VersionedCache,
  writeVersionColumn,
} from '../../lib/list-count';
import { productSearchCondition } from '../../lib/search';
import type { CatalogueCache } from '../../plugins/catalogue-cache';

export type QuoteStatus = (typeof quote.$inferSelect)['status'];

/**
 * The product and quote columns a quote row shows (the list, and the answer of every write). The category's name is
 * not joined: it comes from the ~50 categories held in memory (categoryNames), one join fewer per row.
 */
const rowColumns = {
  id: quote.id,
  productId: quote.productId,
  name: product.name,
  genericName: product.genericName,
  spec: product.spec,
  manufacturer: product.manufacturer,
  approvalNo: product.approvalNo,
  barcode: product.barcode,
  type: product.type,
  categoryId: product.categoryId,
  image: sql<string | null>`${product.images}[1]`,
  price: quote.price,
  originalPrice: quote.originalPrice,
  stock: quote.stock,
  status: quote.status,
  isTop: quote.isTop,
  salesCount: quote.salesCount,
  // as the API writes it (toISOString's form), so no Date is made and formatted per row
  updatedAt: sql<string>`to_char(${quote.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

interface QuoteRow {
  id: number;
  productId: number;
  name: string;
  genericName: string;
  spec: string;
  manufacturer: string;
  approvalNo: string;
  barcode: string;
  type: (typeof product.$inferSelect)['type'];
  categoryId: number | null;
  image: string | null;
  price: string;
  originalPrice: string | null;
  stock: number;
  status: QuoteStatus;
  isTop: boolean;
  salesCount: number;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
  updatedAt: string;
}

export interface QuoteItemRow extends QuoteRow {
  categoryName: string | null;
}

export interface QuoteProductRow {
  id: number;
  name: string;
  genericName: string;
  spec: string;
  manufacturer: string;
  approvalNo: string;
  barcode: string;
  type: (typeof product.$inferSelect)['type'];
  categoryName: string | null;
  image: string | null;
  quoted: boolean;
}

/** The list's order, served by quote_pharmacy_list_idx / quote_pharmacy_status_idx scanned backward. */
const listOrder = [desc(quote.isTop), desc(quote.sort), desc(quote.id)];

/** A category and, for a top-level one, its sub-categories. */
const inCategory = (id: number) =>
  sql`${product.categoryId} in (select c.id from category c where c.id = ${id} or c.parent_id = ${id})`;

/** Is it a filter on the product (needs the join) rather than on the quote? */
const productConditions = (q: { keyword?: string; type?: string; category_id?: number }): SQL[] => {
  const conds: SQL[] = [];
  // the catalogue search's expression, so the trigram index serves it (lib/search.ts)
  if (q.keyword) conds.push(productSearchCondition(q.keyword));
  if (q.type) conds.push(eq(product.type, q.type as QuoteProductRow['type']));
  if (q.category_id) conds.push(inCategory(q.category_id));
  return conds;
};

/** `sort` for a quote joining a group (pinned or not): above the group's highest, so it comes first in it. */
const nextSort = (pharmacyId: number, pinned: boolean) =>
  sql`(select coalesce(max(s.sort), 0) + 1 from quote s where s.pharmacy_id = ${pharmacyId} and s.is_top = ${pinned})`;

/** The page sizes the console offers (pageSizeOptions): page 1 of each is a prepared statement. */
const preparedPageSizes = new Set([10, 20, 50, 100]);

/** A price of the URL (digits, at most two decimals) as one spelling per amount: 010.5 and 10.50 are one filter. */
const moneyKey = (v: string | undefined) => {
  if (v === undefined) return null;
  const [whole, fraction = ''] = v.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
};

/** A filtered search's counts per tab, and one of its pages (the quote ids in list order). */
interface FilteredCounts {
  onShelf: number;
  offShelf: number;
}
interface FilteredPage {
  ids: number[];
}

/** Entries each kept: a count is two numbers, a page at most 100 ids. */
const FILTERED_COUNTS_KEPT = 20_000;
const FILTERED_PAGES_KEPT = 20_000;

/** The category tree's shape (ids and parents), for searches whose category filter takes in sub-categories. */
const categoryTreePrint = sql<string>`(select md5(coalesce(string_agg(c.id || '>' || coalesce(c.parent_id, 0), ',' order by c.id), ''))
  from category c)`;

/** The only place that knows how quotes are stored. Every query is scoped to the pharmacy. */
export class QuoteRepository {
  /** Page 1 of the unfiltered list (all, or one tab) per page size, with its counts: one prepared statement each. */
  private readonly firstPages = new Map<string, { execute(v: Record<string, unknown>): Promise<unknown[]> }>();
  /**
   * Unfiltered first pages kept while the pharmacy's quote write version stands (docs/lists.md "Kept first pages");
   * a product's own fields shown in the rows (name, spec) follow within the entries' 30 s.
   */
  private readonly keptPages = new FirstPageCache<{
    rows: QuoteRow[];
    counts: ReturnType<typeof toListCounts<'quote'>>;
  }>('quote');
  /** A search's page by ids (with or without the versions), and the versions alone: prepared once each. */
  private readonly byIdsStatements = new Map<string, { execute(v: Record<string, unknown>): Promise<unknown[]> }>();
  /**
   * Filtered searches' counts (keyed by pharmacy and normalised filter) and pages (also by tab, offset, size), each
   * with the write versions it was read at: used only while the versions read with the page's rows are the same.
   */
  private readonly filteredCounts = new VersionedCache<FilteredCounts>({
    maxSize: FILTERED_COUNTS_KEPT,
    sizeOf: () => 1,
  });
  private readonly filteredPages = new VersionedCache<FilteredPage>({ maxSize: FILTERED_PAGES_KEPT, sizeOf: () => 1 });

  constructor(
    private readonly db: Database,
    private readonly catalogueCache?: CatalogueCache,
  ) {}

  /**
   * Page 1 of the pharmacy's quotes (all or one tab) with list_count's counts as a column: one round trip, one
   * backward walk of quote_pharmacy_list_idx / quote_pharmacy_status_idx that stops after the page, 20 product
   * lookups. A named prepared statement whose LIMIT is written into the text: with LIMIT and OFFSET as parameters
   * PostgreSQL's generic plan assumes a tenth of the pharmacy's rows are fetched, finds it dearer than the custom one
   * and so plans every execution again (~0.3–0.5 ms each); with them fixed the generic plan is the 20-row walk.
   */
  private firstPage(byStatus: boolean, pageSize: number) {
    const name = `quote_page1_${byStatus ? 'status' : 'all'}_${pageSize}`;
    let statement = this.firstPages.get(name);
    if (!statement) {
      const pharmacyId = sql.placeholder('pharmacyId');
      statement = this.db
        .select({
          ...rowColumns,
          counts: listCountsColumn('quote', pharmacyId),
          version: writeVersionColumn('quote', pharmacyId),
        })
        .from(quote)
        .innerJoin(product, eq(product.id, quote.productId))
        .where(
          byStatus
            ? and(
                eq(quote.pharmacyId, pharmacyId),
                eq(quote.status, sql.placeholder('status') as unknown as QuoteStatus),
              )
            : eq(quote.pharmacyId, pharmacyId),
        )
        .orderBy(...listOrder)
        .limit(sql.raw(String(Math.trunc(pageSize))) as unknown as number)
        .prepare(name);
      this.firstPages.set(name, statement);
    }
    return statement as {
      execute(v: Record<string, unknown>): Promise<(QuoteRow & { counts: unknown; version: string | null })[]>;
    };
  }

  /**
   * Categories by id (about fifty), shared through the catalogue cache: emptied by every catalogue write of this
   * instance, at most its time to live (5 s) behind another instance's rename. A category it does not hold yet (just
   * added) is read afresh.
   */
  private async categoryNames(rows: readonly { categoryId: number | null }[]): Promise<Map<number, string>> {
    const load = async () => {
      const all = await this.db.select({ id: category.id, name: category.name }).from(category);
      return new Map(all.map((c) => [c.id, c.name]));
    };
    let names = this.catalogueCache ? await this.catalogueCache.get('quote:category-names', load) : await load();
    if (rows.some((r) => r.categoryId !== null && !names.has(r.categoryId))) names = await load();
    return names;
  }

  /** The rows with their category's name (set on the rows themselves: they are this call's own objects). */
  private async named(rows: QuoteRow[]): Promise<QuoteItemRow[]> {
    if (rows.length === 0) return [];
    const names = await this.categoryNames(rows);
    // new objects: the rows may be a kept first page's, shared between requests
    return rows.map((r) => ({
      ...r,
      categoryName: r.categoryId === null ? null : (names.get(r.categoryId) ?? null),
    }));
  }

  /**
   * A page of the pharmacy's quotes, pinned first, with the total and the tab counts. Without filters besides the tab,
   * the page walks the list index and stops after it, and the counts come from list_count in the same statement.
   * A filtered search walks the list the same way, checking each quote against the filter, with its exact count as
   * a column; both are kept with the write versions they were read at, and a later read of the same page that finds
   * the same versions (read with the page's rows by id, one statement) answers from them (docs/lists.md).
   */
  async page(
    pharmacyId: number,
    query: PharmacyQuoteListQuery,
  ): Promise<{ rows: QuoteItemRow[]; counts: QuoteTabCounts }> {
    const limit = query.page_size;
    const offset = (query.page - 1) * query.page_size;
    const status = query.status === 'all' ? undefined : query.status;
    const onProduct = productConditions(query);
    const onQuote: SQL[] = [];
    if (query.price_min !== undefined) onQuote.push(sql`${quote.price} >= ${query.price_min}::numeric`);
    if (query.price_max !== undefined) onQuote.push(sql`${quote.price} <= ${query.price_max}::numeric`);
    if (query.stock_below !== undefined) onQuote.push(sql`${quote.stock} < ${query.stock_below}`);

    if (onProduct.length === 0 && onQuote.length === 0) {
      if (offset === 0 && preparedPageSizes.has(limit)) {
        const kept = await this.keptPages.get(this.db, pharmacyId, `${status ?? 'all'}:${limit}`, async () => {
          const rows = await this.firstPage(status !== undefined, limit).execute({ pharmacyId, status });
          const counts = rows.length
            ? toListCounts('quote', rows[0].counts as Record<string, number | string> | null)
            : await readListCounts(this.db, 'quote', pharmacyId);
          return {
            page: { rows: rows.map(({ counts: _c, version: _v, ...row }) => row as QuoteRow), counts },
            version: rows[0]?.version ?? null,
          };
        });
        return { rows: await this.named(kept.rows), counts: tabCounts(kept.counts.on_shelf, kept.counts.off_shelf) };
      }
      const rows = await this.deepPage(pharmacyId, status, limit, offset);
      const counted = rows.length
        ? toListCounts('quote', rows[0].counts as Record<string, number | string> | null)
        : await readListCounts(this.db, 'quote', pharmacyId);
      return { rows: await this.named(rows), counts: tabCounts(counted.on_shelf, counted.off_shelf) };
    }

    const key = JSON.stringify([
      pharmacyId,
      query.keyword ?? '',
      query.type ?? '',
      query.category_id ? Number(query.category_id) : 0,
      moneyKey(query.price_min),
      moneyKey(query.price_max),
      query.stock_below ?? null,
    ]);
    const byCategory = query.category_id !== undefined;
    const pageKey = `${key}|${query.status}|${offset}|${limit}`;
    const counted = this.filteredCounts.peek(key);
    const paged = this.filteredPages.peek(pageKey);
    if (counted && paged && paged.version === counted.version) {
      // warm: the page's rows by id and the current versions, one statement; the cache holds while the versions do
      const { rows, version } = await this.rowsByIds(pharmacyId, paged.value.ids, byCategory ? 'category' : 'plain');
      if (version === counted.version)
        return { rows: await this.named(rows), counts: tabCounts(counted.value.onShelf, counted.value.offShelf) };
    }

    // cold: walk the list in order until the page is full, the counts (unless still current) in the same statement
    const where = and(eq(quote.pharmacyId, pharmacyId), ...onQuote, ...onProduct)!;
    const version = this.versionOf(pharmacyId, byCategory);
    const countsSql = this.filteredCountSql(where, onProduct.length > 0);
    const rows = await this.db
      .select({ ...rowColumns, version, ...(counted ? {} : { counts: countsSql }) })
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .where(status ? and(where, eq(quote.status, status)) : where)
      .orderBy(...listOrder)
      .limit(limit)
      .offset(offset);
    let pageVersion = rows[0]?.version ?? null;
    let counts: { version: string | null; value: FilteredCounts } | undefined;
    if (rows.length && !counted) counts = { version: pageVersion, value: parseCounts(rows[0].counts) };
    else if (rows.length && counted?.version === pageVersion) counts = counted;
    else {
      // no row to carry them (nothing matches in this tab, or a page past the end), or written since they were counted
      const [row] = await this.db.select({ version, counts: countsSql }).from(sql`(select 1) as one`);
      counts = { version: row.version, value: parseCounts(row.counts) };
      // an empty page is empty at that version if the count agrees
      if (!rows.length) {
        const inTab =
          status === 'on_shelf'
            ? counts.value.onShelf
            : status === 'off_shelf'
              ? counts.value.offShelf
              : counts.value.onShelf + counts.value.offShelf;
        if (inTab <= offset) pageVersion = counts.version;
      }
    }
    this.filteredCounts.set(key, counts.version, counts.value);
    this.filteredPages.set(pageKey, pageVersion, { ids: rows.map((r) => r.id) });
    return {
      rows: await this.named(rows as unknown as QuoteRow[]),
      counts: tabCounts(counts.value.onShelf, counts.value.offShelf),
    };
  }

  /**
   * The exact count of a filter's quotes per tab, as a column: an uncorrelated subquery (evaluated once). For a
   * product filter PostgreSQL hashes the matching products (the trigram index for a keyword) against the pharmacy's
   * entries of quote_pharmacy_product_uq, which carries the status: read from the index alone, not the quote rows.
   */
  private filteredCountSql(where: SQL, joinProduct: boolean) {
    // "quote"."status" written out: drizzle leaves a column unqualified in a statement without joins
    return sql<string>`(select json_build_array(count(*) filter (where "quote"."status" = 'on_shelf'),
        count(*) filter (where "quote"."status" = 'off_shelf'))::text
      from ${quote} ${joinProduct ? sql`inner join ${product} on ${product.id} = ${quote.productId}` : sql``}
      where ${where})`;
  }

  /** A page past the first (or of a size the console does not offer): ids from the index alone, then their rows. */
  private deepPage(pharmacyId: number, status: QuoteStatus | undefined, limit: number, offset: number) {
    const ids = this.db
      .select({ id: quote.id })
      .from(quote)
      .where(and(eq(quote.pharmacyId, pharmacyId), ...(status ? [eq(quote.status, status)] : [])))
      .orderBy(...listOrder)
      .limit(limit)
      .offset(offset)
      .as('page_ids');
    return this.db
      .select({ ...rowColumns, counts: listCountsColumn('quote', pharmacyId) })
      .from(ids)
      .innerJoin(quote, eq(quote.id, ids.id))
      .innerJoin(product, eq(product.id, quote.productId))
      .orderBy(...listOrder) as unknown as Promise<(QuoteRow & { counts: unknown })[]>;
  }

  /**
   * The versions a filtered search's result depends on: the pharmacy's quote writes and the catalogue's product
   * writes (a rename changes what a keyword matches), and for a category filter the category tree's shape. Null
   * while either counter has no row yet (nothing to tell states apart by: such a search is computed every time).
   */
  private versionOf(pharmacyId: number | Placeholder, byCategory: boolean): SQL<string | null> {
    const versions = sql`${writeVersionColumn('quote', pharmacyId)} || ':' || ${writeVersionColumn('product', 0)}`;
    return (byCategory ? sql`${versions} || ':' || ${categoryTreePrint}` : versions) as SQL<string | null>;
  }

  /**
   * The quotes of these ids (of this pharmacy) in the order given and, unless `versions` is 'none', the current
   * versions (versionOf) in the same statement: named prepared statements (the ids an int[] parameter), so a page
   * of a search already matched costs what page 1 costs. The extra column stays on the rows (the service picks the
   * answer's fields): deleting it would turn 20 objects into slow dictionaries on the hottest path.
   */
  private async rowsByIds(
    pharmacyId: number,
    ids: number[],
    versions: 'none' | 'plain' | 'category',
  ): Promise<{ rows: QuoteRow[]; version: string | null }> {
    const withVersion = versions !== 'none';
    let rows: (QuoteRow & { version?: string | null })[] = [];
    if (ids.length) rows = await this.byIdsStatement(versions).execute({ pharmacyId, ids });
    let version: string | null = null;
    if (withVersion) {
      // no row to carry the versions (a page past the end; rows deleted since, which moved the version anyway)
      version = rows.length
        ? (rows[0].version ?? null)
        : ((await this.versionStatement(versions === 'category').execute({ pharmacyId }))[0]?.version ?? null);
    }
    const at = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
    return { rows, version };
  }

  private byIdsStatement(versions: 'none' | 'plain' | 'category') {
    const name = `quote_rows_by_ids_${versions}`;
    let statement = this.byIdsStatements.get(name);
    if (!statement) {
      const pharmacyId = sql.placeholder('pharmacyId');
      const columns =
        versions === 'none'
          ? rowColumns
          : { ...rowColumns, version: this.versionOf(pharmacyId, versions === 'category') };
      statement = this.db
        .select(columns)
        .from(quote)
        .innerJoin(product, eq(product.id, quote.productId))
        .where(and(eq(quote.pharmacyId, pharmacyId), sql`${quote.id} = any(${sql.placeholder('ids')}::int[])`))
        .prepare(name);
      this.byIdsStatements.set(name, statement);
    }
    return statement as { execute(v: Record<string, unknown>): Promise<(QuoteRow & { version?: string | null })[]> };
  }

  private versionStatement(byCategory: boolean) {
    const name = `quote_filter_version_${byCategory ? 'category' : 'plain'}`;
    let statement = this.byIdsStatements.get(name);
    if (!statement) {
      statement = this.db
        .select({ version: this.versionOf(sql.placeholder('pharmacyId'), byCategory) })
        .from(sql`(select 1) as one`)
        .prepare(name);
      this.byIdsStatements.set(name, statement);
    }
    return statement as { execute(v: Record<string, unknown>): Promise<{ version: string | null }[]> };
  }

  async findItem(pharmacyId: number, id: number): Promise<QuoteItemRow | undefined> {
    const rows = await this.db
      .select(rowColumns)
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .where(and(eq(quote.id, id), eq(quote.pharmacyId, pharmacyId)));
    return (await this.named(rows))[0];
  }

  /** Catalogue products for the picker (active ones), each marked with whether this pharmacy quotes it. */
  async products(pharmacyId: number, query: QuoteProductQuery): Promise<{ rows: QuoteProductRow[]; total: number }> {
    const where = and(eq(product.status, 'active'), ...productConditions(query));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: product.id,
          name: product.name,
          genericName: product.genericName,
          spec: product.spec,
          manufacturer: product.manufacturer,
          approvalNo: product.approvalNo,
          barcode: product.barcode,
          type: product.type,
          categoryName: category.name,
          image: sql<string | null>`${product.images}[1]`,
          quoted: sql<boolean>`exists (select 1 from quote q where q.pharmacy_id = ${pharmacyId} and q.product_id = ${product.id})`,
        })
        .from(product)
        .leftJoin(category, eq(category.id, product.categoryId))
        .where(where)
        .orderBy(product.id)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ n: sql<number>`count(*)::int` }).from(product).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async isActiveProduct(productId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.id, productId), eq(product.status, 'active')));
    return row !== undefined;
  }

  /**
   * Adds a quote first in the unpinned group. A product the pharmacy already quotes gives null: ON CONFLICT on
   * quote_pharmacy_product_uq, so of concurrent creates exactly one inserts and the others wait for it and get null.
   */
  async insert(values: {
    pharmacyId: number;
    productId: number;
    price: string;
    originalPrice: string | null;
    stock: number;
    status: QuoteStatus;
  }): Promise<number | null> {
    const rows = await this.db
      .insert(quote)
      .values({ ...values, isTop: false, sort: nextSort(values.pharmacyId, false) })
      .onConflictDoNothing({ target: [quote.pharmacyId, quote.productId] })
      .returning({ id: quote.id });
    return rows[0]?.id ?? null;
  }

  async update(
    pharmacyId: number,
    id: number,
    values: { price: string; originalPrice: string | null; stock: number },
  ): Promise<boolean> {
    const rows = await this.db
      .update(quote)
      .set(values)
      .where(and(eq(quote.id, id), eq(quote.pharmacyId, pharmacyId)))
      .returning({ id: quote.id });
    return rows.length > 0;
  }

  /** Puts the pharmacy's named quotes on or off shelf; answers how many changed (others' ids are out of scope). */
  async setStatus(pharmacyId: number, ids: number[], status: QuoteStatus): Promise<number> {
    const rows = await this.db
      .update(quote)
      .set({ status })
      .where(and(eq(quote.pharmacyId, pharmacyId), inArray(quote.id, ids), ne(quote.status, status)))
      .returning({ id: quote.id });
    return rows.length;
  }

  /** Pins (first among the pinned: the latest pin leads) or unpins (first among the others). */
  async setTop(pharmacyId: number, id: number, isTop: boolean): Promise<boolean> {
    const rows = await this.db
      .update(quote)
      .set({ isTop, sort: nextSort(pharmacyId, isTop) })
      .where(and(eq(quote.id, id), eq(quote.pharmacyId, pharmacyId)))
      .returning({ id: quote.id });
    return rows.length > 0;
  }

  /** Names of the pharmacy's combos that hold this quote (at most `limit`). */
  async combosUsing(pharmacyId: number, id: number, limit = 3): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ name: quoteSet.name, setId: quoteSet.id })
      .from(quoteSetItem)
      .innerJoin(quoteSet, eq(quoteSet.id, quoteSetItem.quoteSetId))
      .where(and(eq(quoteSetItem.quoteId, id), eq(quoteSet.pharmacyId, pharmacyId)))
      .orderBy(quoteSet.id)
      .limit(limit);
    return rows.map((r) => r.name);
  }

  async delete(pharmacyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(quote)
      .where(and(eq(quote.id, id), eq(quote.pharmacyId, pharmacyId)))
      .returning({ id: quote.id });
    return rows.length > 0;
  }
}

const tabCounts = (onShelf: number, offShelf: number): QuoteTabCounts => ({
  all: onShelf + offShelf,
  on_shelf: onShelf,
  off_shelf: offShelf,
});

/** `[on_shelf, off_shelf]` as the count column gives it. */
function parseCounts(raw: unknown): FilteredCounts {
  const [onShelf, offShelf] = JSON.parse(String(raw)) as [number, number];
  return { onShelf, offShelf };
}
