import { z } from 'zod';
import { dateSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import {
  inspectionRejectCodes,
  inspectionRejectReasons,
  recipeCheckResultSchema,
  recipeDetailSchema,
  recipeStatuses,
  recipeSummarySchema,
  recipeWarningSchema,
} from './clinical.schema';

// Schemas of the inspection part of the clinical module (docs/clinical.md "Inspection"): the pharmacist's list of the
// pharmacy's prescriptions, the inspect dialog's prescription with the order it dispenses and the aids run again,
// and the decision. The shared core is clinical.schema.ts.

/** The list's tabs: each prescription status, and 全部. The page opens on 待审方. */
export const inspectionTabs = [...recipeStatuses, 'all'] as const;
export type InspectionTab = (typeof inspectionTabs)[number];
export const INSPECTION_DEFAULT_TAB: InspectionTab = 'pending_inspection';

const inspectionFilterShape = {
  status: z.enum(inspectionTabs).catch(INSPECTION_DEFAULT_TAB).default(INSPECTION_DEFAULT_TAB),
  /** A prescription number or a patient's name (contains). */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
  doctor_name: z.string().trim().max(50, { error: '医生姓名最多 50 字' }).optional().catch(undefined),
  /** Written between two Shanghai calendar days, both included. */
  date_from: dateSchema.optional().catch(undefined),
  date_to: dateSchema.optional().catch(undefined),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: '结束日期不能早于开始日期' };

export const inspectionFilterSchema = z.object(inspectionFilterShape).refine(datesInOrder, datesError);
export type InspectionFilter = z.infer<typeof inspectionFilterSchema>;
export const inspectionListQuerySchema = pageQuerySchema.extend(inspectionFilterShape).refine(datesInOrder, datesError);
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;

/** The tabs' counts: each status and 全部. */
export const inspectionTabCountsSchema = z.object({
  pending_inspection: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  void: z.number().int(),
  all: z.number().int(),
});
export type InspectionTabCounts = z.infer<typeof inspectionTabCountsSchema>;

/** A page of the pharmacy's prescriptions with the total of its tab and every tab's count, under the same filters. */
export const inspectionListResultSchema = z.object({
  list: z.array(recipeSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: inspectionTabCountsSchema,
});
export type InspectionListResult = z.infer<typeof inspectionListResultSchema>;

/** A line of the order the prescription dispenses (for the side-by-side comparison). */
export const inspectionOrderItemSchema = z.object({
  product_id: z.number().nullable(),
  name: z.string(),
  spec: z.string(),
  product_type: z.string(),
  qty: z.number().int(),
});
export type InspectionOrderItem = z.infer<typeof inspectionOrderItemSchema>;

export const inspectionOrderSchema = z.object({
  id: z.number(),
  order_no: z.string(),
  status: z.string(),
  pay_amount: z.string(),
  items: z.array(inspectionOrderItemSchema),
});
export type InspectionOrder = z.infer<typeof inspectionOrderSchema>;

/** The inspect dialog: the prescription whole, its order (null when none), the aids run again now. */
export const inspectionDetailSchema = recipeDetailSchema.extend({
  order: inspectionOrderSchema.nullable(),
  /** The inspection aids run at this request: `unavailable` must be shown as such, never as "no warnings". */
  aids: recipeCheckResultSchema,
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

export const INSPECTION_REASON_MAX = 500;

/** What the dialog showed the pharmacist when they decided (kept with the decision). */
export const inspectionShownSchema = z.object({
  warnings: z.array(recipeWarningSchema).max(100).default([]),
  images_viewed: z.number().int().min(0).max(1000).default(0),
  merged: z.boolean().default(false),
  /** The aids' status as shown (ok, or unavailable). */
  aids_status: z.enum(['ok', 'unavailable']).optional(),
});
export type InspectionShown = z.infer<typeof inspectionShownSchema>;

export const inspectDecisions = ['approve', 'reject'] as const;
export type InspectDecision = (typeof inspectDecisions)[number];

/** The decision: approve, or reject with a code from inspectionRejectReasons (and text, required for 其他). */
export const inspectBodySchema = z
  .object({
    decision: z.enum(inspectDecisions, { error: '请选择审核结果' }),
    reject_code: z.enum(inspectionRejectCodes, { error: '请选择驳回原因' }).optional(),
    reason: z
      .string()
      .trim()
      .max(INSPECTION_REASON_MAX, { error: `说明最多 ${INSPECTION_REASON_MAX} 字` })
      .default(''),
    shown: inspectionShownSchema.default({ warnings: [], images_viewed: 0, merged: false }),
  })
  .superRefine((b, ctx) => {
    if (b.decision !== 'reject') return;
    if (!b.reject_code) ctx.addIssue({ code: 'custom', path: ['reject_code'], message: '请选择驳回原因' });
    else if (b.reject_code === 'other' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写驳回说明' });
  });
export type InspectBody = z.infer<typeof inspectBodySchema>;
export type InspectBodyInput = z.input<typeof inspectBodySchema>;

export const inspectResultSchema = z.object({
  id: z.number(),
  status: z.enum(recipeStatuses),
  order_id: z.number().nullable(),
  order_status: z.string().nullable(),
});
export type InspectResult = z.infer<typeof inspectResultSchema>;

/** The reject reason's label by code ('' for an unknown code). */
export const inspectionRejectLabel = (code: string): string =>
  inspectionRejectReasons.find((r) => r.code === code)?.label ?? '';

/** The message of a losing concurrent inspection. */
export const INSPECTION_TAKEN_MESSAGE = '处方已被其他药师审核';

// ---------------------------------------------------------------- the side-by-side comparison

/** How a prescription line and the order's line for the same product compare. */
export type InspectionMatch =
  /** both, same quantity */
  | 'match'
  /** both, quantities differ */
  | 'qty_differs'
  /** prescribed, not in the order */
  | 'not_ordered'
  /** an RX line of the order the prescription does not cover */
  | 'not_prescribed'
  /** a non-RX line of the order (needs no prescription) */
  | 'no_rx_needed';

export const inspectionMatchLabels: Record<InspectionMatch, string> = {
  match: '一致',
  qty_differs: '数量不一致',
  not_ordered: '订单中无此药品',
  not_prescribed: '处方中无此药品',
  no_rx_needed: '非处方商品',
};

export interface InspectionCompareRow {
  key: string;
  match: InspectionMatch;
  recipe: { name: string; spec: string; qty: number } | null;
  order: { name: string; spec: string; qty: number } | null;
}

/**
 * The prescription's lines against the order's, by product (by name when a line has no product): one row per product,
 * prescription order first, then the order's other lines. A difference is anything but `match` / `no_rx_needed`.
 */
export function compareRecipeWithOrder(
  recipeItems: readonly { product_id: number; name: string; spec: string; qty: number }[],
  orderItems: readonly InspectionOrderItem[],
): InspectionCompareRow[] {
  const rows: InspectionCompareRow[] = [];
  const used = new Set<number>();
  const findOrderLine = (r: { product_id: number; name: string }) => {
    const byProduct = orderItems.findIndex((o, i) => !used.has(i) && o.product_id === r.product_id);
    return byProduct >= 0
      ? byProduct
      : orderItems.findIndex((o, i) => !used.has(i) && o.product_id === null && o.name === r.name);
  };
  recipeItems.forEach((r, index) => {
    const at = findOrderLine(r);
    const o = at >= 0 ? orderItems[at] : undefined;
    if (o) used.add(at);
    rows.push({
      key: `r${index}`,
      match: !o ? 'not_ordered' : o.qty === r.qty ? 'match' : 'qty_differs',
      recipe: { name: r.name, spec: r.spec, qty: r.qty },
      order: o ? { name: o.name, spec: o.spec, qty: o.qty } : null,
    });
  });
  orderItems.forEach((o, index) => {
    if (used.has(index)) return;
    rows.push({
      key: `o${index}`,
      match: o.product_type === 'RX' ? 'not_prescribed' : 'no_rx_needed',
      recipe: null,
      order: { name: o.name, spec: o.spec, qty: o.qty },
    });
  });
  return rows;
}

/** Whether a comparison row is a difference the pharmacist must look at. */
export const isInspectionDifference = (match: InspectionMatch) => match !== 'match' && match !== 'no_rx_needed';
