import { z } from 'zod';
import { productTypes, quoteStatuses } from '../catalogue/product.schema';
import { idNumber } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { add, formatMoney, multiply, subtract } from '../common/rules/decimal';

/** A combo (套餐, table quote_set): quotes of one pharmacy sold together at a package price. */

export const quoteSetStatuses = ['on_sale', 'off_sale'] as const;
export type QuoteSetStatus = (typeof quoteSetStatuses)[number];
export const quoteSetStatusLabels: Record<QuoteSetStatus, string> = { on_sale: '在售', off_sale: '已下架' };

export const COMBO_NAME_MAX = 50;
export const COMBO_REMARK_MAX = 500;
export const COMBO_MIN_ITEMS = 2;
export const COMBO_MAX_ITEMS = 20;
export const COMBO_QTY_MAX = 999;

export const comboMessages = {
  nameRequired: '请输入套餐名称',
  nameTooLong: `套餐名称最多 ${COMBO_NAME_MAX} 字`,
  remarkTooLong: `备注最多 ${COMBO_REMARK_MAX} 字`,
  tooFewItems: `套餐至少包含 ${COMBO_MIN_ITEMS} 种商品`,
  tooManyItems: `套餐最多包含 ${COMBO_MAX_ITEMS} 种商品`,
  quoteRequired: '请选择商品',
  qty: `数量须为 1–${COMBO_QTY_MAX} 的整数`,
  duplicate: '同一商品不能重复添加',
  priceRequired: '请输入套餐价',
  priceFormat: '套餐价须为数字，最多两位小数',
  pricePositive: '套餐价须大于 0',
  priceAboveTotal: '套餐价不能高于商品原价合计',
  quoteMissing: '商品不存在或不属于本药店',
  notFound: '套餐不存在或已删除',
  offShelf: (name: string) => `套餐中的「${name}」已下架，不能上架`,
  hasOffShelf: '含已下架商品',
} as const;

/** Money a person types: digits with at most two decimals (leading/trailing spaces ignored). */
const MONEY_INPUT = /^\d{1,10}(\.\d{1,2})?$/;

export const comboPriceSchema = z
  .string({ error: comboMessages.priceRequired })
  .trim()
  .min(1, { error: comboMessages.priceRequired })
  .regex(MONEY_INPUT, { error: comboMessages.priceFormat })
  .refine((v) => !/^0+(\.0*)?$/.test(v), { error: comboMessages.pricePositive });

export const comboItemInputSchema = z.object({
  quote_id: idNumber(comboMessages.quoteRequired),
  qty: z
    .number({ error: comboMessages.qty })
    .int({ error: comboMessages.qty })
    .min(1, { error: comboMessages.qty })
    .max(COMBO_QTY_MAX, { error: comboMessages.qty }),
});
export type ComboItemInput = z.infer<typeof comboItemInputSchema>;

/** POST /quote_set and PUT /quote_set/:id. The price is checked against the items' sum by the server (it knows the prices). */
export const comboBodySchema = z
  .object({
    name: z
      .string({ error: comboMessages.nameRequired })
      .trim()
      .min(1, { error: comboMessages.nameRequired })
      .max(COMBO_NAME_MAX, { error: comboMessages.nameTooLong }),
    price: comboPriceSchema,
    remark: z.string().trim().max(COMBO_REMARK_MAX, { error: comboMessages.remarkTooLong }).optional(),
    items: z
      .array(comboItemInputSchema, { error: comboMessages.tooFewItems })
      .min(COMBO_MIN_ITEMS, { error: comboMessages.tooFewItems })
      .max(COMBO_MAX_ITEMS, { error: comboMessages.tooManyItems }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.items.forEach((item, i) => {
      if (seen.has(item.quote_id)) {
        ctx.addIssue({ code: 'custom', message: comboMessages.duplicate, path: ['items', i, 'quote_id'] });
      }
      seen.add(item.quote_id);
    });
  });
export type ComboBody = z.infer<typeof comboBodySchema>;

export const comboStatusBodySchema = z.object({
  status: z.enum(quoteSetStatuses, { error: '状态只能是 on_sale 或 off_sale' }),
});
export type ComboStatusBody = z.infer<typeof comboStatusBodySchema>;

export const comboTabs = ['all', ...quoteSetStatuses] as const;
export type ComboTab = (typeof comboTabs)[number];
export const comboTabLabels: Record<ComboTab, string> = { all: '全部', on_sale: '在售', off_sale: '已下架' };

export const comboListQuerySchema = pageQuerySchema.extend({
  status: z.enum(comboTabs).catch('all').default('all'),
  /** The combo's name, or the name / generic name of a product in it. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional(),
});
export type ComboListQuery = z.infer<typeof comboListQuerySchema>;

/** The quotes a combo may be built from (GET /quote_set/quotes): the pharmacy's own, searched like the quote list. */
export const comboQuoteQuerySchema = pageQuerySchema.extend({
  /** Name, generic name, approval number or barcode. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional(),
  type: z.enum(productTypes).optional().catch(undefined),
});
export type ComboQuoteQuery = z.infer<typeof comboQuoteQuerySchema>;

const money = z.string();

export const comboQuoteSchema = z.object({
  quote_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  barcode: z.string(),
  type: z.enum(productTypes),
  image: z.string().nullable(),
  price: money,
  stock: z.number().int(),
  status: z.enum(quoteStatuses),
});
export type ComboQuote = z.infer<typeof comboQuoteSchema>;

export const unavailableReasons = ['off_shelf', 'out_of_stock'] as const;
export type UnavailableReason = (typeof unavailableReasons)[number];
export const unavailableReasonLabels: Record<UnavailableReason, string> = {
  off_shelf: '已下架',
  out_of_stock: '库存不足',
};

export const comboItemSchema = comboQuoteSchema.extend({
  qty: z.number().int(),
  /** price × qty, two decimals. */
  subtotal: money,
});
export type ComboItem = z.infer<typeof comboItemSchema>;

export const unavailableItemSchema = z.object({
  quote_id: z.number().int(),
  name: z.string(),
  reason: z.enum(unavailableReasons),
});
export type UnavailableItem = z.infer<typeof unavailableItemSchema>;

export const comboSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: money,
  status: z.enum(quoteSetStatuses),
  remark: z.string(),
  items: z.array(comboItemSchema),
  /** Σ quote price × qty, two decimals. */
  items_total: money,
  /** items_total − price, two decimals. */
  saving: money,
  /** Items whose quote is now off shelf, or has less stock than the combo needs (derived at read time). */
  unavailable_items: z.array(unavailableItemSchema),
  /** Some item's quote is off shelf: shown as 含已下架商品; the combo cannot be put on sale. */
  has_off_shelf: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Combo = z.infer<typeof comboSchema>;

export const comboListSchema = z.object({
  list: z.array(comboSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Tab counts of the pharmacy's combos (all / on sale / off sale), whatever the keyword. */
  counts: z.object({ all: z.number().int(), on_sale: z.number().int(), off_sale: z.number().int() }),
});
export type ComboList = z.infer<typeof comboListSchema>;

export const comboIdSchema = z.object({ id: z.number().int() });

/**
 * The combo's sums, exact (decimal strings, never floats): items_total = Σ price × qty, saving = items_total − price,
 * both with two decimals. Lines with a missing price or quantity count 0 (a form being filled in).
 */
export function comboTotals(
  items: readonly { price: string | null | undefined; qty: number | null | undefined }[],
  price: string | null | undefined,
): { items_total: string; saving: string } {
  let total = '0';
  for (const item of items) {
    if (!item.price || !item.qty || !MONEY_INPUT.test(item.price.trim())) continue;
    total = add(total, multiply(item.price.trim(), item.qty));
  }
  const p = price && MONEY_INPUT.test(price.trim()) ? price.trim() : '0';
  return { items_total: formatMoney(total), saving: formatMoney(subtract(total, p)) };
}

/** Whether a package price is above the items' sum (refused: 套餐价不能高于商品原价合计). */
export function isComboPriceAboveTotal(price: string, itemsTotal: string): boolean {
  const diff = subtract(price.trim(), itemsTotal);
  return diff !== '0' && !diff.startsWith('-');
}
