import { productImportContracts as c, type ProductImportMode } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok, route } from '../../lib/route';
import { MAX_IMPORT_BYTES, readUploadForm, sendSheet } from '../../lib/spreadsheet-import/index';
import { audit } from '../../plugins/audit';
import { ERROR_REPORT_FILE_NAME } from './error-report';
import type { ProductImportService } from './product-import.service';
import { TEMPLATE_FILE_NAME, writeTemplate } from './template';

export { MAX_IMPORT_BYTES };

export async function productImportRoutes(app: FastifyInstance, { service }: { service: ProductImportService }) {
  route(app, c.template, async (_request, reply) => sendSheet(reply, TEMPLATE_FILE_NAME, writeTemplate));

  route(app, c.preview, async (request) => {
    let mode: ProductImportMode = 'create';
    // the web sends the file before the mode field: validation waits until all parts are read
    const received = await readUploadForm(request, service.store, {
      maxBytes: MAX_IMPORT_BYTES,
      onField: (name, value) => {
        if (name !== 'mode') return;
        if (value !== 'create' && value !== 'update') throw AppError.badParams('mode', '导入方式只能是新增或更新');
        mode = value;
      },
    });
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
