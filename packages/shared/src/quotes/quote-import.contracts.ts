import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import {
  quoteImportApplyBodySchema,
  quoteImportApplyResultSchema,
  quoteImportPreviewSchema,
  quoteImportUploadParamsSchema,
} from './quote-import.schema';

// the schema file travels with its contracts (packages/shared/src/index.ts exports this file)
export * from './quote-import.schema';

/** Quote import (pharmacy/quote/import): template, preview, error report, apply — the pharmacy's own uploads only. */
const access = { pharmacy: 'quote_manage' } as const;

export const quoteImportContracts = defineContracts('quoteImport', {
  template: {
    method: 'GET',
    path: '/pharmacy/quote/import/template',
    kind: 'file',
    access,
    summary: '下载报价导入模板（xlsx）',
  },
  preview: {
    method: 'POST',
    path: '/pharmacy/quote/import/preview',
    multipart: true,
    access,
    summary: '上传报价文件并逐行校验（xlsx / csv，最大 20 MB；不写入）',
    description:
      'Validates every row (catalogue match by approval number, or barcode; price, original price, stock, status; ' +
      'duplicates) and stores the file for the apply; writes no quote. The upload belongs to this pharmacy and account.',
    body: z.object({ file: fileField() }),
    response: quoteImportPreviewSchema,
  },
  errors: {
    method: 'GET',
    path: '/pharmacy/quote/import/:upload_id/errors',
    kind: 'file',
    access,
    summary: '下载报价导入错误报告（xlsx）',
    description: "Another pharmacy's or account's upload, or an expired one, answers 404.",
    params: quoteImportUploadParamsSchema,
  },
  apply: {
    method: 'POST',
    path: '/pharmacy/quote/import',
    access,
    summary: '导入报价（一个事务；有无效行时不写入，除非只导入有效行）',
    description:
      'Validates the stored file again inside one transaction and upserts the valid rows by (pharmacy, product) in ' +
      'batches; any invalid row rolls everything back unless only_valid.',
    body: quoteImportApplyBodySchema,
    response: quoteImportApplyResultSchema,
  },
});
