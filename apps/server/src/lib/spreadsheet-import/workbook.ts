import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * exceljs, loaded on first use: only templates and error reports write spreadsheets (reading has its own reader),
 * and loading it costs the server process some 25 MB of resident memory.
 */
export const loadExcelJS = async () => (await import('exceljs')).default;

/** `attachment` with an ASCII fallback and the real (Chinese) name in RFC 5987 `filename*`. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Sends a spreadsheet written by `write` as it is produced; a failure mid-way ends the download. */
export function sendSheet(reply: FastifyReply, name: string, write: (out: Writable) => Promise<void>) {
  const out = new PassThrough();
  write(out).catch((err) => {
    reply.log.error({ err }, 'spreadsheet download failed');
    out.destroy(err as Error);
  });
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', attachment(name))
    .header('Cache-Control', 'no-store')
    .send(out);
}

/** A column of an upload template. */
export interface TemplateColumn {
  key: string;
  /** The header cell (required columns carry a *). */
  header: string;
  required: boolean;
  width: number;
  /** Text format, so codes keep their digits (6901234567892, not 6.90123E+12). */
  text?: boolean;
  /** A drop-down of allowed values. */
  list?: { values: readonly string[]; title: string; error: string };
}

export interface TemplateSpec {
  /** The data sheet, first in the workbook (the one an upload reads). */
  sheetName: string;
  columns: readonly TemplateColumn[];
  /** The 填写说明 sheet: rules as [topic, text], then examples under the headers. */
  rules: readonly (readonly [string, string])[];
  examples: readonly (readonly string[])[];
  /** Rows prepared with formats and drop-downs (default 1,000). */
  rows?: number;
}

/**
 * Writes an upload template: an empty data sheet with the headers (required ones shaded), drop-downs and text
 * formats on the first rows, and a 填写说明 sheet with the rules and example rows.
 */
export async function writeTemplateWorkbook(out: Writable, spec: TemplateSpec): Promise<void> {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'pharmacy-console';
  const sheet = wb.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, col) => {
    const required = spec.columns[col - 1].required;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: required ? 'FFFFE7BA' : 'FFF0F0F0' } };
  });
  const rows = spec.rows ?? 1000;
  spec.columns.forEach((c, i) => {
    if (!c.text && !c.list) return;
    for (let r = 2; r <= rows + 1; r++) {
      const cell = sheet.getCell(r, i + 1);
      if (c.list) {
        cell.dataValidation = {
          type: 'list',
          allowBlank: !c.required,
          formulae: [`"${c.list.values.join(',')}"`],
          showErrorMessage: true,
          errorTitle: c.list.title,
          error: c.list.error,
        };
      }
      if (c.text) cell.numFmt = '@';
    }
  });

  const help = wb.addWorksheet('填写说明');
  help.columns = [{ width: 18 }, { width: 90 }];
  for (const [k, v] of spec.rules) help.addRow([k, v]);
  help.addRow([]);
  help.addRow(['示例']).font = { bold: true };
  help.addRow(spec.columns.map((c) => c.header)).font = { bold: true };
  for (const row of spec.examples) help.addRow([...row]);
  help.getColumn(1).font = { bold: true };

  await wb.xlsx.write(out);
}
