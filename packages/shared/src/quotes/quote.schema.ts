import Decimal from 'decimal.js';
import { z } from 'zod';
import { productTypes, quoteStatuses } from '../catalogue/product.schema';
import { idNumber, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

/** The largest price a quote takes (numeric(12,2) holds more; a shelf price above this is a typing mistake). */
export const QUOTE_PRICE_MAX = '999999.99';
/** The largest stock a quote takes. */
export const QUOTE_STOCK_MAX = 9_999_999;
/** How many quotes one 上架/下架 call may name. */
export const QUOTE_SHELF_MAX = 500;

export const quoteMessages = {
  duplicate: '该药品已报价，请在报价列表中修改',
  productMissing: '药品不存在或已停用',
  notFound: '报价不存在或已删除',
  originalBelowPrice: '原价不能低于售价',
} as const;

/**
 * A money amount typed by a person: digits with at most two decimals, above zero, at most QUOTE_PRICE_MAX. One message
 * per way of being wrong, so the form says exactly what to fix. `label` is the field's name (售价, 原价).
 */
export const quoteMoneySchema = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (v === '') return fail(`请输入${label}`);
      if (!/^\d+(\.\d+)?$/.test(v)) return fail(`${label}须为数字，如 12.50`);
      if (!/^\d+(\.\d{1,2})?$/.test(v)) return fail(`${label}最多两位小数`);
      const d = new Decimal(v);
      if (d.lte(0)) return fail(`${label}须大于 0`);
      if (d.gt(QUOTE_PRICE_MAX)) return fail(`${label}不能超过 ${QUOTE_PRICE_MAX}`);
    });

export const quoteStockSchema = z
  .number({ error: '请输入库存' })
  .int({ error: '库存须为整数' })
  .min(0, { error: '库存不能为负数' })
  .max(QUOTE_STOCK_MAX, { error: `库存不能超过 ${QUOTE_STOCK_MAX}` });

/** Original price ≥ price, compared exactly; a malformed value is left to its own field's message. */
export function isOriginalBelowPrice(price: unknown, originalPrice: unknown): boolean {
  if (typeof price !== 'string' || typeof originalPrice !== 'string') return false;
  const p = price.trim();
  const o = originalPrice.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(p) || !/^\d+(\.\d{1,2})?$/.test(o)) return false;
  return new Decimal(o).lt(p);
}

const originalPriceField = quoteMoneySchema('原价').nullable().optional();

/** The editable fields of a quote: the create and edit forms and the server share these rules. */
const quoteFieldsSchema = z.object({
  price: quoteMoneySchema('售价'),
  /** Crossed-out price; empty or null for none. */
  original_price: originalPriceField,
  stock: quoteStockSchema,
});

const originalNotBelowPrice = <T extends { price: string; original_price?: string | null }>(schema: z.ZodType<T>) =>
  schema.refine((b) => !isOriginalBelowPrice(b.price, b.original_price), {
    path: ['original_price'],
    error: quoteMessages.originalBelowPrice,
  });

export const quoteCreateBodySchema = originalNotBelowPrice(
  quoteFieldsSchema.extend({
    product_id: idNumber('请选择药品'),
    status: z.enum(quoteStatuses, { error: '上架状态不正确' }).default('on_shelf'),
  }),
);
export type QuoteCreateBody = z.infer<typeof quoteCreateBodySchema>;

export const quoteUpdateBodySchema = originalNotBelowPrice(quoteFieldsSchema);
export type QuoteUpdateBody = z.infer<typeof quoteUpdateBodySchema>;

export type QuoteFormField = 'price' | 'original_price' | 'stock';

/**
 * The message a quote form field gets, or null: the console's antd rules call this, so the form refuses exactly what
 * the server's body schemas refuse, with the same words. An empty original price means none.
 */
export function quoteFieldError(
  field: QuoteFormField,
  values: { price?: unknown; original_price?: unknown; stock?: unknown },
): string | null {
  const first = (r: { success: boolean; error?: z.ZodError }) => (r.success ? null : r.error!.issues[0].message);
  if (field === 'price') return first(quoteMoneySchema('售价').safeParse(values.price ?? undefined));
  if (field === 'stock') return first(quoteStockSchema.safeParse(values.stock ?? undefined));
  const original = values.original_price;
  if (original === undefined || original === null || (typeof original === 'string' && original.trim() === ''))
    return null;
  return (
    first(quoteMoneySchema('原价').safeParse(original)) ??
    (isOriginalBelowPrice(values.price, original) ? quoteMessages.originalBelowPrice : null)
  );
}

export const quoteTabs = ['all', ...quoteStatuses] as const;
export type QuoteTab = (typeof quoteTabs)[number];
export const quoteTabLabels: Record<QuoteTab, string> = { all: '全部', on_shelf: '已上架', off_shelf: '已下架' };

const priceQuery = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: '价格格式不正确' });

/** A reversed price range is an error on price_max (the URL drops it, the filter form says why). */
export const pharmacyQuoteListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(quoteTabs).catch('all').default('all'),
    /** Product name, generic name, approval number or barcode contains this. */
    keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
    type: z.enum(productTypes).optional().catch(undefined),
    /** A top-level category takes in its sub-categories. */
    category_id: idTextSchema.optional().catch(undefined),
    price_min: priceQuery.optional().catch(undefined),
    price_max: priceQuery.optional().catch(undefined),
    /** Stock below this number (0 … QUOTE_STOCK_MAX). */
    stock_below: z.coerce.number().int().min(0).max(QUOTE_STOCK_MAX).optional().catch(undefined),
  })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || !new Decimal(q.price_min).gt(q.price_max), {
    path: ['price_max'],
    error: '最高价不能低于最低价',
  });
export type PharmacyQuoteListQuery = z.infer<typeof pharmacyQuoteListQuerySchema>;

export const quoteTabCountsSchema = z.object({
  all: z.number().int(),
  on_shelf: z.number().int(),
  off_shelf: z.number().int(),
});
export type QuoteTabCounts = z.infer<typeof quoteTabCountsSchema>;

const money = z.string();

/** A row of the quote list: the quote with its catalogue product. */
export const quoteListItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  barcode: z.string(),
  type: z.enum(productTypes),
  category_name: z.string().nullable(),
  image: z.string().nullable(),
  price: money,
  original_price: money.nullable(),
  stock: z.number().int(),
  status: z.enum(quoteStatuses),
  is_top: z.boolean(),
  sales_count: z.number().int(),
  updated_at: z.string(),
});
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

export const quoteListResultSchema = z.object({
  list: z.array(quoteListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: quoteTabCountsSchema,
});
export type QuoteListResult = z.infer<typeof quoteListResultSchema>;

export const quoteShelfBodySchema = z.object({
  ids: z
    .array(idNumber(), { error: '请选择报价' })
    .min(1, { error: '请选择报价' })
    .max(QUOTE_SHELF_MAX, { error: `一次最多 ${QUOTE_SHELF_MAX} 条` }),
  status: z.enum(quoteStatuses, { error: '上架状态不正确' }),
});
export type QuoteShelfBody = z.infer<typeof quoteShelfBodySchema>;
/** How many of the named quotes changed status (those already in it, and others' ids, do not count). */
export const quoteShelfResultSchema = z.object({ updated: z.number().int() });

export const quoteTopBodySchema = z.object({
  id: idNumber('请选择报价'),
  is_top: z.boolean({ error: '请选择置顶或取消置顶' }),
});
export type QuoteTopBody = z.infer<typeof quoteTopBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// The product picker: the catalogue, marked with what this pharmacy already quotes

export const quoteProductQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
  type: z.enum(productTypes).optional().catch(undefined),
  category_id: idTextSchema.optional().catch(undefined),
});
export type QuoteProductQuery = z.infer<typeof quoteProductQuerySchema>;

export const quoteProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  barcode: z.string(),
  type: z.enum(productTypes),
  category_name: z.string().nullable(),
  image: z.string().nullable(),
  /** This pharmacy already quotes it (a second quote is refused). */
  quoted: z.boolean(),
});
export type QuoteProduct = z.infer<typeof quoteProductSchema>;
