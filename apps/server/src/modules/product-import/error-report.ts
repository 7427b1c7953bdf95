import type { Writable } from 'node:stream';
import { writeErrorReport as writeReport } from '../../lib/spreadsheet-import/index';
import { type ImportFormat, readImportRows } from './read-rows';
import { importColumns } from './template';
import type { ImportReport } from './validate';

export const ERROR_REPORT_FILE_NAME = '药品导入错误报告.xlsx';

/**
 * Streams 药品导入错误报告.xlsx: the failed rows in the template's columns with the bad cells marked (fix them there
 * and upload the same file again), then every error as row / column / message.
 */
export function writeErrorReport(
  out: Writable,
  report: ImportReport,
  source?: { input: string | NodeJS.ReadableStream; format: ImportFormat },
): Promise<void> {
  return writeReport(
    out,
    report,
    source && {
      columns: importColumns,
      rows: readImportRows(source.input, source.format, { maxRows: Number.MAX_SAFE_INTEGER }),
    },
  );
}
