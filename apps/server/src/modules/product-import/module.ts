import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ProductImportRepository } from './product-import.repository';
import { MAX_IMPORT_BYTES, productImportRoutes } from './product-import.routes';
import { ProductImportService } from './product-import.service';
import { UploadStore } from './upload-store';

/** Medicine upload (admin/product template, import preview, apply, error report); files under DATA_DIR/uploads/imports. */
export async function productImportModule(app: FastifyInstance, options: { dataDir: string }) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  }
  const store = new UploadStore(path.join(options.dataDir, 'uploads', 'imports'));
  await app.register(productImportRoutes, {
    service: new ProductImportService(new ProductImportRepository(app.db), store),
  });
}
