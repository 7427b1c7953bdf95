import {
  formatOf,
  type RecordRow as GenericRecordRow,
  ImportFileError,
  type ImportFormat,
  mapHeader as mapGenericHeader,
  readRecords,
  readSourceRows,
  type SourceRow,
} from '../../lib/spreadsheet-import/index';
import { type ImportColumnKey, importColumns } from './template';

export { formatOf, ImportFileError, type ImportFormat, readSourceRows, type SourceRow };

/** The names each template column goes by in a header row (the part before * or a bracket). */
const headerAliases: Record<string, ImportColumnKey> = {
  药品名称: 'name',
  商品名称: 'name',
  名称: 'name',
  通用名: 'generic_name',
  通用名称: 'generic_name',
  规格: 'spec',
  剂型: 'dosage_form',
  生产厂家: 'manufacturer',
  生产企业: 'manufacturer',
  批准文号: 'approval_no',
  注册证号: 'approval_no',
  条形码: 'barcode',
  条码: 'barcode',
  类型: 'type',
  分类: 'category',
  适应症: 'indications',
  功能主治: 'indications',
  用法用量: 'usage',
  禁忌: 'contraindications',
  不良反应: 'adverse_reactions',
  贮藏: 'storage',
};

export type RawRecord = Record<ImportColumnKey, string>;
export type RecordRow = GenericRecordRow<ImportColumnKey>;

/** The template's columns found in a header row; missing required columns refuse the file. */
export const mapHeader = (cells: string[]) => mapGenericHeader(cells, importColumns, headerAliases);

/**
 * Streams the data rows of an uploaded medicine file as records keyed by template column, blank rows skipped.
 * Only the current row is held; the header decides which cell is which.
 */
export function readImportRows(
  input: string | NodeJS.ReadableStream,
  format: ImportFormat,
  options: { maxRows?: number } = {},
): AsyncGenerator<RecordRow> {
  return readRecords(input, format, { columns: importColumns, aliases: headerAliases, maxRows: options.maxRows });
}
