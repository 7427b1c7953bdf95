import { z } from 'zod';
import { idNumber, idText, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

export const productTypes = ['RX', 'OTC', 'HERBAL', 'NON_DRUG'] as const;
export type ProductType = (typeof productTypes)[number];
export const productTypeLabels: Record<ProductType, string> = {
  RX: '处方药',
  OTC: 'OTC',
  HERBAL: '中药饮片',
  NON_DRUG: '非药品',
};

export const productStatuses = ['active', 'inactive'] as const;
export const quoteStatuses = ['on_shelf', 'off_shelf'] as const;
export const quoteStatusLabels: Record<(typeof quoteStatuses)[number], string> = {
  on_shelf: '上架',
  off_shelf: '下架',
};

/** Money travels as a decimal string with two places ("12.50"). */
export const moneySchema = z.string().regex(/^\d{1,10}\.\d{2}$/, { error: '金额格式不正确' });
const moneyQuery = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: '金额格式不正确' });

/** 国药准字 + H/Z/S/B/T/F/J + 8 digits: required for RX and OTC. */
export const drugApprovalNoPattern = /^国药准字[HZSBTFJ]\d{8}$/;

export const productInstructionsSchema = z.object({
  indications: z.string().default(''),
  usage: z.string().default(''),
  contraindications: z.string().default(''),
  adverse_reactions: z.string().default(''),
  storage: z.string().default(''),
});
export type ProductInstructions = z.infer<typeof productInstructionsSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  dosage_form: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  barcode: z.string(),
  type: z.enum(productTypes),
  category_id: z.number().int().nullable(),
  images: z.array(z.string()),
  instructions: productInstructionsSchema,
  status: z.enum(productStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const quoteSchema = z.object({
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  product_id: z.number().int(),
  price: moneySchema,
  original_price: moneySchema.nullable(),
  stock: z.number().int(),
  status: z.enum(quoteStatuses),
  is_top: z.boolean(),
  sort: z.number().int(),
  sales_count: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A quote as the medicine detail page lists it: with the pharmacy that offers it. */
export const productQuoteSchema = quoteSchema.extend({
  pharmacy_name: z.string(),
  pharmacy_city: z.string(),
});
export type ProductQuote = z.infer<typeof productQuoteSchema>;

/** A row of the public medicine list: the product with its cheapest on-shelf price and reach. */
export const medicineListItemSchema = productSchema
  .pick({ id: true, name: true, generic_name: true, spec: true, manufacturer: true, approval_no: true, type: true })
  .extend({
    category_id: z.number().int().nullable(),
    image: z.string().nullable(),
    min_price: moneySchema.nullable(),
    pharmacy_count: z.number().int(),
    sales_count: z.number().int(),
  });
export type MedicineListItem = z.infer<typeof medicineListItemSchema>;

export const medicineSorts = ['default', 'price_asc', 'price_desc', 'sales'] as const;

export const PRICE_RANGE_MESSAGE = '最高价不能低于最低价';

/** A minimum above the maximum matches nothing: refused with PRICE_RANGE_MESSAGE rather than answered empty. */
export function isPriceRangeReversed(min: unknown, max: unknown): boolean {
  if (typeof min !== 'string' || typeof max !== 'string' || min.trim() === '' || max.trim() === '') return false;
  const lo = Number(min);
  const hi = Number(max);
  return Number.isFinite(lo) && Number.isFinite(hi) && lo > hi;
}

/**
 * Search matches name, generic name, approval number and barcode (Chinese substrings). A reversed price range is an
 * error on max_price (400 on the server; the list's URL drops max_price, and its form shows the message first).
 */
export const medicineListQuerySchema = pageQuerySchema
  .extend({
    q: z.string().trim().max(50, { error: '搜索词最多 50 字' }).optional().catch(undefined),
    type: z.enum(productTypes).optional().catch(undefined),
    category_id: idTextSchema.optional().catch(undefined),
    min_price: moneyQuery.optional().catch(undefined),
    max_price: moneyQuery.optional().catch(undefined),
    sort: z.enum(medicineSorts).catch('default').default('default'),
  })
  .refine((q) => !isPriceRangeReversed(q.min_price, q.max_price), {
    path: ['max_price'],
    error: PRICE_RANGE_MESSAGE,
  });
export type MedicineListQuery = z.infer<typeof medicineListQuerySchema>;

export const hotMedicineQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).catch(10).default(10),
});
export const hotMedicineSchema = medicineListItemSchema.extend({ units_sold: z.number().int() });
export type HotMedicine = z.infer<typeof hotMedicineSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Comments and votes

export const commentVoteKinds = ['support', 'objection'] as const;
export type CommentVoteKind = (typeof commentVoteKinds)[number];

export const commentSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  /** Shown masked (张**, or 138****0001 when the account has no name); the author's account id is never sent. */
  author_name: z.string(),
  head_img_url: z.string(),
  content: z.string(),
  rating: z.number().int().min(1).max(5),
  support_count: z.number().int(),
  objection_count: z.number().int(),
  /** The signed-in caller's vote, null when none (or signed out). */
  my_vote: z.enum(commentVoteKinds).nullable(),
  created_at: z.string(),
});
export type MedicineComment = z.infer<typeof commentSchema>;

export const commentListQuerySchema = pageQuerySchema.extend({
  product_id: idText('请选择药品'),
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

export const commentAddBodySchema = z.object({
  product_id: idNumber('请选择药品'),
  content: z.string().trim().min(1, { error: '请输入评论内容' }).max(500, { error: '评论最多 500 字' }),
  rating: z.number().int().min(1, { error: '评分为 1 到 5 星' }).max(5, { error: '评分为 1 到 5 星' }).default(5),
});
export type CommentAddBody = z.infer<typeof commentAddBodySchema>;

/** One vote per account and comment; `kind: null` withdraws it. */
export const commentVoteBodySchema = z.object({ kind: z.enum(commentVoteKinds).nullable() });
export type CommentVoteBody = z.infer<typeof commentVoteBodySchema>;
export const commentVoteResultSchema = commentSchema.pick({
  id: true,
  support_count: true,
  objection_count: true,
  my_vote: true,
});

// ---------------------------------------------------------------------------------------------------------------
// Pharmacies as the public sees them

export const pharmacyAptitudeSchema = z.object({ title: z.string(), url: z.string() });

export const publicPharmacySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  phone: z.string(),
  business_hours: z.string(),
  quote_count: z.number().int(),
});
export type PublicPharmacy = z.infer<typeof publicPharmacySchema>;

export const publicPharmacyDetailSchema = publicPharmacySchema.extend({
  business_licence_no: z.string(),
  drug_licence_no: z.string(),
  drug_licence_expire_at: z.string().nullable(),
  aptitude_images: z.array(z.string()),
});
export type PublicPharmacyDetail = z.infer<typeof publicPharmacyDetailSchema>;

export const pharmacyListQuerySchema = pageQuerySchema.extend({
  city: z.string().trim().max(32).optional().catch(undefined),
  q: z.string().trim().max(50).optional().catch(undefined),
});
export type PharmacyListQuery = z.infer<typeof pharmacyListQuerySchema>;

export const pharmacyProductListQuerySchema = pageQuerySchema.extend({
  pharmacy_id: idText('请选择药店'),
  q: z.string().trim().max(50).optional().catch(undefined),
  type: z.enum(productTypes).optional().catch(undefined),
  category_id: idTextSchema.optional().catch(undefined),
});
export type PharmacyProductListQuery = z.infer<typeof pharmacyProductListQuerySchema>;

export const pharmacyProductSchema = productQuoteSchema.omit({ pharmacy_name: true, pharmacy_city: true }).extend({
  product: medicineListItemSchema.pick({
    id: true,
    name: true,
    generic_name: true,
    spec: true,
    manufacturer: true,
    type: true,
    image: true,
  }),
});
export type PharmacyProduct = z.infer<typeof pharmacyProductSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Medicine upload (admin/product import and update)

export const productImportModes = ['create', 'update'] as const;
export type ProductImportMode = (typeof productImportModes)[number];

export const productImportErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const productImportRowSchema = z.object({
  row: z.number().int(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  dosage_form: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  barcode: z.string(),
  type: z.enum(productTypes),
  category_id: z.number().int().nullable(),
  instructions: productInstructionsSchema,
});

export const productImportReportSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(productImportErrorSchema),
  errors_truncated: z.boolean(),
  /** The first valid rows, for the preview. */
  rows: z.array(productImportRowSchema),
});
export type ProductImportReport = z.infer<typeof productImportReportSchema>;

/** The preview's answer: the stored upload to apply later, and its report. */
export const productImportPreviewSchema = z.object({
  upload_id: z.string(),
  mode: z.enum(productImportModes),
  report: productImportReportSchema,
});

/** Applies a previewed upload in one transaction; with invalid rows nothing changes unless only_valid is set. */
export const productImportApplyBodySchema = z.object({
  upload_id: z.string().min(1, { error: '请先上传文件' }).max(64),
  only_valid: z.boolean().default(false),
});
export type ProductImportApplyBody = z.infer<typeof productImportApplyBodySchema>;

export const productImportApplyResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
