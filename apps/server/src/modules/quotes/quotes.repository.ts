import type { PharmacyQuoteListQuery, QuoteProductQuery, QuoteTabCounts } from '@pharmacy/shared';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { category, product, quote, quoteSet, quoteSetItem } from '../../db/schema/index';
import { readListCounts } from '../../lib/list-count';
import { productSearchCondition } from '../../lib/search';

export type QuoteStatus = (typeof quote.$inferSelect)['status'];

/** The product and quote columns a quote row shows (the list, and the answer of every write). */
const itemColumns = {
  id: quote.id,
  productId: quote.productId,
  name: product.name,
  genericName: product.genericName,
  spec: product.spec,
  manufacturer: product.manufacturer,
  approvalNo: product.approvalNo,
  barcode: product.barcode,
  type: product.type,
  categoryName: category.name,
  image: sql<string | null>`${product.images}[1]`,
  price: quote.price,
  originalPrice: quote.originalPrice,
  stock: quote.stock,
  status: quote.status,
  isTop: quote.isTop,
  salesCount: quote.salesCount,
  updatedAt: quote.updatedAt,
};

export interface QuoteItemRow {
  id: number;
  productId: number;
  name: string;
  genericName: string;
  spec: string;
  manufacturer: string;
  approvalNo: string;
  barcode: string;
  type: (typeof product.$inferSelect)['type'];
  categoryName: string | null;
  image: string | null;
  price: string;
  originalPrice: string | null;
  stock: number;
  status: QuoteStatus;
  isTop: boolean;
  salesCount: number;
  updatedAt: Date | string;
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

/** The only place that knows how quotes are stored. Every query is scoped to the pharmacy. */
export class QuoteRepository {
  // Page 1 of the unfiltered list is what the console opens most: named prepared statements skip building and planning.
  private readonly pageAll;
  private readonly pageByStatus;

  constructor(private readonly db: Database) {
    const page = (byStatus: boolean) => {
      const ids = db
        .select({ id: quote.id })
        .from(quote)
        .where(
          byStatus
            ? and(
                eq(quote.pharmacyId, sql.placeholder('pharmacyId')),
                eq(quote.status, sql.placeholder('status') as unknown as QuoteStatus),
              )
            : eq(quote.pharmacyId, sql.placeholder('pharmacyId')),
        )
        .orderBy(...listOrder)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .as('page_ids');
      return db
        .select(itemColumns)
        .from(ids)
        .innerJoin(quote, eq(quote.id, ids.id))
        .innerJoin(product, eq(product.id, quote.productId))
        .leftJoin(category, eq(category.id, product.categoryId))
        .orderBy(...listOrder)
        .prepare(byStatus ? 'quote_page_status' : 'quote_page_all');
    };
    this.pageAll = page(false);
    this.pageByStatus = page(true);
  }

  /**
   * A page of the pharmacy's quotes, pinned first, with the total and the tab counts. Without filters besides the tab,
   * the page's ids come from the list index (20 entries read) and the counts from list_count (kept by triggers), so
   * nothing is scanned; a filtered search counts exactly what it matches, all tabs in one pass.
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
      const [rows, counted] = await Promise.all([
        status
          ? this.pageByStatus.execute({ pharmacyId, status, limit, offset })
          : this.pageAll.execute({ pharmacyId, limit, offset }),
        readListCounts(this.db, 'quote', pharmacyId),
      ]);
      return { rows, counts: tabCounts(counted.on_shelf, counted.off_shelf) };
    }

    const filtered = [eq(quote.pharmacyId, pharmacyId), ...onQuote, ...onProduct];
    const pageWhere = and(...filtered, ...(status ? [eq(quote.status, status)] : []));
    const pageQuery = this.db
      .select(itemColumns)
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .leftJoin(category, eq(category.id, product.categoryId))
      .where(pageWhere)
      .orderBy(...listOrder)
      .limit(limit)
      .offset(offset);
    const countColumns = {
      onShelf: sql<number>`(count(*) filter (where ${quote.status} = 'on_shelf'))::int`,
      offShelf: sql<number>`(count(*) filter (where ${quote.status} = 'off_shelf'))::int`,
    };
    const countQuery = onProduct.length
      ? this.db
          .select(countColumns)
          .from(quote)
          .innerJoin(product, eq(product.id, quote.productId))
          .where(and(...filtered))
      : this.db
          .select(countColumns)
          .from(quote)
          .where(and(...filtered));
    const [rows, [c]] = await Promise.all([pageQuery, countQuery]);
    return { rows, counts: tabCounts(Number(c?.onShelf ?? 0), Number(c?.offShelf ?? 0)) };
  }

  async findItem(pharmacyId: number, id: number): Promise<QuoteItemRow | undefined> {
    const [row] = await this.db
      .select(itemColumns)
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .leftJoin(category, eq(category.id, product.categoryId))
      .where(and(eq(quote.id, id), eq(quote.pharmacyId, pharmacyId)));
    return row;
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
