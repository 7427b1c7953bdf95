import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { sweepUploadsPeriodically, UploadStore } from '../../lib/spreadsheet-import/index';
import { ProductImportRepository } from './product-import.repository';
import { MAX_IMPORT_BYTES, productImportRoutes } from './product-import.routes';
import { ProductImportService, type StoredUpload } from './product-import.service';

/** Medicine upload (admin/product template, import preview, apply, error report). */
export async function productImportModule(app: FastifyInstance, { config, storage, housekeeping }: ModuleContext) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  }
  // scratch copies for reading (an .xlsx is read with random access) stay on this instance's disk
  const store = new UploadStore<StoredUpload>(storage, path.join(config.dataDir, 'tmp', 'imports'));
  const service = new ProductImportService(new ProductImportRepository(app.db), store);
  await app.register(productImportRoutes, { service });

  // periodic removal of expired import uploads (off in tests; they are also removed when read after expiry)
  if (housekeeping) sweepUploadsPeriodically(app, () => service.sweep(), 'medicine import');
}
