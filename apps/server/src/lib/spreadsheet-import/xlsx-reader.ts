import { createReadStream, createWriteStream, close as fsClose, open as fsOpen, read as fsRead, fstat } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * The rows of an .xlsx's first worksheet as text cells, read straight from the zip with random access.
 *
 * This replaces exceljs's streaming reader for imports. exceljs built a Row, a Cell and a value object per cell plus
 * saxes tag objects and event arrays: about 600 MB of short-lived objects per pass over 50,000 rows, enough of it
 * promoted to V8's old generation to take the server past 500 MB. When the worksheet came before sharedStrings.xml in
 * the zip (as exceljs and Excel write it), it also spooled the sheet to a temporary file it deleted only at process
 * exit: about 26 MB of /tmp per pass at 50,000 rows.
 *
 * Here the zip's central directory (read by yauzl) gives each entry's place, so the shared strings are read first and
 * the sheet is inflated and scanned as it streams; a row is a plain `string[]`, a few KB of garbage per row in all.
 */

export interface SheetRow {
  /** The row number as the sheet gives it (1-based). */
  row: number;
  /** Cell texts by column (A = 0), '' for empty cells, up to the last non-empty cell. */
  cells: string[];
}

/** The file is not a readable .xlsx (damaged zip, no worksheet, unsupported compression or encryption, too big). */
export class XlsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxFormatError';
  }
}

/** Inflated size limits: a 20 MB upload cannot legitimately hold more; a zip bomb stops here. */
const MAX_SHARED_STRINGS_BYTES = 200 * 1024 * 1024;
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;
/** One tag or run of text (a cell holds at most 32,767 characters, some 200,000 once escaped as XML). */
const MAX_TOKEN_CHARS = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// zip: yauzl reads the central directory and opens one entry at a time as a stream (inflated, sizes checked)

const openFd = promisify(fsOpen);
const fstatFd = promisify(fstat);
const closeFd = promisify(fsClose);
const keepOpen = (_fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => callback(null);

/** More parts than any workbook has; the directory of a crafted zip stops here. */
const MAX_ZIP_ENTRIES = 10_000;

interface Zip {
  file: ZipFile;
  /** Entries by name (`\\` read as `/`, a leading `/` dropped). */
  entries: Map<string, Entry>;
}

const zipError = (err: unknown) =>
  err instanceof XlsxFormatError ? err : new XlsxFormatError(`zip: ${(err as Error)?.message ?? err}`);

/**
 * The upload on one descriptor for yauzl: small reads (the directory, local headers) as single positional reads,
 * entries as streams of 64 KB reads (yauzl's own file reader reads 16 KB at a time).
 */
class FileReader extends yauzl.RandomAccessReader {
  constructor(private readonly fd: number) {
    super();
  }

  override _readStreamForRange(start: number, end: number) {
    // the descriptor is shared by every stream: destroying one (as yauzl does) must not close it
    return createReadStream('', {
      fd: this.fd,
      fs: { read: fsRead, close: keepOpen },
      autoClose: false,
      start,
      end: end - 1,
      highWaterMark: 64 * 1024,
    });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ) {
    fsRead(this.fd, buffer, offset, length, position, (err, bytesRead) => {
      callback(err ?? (bytesRead < length ? new Error('unexpected end of file') : null));
    });
  }

  override close(callback: (err: Error | null) => void) {
    fsClose(this.fd, callback);
  }
}

async function openZip(file: string): Promise<Zip> {
  // a plain descriptor (not a FileHandle, which would close it again when collected): yauzl closes it through
  // FileReader.close once the zip is closed and its last stream has ended; before that succeeds, it is ours to close
  const fd = await openFd(file, 'r');
  const size = await fstatFd(fd).then(
    (s) => s.size,
    async (err) => {
      await closeFd(fd);
      throw err;
    },
  );
  // names are only looked up here, never used as paths: they are decoded without yauzl's file name checks, which
  // would refuse the whole file for a name such as "/xl/workbook.xml" from an odd writer
  const zip = await yauzl
    .fromRandomAccessReaderPromise(new FileReader(fd), size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    })
    .catch(async (err) => {
      await closeFd(fd);
      throw zipError(err);
    });
  const entries = new Map<string, Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= MAX_ZIP_ENTRIES) throw new XlsxFormatError('zip: too many entries');
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      entries.set(name.replace(/^\//, ''), entry);
    }
  } catch (err) {
    zip.close();
    throw zipError(err);
  }
  return { file: zip, entries };
}

/** An entry's inflated bytes as a stream of text (UTF-8, characters never split between chunks). */
async function openEntryText(zip: Zip, entry: Entry, maxBytes: number): Promise<Readable> {
  if (entry.isEncrypted()) throw new XlsxFormatError('zip: encrypted entry');
  if (!entry.canDecodeFileData()) throw new XlsxFormatError(`zip: compression method ${entry.compressionMethod}`);
  // the declared size is checked against the inflated bytes as they come (validateEntrySizes): a zip bomb stops here
  if (entry.uncompressedSize > maxBytes) throw new XlsxFormatError('zip: entry too large');
  const stream = await zip.file.openReadStreamPromise(entry).catch((err) => {
    throw zipError(err);
  });
  stream.setEncoding('utf8');
  return stream;
}

// ---------------------------------------------------------------------------------------------------------------
// XML

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

type ParserOptions = { xmlns: false; position: false };
type Parser = SaxesParser<ParserOptions>;
const newParser = (): Parser => new SaxesParser<ParserOptions>({ xmlns: false, position: false });

/** Feeds a whole text stream, chunk by chunk, to `write`, then calls `finish`; refuses more than `maxBytes`. */
async function feedAll(
  text: Readable,
  sink: { write(chunk: string): unknown; finish(): unknown },
  maxBytes: number,
  what: string,
): Promise<void> {
  let bytes = 0;
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new XlsxFormatError(`${what}: too large`);
      sink.write(chunk);
    }
    sink.finish();
  } finally {
    text.destroy();
  }
}

/** Feeds a whole text stream to `parser` (its handlers collect what they need). */
const parseAll = (text: Readable, parser: Parser, maxBytes: number, what: string) =>
  feedAll(text, { write: (chunk) => parser.write(chunk), finish: () => parser.close() }, maxBytes, what);

async function readSmallPart(zip: Zip, name: string) {
  const tags: SaxesTagPlain[] = [];
  const entry = zip.entries.get(name);
  if (!entry) return tags;
  const parser = newParser();
  parser.on('opentag', (tag) => tags.push(tag));
  await parseAll(await openEntryText(zip, entry, MAX_SMALL_PART_BYTES), parser, MAX_SMALL_PART_BYTES, name);
  return tags;
}

/** Resolves a relationship target against the part that holds the relationships (`xl/workbook.xml`). */
const resolveTarget = (base: string, target: string) =>
  target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(base), target);

/** The relationships of `part` (in `<dir>/_rels/<name>.rels`), targets resolved to entry names. */
async function readRels(zip: Zip, part: string) {
  const rels = new Map<string, { target: string; type: string }>();
  const relsPath = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  for (const tag of await readSmallPart(zip, relsPath)) {
    if (localName(tag.name) === 'Relationship' && tag.attributes.Id && tag.attributes.Target) {
      rels.set(tag.attributes.Id, {
        target: resolveTarget(part, tag.attributes.Target),
        type: tag.attributes.Type ?? '',
      });
    }
  }
  return rels;
}

/** The first worksheet in workbook order and the shared strings part, falling back to the usual names. */
async function locateParts(zip: Zip) {
  const { entries } = zip;
  const root = await readRels(zip, '');
  const workbook =
    [...root.values()].find((r) => r.type.endsWith('/officeDocument') && entries.has(r.target))?.target ??
    'xl/workbook.xml';
  const rels = await readRels(zip, workbook);
  let sheet: string | undefined;
  for (const tag of await readSmallPart(zip, workbook)) {
    if (localName(tag.name) !== 'sheet') continue;
    const idAttribute = Object.keys(tag.attributes).find((a) => localName(a) === 'id' && a !== 'sheetId');
    const target = idAttribute ? rels.get(tag.attributes[idAttribute])?.target : undefined;
    if (target && entries.has(target)) sheet = target;
    break;
  }
  if (!sheet) {
    const numbered = [...entries.keys()]
      .map((name) => ({ name, n: Number(name.match(/^xl\/worksheets\/sheet(\d+)\.xml$/i)?.[1] ?? Number.NaN) }))
      .filter((s) => !Number.isNaN(s.n))
      .sort((a, b) => a.n - b.n);
    sheet = numbered[0]?.name;
  }
  if (!sheet) throw new XlsxFormatError('xlsx: no worksheet');
  const sharedStrings =
    [...rels.values()].find((r) => r.type.endsWith('/sharedStrings') && entries.has(r.target))?.target ??
    [...entries.keys()].find((name) => name.toLowerCase() === 'xl/sharedstrings.xml');
  return { sheet: entries.get(sheet)!, sharedStrings: sharedStrings ? entries.get(sharedStrings) : undefined };
}

// ---------------------------------------------------------------------------------------------------------------
// The two big parts (shared strings, the worksheet) go through a small scanner instead of a general XML parser:
// saxes built a tag object with a dictionary of attributes for each of the ~30 tags of a row (some 15 KB per row
// at 50,000 rows, 80 % of everything an import allocated). The scanner reports the tags it is asked about by
// position in the text, reads the few attributes it needs in place and cuts out only the text of values.
// It does not check that the XML is well formed; a damaged part gives wrong cells (caught by validation) or none.

enum Tag {
  Other,
  Row,
  C,
  V,
  Is,
  T,
  RPh,
  Si,
  SheetData,
}

const tagNames: [string, Tag][] = [
  ['row', Tag.Row],
  ['c', Tag.C],
  ['v', Tag.V],
  ['is', Tag.Is],
  ['t', Tag.T],
  ['rPh', Tag.RPh],
  ['si', Tag.Si],
  ['sheetData', Tag.SheetData],
];

const entityPattern = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character data: line ends normalised as XML requires, then entities decoded. */
function decodeText(raw: string): string {
  let text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (text.includes('&')) {
    text = text.replace(entityPattern, (all, hex: string, dec: string, named: string) => {
      if (named) return namedEntities[named];
      const code = hex ? Number.parseInt(hex, 16) : Number.parseInt(dec, 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    });
  }
  return text;
}

interface ScanHandler {
  /** Text and CDATA are reported only while this is true. */
  capturing: boolean;
  open(tag: Tag, s: string, attrsStart: number, attrsEnd: number, selfClosing: boolean): void;
  close(tag: Tag): void;
  text(text: string): void;
}

/**
 * Feeds text chunks through `handler`. A tag, comment, CDATA section or run of text cut by a chunk's end is carried
 * over to the next chunk, so the handler always sees whole tokens.
 */
class XmlScanner {
  private carry = '';

  constructor(
    private readonly handler: ScanHandler,
    private readonly maxCarry: number,
  ) {}

  write(chunk: string) {
    const s = this.carry === '' ? chunk : this.carry + chunk;
    const h = this.handler;
    const length = s.length;
    let pos = 0;
    while (pos < length) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) break; // text up to the end: it may continue in the next chunk
      if (lt > pos && h.capturing) h.text(decodeText(s.slice(pos, lt)));
      const next = s.charCodeAt(lt + 1);
      if (next === 33 /* ! */ || next === 63 /* ? */) {
        const cdata = s.startsWith('<![CDATA[', lt);
        const terminator = s.startsWith('<!--', lt) ? '-->' : cdata ? ']]>' : next === 63 ? '?>' : '>';
        // (a DOCTYPE ends at its first '>': SpreadsheetML has no internal subsets)
        const close = s.indexOf(terminator, lt + 2);
        if (close < 0) {
          pos = lt;
          break;
        }
        if (cdata && h.capturing) h.text(s.slice(lt + 9, close));
        pos = close + terminator.length;
        continue;
      }
      // the tag's end, skipping '>' inside quoted attribute values
      let i = lt + 1;
      let quote = 0;
      for (; i < length; i++) {
        const c = s.charCodeAt(i);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 62 /* > */) break;
        else if (c === 34 || c === 39) quote = c;
      }
      if (i >= length) {
        pos = lt;
        break;
      }
      const closing = next === 47; /* / */
      let nameStart = closing ? lt + 2 : lt + 1;
      let nameEnd = nameStart;
      for (; nameEnd < i; nameEnd++) {
        const c = s.charCodeAt(nameEnd);
        if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47) break;
        if (c === 58 /* : */) nameStart = nameEnd + 1; // a namespace prefix
      }
      const tag = tagOf(s, nameStart, nameEnd);
      if (closing) h.close(tag);
      else {
        const selfClosing = s.charCodeAt(i - 1) === 47;
        h.open(tag, s, nameEnd, selfClosing ? i - 1 : i, selfClosing);
        if (selfClosing) h.close(tag);
      }
      pos = i + 1;
    }
    this.carry = pos < length ? s.slice(pos) : '';
    if (this.carry.length > this.maxCarry) throw new XlsxFormatError('xml: token too large');
  }

  end() {
    if (this.carry !== '' && this.handler.capturing) this.handler.text(decodeText(this.carry));
    this.carry = '';
  }
}

function tagOf(s: string, start: number, end: number): Tag {
  const length = end - start;
  for (let i = 0; i < tagNames.length; i++) {
    const name = tagNames[i][0];
    if (name.length === length && s.startsWith(name, start)) return tagNames[i][1];
  }
  return Tag.Other;
}

/** Where the value of attribute `name` sits in `s` between `start` and `end` (unprefixed names), or -1. */
let attrValueEnd = 0;
function findAttr(s: string, start: number, end: number, name: string): number {
  let i = start;
  while (i < end) {
    // skip whitespace
    while (i < end && s.charCodeAt(i) <= 32) i++;
    const nameStart = i;
    while (i < end) {
      const c = s.charCodeAt(i);
      if (c === 61 /* = */ || c <= 32) break;
      i++;
    }
    const nameEnd = i;
    while (i < end && s.charCodeAt(i) <= 32) i++;
    if (i >= end || s.charCodeAt(i) !== 61) return -1;
    i++;
    while (i < end && s.charCodeAt(i) <= 32) i++;
    const quote = s.charCodeAt(i);
    if (quote !== 34 && quote !== 39) return -1;
    const valueStart = i + 1;
    const valueEnd = s.indexOf(quote === 34 ? '"' : "'", valueStart);
    if (valueEnd < 0 || valueEnd > end) return -1;
    if (nameEnd - nameStart === name.length && s.startsWith(name, nameStart)) {
      attrValueEnd = valueEnd;
      return valueStart;
    }
    i = valueEnd + 1;
  }
  return -1;
}

/** The digits at `start` as a number (-1 when there are none). */
function digitsAt(s: string, start: number, end: number): number {
  let n = -1;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = (n < 0 ? 0 : n * 10) + (c - 48);
  }
  return n;
}

/** The column (A = 0) of a cell reference such as "BC12" at `start`, or -1. */
function columnAt(s: string, start: number, end: number): number {
  let col = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col - 1;
}

const scanAll = (text: Readable, scanner: XmlScanner, maxBytes: number, what: string) =>
  feedAll(text, { write: (chunk) => scanner.write(chunk), finish: () => scanner.end() }, maxBytes, what);

/**
 * A string that does not point into the text it was cut from. V8 makes `slice` of 13 characters or more a view
 * of the whole chunk, so a table of slices would keep every chunk of sharedStrings.xml (markup included) alive
 * for the whole pass: about 14 MB at 50,000 rows, against 6 MB for the strings on their own.
 */
const ownCopy = (text: string) => (text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8'));

/** The shared strings table: rich text runs joined, phonetic guides (`rPh`) left out. */
async function readSharedStrings(zip: Zip, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let phonetic = 0;
  const handler: ScanHandler = {
    capturing: false,
    open(tag, _s, _start, _end, selfClosing) {
      if (tag === Tag.Si) current = '';
      else if (tag === Tag.RPh) phonetic += selfClosing ? 0 : 1;
      else if (tag === Tag.T && current !== null && phonetic === 0) this.capturing = !selfClosing;
    },
    close(tag) {
      if (tag === Tag.T) this.capturing = false;
      else if (tag === Tag.RPh) phonetic = Math.max(0, phonetic - 1);
      else if (tag === Tag.Si) {
        strings.push(current === null ? '' : ownCopy(current));
        current = null;
      }
    },
    text(text) {
      current += text;
    },
  };
  await scanAll(
    await openEntryText(zip, entry, MAX_SHARED_STRINGS_BYTES),
    new XmlScanner(handler, MAX_TOKEN_CHARS),
    MAX_SHARED_STRINGS_BYTES,
    'sharedStrings',
  );
  return strings;
}

/** The value of a cell as the import sees it: numbers without exponent or trailing zeros, booleans as TRUE/FALSE. */
function numberText(value: string): string {
  if (value === '') return '';
  const n = Number.parseFloat(value);
  if (Number.isNaN(n)) return value;
  return Number.isInteger(n) ? n.toFixed(0) : String(n);
}

enum CellType {
  Number,
  Shared,
  Inline,
  Str,
  Bool,
  Error,
  Date,
}

/** The cell type named by a `t` attribute value at `start` (ending at `attrValueEnd`); no closure, no string. */
function cellTypeAt(s: string, start: number): CellType {
  if (start < 0) return CellType.Number;
  const length = attrValueEnd - start;
  if (length === 1) {
    switch (s.charCodeAt(start)) {
      case 115 /* s */:
        return CellType.Shared;
      case 98 /* b */:
        return CellType.Bool;
      case 101 /* e */:
        return CellType.Error;
      case 100 /* d */:
        return CellType.Date;
    }
    return CellType.Number;
  }
  if (length === 9 && s.startsWith('inlineStr', start)) return CellType.Inline;
  if (length === 3 && s.startsWith('str', start)) return CellType.Str;
  return CellType.Number;
}

/** A worksheet's XML, fed in chunks of any size, as rows. Exported for tests. */
export function sheetParser(shared: string[]) {
  let rows: SheetRow[] = [];
  let done = false;
  let rowNumber = 0;
  let cells: string[] | null = null;
  let nextColumn = 0;
  let column = 0;
  let type = CellType.Number;
  let value = '';
  let inInline = false;
  let phonetic = 0;

  const handler: ScanHandler = {
    capturing: false,
    open(tag, s, start, end, selfClosing) {
      switch (tag) {
        case Tag.Row: {
          const r = findAttr(s, start, end, 'r');
          const n = r < 0 ? -1 : digitsAt(s, r, attrValueEnd);
          rowNumber = n > 0 ? n : rowNumber + 1;
          cells = [];
          nextColumn = 0;
          break;
        }
        case Tag.C: {
          if (!cells) break;
          const r = findAttr(s, start, end, 'r');
          const col = r < 0 ? -1 : columnAt(s, r, attrValueEnd);
          column = col >= 0 ? col : nextColumn;
          type = cellTypeAt(s, findAttr(s, start, end, 't'));
          value = '';
          break;
        }
        case Tag.V:
          if (cells && !selfClosing) this.capturing = true;
          break;
        case Tag.Is:
          if (cells) inInline = !selfClosing;
          break;
        case Tag.RPh:
          if (inInline && !selfClosing) phonetic += 1;
          break;
        case Tag.T:
          if (inInline && phonetic === 0 && !selfClosing) this.capturing = true;
          break;
      }
    },
    close(tag) {
      switch (tag) {
        case Tag.V:
        case Tag.T:
          this.capturing = false;
          break;
        case Tag.RPh:
          if (inInline) phonetic = Math.max(0, phonetic - 1);
          break;
        case Tag.Is:
          inInline = false;
          break;
        case Tag.C: {
          if (!cells) break;
          let text: string;
          switch (type) {
            case CellType.Shared: {
              const index = value === '' ? -1 : Number(value);
              text = index >= 0 ? (shared[index] ?? '') : '';
              break;
            }
            case CellType.Inline:
            case CellType.Str:
              text = value;
              break;
            case CellType.Bool:
              text = value === '' ? '' : Number.parseInt(value, 10) !== 0 ? 'TRUE' : 'FALSE';
              break;
            case CellType.Error:
              text = '';
              break;
            case CellType.Date:
              text = value.slice(0, 10);
              break;
            default:
              text = numberText(value);
          }
          if (text !== '') {
            while (cells.length < column) cells.push('');
            cells[column] = text;
          }
          nextColumn = column + 1;
          value = '';
          break;
        }
        case Tag.Row:
          if (cells) rows.push({ row: rowNumber, cells });
          cells = null;
          break;
        case Tag.SheetData:
          // the rest of the sheet (merged cells, validations, page setup) says nothing about the data
          done = true;
          break;
      }
    },
    text(text) {
      // a <v> holds the value; the <t> runs of an inline string are joined
      value += text;
    },
  };
  const scanner = new XmlScanner(handler, MAX_TOKEN_CHARS);
  const take = () => {
    const ready = rows;
    rows = [];
    return ready;
  };
  return {
    /** The rows completed by this chunk. */
    write(chunk: string): SheetRow[] {
      if (!done) scanner.write(chunk);
      return take();
    },
    end(): SheetRow[] {
      if (!done) scanner.end();
      return take();
    },
    /** </sheetData> has been read: nothing after it is data. */
    get done() {
      return done;
    },
  };
}

/**
 * The rows of the workbook's first worksheet. `input` is a file path; a stream is copied to a temporary file first
 * (a zip is read from its end). Nothing but the shared strings and the current chunk's rows is held.
 */
export async function* readXlsxRows(input: string | NodeJS.ReadableStream): AsyncGenerator<SheetRow> {
  let spooled: string | undefined;
  let file: string;
  if (typeof input === 'string') file = input;
  else {
    spooled = await mkdtemp(path.join(os.tmpdir(), 'xlsx-'));
    file = path.join(spooled, 'upload.xlsx');
    await pipeline(input, createWriteStream(file));
  }
  let zip: Zip | undefined;
  try {
    zip = await openZip(file);
    const parts = await locateParts(zip);
    const parser = sheetParser(await readSharedStrings(zip, parts.sharedStrings));
    // the sheet itself has no size limit: it is scanned as it streams, and the import stops at its row limit
    const text = await openEntryText(zip, parts.sheet, Number.POSITIVE_INFINITY);
    try {
      for await (const chunk of text as AsyncIterable<string>) {
        yield* parser.write(chunk);
        if (parser.done) return;
      }
      yield* parser.end();
    } finally {
      text.destroy();
    }
  } finally {
    zip?.file.close();
    if (spooled) await rm(spooled, { recursive: true, force: true });
  }
}
