import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type FileStorage, LocalFileStorage } from './storage';
import { MAX_UPLOAD_BYTES, uploadRoutes } from './uploads.routes';

/** The app's file storage: `<DATA_DIR>/uploads` (one storage for every module; an S3-compatible store later). */
export const createFileStorage = (dataDir: string): FileStorage => new LocalFileStorage(path.join(dataDir, 'uploads'));

/** Generic file upload (spec §7 "upload: post"): content-sniffed, stored behind the storage interface. */
export async function uploadsModule(app: FastifyInstance, options: { storage: FileStorage }) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  }
  await app.register(uploadRoutes, { storage: options.storage });
}
