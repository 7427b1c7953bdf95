import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@pharmacy/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error';
import { writeErrorReport } from './error-report';
import type { ProductImportRepository } from './product-import.repository';
import { ImportFileError, type ImportFormat } from './read-rows';
import type { ScratchFile, StoredUpload, UploadStore } from './upload-store';
import { type ImportMode, type ImportReport, validateImport } from './validate';

const unsupported = () =>
  new AppError(
    415,
    ErrorCode.UNSUPPORTED_MEDIA,
    '文件类型不支持或与内容不符，请上传 .xlsx 或 .csv 文件',
    'Import files must be xlsx or csv, by content',
  );

/** The import format of a stored file, from its name and its first bytes together. */
async function sniff(fileName: string, filePath: string): Promise<ImportFormat | null> {
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

const expired = () => AppError.notFound('上传记录不存在或已过期，请重新上传', 'Upload not found or expired');

const asBadFile = (err: unknown): never => {
  if (err instanceof ImportFileError) throw AppError.callerHandles(err.message, 'Import file refused');
  // exceljs / csv-parse failing on a damaged file: the file's fault, not the server's
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

export interface ApplyResult {
  created: number;
  updated: number;
  skipped: number;
}

/** Medicine upload: store and validate a file, report its errors, apply it in one transaction. */
export class ProductImportService {
  constructor(
    private readonly repo: ProductImportRepository,
    private readonly store: UploadStore,
  ) {}

  /** Streams the upload to a scratch file and checks it really is a spreadsheet; validation waits for the mode field. */
  async receive(file: { filename: string; stream: Readable; truncated: () => boolean }): Promise<ReceivedFile> {
    const scratch = await this.store.scratch();
    try {
      await pipeline(file.stream, createWriteStream(scratch.path));
      if (file.truncated()) {
        throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, '文件过大：最大 20 MB', 'Import file too large');
      }
      const format = await sniff(file.filename, scratch.path);
      if (!format) throw unsupported();
      return { id: this.store.newId(), format, fileName: file.filename.slice(0, 200), scratch };
    } catch (err) {
      file.stream.resume();
      await scratch.dispose();
      throw err;
    }
  }

  /**
   * Validates every row of a received file (writes nothing) and keeps the file and the report in the storage for
   * apply and the error report, which may run on another instance.
   */
  async preview(
    accountId: number,
    received: ReceivedFile,
    mode: ImportMode,
  ): Promise<{ upload_id: string; mode: ImportMode; report: ImportReport }> {
    try {
      const report = await validateImport(received.scratch.path, received.format, {
        mode,
        lookup: this.repo.lookup(),
      }).catch(asBadFile);
      await this.store.keep(
        {
          upload_id: received.id,
          account_id: accountId,
          mode,
          format: received.format,
          file_name: received.fileName,
          created_at: new Date().toISOString(),
          report,
        },
        received.scratch.path,
      );
      return { upload_id: received.id, mode, report };
    } finally {
      await received.scratch.dispose();
    }
  }

  /** Drops a received file that will not be validated (the request failed after it arrived). */
  discard(received: ReceivedFile): Promise<void> {
    return received.scratch.dispose();
  }

  /** A previewed upload of this operator; another account's upload, or an expired one, is "not found". */
  async upload(accountId: number, uploadId: string): Promise<StoredUpload> {
    const meta = await this.store.load(uploadId);
    if (!meta || meta.account_id !== accountId) throw expired();
    return meta;
  }

  /**
   * Validates the stored file again inside one transaction and writes each valid batch as it goes. Any invalid row
   * rolls everything back unless `onlyValid`; the database may have changed since the preview, so this check decides.
   */
  async apply(accountId: number, uploadId: string, mode: ImportMode, onlyValid: boolean): Promise<ApplyResult> {
    const meta = await this.upload(accountId, uploadId);
    if (meta.mode !== mode) {
      throw AppError.callerHandles(
        mode === 'create' ? '该文件按“更新”校验，请用更新导入' : '该文件按“新增”校验，请用新增导入',
        'Upload was previewed for the other mode',
      );
    }
    const applied = await this.store.withSource(uploadId, (file) =>
      this.repo
        .transaction(async (tx) => {
          let written = 0;
          const report = await validateImport(file, meta.format, {
            mode,
            lookup: this.repo.lookup(tx),
            onValidBatch: async (rows) => {
              written += mode === 'create' ? await this.repo.insert(tx, rows) : await this.repo.update(tx, rows);
            },
          });
          if (report.invalid > 0 && !onlyValid) {
            throw AppError.callerHandles(
              `有 ${report.invalid} 行未通过校验，未导入任何数据。请修正后重新上传，或勾选“仅导入有效行”`,
              'Import has invalid rows',
              { invalid: report.invalid, valid: report.valid },
            );
          }
          return { written, skipped: report.invalid };
        })
        .catch(asBadFile),
    );
    if (!applied) throw expired();
    const result = applied.value;
    return mode === 'create'
      ? { created: result.written, updated: 0, skipped: result.skipped }
      : { created: 0, updated: result.written, skipped: result.skipped };
  }

  /** Streams 药品导入错误报告.xlsx of a (checked) upload into `out`. */
  async writeErrorReport(meta: StoredUpload, out: Writable): Promise<void> {
    const written = await this.store.withSource(meta.upload_id, (input) =>
      writeErrorReport(out, meta.report, { input, format: meta.format }),
    );
    if (!written) throw expired();
  }

  /** Removes expired uploads (run periodically). */
  sweep(): Promise<number> {
    return this.store.sweep();
  }
}
