import { z } from 'zod';
import { dateSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { orderKinds, orderStatuses } from '../orders/order.schema';

/**
 * Finance (财务对账, docs/finance.md): a pharmacy's settlements, one per paid order, written by the order state
 * machine (pending when paid, settled when completed, refunded when a paid order is cancelled). Amounts are decimal
 * strings ('12.50').
 */

export const settlementStatuses = ['pending', 'settled', 'refunded'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];
export const settlementStatusLabels: Record<SettlementStatus, string> = {
  pending: '待结算',
  settled: '已结算',
  refunded: '已退款',
};

export const financeTabs = ['all', ...settlementStatuses] as const;
export type FinanceTab = (typeof financeTabs)[number];

/**
 * The finance list's filters (the list, the statistics and the export share them): settlement status, order number
 * (part of it), paid between two Shanghai calendar days.
 */
const financeFilterShape = {
  status: z.enum(financeTabs).catch('all').default('all'),
  order_no: z.string().trim().max(32, { error: '订单号最多 32 位' }).optional().catch(undefined),
  date_from: dateSchema.optional().catch(undefined),
  date_to: dateSchema.optional().catch(undefined),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: '结束日期不能早于开始日期' };

export const financeFilterSchema = z.object(financeFilterShape).refine(datesInOrder, datesError);
export type FinanceFilter = z.infer<typeof financeFilterSchema>;

export const financeListQuerySchema = pageQuerySchema.extend(financeFilterShape).refine(datesInOrder, datesError);
export type FinanceListQuery = z.infer<typeof financeListQuerySchema>;

/** One settlement as the list shows it. */
export const settlementRowSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  order_status: z.enum(orderStatuses),
  patient_name: z.string(),
  status: z.enum(settlementStatuses),
  pay_amount: z.string(),
  /** '0.0060' = 0.60 % */
  fee_rate: z.string(),
  platform_fee: z.string(),
  settle_amount: z.string(),
  refund_amount: z.string(),
  paid_at: z.string(),
  settled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

/**
 * Sums over the filtered settlements (exact, computed in SQL on numeric):
 * pay_amount − refund_amount = platform_fee + settle_amount, and settle_amount = settled_amount + pending_amount
 * (a refunded order's fee and settle amount are not counted: it was paid back whole).
 */
export const financeStatisticsSchema = z.object({
  /** 订单数: settlements (paid orders) in the filter */
  order_count: z.number().int(),
  /** 实收金额: what the buyers paid */
  pay_amount: z.string(),
  /** 平台服务费 of orders not refunded */
  platform_fee: z.string(),
  /** 结算金额 of orders not refunded (settled + pending) */
  settle_amount: z.string(),
  settled_amount: z.string(),
  pending_amount: z.string(),
  /** 退款金额 */
  refund_amount: z.string(),
  refund_count: z.number().int(),
});
export type FinanceStatistics = z.infer<typeof financeStatisticsSchema>;

/** One order's money (对账明细): the order's lines and totals, its settlement, its payments, and the checks. */
export const financeDetailSchema = z.object({
  order: z.object({
    id: z.number().int(),
    order_no: z.string(),
    status: z.enum(orderStatuses),
    kind: z.enum(orderKinds),
    patient_name: z.string(),
    receiver_name: z.string(),
    /** masked (138****0001) */
    receiver_phone: z.string(),
    address: z.string(),
    pay_method: z.string(),
    goods_amount: z.string(),
    freight: z.string(),
    discount: z.string(),
    pay_amount: z.string(),
    cancel_reason: z.string(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    shipped_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    items: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        spec: z.string(),
        product_type: z.string(),
        price: z.string(),
        qty: z.number().int(),
        subtotal: z.string(),
      }),
    ),
  }),
  settlement: settlementRowSchema.omit({ order_no: true, order_status: true, patient_name: true }),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      amount: z.string(),
      status: z.enum(['pending', 'paid', 'refunded', 'closed']),
      provider_ref: z.string(),
      paid_at: z.string().nullable(),
      refunded_at: z.string().nullable(),
    }),
  ),
  /** Each figure recomputed from its parts with exact decimals (true when they agree). */
  checks: z.object({
    /** Σ line subtotals = goods amount, each subtotal = price × qty */
    lines: z.boolean(),
    /** goods + freight − discount = pay amount */
    total: z.boolean(),
    /** the settlement's pay amount = the order's */
    settlement_pay: z.boolean(),
    /** fee = pay × rate rounded half up to the cent, fee + settle = pay */
    fee: z.boolean(),
    /** refunded: refund = pay and the order is cancelled; otherwise refund = 0 */
    refund: z.boolean(),
  }),
});
export type FinanceDetail = z.infer<typeof financeDetailSchema>;

export const payMethodLabels: Record<string, string> = { offline: '线下转账', '': '-' };

export const financeMessages = {
  notFound: '未找到该订单的结算记录',
} as const;
