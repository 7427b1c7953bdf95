import { z } from 'zod';
import {
  productImportApplyBodySchema,
  productImportApplyResultSchema,
  productImportModes,
  productImportPreviewSchema,
} from '../catalogue/product.schema';
import { defineContracts, fileField } from '../common/contract';

/** The operator's medicine upload (admin/product): template, preview, apply, error report. */
const access = { admin: 'product' } as const;
const uploadIdParamsSchema = z.object({ upload_id: z.string().max(64) });

export const productImportContracts = defineContracts('product', {
  template: {
    method: 'GET',
    path: '/admin/product/template',
    kind: 'file',
    access,
    summary: '下载药品导入模板（xlsx）',
  },
  preview: {
    method: 'POST',
    path: '/admin/product/import/preview',
    multipart: true,
    access,
    summary: '上传药品文件并逐行校验（xlsx / csv，最大 20 MB；不写入）',
    body: z.object({ file: fileField(), mode: z.enum(productImportModes).optional() }),
    response: productImportPreviewSchema,
  },
  errors: {
    method: 'GET',
    path: '/admin/product/import/:upload_id/errors',
    kind: 'file',
    access,
    summary: '下载导入错误报告（xlsx）',
    params: uploadIdParamsSchema,
  },
  import: {
    method: 'POST',
    path: '/admin/product/import',
    access,
    summary: '导入新增药品（一个事务；有无效行时不写入，除非只导入有效行）',
    body: productImportApplyBodySchema,
    response: productImportApplyResultSchema,
  },
  update: {
    method: 'POST',
    path: '/admin/product/update',
    access,
    summary: '导入更新药品（一个事务；有无效行时不写入，除非只导入有效行）',
    body: productImportApplyBodySchema,
    response: productImportApplyResultSchema,
  },
});
