import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { RecordRow } from './read-rows';
import { loadExcelJS } from './workbook';

/** One problem of one row: the row number as the operator sees it, the column's Chinese name, the message. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** What every import's report holds (each adds its own preview rows). */
export interface ImportReportBase {
  total: number;
  valid: number;
  invalid: number;
  errors: ImportError[];
  /** More errors existed than the report keeps. */
  errors_truncated: boolean;
}

/** Collects a report's errors up to `max` (the rest only count). */
export function errorCollector(report: ImportReportBase, max: number) {
  return (errors: readonly ImportError[]) => {
    for (const e of errors) {
      if (report.errors.length < max) report.errors.push(e);
      else report.errors_truncated = true;
    }
  };
}

/** A template column as the error report writes it back. */
export interface ReportColumn {
  key: string;
  /** The name errors use for it. */
  label: string;
  header: string;
  width: number;
}

const errorFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFCCC7' } };

/**
 * Streams an error report: first the rows that failed (when `source` is given), in the template's columns with the
 * bad cells marked and an 错误信息 column (fix them there and upload the same file again), then every error as
 * row / column / message. The source is read again row by row; nothing is held but the errors already in the report.
 */
export async function writeErrorReport(
  out: Writable,
  report: Pick<ImportReportBase, 'errors' | 'errors_truncated'>,
  source?: { columns: readonly ReportColumn[]; rows: AsyncIterable<RecordRow> },
): Promise<void> {
  const { stream } = await loadExcelJS();
  const wb = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const byRow = new Map<number, Map<string, string[]>>();
  for (const e of report.errors) {
    const cols = byRow.get(e.row) ?? new Map<string, string[]>();
    byRow.set(e.row, cols);
    cols.set(e.column, [...(cols.get(e.column) ?? []), e.message]);
  }

  if (source) {
    const { columns } = source;
    const sheet = wb.addWorksheet('待修正数据', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      ...columns.map((c) => ({ header: c.header, key: c.key, width: c.width })),
      { header: '原行号', key: '__row', width: 8 },
      { header: '错误信息', key: '__errors', width: 60 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const { row, record } of source.rows) {
      const cols = byRow.get(row);
      if (!cols) continue;
      const line = sheet.addRow({
        ...record,
        __row: row,
        __errors: [...cols.values()].flat().join('；'),
      });
      columns.forEach((c, i) => {
        if (cols.has(c.label)) line.getCell(i + 1).fill = errorFill;
      });
      line.commit();
    }
    sheet.commit();
  }

  const list = wb.addWorksheet('错误明细');
  list.columns = [
    { header: '行号', key: 'row', width: 8 },
    { header: '列', key: 'column', width: 14 },
    { header: '错误信息', key: 'message', width: 80 },
  ];
  list.getRow(1).font = { bold: true };
  list.getRow(1).commit();
  for (const e of report.errors) list.addRow(e).commit();
  if (report.errors_truncated) list.addRow({ message: `错误过多，仅列出前 ${report.errors.length} 条` }).commit();
  list.commit();
  await wb.commit();
}
