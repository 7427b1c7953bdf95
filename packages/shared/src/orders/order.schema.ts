import { z } from 'zod';
import { dateSchema, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { memberCardSchema } from '../members/member.schema';

/**
 * Orders: the core shared by every part of the orders module (states, kinds, the state machine, the order as the
 * console and the patient see it). docs/orders.md holds the decisions; domain.md "Orders and money" the model.
 */

export const orderStatuses = [
  'pending_payment',
  'pending_review',
  'pending_shipment',
  'shipped',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: '待付款',
  pending_review: '待审方',
  pending_shipment: '待发货',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
};

/** The console's status tabs: all, then each state. */
export const orderTabs = ['all', ...orderStatuses] as const;
export type OrderTab = (typeof orderTabs)[number];
export const orderTabLabels: Record<OrderTab, string> = { all: '全部', ...orderStatusLabels };

export const orderKinds = ['normal', 'rx', 'proxy', 'non_drug'] as const;
export type OrderKind = (typeof orderKinds)[number];
export const orderKindLabels: Record<OrderKind, string> = {
  normal: '普通订单',
  rx: '处方订单',
  proxy: '代下单',
  non_drug: '非药品订单',
};

/**
 * The state machine (domain.md). Each action names the states it may start from and the state it leads to; the
 * server runs it as one guarded UPDATE … WHERE status = ANY(from), a concurrent loser gets 409 and nothing changes.
 * `pay` leads to pending_review when the order holds RX items, else to pending_shipment.
 */
export const orderTransitions = {
  pay: { from: ['pending_payment'], to: 'pending_shipment' },
  approve_review: { from: ['pending_review'], to: 'pending_shipment' },
  reject_review: { from: ['pending_review'], to: 'cancelled' },
  ship: { from: ['pending_shipment'], to: 'shipped' },
  /** delivery confirm (staff), user confirm (patient), auto after auto_confirm_days, complete order (staff) */
  complete: { from: ['shipped'], to: 'completed' },
  cancel: { from: ['pending_payment', 'pending_shipment'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderAction = keyof typeof orderTransitions;

export const canTransition = (action: OrderAction, status: OrderStatus): boolean =>
  (orderTransitions[action].from as readonly OrderStatus[]).includes(status);

/** Only cancelled orders may be deleted (soft). */
export const canDeleteOrder = (status: OrderStatus) => status === 'cancelled';

/** The Chinese refusal when an order is not (or no longer) in a state the action starts from. */
export const orderActionLabels: Record<OrderAction, string> = {
  pay: '确认收款',
  approve_review: '审方通过',
  reject_review: '审方驳回',
  ship: '发货',
  complete: '完成订单',
  cancel: '取消订单',
};
export const orderStateConflict = (action: OrderAction, status: OrderStatus | null) =>
  status === null ? '订单不存在或已删除' : `订单${orderStatusLabels[status]}，不能${orderActionLabels[action]}`;

export const orderMessages = {
  notFound: '订单不存在或已删除',
  deleteNotCancelled: '只有已取消的订单可以删除',
} as const;

/** Platform fee on a paid order's amount (finance); the rate is recorded on each settlement row. */
export const PLATFORM_FEE_RATE = '0.0060';

/** A line of an order as shown. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  quote_id: z.number().int().nullable(),
  quote_set_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  spec: z.string(),
  product_type: z.string(),
  approval_no: z.string(),
  image: z.string(),
  price: z.string(),
  qty: z.number().int(),
  subtotal: z.string(),
  combo_items: z
    .array(
      z.object({
        quote_id: z.number().int(),
        product_id: z.number().int(),
        name: z.string(),
        spec: z.string(),
        qty: z.number().int(),
      }),
    )
    .nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The order as lists show it (the console's list, the operator's list, the patient's list). */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  account_id: z.number().int(),
  /** the buyer's phone as the console shows it (masked: 138****0001) */
  buyer_phone: z.string(),
  kind: z.enum(orderKinds),
  has_rx: z.boolean(),
  status: z.enum(orderStatuses),
  goods_amount: z.string(),
  freight: z.string(),
  discount: z.string(),
  pay_amount: z.string(),
  patient_name: z.string(),
  receiver_name: z.string(),
  receiver_phone: z.string(),
  /** province city district detail in one line */
  address: z.string(),
  /** the first items' names, for the list row ("布洛芬缓释胶囊 ×2 等 3 件") */
  items_text: z.string(),
  item_count: z.number().int(),
  courier_code: z.string().nullable(),
  tracking_no: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** One order whole: what the detail drawer, the patient's order page and the finance detail read. */
export const orderDetailSchema = orderSummarySchema.extend({
  family_member_id: z.number().int().nullable(),
  patient_gender: z.string(),
  patient_age: z.number().int().nullable(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address_detail: z.string(),
  buyer_remark: z.string(),
  recipe_id: z.number().int().nullable(),
  channel_id: z.number().int().nullable(),
  quote_set_id: z.number().int().nullable(),
  pay_method: z.string(),
  auto_confirm_at: z.string().nullable(),
  completed_by: z.string().nullable(),
  cancel_reason: z.string(),
  cancelled_by: z.string().nullable(),
  items: z.array(orderItemSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * The order list's filters (the filter dialog and the export share them): status tab, order number, buyer or
 * receiver phone, patient or receiver name, placed between two Shanghai dates, kind, courier, tracking number.
 */
const orderFilterShape = {
  status: z.enum(orderTabs).catch('all').default('all'),
  order_no: z.string().trim().max(32, { error: '订单号最多 32 位' }).optional().catch(undefined),
  phone: z.string().trim().max(20, { error: '手机号最多 20 位' }).optional().catch(undefined),
  name: z.string().trim().max(50, { error: '姓名最多 50 字' }).optional().catch(undefined),
  date_from: dateSchema.optional().catch(undefined),
  date_to: dateSchema.optional().catch(undefined),
  kind: z.enum(orderKinds).optional().catch(undefined),
  courier_code: z.string().trim().max(16).optional().catch(undefined),
  tracking_no: z.string().trim().max(40, { error: '运单号最多 40 位' }).optional().catch(undefined),
  /** the operator's list only: one pharmacy */
  pharmacy_id: idTextSchema.optional().catch(undefined),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: '结束日期不能早于开始日期' };

export const orderFilterSchema = z.object(orderFilterShape).refine(datesInOrder, datesError);
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const orderListQuerySchema = pageQuerySchema.extend(orderFilterShape).refine(datesInOrder, datesError);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

// ── The order list of the pharmacy console and the operator (issue 12, "The order list" in docs/orders.md) ──

/** The status tabs' counts: 全部 and each state. */
export const orderTabCountsSchema = z.object({
  all: z.number().int(),
  pending_payment: z.number().int(),
  pending_review: z.number().int(),
  pending_shipment: z.number().int(),
  shipped: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderTabCounts = z.infer<typeof orderTabCountsSchema>;

/** A page of orders with its total (of the tab) and every tab's count, under the same filters. */
export const orderListResultSchema = z.object({
  list: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: orderTabCountsSchema,
});
export type OrderListResult = z.infer<typeof orderListResultSchema>;

/** A staff remark on an order (the remark dialog's history, newest first). */
export const orderRemarkSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  author_name: z.string(),
  created_at: z.string(),
});
export type OrderRemark = z.infer<typeof orderRemarkSchema>;

export const orderPaymentProviderLabels: Record<string, string> = { offline: '线下收款' };
export const orderPaymentStatusLabels: Record<string, string> = {
  pending: '待确认',
  paid: '已收款',
  refunded: '已退款',
  closed: '已关闭',
};

/** A payment of the order (the built-in provider: offline, confirmed by staff). */
export const orderPaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  amount: z.string(),
  status: z.enum(['pending', 'paid', 'refunded', 'closed']),
  provider_ref: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  created_at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** A shipment of the order with its tracking events (newest first). */
export const orderExpressRecordSchema = z.object({
  id: z.number().int(),
  courier_code: z.string(),
  company_name: z.string(),
  tracking_no: z.string(),
  source: z.enum(['manual', 'batch', 'sf']),
  shipped_at: z.string(),
  events: z.array(z.object({ occurred_at: z.string(), description: z.string(), location: z.string() })),
});
export type OrderExpressRecord = z.infer<typeof orderExpressRecordSchema>;

/** The detail drawer: the order whole, its remarks, payments and shipments. */
export const orderConsoleDetailSchema = orderDetailSchema.extend({
  remarks: z.array(orderRemarkSchema),
  payments: z.array(orderPaymentSchema),
  express: z.array(orderExpressRecordSchema),
});
export type OrderConsoleDetail = z.infer<typeof orderConsoleDetailSchema>;

export const ORDER_CANCEL_REASON_MAX = 200;
export const ORDER_REMARK_MAX = 500;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters (tabs and newlines pass) is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const hasNoControlChars = (v: string) => !CONTROL_CHARS.test(v);

/** 取消订单: the reason is required (it is shown to the buyer and kept on the order). */
export const orderCancelBodySchema = z.object({
  reason: z
    .string({ error: '请填写取消原因' })
    .trim()
    .min(1, { error: '请填写取消原因' })
    .max(ORDER_CANCEL_REASON_MAX, { error: `取消原因最多 ${ORDER_CANCEL_REASON_MAX} 字` })
    .refine(hasNoControlChars, { error: '取消原因包含非法字符' }),
});
export type OrderCancelBody = z.infer<typeof orderCancelBodySchema>;

/** 确认收款 (the offline provider): an optional reference of the transfer. */
export const orderPayConfirmBodySchema = z.object({
  pay_ref: z
    .string({ error: '收款凭证须为文字' })
    .trim()
    .max(64, { error: '收款凭证最多 64 字' })
    .refine(hasNoControlChars, { error: '收款凭证包含非法字符' })
    .optional(),
});
export type OrderPayConfirmBody = z.infer<typeof orderPayConfirmBodySchema>;

/** 备注: one remark added to the history. */
export const orderRemarkBodySchema = z.object({
  content: z
    .string({ error: '请填写备注' })
    .trim()
    .min(1, { error: '请填写备注' })
    .max(ORDER_REMARK_MAX, { error: `备注最多 ${ORDER_REMARK_MAX} 字` })
    .refine(hasNoControlChars, { error: '备注包含非法字符' }),
});
export type OrderRemarkBody = z.infer<typeof orderRemarkBodySchema>;

/** What a status change answers: the order's new state. */
export const orderActionResultSchema = z.object({ id: z.number().int(), status: z.enum(orderStatuses) });
export type OrderActionResult = z.infer<typeof orderActionResultSchema>;

/** The member dialog: the buyer, their orders at this pharmacy, and their member card here (null: not a member). */
export const orderMemberSchema = z.object({
  buyer: z.object({ account_id: z.number().int(), name: z.string(), phone: z.string() }),
  order_count: z.number().int(),
  /** the sum of their paid orders here that were not refunded */
  paid_amount: z.string(),
  member: memberCardSchema.nullable(),
});
export type OrderMember = z.infer<typeof orderMemberSchema>;
