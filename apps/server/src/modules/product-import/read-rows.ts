import { createReadStream } from 'node:fs';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import { type ImportColumnKey, importColumns } from './template';
import { readXlsxRows } from './xlsx-reader';

export type ImportFormat = 'xlsx' | 'csv';

/** One spreadsheet row as text cells, with its row number as the operator sees it (the header is row 1). */
export interface SourceRow {
  row: number;
  cells: string[];
}

/** The file as a whole cannot be imported (wrong format, missing columns, too many rows). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export const formatOf = (fileName: string): ImportFormat | null => {
  const ext = fileName.toLowerCase().split('.').pop();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' ? 'csv' : null;
};

// ---------------------------------------------------------------------------------------------------------------
// xlsx: the first worksheet, read from the zip as it streams (xlsx-reader.ts)

async function* xlsxRows(input: string | NodeJS.ReadableStream): AsyncGenerator<SourceRow> {
  try {
    for await (const { row, cells } of readXlsxRows(input)) {
      for (let i = 0; i < cells.length; i++) cells[i] = cells[i].trim();
      yield { row, cells };
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('无法读取 Excel 文件，请使用模板另存为 .xlsx 后重试');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// csv: csv-parse, UTF-8 (with or without BOM) or GB18030 as Excel saves it on Chinese Windows

/** Decodes bytes to text, choosing UTF-8 when the first 64 KB are valid UTF-8 and GB18030 otherwise. */
class DecodeText extends Transform {
  private decoder: TextDecoder | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor() {
    super({ readableObjectMode: false });
  }

  private choose() {
    const head = Buffer.concat(this.head);
    let encoding = 'utf-8';
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    } catch {
      encoding = 'gb18030';
    }
    this.decoder = new TextDecoder(encoding);
    this.head = [];
    return head;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (!this.decoder) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < 65_536) return done();
      return done(null, this.decodeChunk(this.choose(), true));
    }
    done(null, this.decodeChunk(chunk, true));
  }

  override _flush(done: TransformCallback) {
    const rest = this.decoder ? '' : this.decodeChunk(this.choose(), true);
    done(null, rest + this.decoder!.decode());
  }

  private decodeChunk(chunk: Buffer, stream: boolean) {
    return this.decoder!.decode(chunk, { stream });
  }
}

async function* csvRows(input: string | NodeJS.ReadableStream): AsyncGenerator<SourceRow> {
  const source: Readable = typeof input === 'string' ? createReadStream(input) : (input as Readable);
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  source.on('error', (e: Error) => parser.destroy(e));
  source.pipe(new DecodeText()).pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { row: record.info.lines, cells: record.record.map((c) => c.trim()) };
    }
  } catch (err) {
    throw new ImportFileError(`CSV 文件格式不正确：${(err as Error).message.slice(0, 120)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Header → columns

/** The part of a header cell that names it: "类型*（处方药/OTC…）" → "类型". */
const headerName = (cell: string) => cell.split(/[*＊(（]/)[0].replace(/\s+/g, '');

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

export interface HeaderMap {
  /** Column index (0-based) of each template column found. */
  index: Partial<Record<ImportColumnKey, number>>;
}

export function mapHeader(cells: string[]): HeaderMap {
  const index: HeaderMap['index'] = {};
  cells.forEach((cell, i) => {
    const key = headerAliases[headerName(cell)];
    if (key && index[key] === undefined) index[key] = i;
  });
  const missing = importColumns.filter((c) => c.required && index[c.key] === undefined).map((c) => c.label);
  if (missing.length > 0) {
    throw new ImportFileError(`表头缺少必填列：${missing.join('、')}。请下载最新模板填写`);
  }
  return { index };
}

export interface RecordRow {
  row: number;
  record: RawRecord;
}

export interface ReadOptions {
  /** More data rows than this is refused as a whole. */
  maxRows?: number;
}

/**
 * Streams the data rows of an uploaded file as records keyed by template column, blank rows skipped.
 * Only the current row is held; the header decides which cell is which.
 */
export async function* readImportRows(
  input: string | NodeJS.ReadableStream,
  format: ImportFormat,
  options: ReadOptions = {},
): AsyncGenerator<RecordRow> {
  const maxRows = options.maxRows ?? 50_000;
  const rows = format === 'xlsx' ? xlsxRows(input) : csvRows(input);
  let header: HeaderMap | null = null;
  let count = 0;
  for await (const { row, cells } of rows) {
    if (cells.every((c) => c === '')) continue;
    if (!header) {
      header = mapHeader(cells);
      continue;
    }
    count += 1;
    if (count > maxRows) throw new ImportFileError(`一次最多导入 ${maxRows} 行，请拆分文件后分批上传`);
    const record = {} as RawRecord;
    for (const c of importColumns) {
      const i = header.index[c.key];
      record[c.key] = i === undefined ? '' : (cells[i] ?? '');
    }
    yield { row, record };
  }
  if (!header) throw new ImportFileError('文件为空，请按模板填写后上传');
}

/** The raw cells of every row, header included, for writing an error report beside the original data. */
export function readSourceRows(input: string | NodeJS.ReadableStream, format: ImportFormat) {
  return format === 'xlsx' ? xlsxRows(input) : csvRows(input);
}
