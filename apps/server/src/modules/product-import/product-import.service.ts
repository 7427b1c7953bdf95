import type { Readable, Writable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import {
  asBadFile,
  type ReceivedFile,
  receiveFile,
  type StoredUploadBase,
  type UploadStore,
  uploadNotFound,
} from '../../lib/spreadsheet-import/index';
import { writeErrorReport } from './error-report';
import type { ProductImportRepository } from './product-import.repository';
import { type ImportMode, type ImportReport, validateImport } from './validate';

/** A previewed medicine upload: which mode it was checked for, and its report. */
export interface StoredUpload extends StoredUploadBase {
  mode: ImportMode;
  report: ImportReport;
}

export type { ReceivedFile };

const expired = uploadNotFound;

export interface ApplyResult {
  created: number;
  updated: number;
  skipped: number;
}

/** Medicine upload: store and validate a file, report its errors, apply it in one transaction. */
export class ProductImportService {
  constructor(
    private readonly repo: ProductImportRepository,
    readonly store: UploadStore<StoredUpload>,
  ) {}

  /** Streams the upload to a scratch file and checks it really is a spreadsheet; validation waits for the mode field. */
  receive(file: { filename: string; stream: Readable; truncated: () => boolean }): Promise<ReceivedFile> {
    return receiveFile(this.store, file);
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
