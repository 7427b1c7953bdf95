import { z } from 'zod';
import { dateSchema } from '../common/fields';
import { orderKinds, orderStatuses } from './order.schema';

/**
 * Order statistics (订单统计, docs/orders.md "Statistics"): a pharmacy's orders placed between two Shanghai days,
 * by day, week (Monday first) or month. What counts:
 * - 订单数 / 下单金额: every order placed (created_at) in the range and not deleted, whatever its status;
 * - 成交: paid (paid_at set) and not cancelled (a cancelled paid order was refunded); 成交金额 sums pay_amount,
 *   客单价 = 成交金额 / 成交订单数;
 * - 退款: cancelled after payment; 取消: every cancelled order;
 * - top products and price bands: 成交 orders only.
 */

export const censusGranularities = ['day', 'week', 'month'] as const;
export type CensusGranularity = (typeof censusGranularities)[number];
export const censusGranularityLabels: Record<CensusGranularity, string> = { day: '按日', week: '按周', month: '按月' };

/** The default range: the last 30 Shanghai days, today included. */
export const CENSUS_DEFAULT_DAYS = 30;
/** The longest range one census covers (a leap year). */
export const CENSUS_MAX_DAYS = 366;
export const censusMessages = {
  tooLong: `统计时间范围不能超过 ${CENSUS_MAX_DAYS} 天`,
  datesOrder: '结束日期不能早于开始日期',
} as const;

export const censusQuerySchema = z
  .object({
    date_from: dateSchema.optional(),
    date_to: dateSchema.optional(),
    granularity: z.enum(censusGranularities, { error: '统计粒度应为 day、week 或 month' }).default('day'),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_to'],
    error: censusMessages.datesOrder,
  });
export type CensusQuery = z.infer<typeof censusQuerySchema>;

/** Counts and money of a set of orders (money as decimal strings, '0.00' when none). */
export const censusFiguresSchema = z.object({
  /** orders placed */
  orders: z.number().int(),
  /** their pay_amount, whatever their status */
  amount: z.string(),
  /** paid and not cancelled */
  paid_orders: z.number().int(),
  paid_amount: z.string(),
  /** paid_amount / paid_orders, '0.00' without paid orders */
  avg_order_value: z.string(),
  /** cancelled after payment (refunded) */
  refund_orders: z.number().int(),
  refund_amount: z.string(),
  /** every cancelled order (paid or not) */
  cancelled_orders: z.number().int(),
});
export type CensusFigures = z.infer<typeof censusFiguresSchema>;

const countAmount = z.object({ orders: z.number().int(), amount: z.string() });

export const censusStatusRowSchema = countAmount.extend({ status: z.enum(orderStatuses) });
export const censusKindRowSchema = countAmount.extend({
  kind: z.enum(orderKinds),
  paid_orders: z.number().int(),
  paid_amount: z.string(),
});

export const censusBucketSchema = censusFiguresSchema.extend({
  /** the bucket's first day (a Monday for weeks, the 1st for months) */
  bucket: z.string(),
  /** the days of the bucket inside the range (the first and last buckets may be partial) */
  start: z.string(),
  end: z.string(),
  /** orders and pay_amount per status (every status, zeros included) */
  by_status: z.array(censusStatusRowSchema),
  /** orders, amount, paid orders and paid amount per kind (every kind) */
  by_kind: z.array(censusKindRowSchema),
});
export type CensusBucket = z.infer<typeof censusBucketSchema>;

/** A product (or a combo, counted as itself) in the top lists: 成交 orders only. */
export const censusTopProductSchema = z.object({
  /** `product:<id>` or `combo:<quote_set_id>` (the name when the row it pointed at is gone) */
  key: z.string(),
  name: z.string(),
  spec: z.string(),
  /** the product's maker ('' for a combo or a product row that is gone): tells apart two makers' products of a name */
  manufacturer: z.string(),
  /** RX | OTC | HERBAL | NON_DRUG | COMBO */
  product_type: z.string(),
  qty: z.number().int(),
  amount: z.string(),
  orders: z.number().int(),
});
export type CensusTopProduct = z.infer<typeof censusTopProductSchema>;

export const censusSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  granularity: z.enum(censusGranularities),
  summary: censusFiguresSchema,
  by_status: z.array(censusStatusRowSchema),
  by_kind: z.array(censusKindRowSchema),
  buckets: z.array(censusBucketSchema),
  /** top 10 by quantity sold, then by amount */
  top_by_qty: z.array(censusTopProductSchema),
  top_by_amount: z.array(censusTopProductSchema),
});
export type Census = z.infer<typeof censusSchema>;

/**
 * Price statistics (价格统计): 成交 orders by pay_amount in bands. A band holds amounts ≥ min and < max (the last has
 * no max).
 */
export const censusPriceBandBounds = ['50', '100', '200', '500', '1000'] as const;
export const censusPriceBandLabels = [
  '50元以下',
  '50-100元',
  '100-200元',
  '200-500元',
  '500-1000元',
  '1000元及以上',
] as const;

export const censusPriceBandSchema = z.object({
  label: z.string(),
  /** inclusive lower bound, e.g. '50.00' */
  min: z.string(),
  /** exclusive upper bound; null for the last band */
  max: z.string().nullable(),
  orders: z.number().int(),
  amount: z.string(),
});
export type CensusPriceBand = z.infer<typeof censusPriceBandSchema>;

export const censusPriceSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  bands: z.array(censusPriceBandSchema),
});
export type CensusPrice = z.infer<typeof censusPriceSchema>;
