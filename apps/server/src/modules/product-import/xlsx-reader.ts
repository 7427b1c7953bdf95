import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The rows of an .xlsx's first worksheet as text cells, read straight from the zip with random access.
 *
 * This replaces exceljs's streaming reader for imports. exceljs built a Row, a Cell and a value object per cell plus
 * saxes tag objects and event arrays: about 600 MB of short-lived objects per pass over 50,000 rows, enough of it
 * promoted to V8's old generation to take the server past 500 MB. When the worksheet came before sharedStrings.xml in
 * the zip (as exceljs and Excel write it), it also spooled the sheet to a temporary file it deleted only at process
 * exit: about 26 MB of /tmp per pass at 50,000 rows.
 *
 * Here the zip's central directory gives each entry's place, so the shared strings are read first and the sheet is
 * inflated and scanned as it streams; a row is a plain `string[]`, a few KB of garbage per row in all.
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
// zip: central directory, then one entry at a time

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) throw new XlsxFormatError('zip: unexpected end of file');
    done += bytesRead;
  }
  return buf;
}

async function readCentralDirectory(fh: FileHandle): Promise<Map<string, ZipEntry>> {
  const { size } = await fh.stat();
  // End of central directory: 22 bytes + a comment of up to 65,535 bytes, at the very end
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await readAt(fh, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxFormatError('zip: no end of central directory');
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    // ZIP64: the locator sits just before the end record and points at the ZIP64 end record
    const locator = eocd - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) throw new XlsxFormatError('zip64: no locator');
    const record = await readAt(fh, Number(tail.readBigUInt64LE(locator + 8)), 56);
    if (record.readUInt32LE(0) !== 0x06064b50) throw new XlsxFormatError('zip64: no end record');
    count = Number(record.readBigUInt64LE(32));
    cdSize = Number(record.readBigUInt64LE(40));
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > size || cdSize > MAX_SMALL_PART_BYTES) throw new XlsxFormatError('zip: bad directory');
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries = new Map<string, ZipEntry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new XlsxFormatError('zip: bad entry');
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      name: cd.toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      uncompressedSize: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42),
      encrypted: (flags & 0x1) !== 0,
    };
    // ZIP64 extended information: the 32-bit fields that are all ones follow in this order
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = cd.readUInt16LE(e);
      const length = cd.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => {
          const v = Number(cd.readBigUInt64LE(q));
          q += 8;
          return v;
        };
        if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
        if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      }
      e += 4 + length;
    }
    entries.set(entry.name.replace(/\\/g, '/').replace(/^\//, ''), entry);
    p = extraEnd + commentLength;
  }
  return entries;
}

/** An entry's inflated bytes as a stream of text (UTF-8, characters never split between chunks). */
async function openEntryText(file: string, fh: FileHandle, entry: ZipEntry): Promise<Readable> {
  if (entry.encrypted) throw new XlsxFormatError('zip: encrypted entry');
  if (entry.method !== 0 && entry.method !== 8) throw new XlsxFormatError(`zip: compression method ${entry.method}`);
  const header = await readAt(fh, entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== 0x04034b50) throw new XlsxFormatError('zip: bad local header');
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
  let out: Readable = raw;
  if (entry.method === 8) {
    const inflate = createInflateRaw();
    raw.on('error', (err) => inflate.destroy(err));
    out = raw.pipe(inflate);
    out.on('close', () => raw.destroy());
  }
  out.setEncoding('utf8');
  return out;
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

async function readSmallPart(file: string, fh: FileHandle, entry: ZipEntry | undefined) {
  const tags: SaxesTagPlain[] = [];
  if (!entry) return tags;
  const parser = newParser();
  parser.on('opentag', (tag) => tags.push(tag));
  await parseAll(await openEntryText(file, fh, entry), parser, MAX_SMALL_PART_BYTES, entry.name);
  return tags;
}

/** Resolves a relationship target against the part that holds the relationships (`xl/workbook.xml`). */
const resolveTarget = (base: string, target: string) =>
  target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(base), target);

/** The relationships of `part` (in `<dir>/_rels/<name>.rels`), targets resolved to entry names. */
async function readRels(file: string, fh: FileHandle, entries: Map<string, ZipEntry>, part: string) {
  const rels = new Map<string, { target: string; type: string }>();
  const relsPath = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  for (const tag of await readSmallPart(file, fh, entries.get(relsPath))) {
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
async function locateParts(file: string, fh: FileHandle, entries: Map<string, ZipEntry>) {
  const root = await readRels(file, fh, entries, '');
  const workbook =
    [...root.values()].find((r) => r.type.endsWith('/officeDocument') && entries.has(r.target))?.target ??
    'xl/workbook.xml';
  const rels = await readRels(file, fh, entries, workbook);
  let sheet: string | undefined;
  for (const tag of await readSmallPart(file, fh, entries.get(workbook))) {
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
async function readSharedStrings(file: string, fh: FileHandle, entry: ZipEntry | undefined): Promise<string[]> {
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
    await openEntryText(file, fh, entry),
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
  let fh: FileHandle | undefined;
  try {
    fh = await open(file, 'r');
    const entries = await readCentralDirectory(fh);
    const parts = await locateParts(file, fh, entries);
    const parser = sheetParser(await readSharedStrings(file, fh, parts.sharedStrings));
    const text = await openEntryText(file, fh, parts.sheet);
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
    await fh?.close();
    if (spooled) await rm(spooled, { recursive: true, force: true });
  }
}
