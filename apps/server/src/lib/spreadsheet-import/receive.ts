import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../app-error';
import { ImportFileError, type ImportFormat } from './read-rows';
import type { ScratchFile, StoredUploadBase, UploadStore } from './upload-store';

/** The largest import file accepted. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const unsupported = () =>
  new AppError(
    415,
    ErrorCode.UNSUPPORTED_MEDIA,
    '文件类型不支持或与内容不符，请上传 .xlsx 或 .csv 文件',
    'Import files must be xlsx or csv, by content',
  );

/** The import format of a stored file, from its name and its first bytes together. */
export async function sniffFormat(fileName: string, filePath: string): Promise<ImportFormat | null> {
  const ext = fileName.toLowerCase().match(/\.(xlsx|csv)$/)?.[1];
  if (!ext) return null;
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const data = head.subarray(0, bytesRead);
    const detected = await fileTypeFromBuffer(data);
    if (ext === 'csv') return !detected && !data.includes(0) ? 'csv' : null;
    // an .xlsx is a zip; file-type names it xlsx when the first entries say so, zip otherwise (the reader decides)
    return detected && (detected.ext === 'xlsx' || detected.ext === 'zip') ? 'xlsx' : null;
  } finally {
    await handle.close();
  }
}

/** A missing, expired or someone else's upload: all answer the same. */
export const uploadNotFound = () =>
  AppError.notFound('上传记录不存在或已过期，请重新上传', 'Upload not found or expired');

/** Turns a failure to read the file into the caller's 400 (the file's fault, not the server's); rethrows the rest. */
export const asBadFile = (err: unknown): never => {
  if (err instanceof ImportFileError) throw AppError.callerHandles(err.message, 'Import file refused');
  // a damaged file failing in a parser: the file's fault, not the server's
  const e = err as { code?: unknown; message?: unknown };
  const fromDb = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  if (!fromDb && !(err instanceof AppError)) {
    throw AppError.callerHandles('文件无法读取，请确认是未损坏的 .xlsx 或 .csv 文件', 'Unreadable import file');
  }
  throw err;
};

export interface ReceivedFile {
  id: string;
  format: ImportFormat;
  fileName: string;
  /** The local copy it was streamed to; validated there, then kept in the storage. */
  scratch: ScratchFile;
}

export interface IncomingFile {
  filename: string;
  stream: Readable;
  truncated: () => boolean;
}

/** Streams an upload to a scratch file and checks it really is a spreadsheet (by name and content). */
export async function receiveFile<M extends StoredUploadBase>(
  store: UploadStore<M>,
  file: IncomingFile,
  maxBytes = MAX_IMPORT_BYTES,
): Promise<ReceivedFile> {
  const scratch = await store.scratch();
  try {
    await pipeline(file.stream, createWriteStream(scratch.path));
    if (file.truncated()) {
      throw new AppError(
        413,
        ErrorCode.PAYLOAD_TOO_LARGE,
        `文件过大：最大 ${Math.round(maxBytes / 1024 / 1024)} MB`,
        'Import file too large',
      );
    }
    const format = await sniffFormat(file.filename, scratch.path);
    if (!format) throw unsupported();
    return { id: store.newId(), format, fileName: file.filename.slice(0, 200), scratch };
  } catch (err) {
    file.stream.resume();
    await scratch.dispose();
    throw err;
  }
}

/**
 * Reads a multipart import form: the part named `file` is received as it streams (into a scratch copy), other files
 * are drained, fields go to `onField` (which may throw a field error). Once all parts are read the received file is
 * answered; on any failure it is disposed of. No file part is a 400 naming the field.
 */
export async function readUploadForm<M extends StoredUploadBase>(
  request: FastifyRequest,
  store: UploadStore<M>,
  options: { maxBytes?: number; onField?: (name: string, value: unknown) => void } = {},
): Promise<ReceivedFile> {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  if (!request.isMultipart()) throw AppError.badParams('file', '请选择文件', 'Expected multipart/form-data');
  let received: ReceivedFile | null = null;
  try {
    // the web may send fields before or after the file: take the file as it streams, answer once all parts are read
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') options.onField?.(part.fieldname, part.value);
      else if (part.fieldname !== 'file' || received) part.file.resume();
      else {
        received = await receiveFile(store, {
          filename: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
      }
    }
  } catch (err) {
    if (received) await received.scratch.dispose();
    throw err;
  }
  if (!received) throw AppError.badParams('file', '请选择文件', 'No file part');
  return received;
}

/** Removes an import's expired uploads every hour while the app runs (when housekeeping is on). */
export function sweepUploadsPeriodically(app: FastifyInstance, sweep: () => Promise<number>, what: string) {
  const every = 3600_000;
  const run = () => {
    sweep().catch((err) => app.log.warn({ err }, `${what} upload sweep failed`));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
