import {
  type Combo,
  type ComboBody,
  type ComboItem,
  type ComboList,
  type ComboListQuery,
  type ComboQuote,
  type ComboQuoteQuery,
  comboMessages,
  comboTotals,
  ErrorCode,
  formatMoney,
  isComboPriceAboveTotal,
  multiply,
  type PageResult,
  type UnavailableItem,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { ComboRepository, ComboRow, ItemRow, QuoteRow } from './combos.repository';

const toQuote = (q: QuoteRow): ComboQuote => ({
  quote_id: q.quoteId,
  product_id: q.productId,
  name: q.name,
  generic_name: q.genericName,
  spec: q.spec,
  manufacturer: q.manufacturer,
  approval_no: q.approvalNo,
  barcode: q.barcode,
  type: q.type,
  image: q.image,
  price: q.price,
  stock: q.stock,
  status: q.status,
});

const toItem = (i: ItemRow): ComboItem => ({
  ...toQuote(i),
  qty: i.qty,
  subtotal: formatMoney(multiply(i.price, i.qty)),
});

/** What a combo can no longer deliver, derived from its quotes as they are now (never written back). */
const unavailable = (items: ItemRow[]): UnavailableItem[] =>
  items.flatMap((i): UnavailableItem[] =>
    i.status === 'off_shelf'
      ? [{ quote_id: i.quoteId, name: i.name, reason: 'off_shelf' }]
      : i.stock < i.qty
        ? [{ quote_id: i.quoteId, name: i.name, reason: 'out_of_stock' }]
        : [],
  );

export function toCombo(row: ComboRow, items: ItemRow[]): Combo {
  const { items_total, saving } = comboTotals(items, row.price);
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    status: row.status,
    remark: row.remark,
    items: items.map(toItem),
    items_total,
    saving,
    unavailable_items: unavailable(items),
    has_off_shelf: items.some((i) => i.status === 'off_shelf'),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => AppError.notFound(comboMessages.notFound, 'Combo not found');
/** A quote of another pharmacy answers exactly like a missing one. */
const quoteMissing = () => AppError.notFound(comboMessages.quoteMissing, 'Quote not found in this pharmacy');
const fieldError = (field: string, reason: string, message: string) =>
  new AppError(400, ErrorCode.BAD_PARAMS, `${field} ${reason}`, message, {
    field,
    issues: [{ field, message: reason }],
  });

/** Combos of one pharmacy: list, detail, create / edit (set and items in one transaction), on / off sale, delete. */
export class ComboService {
  constructor(private readonly repo: ComboRepository) {}

  async list(pharmacyId: number, query: ComboListQuery): Promise<ComboList> {
    const [{ rows, total }, counts] = await Promise.all([
      this.repo.page(
        pharmacyId,
        { status: query.status, keyword: query.keyword || undefined },
        query.page_size,
        (query.page - 1) * query.page_size,
      ),
      this.repo.countByStatus(pharmacyId),
    ]);
    const items = await this.repo.items(
      pharmacyId,
      rows.map((r) => r.id),
    );
    return {
      list: rows.map((r) =>
        toCombo(
          r,
          items.filter((i) => i.quoteSetId === r.id),
        ),
      ),
      total,
      page: query.page,
      page_size: query.page_size,
      counts: { all: counts.on_sale + counts.off_sale, ...counts },
    };
  }

  async quotes(pharmacyId: number, query: ComboQuoteQuery): Promise<PageResult<ComboQuote>> {
    const { rows, total } = await this.repo.quotes(
      pharmacyId,
      { keyword: query.keyword || undefined, type: query.type },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { list: rows.map(toQuote), total, page: query.page, page_size: query.page_size };
  }

  async detail(pharmacyId: number, id: number): Promise<Combo> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    return toCombo(row, await this.repo.items(pharmacyId, [id]));
  }

  create(pharmacyId: number, body: ComboBody): Promise<number> {
    return this.save(pharmacyId, null, body);
  }

  update(pharmacyId: number, id: number, body: ComboBody): Promise<number> {
    return this.save(pharmacyId, id, body);
  }

  /**
   * Writes the combo and its items in one transaction, then checks them as written: a quote that is not the
   * pharmacy's, a newly added off-shelf quote, or a price above the items' sum rolls everything back.
   */
  private save(pharmacyId: number, id: number | null, body: ComboBody): Promise<number> {
    const values = { name: body.name, price: formatMoney(body.price), remark: body.remark ?? '' };
    return this.repo.transaction(async (repo) => {
      let setId: number;
      let kept = new Set<number>();
      if (id === null) {
        setId = await repo.insertSet({ pharmacyId, ...values });
      } else {
        if (!(await repo.updateSet(pharmacyId, id, values))) throw notFound();
        kept = new Set(await repo.quoteIdsOf(id));
        await repo.deleteItems(id);
        setId = id;
      }
      const written = await repo.insertItems(
        pharmacyId,
        setId,
        body.items.map((i) => ({ quoteId: i.quote_id, qty: i.qty })),
      );
      if (written.length !== body.items.length) throw quoteMissing();

      const items = await repo.items(pharmacyId, [setId]);
      // An item already in the combo may have gone off shelf since (the combo shows it); a new one may not.
      const offShelf = items.find((i) => i.status === 'off_shelf' && !kept.has(i.quoteId));
      if (offShelf) {
        const index = body.items.findIndex((i) => i.quote_id === offShelf.quoteId);
        throw fieldError(`items.${index}.quote_id`, `「${offShelf.name}」已下架，不能加入套餐`, 'Quote is off shelf');
      }
      const { items_total } = comboTotals(items, values.price);
      if (isComboPriceAboveTotal(values.price, items_total)) {
        throw fieldError('price', comboMessages.priceAboveTotal, `Price above the items' total ${items_total}`);
      }
      return setId;
    });
  }

  /** On sale only when every quote is on shelf and the price is not above the items' sum as they are now. */
  async setStatus(pharmacyId: number, id: number, status: 'on_sale' | 'off_sale'): Promise<void> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    if (status === 'on_sale') {
      const items = await this.repo.items(pharmacyId, [id]);
      const offShelf = items.find((i) => i.status === 'off_shelf');
      if (offShelf) throw AppError.callerHandles(comboMessages.offShelf(offShelf.name), 'A quote is off shelf');
      const { items_total } = comboTotals(items, row.price);
      if (isComboPriceAboveTotal(row.price, items_total)) {
        throw AppError.callerHandles(
          `${comboMessages.priceAboveTotal}（商品原价合计 ¥${items_total}），请先调整套餐价`,
          'Price above the items total',
        );
      }
    }
    if (!(await this.repo.setStatus(pharmacyId, id, status))) throw notFound();
  }

  async remove(pharmacyId: number, id: number): Promise<void> {
    if (!(await this.repo.deleteSet(pharmacyId, id))) throw notFound();
  }
}
