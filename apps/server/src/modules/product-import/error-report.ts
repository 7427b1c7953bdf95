import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { type ImportFormat, readImportRows } from './read-rows';
import { importColumns, loadExcelJS } from './template';
import type { ImportReport } from './validate';

export const ERROR_REPORT_FILE_NAME = '药品导入错误报告.xlsx';

const errorFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFCCC7' } };

/**
 * Streams an error report: first the rows that failed, in the template's columns with the bad cells marked and an
 * 错误信息 column (fix them there and upload the same file again), then every error as row / column / message.
 * The source file is read again row by row; nothing is held but the errors already in the report.
 */
export async function writeErrorReport(
  out: Writable,
  report: ImportReport,
  source?: { input: string | NodeJS.ReadableStream; format: ImportFormat },
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
    const sheet = wb.addWorksheet('待修正数据', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      ...importColumns.map((c) => ({ header: c.header, key: c.key, width: c.width })),
      { header: '原行号', key: '__row', width: 8 },
      { header: '错误信息', key: '__errors', width: 60 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const { row, record } of readImportRows(source.input, source.format, {
      maxRows: Number.MAX_SAFE_INTEGER,
    })) {
      const cols = byRow.get(row);
      if (!cols) continue;
      const line = sheet.addRow({
        ...record,
        __row: row,
        __errors: [...cols.values()].flat().join('；'),
      });
      importColumns.forEach((c, i) => {
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
