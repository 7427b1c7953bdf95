import type { ComboTab, ProductType } from '@pharmacy/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { product, quote, quoteSet, quoteSetItem } from '../../db/schema/index';
import { containsPattern, productSearchCondition } from '../../lib/search';

export type ComboRow = typeof quoteSet.$inferSelect;

/** A quote as the combo pages show it: the product's name, spec, type and first image, its price, stock and status. */
const quoteColumns = {
  quoteId: quote.id,
  productId: quote.productId,
  name: product.name,
  genericName: product.genericName,
  spec: product.spec,
  manufacturer: product.manufacturer,
  approvalNo: product.approvalNo,
  barcode: product.barcode,
  type: product.type,
  image: sql<string | null>`${product.images}[1]`,
  price: quote.price,
  stock: quote.stock,
  status: quote.status,
};
export interface QuoteRow {
  quoteId: number;
  productId: number;
  name: string;
  genericName: string;
  spec: string;
  manufacturer: string;
  approvalNo: string;
  barcode: string;
  type: ProductType;
  image: string | null;
  price: string;
  stock: number;
  status: 'on_shelf' | 'off_shelf';
}
export interface ItemRow extends QuoteRow {
  quoteSetId: number;
  qty: number;
}

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */

/**
 * The only place that knows how combos are stored. Every query names the pharmacy (quote_set.pharmacy_id, and
 * quote.pharmacy_id for the quotes inside), so another pharmacy's rows are simply not there.
 */
export class ComboRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Runs `work` in one transaction with a repository bound to it: everything it writes commits or nothing does. */
  transaction<T>(work: (repo: ComboRepository) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx: Transaction) => work(new ComboRepository(tx)));
  }

  private visible(pharmacyId: number, filter: { status?: ComboTab; keyword?: string } = {}): SQL {
    const conditions: SQL[] = [eq(quoteSet.pharmacyId, pharmacyId)];
    if (filter.status && filter.status !== 'all') conditions.push(eq(quoteSet.status, filter.status));
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      conditions.push(
        or(
          ilike(quoteSet.name, pattern),
          sql`exists (select 1 from ${quoteSetItem} join ${quote} on ${quote.id} = ${quoteSetItem.quoteId}
            join ${product} on ${product.id} = ${quote.productId}
            where ${quoteSetItem.quoteSetId} = ${quoteSet.id} and ${quote.pharmacyId} = ${pharmacyId}
            and (${product.name} ilike ${pattern} or ${product.genericName} ilike ${pattern}))`,
        )!,
      );
    }
    return and(...conditions)!;
  }

  /** Newest first, with the filter's exact total (a pharmacy has few combos: quote_set_pharmacy_idx bounds the count). */
  async page(pharmacyId: number, filter: { status: ComboTab; keyword?: string }, limit: number, offset: number) {
    const where = this.visible(pharmacyId, filter);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(quoteSet).where(where).orderBy(desc(quoteSet.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(quoteSet).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** The pharmacy's combos by status (the tabs), whatever the keyword. */
  async countByStatus(pharmacyId: number): Promise<Record<'on_sale' | 'off_sale', number>> {
    const rows = await this.db
      .select({ status: quoteSet.status, n: count() })
      .from(quoteSet)
      .where(eq(quoteSet.pharmacyId, pharmacyId))
      .groupBy(quoteSet.status);
    const counts = { on_sale: 0, off_sale: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  }

  async find(pharmacyId: number, id: number): Promise<ComboRow | null> {
    const [row] = await this.db
      .select()
      .from(quoteSet)
      .where(and(eq(quoteSet.id, id), eq(quoteSet.pharmacyId, pharmacyId)))
      .limit(1);
    return row ?? null;
  }

  /** The items of these combos with their quotes' current price, stock and status, in each combo's order. */
  async items(pharmacyId: number, setIds: number[]): Promise<ItemRow[]> {
    if (setIds.length === 0) return [];
    const rows = await this.db
      .select({ quoteSetId: quoteSetItem.quoteSetId, qty: quoteSetItem.qty, ...quoteColumns })
      .from(quoteSetItem)
      .innerJoin(quote, and(eq(quote.id, quoteSetItem.quoteId), eq(quote.pharmacyId, pharmacyId)))
      .innerJoin(product, eq(product.id, quote.productId))
      .where(inArray(quoteSetItem.quoteSetId, setIds))
      .orderBy(asc(quoteSetItem.quoteSetId), asc(quoteSetItem.sort), asc(quoteSetItem.id));
    return rows as ItemRow[];
  }

  /** The pharmacy's quotes for the picker: on shelf first, then pinned, then newest. */
  async quotes(pharmacyId: number, filter: { keyword?: string; type?: ProductType }, limit: number, offset: number) {
    const conditions: SQL[] = [eq(quote.pharmacyId, pharmacyId)];
    if (filter.type) conditions.push(eq(product.type, filter.type));
    if (filter.keyword) {
      conditions.push(productSearchCondition(filter.keyword));
    }
    const where = and(...conditions)!;
    const [rows, [total]] = await Promise.all([
      this.db
        .select(quoteColumns)
        .from(quote)
        .innerJoin(product, eq(product.id, quote.productId))
        .where(where)
        .orderBy(desc(quote.status), desc(quote.isTop), desc(quote.sort), desc(quote.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(quote).innerJoin(product, eq(product.id, quote.productId)).where(where),
    ]);
    return { rows: rows as QuoteRow[], total: Number(total?.n ?? 0) };
  }

  async insertSet(values: { pharmacyId: number; name: string; price: string; remark: string }): Promise<number> {
    const [row] = await this.db.insert(quoteSet).values(values).returning({ id: quoteSet.id });
    return row.id;
  }

  async updateSet(pharmacyId: number, id: number, values: { name: string; price: string; remark: string }) {
    const rows = await this.db
      .update(quoteSet)
      .set(values)
      .where(and(eq(quoteSet.id, id), eq(quoteSet.pharmacyId, pharmacyId)))
      .returning({ id: quoteSet.id });
    return rows.length > 0;
  }

  async setStatus(pharmacyId: number, id: number, status: 'on_sale' | 'off_sale') {
    const rows = await this.db
      .update(quoteSet)
      .set({ status })
      .where(and(eq(quoteSet.id, id), eq(quoteSet.pharmacyId, pharmacyId)))
      .returning({ id: quoteSet.id });
    return rows.length > 0;
  }

  async deleteSet(pharmacyId: number, id: number) {
    const rows = await this.db
      .delete(quoteSet)
      .where(and(eq(quoteSet.id, id), eq(quoteSet.pharmacyId, pharmacyId)))
      .returning({ id: quoteSet.id });
    return rows.length > 0;
  }

  async quoteIdsOf(setId: number): Promise<number[]> {
    const rows = await this.db
      .select({ quoteId: quoteSetItem.quoteId })
      .from(quoteSetItem)
      .where(eq(quoteSetItem.quoteSetId, setId));
    return rows.map((r) => r.quoteId);
  }

  async deleteItems(setId: number) {
    await this.db.delete(quoteSetItem).where(eq(quoteSetItem.quoteSetId, setId));
  }

  /**
   * Writes a combo's lines from the pharmacy's own quotes only (INSERT … SELECT … JOIN quote ON pharmacy_id; the
   * foreign key then keeps those quotes from being deleted). Answers the quote ids written: fewer than asked means a
   * quote is not this pharmacy's (or does not exist), and the caller rolls the transaction back.
   */
  async insertItems(pharmacyId: number, setId: number, items: { quoteId: number; qty: number }[]): Promise<number[]> {
    if (items.length === 0) return [];
    const lines = sql.join(
      items.map((item, i) => sql`(${item.quoteId}::integer, ${item.qty}::integer, ${i}::integer)`),
      sql`, `,
    );
    const result = await this.db.execute<{ quote_id: number }>(sql`
      insert into ${quoteSetItem} (quote_set_id, quote_id, qty, sort)
      select ${setId}, q.id, l.qty, l.sort
      from (values ${lines}) as l(quote_id, qty, sort)
      join ${quote} q on q.id = l.quote_id and q.pharmacy_id = ${pharmacyId}
      returning quote_id`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { quote_id: number }[] }).rows) ?? [];
    return rows.map((r) => Number(r.quote_id));
  }
}
