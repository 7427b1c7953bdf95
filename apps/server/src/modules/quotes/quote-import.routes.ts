import path from 'node:path';
import multipart from '@fastify/multipart';
import { quoteImportContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import {
  MAX_IMPORT_BYTES,
  readUploadForm,
  sendSheet,
  sweepUploadsPeriodically,
  UploadStore,
} from '../../lib/spreadsheet-import/index';
import { audit } from '../../plugins/audit';
import { QuoteImportRepository } from './quote-import.repository';
import {
  type ImportCaller,
  QUOTE_ERROR_REPORT_FILE_NAME,
  QUOTE_TEMPLATE_FILE_NAME,
  QuoteImportService,
  type StoredQuoteUpload,
} from './quote-import.service';
import { writeQuoteTemplate } from './quote-import.template';

/** The pharmacy the access guard checked and the signed-in account. */
const callerOf = (request: FastifyRequest): ImportCaller => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
});

/**
 * Quote import (pharmacy/quote/import): template, preview, error report, apply. The quotes module calls it with its
 * own instance and context (`await quoteImportRoutes(app, context)`), so the routes take the module's prefix.
 */
export async function quoteImportRoutes(app: FastifyInstance, { config, storage, housekeeping }: ModuleContext) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  }
  // its own prefix in the shared storage, and its own scratch folder on this instance's disk
  const store = new UploadStore<StoredQuoteUpload>(storage, path.join(config.dataDir, 'tmp', 'quote-imports'), {
    prefix: 'quote-imports/',
  });
  const service = new QuoteImportService(new QuoteImportRepository(app.db), store);

  route(app, c.template, async (_request, reply) => sendSheet(reply, QUOTE_TEMPLATE_FILE_NAME, writeQuoteTemplate));

  route(app, c.preview, async (request) => {
    const received = await readUploadForm(request, store, { maxBytes: MAX_IMPORT_BYTES });
    const result = await service.preview(callerOf(request), received);
    await audit(request, 'quote.import.preview', `upload:${result.upload_id}`, {
      pharmacy_id: request.pharmacyId,
      total: result.report.total,
      invalid: result.report.invalid,
    });
    return ok(result);
  });

  route(app, c.errors, async (request, reply) => {
    const meta = await service.upload(callerOf(request), request.params.upload_id);
    return sendSheet(reply, QUOTE_ERROR_REPORT_FILE_NAME, (out) => service.writeErrorReport(meta, out));
  });

  route(
    app,
    c.apply,
    async (request) => {
      const { upload_id, only_valid } = request.body;
      const result = await service.apply(callerOf(request), upload_id, only_valid);
      await audit(request, 'quote.import', `upload:${upload_id}`, {
        pharmacy_id: request.pharmacyId,
        only_valid,
        ...result,
      });
      const parts = [`新增 ${result.created} 条`, `更新 ${result.updated} 条`];
      if (result.skipped) parts.push(`跳过 ${result.skipped} 条`);
      return ok(result, `导入成功：${parts.join('，')}`);
    },
    { changesCatalogue: true },
  );

  // periodic removal of expired uploads (off in tests; they are also removed when read after expiry)
  if (housekeeping) sweepUploadsPeriodically(app, () => service.sweep(), 'quote import');
}
