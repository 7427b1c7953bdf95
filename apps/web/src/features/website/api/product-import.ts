import type { ProductImportMode, ProductImportReport } from '@pharmacy/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export interface ProductImportPreview {
  upload_id: string;
  mode: ProductImportMode;
  report: ProductImportReport;
}
export interface ProductImportApplyResult {
  created: number;
  updated: number;
  skipped: number;
}

/** Downloads 药品导入模板.xlsx. */
export function downloadImportTemplate() {
  return callApi('product.importTemplate');
}

/** Downloads the error report (failed rows with red cells, and the 行号/列/错误信息 sheet) of an upload. */
export function downloadImportErrors(uploadId: string) {
  return callApi('product.importErrors', { upload_id: uploadId });
}

/** Uploads the file (multipart) and validates every row; nothing is written yet. */
export function previewImport(vars: { file: File; mode: ProductImportMode }) {
  return callApi<ProductImportPreview>('product.importPreview', { file: vars.file, mode: vars.mode });
}

/** Applies a previewed upload in one transaction (create → `admin/product/import`, update → `admin/product/update`). */
export function applyImport(vars: { upload_id: string; mode: ProductImportMode; only_valid: boolean }) {
  return callApi<ProductImportApplyResult>(vars.mode === 'update' ? 'product.update' : 'product.import', {
    upload_id: vars.upload_id,
    only_valid: vars.only_valid,
  });
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
export const useApplyImport = () => useMutation({ mutationFn: applyImport });
