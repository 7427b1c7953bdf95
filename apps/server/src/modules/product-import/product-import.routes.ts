import { PassThrough, type Writable } from 'node:stream';
import { productImportContracts as c, type ProductImportMode } from '@pharmacy/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { ERROR_REPORT_FILE_NAME } from './error-report';
import type { ProductImportService, ReceivedFile } from './product-import.service';
import { TEMPLATE_FILE_NAME, writeTemplate } from './template';

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  route(app, c.template, async (_request, reply) => sendSheet(reply, TEMPLATE_FILE_NAME, writeTemplate));

  route(app, c.preview, async (request) => {
    if (!request.isMultipart()) throw AppError.badParams('file', '请选择文件', 'Expected multipart/form-data');
    let mode: ProductImportMode = 'create';
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
    return ok(result);
  });

  route(app, c.errors, async (request, reply) => {
    const meta = await service.upload(request.user!.accountId, request.params.upload_id);
    return sendSheet(reply, ERROR_REPORT_FILE_NAME, (out) => service.writeErrorReport(meta, out));
  });

  for (const [contract, mode] of [
    [c.import, 'create'],
    [c.update, 'update'],
  ] as const) {
    route(
      app,
      contract,
      async (request) => {
        const { upload_id, only_valid } = request.body;
        const result = await service.apply(request.user!.accountId, upload_id, mode, only_valid);
        await audit(request, mode === 'create' ? 'product.import' : 'product.update', `upload:${upload_id}`, {
          only_valid,
          ...result,
        });
        return ok(result, '导入成功');
      },
      { changesCatalogue: true },
    );
  }
}
