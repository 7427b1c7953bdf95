import { PassThrough, type Writable } from 'node:stream';
import {
  okEnvelope,
  productImportApplyBodySchema,
  productImportApplyResultSchema,
  productImportModes,
  productImportPreviewSchema,
} from '@pharmacy/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { audit } from '../../plugins/audit';
import { ERROR_REPORT_FILE_NAME } from './error-report';
import type { ProductImportService, ReceivedFile } from './product-import.service';
import { TEMPLATE_FILE_NAME, writeTemplate } from './template';
import type { ImportMode } from './validate';

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['product'];
const security = [{ session: [] }];
const access = { admin: 'product' } as const;

/** `attachment` with an ASCII fallback and the real (Chinese) name in RFC 5987 `filename*`. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Sends a spreadsheet written by `write` as it is produced; a failure mid-way ends the download. */
function sendSheet(reply: FastifyReply, name: string, write: (out: Writable) => Promise<void>) {
  const out = new PassThrough();
  write(out).catch((err) => {
    reply.log.error({ err }, 'spreadsheet download failed');
    out.destroy(err as Error);
  });
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', attachment(name))
    .header('Cache-Control', 'no-store')
    .send(out);
}

export async function productImportRoutes(app: FastifyInstance, { service }: { service: ProductImportService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/product/template',
    { config: { access }, schema: { tags, security, summary: '下载药品导入模板（xlsx）' } },
    async (_request, reply) => sendSheet(reply, TEMPLATE_FILE_NAME, writeTemplate),
  );

  r.post(
    '/admin/product/import/preview',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: '上传药品文件并逐行校验（xlsx / csv，最大 20 MB；不写入）',
        consumes: ['multipart/form-data'],
        body: z
          .object({ file: z.string().meta({ format: 'binary' }), mode: z.enum(productImportModes).optional() })
          .nullish(),
        response: { 200: okEnvelope(productImportPreviewSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw AppError.badParams('file', '请选择文件', 'Expected multipart/form-data');
      let mode: ImportMode = 'create';
      let received: ReceivedFile | null = null;
      try {
        // the web sends the file before the mode field: take the file as it streams, validate once all parts are read
        for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } })) {
          if (part.type === 'field') {
            if (part.fieldname === 'mode') {
              if (part.value !== 'create' && part.value !== 'update') {
                throw AppError.badParams('mode', '导入方式只能是新增或更新');
              }
              mode = part.value;
            }
          } else if (part.fieldname !== 'file' || received) {
            part.file.resume();
          } else {
            received = await service.receive({
              filename: part.filename,
              stream: part.file,
              truncated: () => part.file.truncated,
            });
          }
        }
      } catch (err) {
        if (received) await service.discard(received);
        throw err;
      }
      if (!received) throw AppError.badParams('file', '请选择文件', 'No file part');
      const result = await service.preview(request.user!.accountId, received, mode);
      await audit(request, 'product.import.preview', `upload:${result.upload_id}`, {
        mode,
        total: result.report.total,
        invalid: result.report.invalid,
      });
      return { code: 0 as const, msg: 'ok', data: result };
    },
  );

  r.get(
    '/admin/product/import/:upload_id/errors',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: '下载导入错误报告（xlsx）',
        params: z.object({ upload_id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const meta = await service.upload(request.user!.accountId, request.params.upload_id);
      return sendSheet(reply, ERROR_REPORT_FILE_NAME, (out) => service.writeErrorReport(meta, out));
    },
  );

  for (const [path, mode, summary] of [
    ['/admin/product/import', 'create', '导入新增药品（一个事务；有无效行时不写入，除非只导入有效行）'],
    ['/admin/product/update', 'update', '导入更新药品（一个事务；有无效行时不写入，除非只导入有效行）'],
  ] as const) {
    r.post(
      path,
      {
        config: { access, changesCatalogue: true },
        schema: {
          tags,
          security,
          summary,
          body: productImportApplyBodySchema,
          response: { 200: okEnvelope(productImportApplyResultSchema) },
        },
      },
      async (request) => {
        const { upload_id, only_valid } = request.body;
        const result = await service.apply(request.user!.accountId, upload_id, mode, only_valid);
        await audit(request, mode === 'create' ? 'product.import' : 'product.update', `upload:${upload_id}`, {
          only_valid,
          ...result,
        });
        return { code: 0 as const, msg: '导入成功', data: result };
      },
    );
  }
}
