import { createReadStream } from 'node:fs';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
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

/** The raw cells of every row, header included (trimmed); a file that cannot be read throws ImportFileError. */
export function readSourceRows(input: string | NodeJS.ReadableStream, format: ImportFormat) {
  return format === 'xlsx' ? xlsxRows(input) : csvRows(input);
}

// ---------------------------------------------------------------------------------------------------------------
// Header → columns

/** A column an import reads, by its key; `label` is how messages and reports name it. */
export interface SheetColumn<K extends string = string> {
  key: K;
  label: string;
  required: boolean;
}

/** The part of a header cell that names it: "类型*（处方药/OTC…）" → "类型". */
export const headerName = (cell: string) => cell.split(/[*＊(（]/)[0].replace(/\s+/g, '');

export interface HeaderMap<K extends string> {
  /** Column index (0-based) of each column found. */
  index: Partial<Record<K, number>>;
}

/**
 * Finds each column in a header row by the names it may go by (`aliases`: header name → key; the first cell of a
 * key wins). Missing required columns refuse the file.
 */
export function mapHeader<K extends string>(
  cells: string[],
  columns: readonly SheetColumn<K>[],
  aliases: Readonly<Record<string, K>>,
): HeaderMap<K> {
  const index: HeaderMap<K>['index'] = {};
  cells.forEach((cell, i) => {
    const name = headerName(cell);
    const key = Object.hasOwn(aliases, name) ? aliases[name] : undefined;
    if (key && index[key] === undefined) index[key] = i;
  });
  const missing = columns.filter((c) => c.required && index[c.key] === undefined).map((c) => c.label);
  if (missing.length > 0) {
    throw new ImportFileError(`表头缺少必填列：${missing.join('、')}。请下载最新模板填写`);
  }
  return { index };
}

export interface RecordRow<K extends string = string> {
  row: number;
  record: Record<K, string>;
}

export interface ReadRecordsOptions<K extends string> {
  columns: readonly SheetColumn<K>[];
  aliases: Readonly<Record<string, K>>;
  /** More data rows than this is refused as a whole (default 50,000). */
  maxRows?: number;
  /** A check of the header beyond its required columns (e.g. one of two columns); throws ImportFileError. */
  checkHeader?: (found: Partial<Record<K, number>>) => void;
}

/**
 * Streams the data rows of an uploaded file as records keyed by column, blank rows skipped. Only the current row is
 * held; the header decides which cell is which. A file without a header row is refused.
 */
export async function* readRecords<K extends string>(
  input: string | NodeJS.ReadableStream,
  format: ImportFormat,
  options: ReadRecordsOptions<K>,
): AsyncGenerator<RecordRow<K>> {
  const { columns, aliases } = options;
  const maxRows = options.maxRows ?? 50_000;
  let header: HeaderMap<K> | null = null;
  let count = 0;
  for await (const { row, cells } of readSourceRows(input, format)) {
    if (cells.every((c) => c === '')) continue;
    if (!header) {
      header = mapHeader(cells, columns, aliases);
      options.checkHeader?.(header.index);
      continue;
    }
    count += 1;
    if (count > maxRows) throw new ImportFileError(`一次最多导入 ${maxRows} 行，请拆分文件后分批上传`);
    const record = {} as Record<K, string>;
    for (const c of columns) {
      const i = header.index[c.key];
      record[c.key] = i === undefined ? '' : (cells[i] ?? '');
    }
    yield { row, record };
  }
  if (!header) throw new ImportFileError('文件为空，请按模板填写后上传');
}
