import { z } from 'zod';
import { dateSchema, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

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
const datesInOrder = (q: { date_from?: string; date_to?: string }) => !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: '结束日期不能早于开始日期' };

export const orderFilterSchema = z.object(orderFilterShape).refine(datesInOrder, datesError);
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const orderListQuerySchema = pageQuerySchema.extend(orderFilterShape).refine(datesInOrder, datesError);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
