import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { product, quote } from './catalogue';
import { baseColumns, tz } from './columns';
import { address, familyMember } from './people';
import { channel, pharmacy } from './pharmacies';
import { quoteSet } from './pharmacy-console';

// Order tables (docs/orders.md). The table is `orders`, not `order` (a reserved word in SQL). Money is numeric(12,2)
// and computed with decimal.js; every state change is one guarded UPDATE … WHERE status = expected.

export const orderStatusValues = [
  'pending_payment',
  'pending_review',
  'pending_shipment',
  'shipped',
  'completed',
  'cancelled',
] as const;
export const orderKindValues = ['normal', 'rx', 'proxy', 'non_drug'] as const;

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A patient's order at one pharmacy, with the address and the patient as they were when it was placed. */
export const orders = pgTable(
  'orders',
  {
    ...baseColumns(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'restrict' }),
    familyMemberId: integer('family_member_id').references(() => familyMember.id, { onDelete: 'set null' }),
    addressId: integer('address_id').references(() => address.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 16, enum: orderKindValues }).notNull().default('normal'),
    /** Whether it holds prescription (RX) items: it then waits in pending_review for an approved recipe. */
    hasRx: boolean('has_rx').notNull().default(false),
    status: varchar('status', { length: 20, enum: orderStatusValues }).notNull().default('pending_payment'),
    goodsAmount: money('goods_amount').notNull(),
    freight: money('freight').notNull().default('0.00'),
    discount: money('discount').notNull().default('0.00'),
    payAmount: money('pay_amount').notNull(),
    // the patient as ordered (family member snapshot)
    patientName: varchar('patient_name', { length: 50 }).notNull().default(''),
    patientGender: varchar('patient_gender', { length: 8 }).notNull().default(''),
    patientAge: integer('patient_age'),
    // the address snapshot
    receiverName: varchar('receiver_name', { length: 50 }).notNull(),
    receiverPhone: varchar('receiver_phone', { length: 20 }).notNull(),
    province: varchar('province', { length: 32 }).notNull(),
    city: varchar('city', { length: 32 }).notNull(),
    district: varchar('district', { length: 32 }).notNull().default(''),
    addressDetail: varchar('address_detail', { length: 200 }).notNull(),
    buyerRemark: varchar('buyer_remark', { length: 200 }).notNull().default(''),
    /** The recipe (prescription) that approved an RX order; the clinical module's table (no FK yet). */
    recipeId: integer('recipe_id'),
    channelId: integer('channel_id').references(() => channel.id, { onDelete: 'set null' }),
    /** The staff member who placed a proxy order (代下单). */
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    quoteSetId: integer('quote_set_id').references(() => quoteSet.id, { onDelete: 'set null' }),
    /** `Idempotency-Key` of the creating request, with a hash of its body: a retry answers the first order. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    requestHash: varchar('request_hash', { length: 64 }),
    payMethod: varchar('pay_method', { length: 16 }).notNull().default(''),
    paidAt: tz('paid_at'),
    shippedAt: tz('shipped_at'),
    /** When a shipped order completes by itself (shipped_at + the pharmacy's auto_confirm_days). */
    autoConfirmAt: tz('auto_confirm_at'),
    completedAt: tz('completed_at'),
    /** How it completed: delivery (staff confirm delivery), user (patient confirms), auto, staff (complete order). */
    completedBy: varchar('completed_by', { length: 16, enum: ['delivery', 'user', 'auto', 'staff'] }),
    cancelledAt: tz('cancelled_at'),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    /** Who cancelled: the buyer, staff, the review (recipe rejected), the system (unpaid timeout). */
    cancelledBy: varchar('cancelled_by', { length: 16, enum: ['buyer', 'staff', 'review', 'system'] }),
    deletedAt: tz('deleted_at'),
    /**
     * The lines as the order list shows them, written with the lines (order lines never change): how many, and
     * "name ×qty、name ×qty 等 n 件" of the first two (SQL function order_items_text, migration 0027). Kept on the order so a
     * page of the list reads no order_item row (docs/orders.md "Performance pass 4").
     */
    itemCount: integer('item_count').notNull().default(0),
    itemsText: text('items_text').notNull().default(''),
  },
  (t) => [
    // the console's list, newest first, per tab (page 1 reads 20 index entries)
    index('orders_pharmacy_list_idx').on(t.pharmacyId, t.id).where(sql`${t.deletedAt} is null`),
    index('orders_pharmacy_status_idx').on(t.pharmacyId, t.status, t.id).where(sql`${t.deletedAt} is null`),
    // the operator's list of every pharmacy
    index('orders_list_idx').on(t.id).where(sql`${t.deletedAt} is null`),
    index('orders_account_idx').on(t.accountId, t.id),
    // statistics by day over a date range (migration 0013 INCLUDEs status, kind, pay_amount, paid_at, deleted_at)
    index('orders_pharmacy_created_idx').on(t.pharmacyId, t.createdAt),
    // the operator's status tabs over every pharmacy (migration 0013)
    index('orders_status_idx').on(t.status, t.id).where(sql`${t.deletedAt} is null`),
    index('orders_receiver_phone_idx').on(t.pharmacyId, t.receiverPhone),
    // the auto-completion job's due orders
    index('orders_auto_confirm_idx').on(t.autoConfirmAt).where(sql`${t.status} = 'shipped'`),
    // a patient deleting an address or a family member: the foreign keys' ON DELETE SET NULL finds the orders that
    // point at it through these instead of reading every order (migration 0029)
    index('orders_address_idx').on(t.addressId).where(sql`${t.addressId} is not null`),
    index('orders_family_member_idx').on(t.familyMemberId).where(sql`${t.familyMemberId} is not null`),
    uniqueIndex('orders_idempotency_uq').on(t.accountId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** One line of an order: a quote, or a combo (quote_set) sold as one line, with the product as it was sold. */
export const orderItem = pgTable(
  'order_item',
  {
    ...baseColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id').references(() => quote.id, { onDelete: 'set null' }),
    quoteSetId: integer('quote_set_id').references(() => quoteSet.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => product.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    spec: varchar('spec', { length: 200 }).notNull().default(''),
    /** RX | OTC | HERBAL | NON_DRUG, or COMBO for a combo line. */
    productType: varchar('product_type', { length: 16 }).notNull(),
    approvalNo: varchar('approval_no', { length: 64 }).notNull().default(''),
    image: varchar('image', { length: 500 }).notNull().default(''),
    price: money('price').notNull(),
    qty: integer('qty').notNull(),
    subtotal: money('subtotal').notNull(),
    /** A combo line's items as sold: [{ quote_id, product_id, name, spec, qty }]. */
    comboItems: jsonb('combo_items'),
  },
  // order_item_order_idx INCLUDEs quote_set_id, product_id, product_type, qty, subtotal (migration 0013: top products)
  (t) => [index('order_item_order_idx').on(t.orderId), index('order_item_product_idx').on(t.productId)],
);

/** A staff remark on an order (the remark dialog's history). */
export const orderRemark = pgTable(
  'order_remark',
  {
    ...baseColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => account.id, { onDelete: 'set null' }),
    authorName: varchar('author_name', { length: 50 }).notNull().default(''),
    content: varchar('content', { length: 500 }).notNull(),
  },
  (t) => [index('order_remark_order_idx').on(t.orderId, t.id)],
);

/** A shipment of an order: courier, tracking number, and for SF the waybill label. */
export const orderExpress = pgTable(
  'order_express',
  {
    ...baseColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    courierCode: varchar('courier_code', { length: 16 }).notNull(),
    companyName: varchar('company_name', { length: 50 }).notNull().default(''),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull(),
    /** sf: created through the SF interface (it has a label); manual: a tracking number typed or uploaded. */
    source: varchar('source', { length: 16, enum: ['manual', 'batch', 'sf'] })
      .notNull()
      .default('manual'),
    waybillUrl: varchar('waybill_url', { length: 500 }).notNull().default(''),
    /** What the SF interface answered (sandbox or real): routing codes printed on the label. */
    waybillData: jsonb('waybill_data'),
    shippedAt: tz('shipped_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_express_order_idx').on(t.orderId),
    index('order_express_tracking_idx').on(t.pharmacyId, t.trackingNo),
  ],
);

/** A tracking event of a shipment (the built-in tracking provider keeps the events staff enter). */
export const orderExpressEvent = pgTable(
  'order_express_event',
  {
    ...baseColumns(),
    expressId: integer('express_id')
      .notNull()
      .references(() => orderExpress.id, { onDelete: 'cascade' }),
    occurredAt: tz('occurred_at').notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    location: varchar('location', { length: 100 }).notNull().default(''),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_express_event_express_idx').on(t.expressId, t.occurredAt)],
);

/**
 * A payment of an order through a payment provider. The built-in provider is offline confirmation: the patient's
 * payment waits (`pending`) until staff confirm they received it; then the order moves on.
 */
export const orderPayment = pgTable(
  'order_payment',
  {
    ...baseColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 16, enum: ['pending', 'paid', 'refunded', 'closed'] })
      .notNull()
      .default('pending'),
    /** What the payer says (transfer reference) or the provider's transaction number. */
    providerRef: varchar('provider_ref', { length: 64 }).notNull().default(''),
    confirmedBy: integer('confirmed_by').references(() => account.id, { onDelete: 'set null' }),
    paidAt: tz('paid_at'),
    refundedAt: tz('refunded_at'),
  },
  (t) => [
    index('order_payment_order_idx').on(t.orderId),
    // one open or paid payment per order
    uniqueIndex('order_payment_live_uq').on(t.orderId).where(sql`${t.status} in ('pending', 'paid')`),
  ],
);

/**
 * The money of one order for the pharmacy (财务对账): written when the order is paid (pending), settled when it
 * completes, refunded when a paid order is cancelled. One row per order.
 */
export const settlement = pgTable(
  'settlement',
  {
    ...baseColumns(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'restrict' }),
    payAmount: money('pay_amount').notNull(),
    feeRate: numeric('fee_rate', { precision: 6, scale: 4 }).notNull(),
    platformFee: money('platform_fee').notNull(),
    settleAmount: money('settle_amount').notNull(),
    refundAmount: money('refund_amount').notNull().default('0.00'),
    status: varchar('status', { length: 16, enum: ['pending', 'settled', 'refunded'] })
      .notNull()
      .default('pending'),
    paidAt: tz('paid_at').notNull(),
    settledAt: tz('settled_at'),
    refundedAt: tz('refunded_at'),
  },
  (t) => [
    index('settlement_pharmacy_idx').on(t.pharmacyId, t.id),
    index('settlement_pharmacy_paid_idx').on(t.pharmacyId, t.paidAt),
  ],
);
