import {
  ErrorCode,
  type PageResult,
  type PharmacyQuoteListQuery,
  type QuoteCreateBody,
  type QuoteListItem,
  type QuoteListResult,
  type QuoteProduct,
  type QuoteProductQuery,
  type QuoteShelfBody,
  type QuoteUpdateBody,
  quoteMessages,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { QuoteItemRow, QuoteProductRow, QuoteRepository } from './quotes.repository';

const toItem = (r: QuoteItemRow): QuoteListItem => ({
  id: r.id,
  product_id: r.productId,
  name: r.name,
  generic_name: r.genericName,
  spec: r.spec,
  manufacturer: r.manufacturer,
  approval_no: r.approvalNo,
  barcode: r.barcode,
  type: r.type,
  category_name: r.categoryName,
  image: r.image,
  price: r.price,
  original_price: r.originalPrice,
  stock: r.stock,
  status: r.status,
  is_top: r.isTop,
  sales_count: r.salesCount,
  updated_at: r.updatedAt,
});

const toProduct = (r: QuoteProductRow): QuoteProduct => ({
  id: r.id,
  name: r.name,
  generic_name: r.genericName,
  spec: r.spec,
  manufacturer: r.manufacturer,
  approval_no: r.approvalNo,
  barcode: r.barcode,
  type: r.type,
  category_name: r.categoryName,
  image: r.image,
  quoted: r.quoted,
});

/** An empty original price means none. */
const originalOf = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** The SQLSTATE of a database error, looked for through `cause`s (drizzle wraps the driver's error). */
function sqlState(err: unknown): string | null {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

const notFound = () => AppError.notFound(quoteMessages.notFound, 'Quote not found');

/**
 * A pharmacy's quotes: list with tab counts, the product picker, create, edit, shelf, pin, delete. Another pharmacy's
 * quote answers exactly like a missing one. No Fastify types here.
 */
export class QuoteService {
  constructor(private readonly repo: QuoteRepository) {}

  async list(pharmacyId: number, query: PharmacyQuoteListQuery): Promise<QuoteListResult> {
    const { rows, counts } = await this.repo.page(pharmacyId, query);
    return {
      list: rows.map(toItem),
      total: counts[query.status],
      page: query.page,
      page_size: query.page_size,
      counts,
    };
  }

  async products(pharmacyId: number, query: QuoteProductQuery): Promise<PageResult<QuoteProduct>> {
    const { rows, total } = await this.repo.products(pharmacyId, query);
    return { list: rows.map(toProduct), total, page: query.page, page_size: query.page_size };
  }

  async create(pharmacyId: number, body: QuoteCreateBody): Promise<QuoteListItem> {
    if (!(await this.repo.isActiveProduct(body.product_id)))
      throw AppError.badParams('product_id', quoteMessages.productMissing, 'Unknown or inactive product');
    const id = await this.repo.insert({
      pharmacyId,
      productId: body.product_id,
      price: body.price,
      originalPrice: originalOf(body.original_price),
      stock: body.stock,
      status: body.status,
    });
    if (id === null) {
      throw new AppError(409, ErrorCode.CONFLICT, quoteMessages.duplicate, 'The pharmacy already quotes this product', {
        field: 'product_id',
      });
    }
    return this.item(pharmacyId, id);
  }

  async update(pharmacyId: number, id: number, body: QuoteUpdateBody): Promise<QuoteListItem> {
    const changed = await this.repo.update(pharmacyId, id, {
      price: body.price,
      originalPrice: originalOf(body.original_price),
      stock: body.stock,
    });
    if (!changed) throw notFound();
    return this.item(pharmacyId, id);
  }

  setStatus(pharmacyId: number, body: QuoteShelfBody): Promise<number> {
    return this.repo.setStatus(pharmacyId, [...new Set(body.ids)], body.status);
  }

  async setTop(pharmacyId: number, id: number, isTop: boolean): Promise<QuoteListItem> {
    if (!(await this.repo.setTop(pharmacyId, id, isTop))) throw notFound();
    return this.item(pharmacyId, id);
  }

  /** A quote a combo holds stays (the combo would change silently): refused, naming the combo. */
  async remove(pharmacyId: number, id: number): Promise<void> {
    const combos = await this.repo.combosUsing(pharmacyId, id);
    if (combos.length) throw inCombo(combos);
    let deleted: boolean;
    try {
      deleted = await this.repo.delete(pharmacyId, id);
    } catch (err) {
      // a combo took it in between (quote_set_item's restrict foreign key)
      if (sqlState(err) === '23503') throw inCombo(await this.repo.combosUsing(pharmacyId, id));
      throw err;
    }
    if (!deleted) throw notFound();
  }

  private async item(pharmacyId: number, id: number): Promise<QuoteListItem> {
    const row = await this.repo.findItem(pharmacyId, id);
    if (!row) throw notFound();
    return toItem(row);
  }
}

function inCombo(names: string[]) {
  const named = names.length ? names.map((n) => `「${n}」`).join('') : '';
  return AppError.conflict(
    `该报价已用于套餐${named}，请先从套餐中移除后再删除`,
    'The quote is used in a combo (quote_set_item)',
  );
}
