import { z } from 'zod';
import { idNumber } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { type OrderStatus, orderStatuses, orderStatusLabels } from './order.schema';

/**
 * The patient's orders (orders/user_order, docs/orders.md "Placing and paying"): place an order of quotes or a combo
 * for a family member to an address (idempotent by the `Idempotency-Key` header), pay it through a payment provider,
 * read, cancel or change it while unpaid, confirm receipt.
 */

/** The header that makes order creation idempotent (case-insensitive in HTTP; Fastify lowercases it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const idempotencyKeySchema = z
  .string()
  .regex(idempotencyKeyPattern, { error: '须为 1–64 位字母、数字、- 或 _' });

/** Most lines in one order and most units of one line. */
export const ORDER_MAX_LINES = 50;
export const ORDER_MAX_QTY = 999;

const qtySchema = z
  .number({ error: '请输入购买数量' })
  .int({ error: '购买数量须为整数' })
  .min(1, { error: '购买数量至少为 1' })
  .max(ORDER_MAX_QTY, { error: `购买数量最多 ${ORDER_MAX_QTY}` });

export const orderLineInputSchema = z.object({
  quote_id: idNumber('商品 ID 不正确'),
  qty: qtySchema,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

/**
 * A new order: quotes of one pharmacy (`lines`) and/or one of its combos (`quote_set_id` × `quote_set_qty`), for one
 * of the caller's family members, delivered to one of the caller's addresses. Prices, names and totals are the
 * server's: the client sends ids and quantities only.
 */
export const createUserOrderBodySchema = z
  .object({
    pharmacy_id: idNumber('请选择药店'),
    family_member_id: idNumber('请选择就诊人'),
    address_id: idNumber('请选择收货地址'),
    lines: z
      .array(orderLineInputSchema, { error: '商品格式不正确' })
      .max(ORDER_MAX_LINES, { error: `一个订单最多 ${ORDER_MAX_LINES} 种商品` })
      .refine((lines) => new Set(lines.map((l) => l.quote_id)).size === lines.length, {
        error: '同一商品请合并数量',
      })
      .default([]),
    quote_set_id: idNumber('套餐 ID 不正确').optional(),
    quote_set_qty: qtySchema.optional(),
    buyer_remark: z.string({ error: '备注格式不正确' }).trim().max(200, { error: '备注最多 200 字' }).default(''),
  })
  .refine((b) => b.lines.length > 0 || b.quote_set_id !== undefined, { path: ['lines'], error: '请选择商品' })
  .refine((b) => b.quote_set_qty === undefined || b.quote_set_id !== undefined, {
    path: ['quote_set_id'],
    error: '请选择套餐',
  });
export type CreateUserOrderBody = z.infer<typeof createUserOrderBodySchema>;

/** The patient's list: newest first, optionally one status. */
export const userOrderListQuerySchema = pageQuerySchema.extend({
  status: z.enum(orderStatuses).optional().catch(undefined),
});
export type UserOrderListQuery = z.infer<typeof userOrderListQuerySchema>;

/** Payment providers. `offline`: the patient transfers to the pharmacy's receiving account; staff confirm it. */
export const paymentProviders = ['offline'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
export const paymentProviderLabels: Record<PaymentProviderName, string> = { offline: '线下转账' };

export const payUserOrderBodySchema = z.object({
  provider: z.enum(paymentProviders, { error: '请选择支付方式' }).default('offline'),
  /** What the payer says about the transfer (bank reference, last digits of the account…). */
  reference: z.string({ error: '付款备注格式不正确' }).trim().max(64, { error: '付款备注最多 64 字' }).default(''),
});
export type PayUserOrderBody = z.infer<typeof payUserOrderBodySchema>;

export const paymentStatuses = ['pending', 'paid', 'refunded', 'closed'] as const;
export const paymentStatusLabels: Record<(typeof paymentStatuses)[number], string> = {
  pending: '待确认',
  paid: '已支付',
  refunded: '已退款',
  closed: '已关闭',
};

/** The answer to a payment: the payment and, for the offline provider, where to transfer the money. */
export const payUserOrderResultSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  order_status: z.enum(orderStatuses),
  payment: z.object({
    id: z.number().int(),
    provider: z.string(),
    status: z.enum(paymentStatuses),
    amount: z.string(),
    reference: z.string(),
    created_at: z.string(),
  }),
  /** Offline transfer: the pharmacy's receiving account (empty strings when the pharmacy has not set one). */
  receiving: z
    .object({
      bank: z.string(),
      account_name: z.string(),
      account_no: z.string(),
      service_phone: z.string(),
    })
    .nullable(),
  /** One line for the patient, e.g. 「请向 … 转账 ¥25.50，药店确认收款后订单进入待发货」. */
  instructions: z.string(),
});
export type PayUserOrderResult = z.infer<typeof payUserOrderResultSchema>;

/**
 * What the buyer may change: cancel while unpaid (pending_payment), or change the delivery address while unpaid
 * (the new address is copied into the order as the first one was).
 */
export const updateUserOrderBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('cancel'),
      reason: z.string({ error: '取消原因格式不正确' }).trim().max(200, { error: '取消原因最多 200 字' }).default(''),
    }),
    z.object({ action: z.literal('change_address'), address_id: idNumber('请选择收货地址') }),
  ],
  { error: '请选择操作' },
);
export type UpdateUserOrderBody = z.infer<typeof updateUserOrderBodySchema>;

export const userOrderMessages = {
  notFound: '订单不存在或已删除',
  pharmacyNotFound: '药店不存在或未营业',
  familyMemberNotFound: '就诊人不存在',
  addressNotFound: '收货地址不存在',
  quoteNotFound: '商品不存在或不属于该药店',
  comboNotFound: '套餐不存在或不属于该药店',
  comboOffSale: '套餐已下架',
  comboEmpty: '套餐没有商品',
  idempotencyMismatch: '该请求已提交过，内容不一致',
  providerUnknown: '不支持的支付方式',
  paymentLive: '该订单已有待确认的付款',
} as const;

export const orderLineOffShelf = (name: string) => `「${name}」已下架`;
export const orderLineOutOfStock = (name: string) => `「${name}」库存不足`;
/** The buyer's refusal when an order is no longer in a state the action starts from. */
export const userOrderConflict = (status: OrderStatus, action: string) =>
  `订单${orderStatusLabels[status]}，不能${action}`;
