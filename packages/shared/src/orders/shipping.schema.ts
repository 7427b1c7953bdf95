import { z } from 'zod';
import { courierCodeList } from '../common/rules/courier';
import { trackingNoSchema } from './courier-detect';
import { orderStatuses } from './order.schema';

// Shipping (issue 12, docs/orders.md "Shipping"): send goods, batch send, SF waybills and labels, tracking.

const courierCodeSchema = z.enum(courierCodeList, { error: '请选择快递公司' });

/** The send-good dialog's choices: the pharmacy's enabled couriers first, then every courier code of spec §3. */
export const shippingCourierSchema = z.object({
  code: z.enum(courierCodeList),
  name: z.string(),
  /** one of the pharmacy's couriers (pharmacy_courier, enabled) */
  own: z.boolean(),
  is_default: z.boolean(),
});
export type ShippingCourier = z.infer<typeof shippingCourierSchema>;
export const shippingCouriersSchema = z.object({
  list: z.array(shippingCourierSchema),
  /** whether the pharmacy has an enabled SF courier with a monthly account (the SF waybill needs it) */
  has_sf: z.boolean(),
});
export type ShippingCouriers = z.infer<typeof shippingCouriersSchema>;

/** send-good: a courier (picked, or detected from the number's prefix when omitted) and the tracking number. */
export const sendGoodBodySchema = z.object({
  courier_code: courierCodeSchema.optional(),
  tracking_no: trackingNoSchema,
});
export type SendGoodBody = z.input<typeof sendGoodBodySchema>;

/** sf-send-good: what the parcel holds (defaults to the order's items) and a remark for the courier. */
export const sfSendGoodBodySchema = z.object({
  cargo: z.string().trim().max(60, { error: '托寄物最多 60 字' }).optional(),
  remark: z.string().trim().max(100, { error: '备注最多 100 字' }).optional(),
});
export type SfSendGoodBody = z.input<typeof sfSendGoodBodySchema>;

/** The SF interface's answer kept with the shipment (order_express.waybill_data) and printed on the label. */
export const sfWaybillSchema = z.object({
  waybill_no: z.string(),
  /** routing: the origin and destination area codes (e.g. 021, 571) */
  origin_code: z.string(),
  dest_code: z.string(),
  /** the product: 顺丰标快 */
  product_name: z.string(),
  /** 月结卡号 */
  monthly_account: z.string(),
  /** sandbox or a real provider's name */
  provider: z.string(),
});
export type SfWaybill = z.infer<typeof sfWaybillSchema>;

/** A shipment as the dialogs show it. */
export const shipmentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.enum(orderStatuses),
  courier_code: z.string(),
  company_name: z.string(),
  tracking_no: z.string(),
  source: z.enum(['manual', 'batch', 'sf']),
  shipped_at: z.string(),
  waybill: sfWaybillSchema.nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The labels of a selection: order ids, comma-separated in the query (at most 100). */
export const LABELS_MAX = 100;
export const labelsQuerySchema = z.object({
  ids: z.string({ error: '请选择订单' }).transform((s, ctx) => {
    const parts = s
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const ids = [...new Set(parts.map(Number))];
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: '请选择要打印面单的订单' });
      return z.NEVER;
    }
    if (ids.length > LABELS_MAX) {
      ctx.addIssue({ code: 'custom', message: `一次最多打印 ${LABELS_MAX} 张面单` });
      return z.NEVER;
    }
    return ids;
  }),
});

// ── send-list (batch ship) ──

/** The batch upload's largest file (rows beyond it are refused with the file). */
export const SEND_LIST_MAX_ROWS = 500;

/** Why a row of the batch upload cannot ship. */
export const sendListRowErrors = {
  order_no_missing: '订单号未填写',
  unknown_order: '订单不存在',
  other_pharmacy: '订单不属于本药房',
  not_pending_shipment: '订单不是待发货状态',
  duplicate_row: '订单号在文件中重复',
  tracking_no_missing: '运单号未填写',
  bad_tracking_no: '运单号应为 8–30 位字母或数字',
  unknown_courier: '快递公司无法识别',
  undetectable_courier: '无法从运单号识别快递公司，请填写快递公司',
} as const;
export type SendListRowError = keyof typeof sendListRowErrors;

/** One checked row: what it says, the courier it resolves to, and its errors (none: it ships). */
export const sendListRowSchema = z.object({
  /** the row number as the spreadsheet shows it (the header is row 1) */
  row: z.number().int(),
  order_no: z.string(),
  tracking_no: z.string(),
  courier_code: z.string(),
  company_name: z.string(),
  order_id: z.number().int().nullable(),
  /** Chinese reasons, empty when the row is valid */
  errors: z.array(z.string()),
});
export type SendListRow = z.infer<typeof sendListRowSchema>;

export const sendListPreviewSchema = z.object({
  file_name: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(sendListRowSchema),
});
export type SendListPreview = z.infer<typeof sendListPreviewSchema>;

/** The apply: the valid rows as previewed (each is checked again and shipped in its own transaction). */
export const sendListApplyBodySchema = z.object({
  rows: z
    .array(
      z.object({
        row: z.number().int().min(1),
        order_no: z.string().trim().min(1, { error: '订单号未填写' }).max(32),
        tracking_no: trackingNoSchema,
        courier_code: courierCodeSchema,
      }),
    )
    .min(1, { error: '没有可发货的行' })
    .max(SEND_LIST_MAX_ROWS, { error: `一次最多发货 ${SEND_LIST_MAX_ROWS} 行` }),
});
export type SendListApplyBody = z.input<typeof sendListApplyBodySchema>;

export const sendListApplyResultSchema = z.object({
  applied: z.number().int(),
  failed: z.number().int(),
  /** each row's outcome: shipped, or the Chinese reason it was not */
  results: z.array(z.object({ row: z.number().int(), order_no: z.string(), ok: z.boolean(), message: z.string() })),
});
export type SendListApplyResult = z.infer<typeof sendListApplyResultSchema>;

// ── logistics ──

export const trackingEventSchema = z.object({
  /** null: the shipment itself (the first event, not stored as one) */
  id: z.number().int().nullable(),
  occurred_at: z.string(),
  description: z.string(),
  location: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** The logistics dialog: the order's latest shipment and its events, newest first (null: not shipped). */
export const logisticsSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.enum(orderStatuses),
  shipment: shipmentSchema.nullable(),
  events: z.array(trackingEventSchema),
});
export type Logistics = z.infer<typeof logisticsSchema>;

export const trackingEventBodySchema = z.object({
  occurred_at: z.iso.datetime({ offset: true, error: '请选择时间' }),
  description: z
    .string({ error: '请填写物流动态' })
    .trim()
    .min(1, { error: '请填写物流动态' })
    .max(200, { error: '物流动态最多 200 字' }),
  location: z.string().trim().max(100, { error: '地点最多 100 字' }).default(''),
});
export type TrackingEventBody = z.input<typeof trackingEventBodySchema>;
