import { createHash } from 'node:crypto';
import {
  add,
  ageFromIdNumber,
  ageFromTimestamp,
  type CreateUserOrderBody,
  formatMoney,
  genderFromIdNumber,
  isValidIdNumber,
  marketingMessages,
  maskPhone,
  multiply,
  type OrderDetail,
  type OrderKind,
  type OrderSummary,
  orderLineOffShelf,
  orderLineOutOfStock,
  orderStatusLabels,
  type PageResult,
  type PayUserOrderBody,
  type PayUserOrderResult,
  proxyOrderMessages,
  subtract,
  type UpdateUserOrderBody,
  type UserOrderListQuery,
  userOrderConflict,
  userOrderMessages,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { transitionOrder } from '../../lib/order-state';
import type { PaymentProvider } from '../../lib/payment';
import type { NewOrderLine, OrderItemRow, OrderRow, QuoteForOrder, UserOrderRepository } from './user-order.repository';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const pgError = (err: unknown): { code?: string; constraint?: string } => {
  const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  };
};

/** a >= b, exactly. */
const atLeast = (a: string, b: string) => !subtract(a, b).startsWith('-');

/** The body as a stable text (keys sorted at every level), hashed: the same request gives the same hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
export const requestHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

function itemsText(row: OrderRow) {
  if (!row.first_item_name) return '';
  const first = `${row.first_item_name} ×${row.first_item_qty}`;
  return row.item_count > 1 ? `${first} 等 ${row.item_count} 件` : first;
}

function oneLineAddress(row: Pick<OrderRow, 'province' | 'city' | 'district' | 'address_detail'>) {
  return [row.province, row.city === row.province ? '' : row.city, row.district, row.address_detail].join('');
}

export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    order_no: row.order_no,
    pharmacy_id: row.pharmacy_id,
    pharmacy_name: row.pharmacy_name,
    account_id: row.account_id,
    buyer_phone: String(maskPhone(row.buyer_phone)),
    kind: row.kind,
    has_rx: row.has_rx,
    status: row.status,
    goods_amount: row.goods_amount,
    freight: row.freight,
    discount: row.discount,
    pay_amount: row.pay_amount,
    patient_name: row.patient_name,
    receiver_name: row.receiver_name,
    receiver_phone: row.receiver_phone,
    address: oneLineAddress(row),
    items_text: itemsText(row),
    item_count: row.item_count,
    courier_code: row.courier_code,
    tracking_no: row.tracking_no,
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
    shipped_at: iso(row.shipped_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
  };
}

export function toOrderDetail(row: OrderRow, items: OrderItemRow[]): OrderDetail {
  return {
    ...toOrderSummary(row),
    family_member_id: row.family_member_id,
    patient_gender: row.patient_gender,
    patient_age: row.patient_age,
    province: row.province,
    city: row.city,
    district: row.district,
    address_detail: row.address_detail,
    buyer_remark: row.buyer_remark,
    recipe_id: row.recipe_id,
    channel_id: row.channel_id,
    quote_set_id: row.quote_set_id,
    pay_method: row.pay_method,
    auto_confirm_at: iso(row.auto_confirm_at),
    completed_by: row.completed_by,
    cancel_reason: row.cancel_reason,
    cancelled_by: row.cancelled_by,
    items: items.map((i) => ({
      id: i.id,
      quote_id: i.quote_id,
      quote_set_id: i.quote_set_id,
      product_id: i.product_id,
      name: i.name,
      spec: i.spec,
      product_type: i.product_type,
      approval_no: i.approval_no,
      image: i.image,
      price: i.price,
      qty: i.qty,
      subtotal: i.subtotal,
      combo_items: i.combo_items,
    })),
  };
}

/** The patient as ordered: gender and age from the ID number when it is valid, else from the stored fields. */
function patientSnapshot(m: { name: string; id_number: string; gender: string | null; birthday: string | null }) {
  if (isValidIdNumber(m.id_number)) {
    return { name: m.name, gender: genderFromIdNumber(m.id_number), age: ageFromIdNumber(m.id_number) };
  }
  let age: number | null = null;
  if (m.birthday) {
    const [y, mo, d] = m.birthday.split('-').map(Number);
    age = ageFromTimestamp(new Date(y!, mo! - 1, d!));
  }
  return { name: m.name, gender: m.gender ?? '', age };
}

/**
 * An order staff place for a customer (marketing's 代下单 / 非药品下单): the same path as the patient's, for the
 * customer's account, with the kind fixed, the staff member as created_by and, for non_drug, NON_DRUG quotes only
 * (`nonDrugOnly` words the refusal of another product).
 */
export interface StaffPlacement {
  kind: 'proxy' | 'non_drug';
  createdBy: number;
  nonDrugOnly?: (name: string) => string;
}

/**
 * The patient's orders: place (idempotent, stock taken in the same transaction), pay through a provider, read,
 * cancel or re-address while unpaid, confirm receipt. Status changes go through the state machine (order-state.ts).
 * No Fastify types here.
 */
export class UserOrderService {
  constructor(
    private readonly repo: UserOrderRepository,
    private readonly providers: Map<string, PaymentProvider>,
  ) {}

  // ---------------------------------------------------------------------------------------------------------------
  // Reading

  async list(accountId: number, query: UserOrderListQuery): Promise<PageResult<OrderSummary>> {
    const { rows, total } = await this.repo.page(
      accountId,
      query.status,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { list: rows.map(toOrderSummary), total, page: query.page, page_size: query.page_size };
  }

  async detail(accountId: number, id: number, db: DbExecutor = this.repo.db): Promise<OrderDetail> {
    const row = await this.repo.order(db, accountId, id);
    if (!row) throw AppError.notFound(userOrderMessages.notFound, 'Order not found');
    return toOrderDetail(row, await this.repo.items(db, id));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Placing

  /**
   * Places an order in two round trips: one read, then one statement that writes the order, its stock and its lines
   * (placeOrder; autocommit, all or nothing). With an idempotency key, the same key and body answer the order it
   * first created; another body under the same key is refused (409); concurrent duplicates meet at the unique index
   * (account, key), their statements fail before any stock is taken, and the losers answer the winner's order.
   */
  async create(
    accountId: number,
    body: CreateUserOrderBody,
    key?: string,
    staff?: StaffPlacement,
  ): Promise<OrderDetail> {
    // a staff placement hashes what it adds too: the same key reused for another kind is another body
    const hashed = staff ? { ...body, staff_kind: staff.kind, created_by: staff.createdBy } : body;
    const hash = key === undefined ? null : requestHash(hashed);
    try {
      return await this.place(this.repo.db, accountId, body, key ?? null, hash, staff);
    } catch (err) {
      const { code } = pgError(err);
      if (key !== undefined && code === '23505') {
        const replay = await this.replay(accountId, key, hash!);
        if (replay) return replay;
      }
      throw err;
    }
  }

  private async replay(accountId: number, key: string, hash: string): Promise<OrderDetail | undefined> {
    const existing = await this.repo.byIdempotencyKey(this.repo.db, accountId, key);
    return existing && this.answerReplay(accountId, existing, hash);
  }

  /** The order a key first created, when the body is the same; another body under the key is refused (409). */
  private answerReplay(
    accountId: number,
    existing: { id: number; request_hash: string | null },
    hash: string | null,
    db: DbExecutor = this.repo.db,
  ): Promise<OrderDetail> {
    if (existing.request_hash !== hash) {
      throw AppError.conflict(userOrderMessages.idempotencyMismatch, 'Idempotency-Key reused with another body');
    }
    return this.detail(accountId, existing.id, db);
  }

  private async place(
    db: DbExecutor,
    accountId: number,
    body: CreateUserOrderBody,
    key: string | null,
    hash: string | null,
    staff?: StaffPlacement,
  ): Promise<OrderDetail> {
    // one round trip for every read (and the key's earlier order); one statement writes (placeOrder)
    const { pharmacy, member, address, buyerPhone, quotes, combo, existing, blacklisted } = await this.repo.placeReads(
      db,
      {
        accountId,
        pharmacyId: body.pharmacy_id,
        memberId: body.family_member_id,
        addressId: body.address_id,
        quoteIds: body.lines.map((l) => l.quote_id),
        comboId: body.quote_set_id ?? null,
        key,
      },
    );
    if (existing) return this.answerReplay(accountId, existing, hash, db);
    if (!pharmacy) throw AppError.badParams('pharmacy_id', userOrderMessages.pharmacyNotFound);
    // the pharmacy's blacklist (lib/blacklist.ts): no order for the account there, by the patient or by staff
    if (blacklisted) throw AppError.forbidden(marketingMessages.blacklisted, 'Account is blacklisted at the pharmacy');
    if (!member) throw AppError.badParams('family_member_id', userOrderMessages.familyMemberNotFound);
    if (!address) throw AppError.badParams('address_id', userOrderMessages.addressNotFound);

    const lines: NewOrderLine[] = [];
    /** quote id → units taken from its stock, with a name for the refusal */
    const units = new Map<number, number>();
    const names = new Map<number, string>();
    const take = (q: QuoteForOrder, n: number) => {
      units.set(q.id, (units.get(q.id) ?? 0) + n);
      names.set(q.id, q.name);
    };
    /** product types of what the order holds, a combo counted by its items */
    const types: string[][] = [];

    for (const l of body.lines) {
      const q = quotes.find((x) => x.id === l.quote_id);
      if (!q) throw AppError.badParams('lines', userOrderMessages.quoteNotFound);
      if (!q.on_shelf) throw AppError.conflict(orderLineOffShelf(q.name), `Quote ${q.id} is off shelf`);
      if (staff?.nonDrugOnly && q.type !== 'NON_DRUG') {
        throw AppError.badParams('lines', staff.nonDrugOnly(q.name), `Quote ${q.id} is not NON_DRUG`);
      }
      take(q, l.qty);
      types.push([q.type]);
      lines.push({
        quoteId: q.id,
        quoteSetId: null,
        productId: q.product_id,
        name: q.name,
        spec: q.spec,
        productType: q.type,
        approvalNo: q.approval_no,
        image: q.image,
        price: q.price,
        qty: l.qty,
        subtotal: formatMoney(multiply(q.price, l.qty)),
        comboItems: null,
      });
    }

    if (body.quote_set_id !== undefined) {
      if (staff?.nonDrugOnly) throw AppError.badParams('quote_set_id', proxyOrderMessages.comboNotAllowed);
      const qty = body.quote_set_qty ?? 1;
      if (!combo) throw AppError.badParams('quote_set_id', userOrderMessages.comboNotFound);
      if (!combo.on_sale) throw AppError.conflict(userOrderMessages.comboOffSale, `Combo ${combo.id} is off sale`);
      if (combo.items.length === 0) throw AppError.conflict(userOrderMessages.comboEmpty, `Combo ${combo.id} empty`);
      for (const item of combo.items) {
        if (!item.on_shelf) throw AppError.conflict(orderLineOffShelf(item.name), `Quote ${item.id} is off shelf`);
        take(item, item.qty * qty);
      }
      types.push(combo.items.map((i) => i.type));
      lines.push({
        quoteId: null,
        quoteSetId: combo.id,
        productId: null,
        name: combo.name,
        spec: combo.items
          .map((i) => `${i.name}×${i.qty}`)
          .join('、')
          .slice(0, 200),
        productType: 'COMBO',
        approvalNo: '',
        image: combo.items.find((i) => i.image)?.image ?? '',
        price: combo.price,
        qty,
        subtotal: formatMoney(multiply(combo.price, qty)),
        comboItems: combo.items.map((i) => ({
          quote_id: i.id,
          product_id: i.product_id,
          name: i.name,
          spec: i.spec,
          qty: i.qty,
        })),
      });
    }

    let goods = '0';
    for (const l of lines) goods = add(goods, l.subtotal);
    goods = formatMoney(goods);
    const threshold = pharmacy.free_freight_threshold;
    const freight = threshold !== null && atLeast(goods, threshold) ? '0.00' : formatMoney(pharmacy.freight);
    const discount = '0.00';
    const hasRx = types.some((t) => t.includes('RX'));
    const kind: OrderKind =
      staff?.kind ?? (hasRx ? 'rx' : types.every((t) => t.every((x) => x === 'NON_DRUG')) ? 'non_drug' : 'normal');
    const patient = patientSnapshot(member);

    const payAmount = formatMoney(subtract(add(goods, freight), discount));
    const inserted = await this.repo.placeOrder(
      db,
      {
        pharmacyId: pharmacy.id,
        accountId,
        familyMemberId: member.id,
        addressId: address.id,
        kind,
        hasRx,
        goodsAmount: goods,
        freight,
        discount,
        payAmount,
        patientName: patient.name,
        patientGender: patient.gender,
        patientAge: patient.age,
        receiverName: address.name,
        receiverPhone: address.phone,
        province: address.province,
        city: address.city,
        district: address.district,
        addressDetail: address.detail,
        buyerRemark: body.buyer_remark,
        quoteSetId: body.quote_set_id ?? null,
        createdBy: staff?.createdBy ?? null,
        idempotencyKey: key,
        requestHash: hash,
      },
      lines,
      units,
    );
    // a short quote: nothing was written (no order, no lines, no stock taken from the other quotes)
    if (inserted.id === null) {
      const short = inserted.short[0]!;
      throw AppError.conflict(orderLineOutOfStock(names.get(short) ?? ''), `Quote ${short} is short of stock`);
    }
    const lineIds = inserted.lineIds;

    // the answer from what was written (the same as reading the order back: the tests compare the two)
    const row: OrderRow = {
      id: inserted.id,
      order_no: inserted.order_no,
      pharmacy_id: pharmacy.id,
      pharmacy_name: pharmacy.name,
      account_id: accountId,
      buyer_phone: buyerPhone,
      kind,
      has_rx: hasRx,
      status: 'pending_payment',
      goods_amount: goods,
      freight,
      discount,
      pay_amount: payAmount,
      patient_name: patient.name,
      patient_gender: patient.gender,
      patient_age: patient.age,
      receiver_name: address.name,
      receiver_phone: address.phone,
      province: address.province,
      city: address.city,
      district: address.district,
      address_detail: address.detail,
      buyer_remark: body.buyer_remark,
      family_member_id: member.id,
      recipe_id: null,
      channel_id: null,
      quote_set_id: body.quote_set_id ?? null,
      pay_method: '',
      courier_code: null,
      tracking_no: null,
      created_at: inserted.created_at,
      paid_at: null,
      shipped_at: null,
      auto_confirm_at: null,
      completed_at: null,
      completed_by: null,
      cancelled_at: null,
      cancel_reason: '',
      cancelled_by: null,
      item_count: lines.length,
      first_item_name: lines[0]!.name,
      first_item_qty: lines[0]!.qty,
    };
    return toOrderDetail(
      row,
      lines.map((l, i) => ({
        id: lineIds[i]!,
        order_id: inserted.id,
        quote_id: l.quoteId,
        quote_set_id: l.quoteSetId,
        product_id: l.productId,
        name: l.name,
        spec: l.spec,
        product_type: l.productType,
        approval_no: l.approvalNo,
        image: l.image,
        price: l.price,
        qty: l.qty,
        subtotal: l.subtotal,
        combo_items: l.comboItems,
      })),
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Paying

  /**
   * Opens the order's payment through the provider (one live payment per order: calling again answers the open
   * one, with the new reference if one is given). A provider that settles on the spot moves the order on now.
   */
  async pay(accountId: number, id: number, input?: PayUserOrderBody | null): Promise<PayUserOrderResult> {
    const body = { provider: input?.provider ?? 'offline', reference: input?.reference ?? '' };
    const provider = this.providers.get(body.provider);
    if (!provider) throw AppError.badParams('provider', userOrderMessages.providerUnknown);
    const { order, payment } = await this.repo.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, accountId, id);
      if (!order) throw AppError.notFound(userOrderMessages.notFound, 'Order not found');
      if (order.status !== 'pending_payment') {
        throw AppError.conflict(userOrderConflict(order.status, '付款'), `Order ${id} is ${order.status}`);
      }
      const live = await this.repo.livePayment(tx, id);
      if (live) {
        if (live.provider !== provider.name) {
          throw AppError.conflict(userOrderMessages.paymentLive, `Order ${id} has a live ${live.provider} payment`);
        }
        if (body.reference && body.reference !== live.provider_ref) {
          await this.repo.setPaymentRef(tx, live.id, body.reference);
          live.provider_ref = body.reference;
        }
        return { order, payment: live };
      }
      const opened = await provider.open(
        {
          id: order.id,
          orderNo: order.order_no,
          pharmacyId: order.pharmacy_id,
          accountId: order.account_id,
          amount: order.pay_amount,
        },
        { reference: body.reference },
      );
      const payment = await this.repo.insertPayment(tx, {
        orderId: id,
        pharmacyId: order.pharmacy_id,
        provider: provider.name,
        amount: order.pay_amount,
        ref: opened.ref,
      });
      await this.repo.setPayMethod(tx, id, provider.name);
      if (opened.status === 'paid') {
        await transitionOrder(tx, id, 'pay', { accountId, payRef: opened.ref });
        payment.status = 'paid';
      }
      return { order, payment };
    });
    const detail = await this.detail(accountId, id);
    const pharmacy = await this.repo.pharmacySettings(order.pharmacy_id);
    const receiving =
      provider.name === 'offline'
        ? {
            bank: pharmacy?.receiving_bank ?? '',
            account_name: pharmacy?.receiving_account_name ?? '',
            account_no: pharmacy?.receiving_account_no ?? '',
            service_phone: pharmacy?.service_phone ?? '',
          }
        : null;
    const next = detail.has_rx ? orderStatusLabels.pending_review : orderStatusLabels.pending_shipment;
    let instructions = `付款 ¥${payment.amount} 已完成，订单${orderStatusLabels[detail.status]}`;
    if (payment.status === 'pending' && receiving) {
      instructions =
        receiving.account_no === ''
          ? `请联系药店${receiving.service_phone ? `（${receiving.service_phone}）` : ''}获取收款账户，转账 ¥${payment.amount}，药店确认收款后订单进入${next}`
          : `请向 ${receiving.account_name}（${receiving.bank} ${receiving.account_no}）转账 ¥${payment.amount}，附言注明订单号 ${detail.order_no}；药店确认收款后订单进入${next}`;
    }
    return {
      order_id: detail.id,
      order_no: detail.order_no,
      order_status: detail.status,
      payment: {
        id: payment.id,
        provider: payment.provider,
        status: payment.status,
        amount: payment.amount,
        reference: payment.provider_ref,
        created_at: iso(payment.created_at)!,
      },
      receiving,
      instructions,
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Changing

  /** Cancel, or change the address, while the order is unpaid. */
  async update(accountId: number, id: number, body: UpdateUserOrderBody): Promise<OrderDetail> {
    await this.repo.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, accountId, id);
      if (!order) throw AppError.notFound(userOrderMessages.notFound, 'Order not found');
      const what = body.action === 'cancel' ? '取消订单' : '修改收货地址';
      if (order.status !== 'pending_payment') {
        throw AppError.conflict(userOrderConflict(order.status, what), `Order ${id} is ${order.status}`);
      }
      if (body.action === 'cancel') {
        await transitionOrder(tx, id, 'cancel', {
          accountId,
          cancelledBy: 'buyer',
          set: { cancel_reason: body.reason || '买家取消' },
        });
      } else {
        const address = await this.repo.address(tx, accountId, body.address_id);
        if (!address) throw AppError.badParams('address_id', userOrderMessages.addressNotFound);
        await this.repo.changeAddress(tx, id, address);
      }
    });
    return this.detail(accountId, id);
  }

  /** The patient confirms receipt of a shipped order. */
  async complete(accountId: number, id: number): Promise<OrderDetail> {
    await this.repo.transaction(async (tx) => {
      const order = await this.repo.lockOrder(tx, accountId, id);
      if (!order) throw AppError.notFound(userOrderMessages.notFound, 'Order not found');
      if (order.status !== 'shipped') {
        throw AppError.conflict(userOrderConflict(order.status, '确认收货'), `Order ${id} is ${order.status}`);
      }
      await transitionOrder(tx, id, 'complete', { accountId, completedBy: 'user' });
    });
    return this.detail(accountId, id);
  }
}
