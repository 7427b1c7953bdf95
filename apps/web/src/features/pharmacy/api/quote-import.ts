import { type ContractOutput, quoteImportContracts as c } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { quoteKeys } from './quote-keys';

export type QuoteImportPreviewResult = ContractOutput<typeof c.preview>;
export type QuoteImportApplied = ContractOutput<typeof c.apply>;

/** Downloads 报价导入模板.xlsx. */
export function downloadQuoteImportTemplate() {
  return callApi(c.template);
}

/** Downloads the error report of an upload (the failed rows with their messages, and 行号 / 列 / 错误信息). */
export function downloadQuoteImportErrors(uploadId: string) {
  return callApi(c.errors, { upload_id: uploadId });
}

/** Uploads the file (multipart, the share sent reported to `onProgress`) and checks every row; writes nothing. */
export function previewQuoteImport(file: File, onProgress?: (sent: number) => void) {
  return callApi(c.preview, { file }, { onUploadProgress: onProgress });
}

/** Applies a previewed upload in one transaction: all rows, or with `only_valid` the valid ones. */
export function applyQuoteImport(body: { upload_id: string; only_valid: boolean }) {
  return callApi(c.apply, body);
}

/** The apply, refreshing the quote list, its tab counts and the picker's 已报价 marks afterwards. */
export function useApplyQuoteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyQuoteImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
