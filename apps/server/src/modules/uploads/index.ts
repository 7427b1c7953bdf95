import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { MAX_UPLOAD_BYTES, uploadRoutes } from './uploads.routes';

/** Generic file upload (spec §7 "upload: post"): content-sniffed, stored behind the storage interface. */
export async function uploadsModule(app: FastifyInstance, { storage }: ModuleContext) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  }
  await app.register(uploadRoutes, { storage });
}
