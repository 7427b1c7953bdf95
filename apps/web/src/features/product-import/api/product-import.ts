import { type ContractOutput, productImportContracts as c, type ProductImportMode } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

export type ProductImportPreview = ContractOutput<typeof c.preview>;
export type ProductImportApplyResult = ContractOutput<typeof c.import>;

/** Downloads 药品导入模板.xlsx. */
export function downloadImportTemplate() {
  return callApi(c.template);
}

/** Downloads the error report (failed rows with red cells, and the 行号/列/错误信息 sheet) of an upload. */
export function downloadImportErrors(uploadId: string) {
  return callApi(c.errors, { upload_id: uploadId });
}

/** Uploads the file (multipart, the share sent reported to `onProgress`) and validates every row; nothing is written yet. */
export function previewImport(vars: { file: File; mode: ProductImportMode }, onProgress?: (sent: number) => void) {
  return callApi(c.preview, { file: vars.file, mode: vars.mode }, { onUploadProgress: onProgress });
}

/** Applies a previewed upload in one transaction (create → `admin/product/import`, update → `admin/product/update`). */
export function applyImport(vars: { upload_id: string; mode: ProductImportMode; only_valid: boolean }) {
  return callApi(vars.mode === 'update' ? c.update : c.import, {
    upload_id: vars.upload_id,
    only_valid: vars.only_valid,
  });
}
