import { z } from 'zod';
import { quoteStatuses } from '../catalogue/product.schema';

// ---------------------------------------------------------------------------------------------------------------
// Quote import (pharmacy/quote/import): a spreadsheet of prices and stock matched to the catalogue. The cell rules
// (price, original price, stock) are the quote form's own (quote.schema.ts: quoteMoneySchema, quoteStockSchema,
// isOriginalBelowPrice); the server applies them to each row.

/** The template's columns, in order; 药品名称 is there for the person filling it in and is not read. */
export const quoteImportColumnLabels = ['批准文号', '条码', '药品名称', '售价', '原价', '库存', '上架状态'] as const;

export const quoteImportActions = ['create', 'update'] as const;
export type QuoteImportAction = (typeof quoteImportActions)[number];
export const quoteImportActionLabels: Record<QuoteImportAction, string> = { create: '新增报价', update: '更新报价' };

/** The 上架状态 cell's values (empty: a new quote goes on shelf, an existing one keeps its status). */
export const quoteImportStatusLabels = { on_shelf: '上架', off_shelf: '下架' } as const;

export const quoteImportErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type QuoteImportError = z.infer<typeof quoteImportErrorSchema>;

/** A valid row as it will be written, with the catalogue product it matched. */
export const quoteImportRowSchema = z.object({
  row: z.number().int(),
  product_id: z.number().int(),
  /** The catalogue's name, spec and maker (not the file's 药品名称). */
  name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  barcode: z.string(),
  price: z.string(),
  original_price: z.string().nullable(),
  stock: z.number().int(),
  /** null: an existing quote keeps its status, a new one goes on shelf. */
  status: z.enum(quoteStatuses).nullable(),
  /** Whether the pharmacy already quotes the product (update) or not (create), at the time of the check. */
  action: z.enum(quoteImportActions),
});
export type QuoteImportRow = z.infer<typeof quoteImportRowSchema>;

export const quoteImportReportSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Of the valid rows: new quotes and quotes that exist and will be updated. */
  to_create: z.number().int(),
  to_update: z.number().int(),
  errors: z.array(quoteImportErrorSchema),
  /** More errors existed than the report keeps (the error report has them all… up to its cap). */
  errors_truncated: z.boolean(),
  /** The first valid rows, for the preview. */
  rows: z.array(quoteImportRowSchema),
});
export type QuoteImportReport = z.infer<typeof quoteImportReportSchema>;

/** The preview's answer: the stored upload to apply later, and its report. */
export const quoteImportPreviewSchema = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  report: quoteImportReportSchema,
});
export type QuoteImportPreview = z.infer<typeof quoteImportPreviewSchema>;

/** Applies a previewed upload in one transaction; with invalid rows nothing changes unless only_valid is set. */
export const quoteImportApplyBodySchema = z.object({
  upload_id: z.string({ error: '请先上传文件' }).min(1, { error: '请先上传文件' }).max(64),
  only_valid: z.boolean().default(false),
});
export type QuoteImportApplyBody = z.infer<typeof quoteImportApplyBodySchema>;

export const quoteImportApplyResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});
export type QuoteImportApplyResult = z.infer<typeof quoteImportApplyResultSchema>;

export const quoteImportUploadParamsSchema = z.object({ upload_id: z.string().max(64) });
