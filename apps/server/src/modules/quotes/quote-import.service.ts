import type { Writable } from 'node:stream';
import type { QuoteImportApplyResult, QuoteImportPreview, QuoteImportReport } from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import {
  asBadFile,
  ImportFileError,
  type ReceivedFile,
  type StoredUploadBase,
  type UploadStore,
  uploadNotFound,
  writeErrorReport,
} from '../../lib/spreadsheet-import/index';
import type { QuoteImportRepository } from './quote-import.repository';
import { quoteImportColumns, readQuoteRows, validateQuoteImport } from './quote-import.validate';

export const QUOTE_TEMPLATE_FILE_NAME = '报价导入模板.xlsx';
export const QUOTE_ERROR_REPORT_FILE_NAME = '报价导入错误报告.xlsx';

/** A previewed quote upload: the pharmacy it was checked for (with the account that sent it), and its report. */
export interface StoredQuoteUpload extends StoredUploadBase {
  pharmacy_id: number;
  report: QuoteImportReport;
}

/** Who is asking: the pharmacy of the request (checked by the access guard) and the signed-in account. */
export interface ImportCaller {
  pharmacyId: number;
  accountId: number;
}

/** Quote import: validate and keep a file, report its errors, apply its valid rows in one transaction. */
export class QuoteImportService {
  private readonly batchSize: number;

  constructor(
    private readonly repo: QuoteImportRepository,
    readonly store: UploadStore<StoredQuoteUpload>,
    options: { batchSize?: number } = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
  }

  /**
   * Validates every row of a received file against the catalogue and the pharmacy's quotes (writes no quote) and
   * keeps the file and its report in the storage for the apply and the error report.
   */
  async preview(caller: ImportCaller, received: ReceivedFile): Promise<QuoteImportPreview> {
    try {
      const report = await validateQuoteImport(received.scratch.path, received.format, {
        lookup: this.repo.lookup(caller.pharmacyId),
        batchSize: this.batchSize,
      }).catch(asBadFile);
      await this.store.keep(
        {
          upload_id: received.id,
          account_id: caller.accountId,
          pharmacy_id: caller.pharmacyId,
          format: received.format,
          file_name: received.fileName,
          created_at: new Date().toISOString(),
          report,
        },
        received.scratch.path,
      );
      return { upload_id: received.id, file_name: received.fileName, report };
    } finally {
      await received.scratch.dispose();
    }
  }

  /** A previewed upload of this pharmacy and account; anything else (another pharmacy's, expired) is "not found". */
  async upload(caller: ImportCaller, uploadId: string): Promise<StoredQuoteUpload> {
    const meta = await this.store.load(uploadId);
    if (!meta || meta.pharmacy_id !== caller.pharmacyId || meta.account_id !== caller.accountId) {
      throw uploadNotFound();
    }
    return meta;
  }

  /**
   * Validates the stored file again inside one transaction (the catalogue and the quotes may have changed since the
   * preview) and upserts each batch of valid rows as it goes. Any invalid row rolls everything back unless
   * `onlyValid`; so does any failure while writing.
   */
  async apply(caller: ImportCaller, uploadId: string, onlyValid: boolean): Promise<QuoteImportApplyResult> {
    const meta = await this.upload(caller, uploadId);
    const applied = await this.store.withSource(uploadId, (file) =>
      this.repo
        .transaction(async (tx) => {
          let created = 0;
          let updated = 0;
          const report = await validateQuoteImport(file, meta.format, {
            lookup: this.repo.lookup(caller.pharmacyId, tx),
            batchSize: this.batchSize,
            onValidBatch: async (rows) => {
              const done = await this.repo.upsert(tx, caller.pharmacyId, rows);
              created += done.created;
              updated += done.updated;
            },
          });
          if (report.invalid > 0 && !onlyValid) {
            throw AppError.callerHandles(
              `有 ${report.invalid} 行未通过校验，未导入任何报价。请修正后重新上传，或勾选“仅导入有效行”`,
              'Quote import has invalid rows',
              { invalid: report.invalid, valid: report.valid },
            );
          }
          if (report.valid === 0) {
            throw AppError.callerHandles('没有可导入的有效行', 'Quote import has no valid rows');
          }
          return { created, updated, skipped: report.invalid };
        })
        // the file was read once already: only the reader's refusal is the file's fault, anything else stays as it is
        .catch((err) => (err instanceof ImportFileError ? asBadFile(err) : Promise.reject(err))),
    );
    if (!applied) throw uploadNotFound();
    return applied.value;
  }

  /** Streams 报价导入错误报告.xlsx of a (checked) upload into `out`. */
  async writeErrorReport(meta: StoredQuoteUpload, out: Writable): Promise<void> {
    const written = await this.store.withSource(meta.upload_id, (input) =>
      writeErrorReport(out, meta.report, {
        columns: quoteImportColumns,
        rows: readQuoteRows(input, meta.format, { maxRows: Number.MAX_SAFE_INTEGER }),
      }),
    );
    if (!written) throw uploadNotFound();
  }

  /** Removes expired uploads (run periodically). */
  sweep(): Promise<number> {
    return this.store.sweep();
  }
}
