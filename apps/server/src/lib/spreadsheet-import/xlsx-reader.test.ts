import { createReadStream, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError, readSourceRows } from './read-rows';
import { readXlsxRows, type SheetRow, sheetParser } from './xlsx-reader';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'xlsx-reader-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A minimal zip writer: each entry deflated (8) or stored (0), in the given order. */
function zip(entries: [string, string][], method: 0 | 8 = 8): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const body = method === 8 ? deflateRawSync(data) : data;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    parts.push(local, fileName, body);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += 30 + fileName.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const sharedStrings = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="${ns}" count="5" uniqueCount="5">
<si><t>布洛芬缓释胶囊</t></si>
<si><r><rPr><b/></rPr><t>阿莫</t></r><r><t xml:space="preserve">西林 </t></r></si>
<si><t>漢方</t><rPh sb="0" eb="2"><t>カンポウ</t></rPh></si>
<si><t>A&amp;B &lt;C&gt; &#x4E2D;&#25991;</t></si>
<si><t/></si>
</sst>`;

/** The data sheet: namespace prefixes, a comment, rows and cells without `r`, every cell type. */
const dataSheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet xmlns:x="${ns}"><x:sheetData>
<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row>
<!-- a comment that mentions <x:row> -->
<x:row r="3" spans="1:6"><x:c r="A3" t="s"><x:v>2</x:v></x:c><x:c r="B3" t="s"><x:v>3</x:v></x:c><x:c r="C3" t="inlineStr"><x:is><x:t><![CDATA[<内联> & 文本]]></x:t></x:is></x:c><x:c r="D3" t="inlineStr"><x:is><x:r><x:t>富</x:t></x:r><x:r><x:t>文本</x:t></x:r><x:rPh><x:t>ふ</x:t></x:rPh></x:is></x:c></x:row>
<x:row><x:c><x:v>6901234567892</x:v></x:c><x:c><x:v>6.9E+12</x:v></x:c><x:c><x:v>0.25</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="str"><x:f>A1&amp;"x"</x:f><x:v>公式结果</x:v></x:c><x:c><x:f>SUM(1,2)</x:f></x:c><x:c r="J4" s="3"/><x:c r="K4" t="s" note='a>b'><x:v>4</x:v></x:c><x:c r="L4" t="d"><x:v>2024-03-01T00:00:00</x:v></x:c></x:row>
<x:row r="5"/>
</x:sheetData><x:dataValidations count="1"><x:dataValidation><x:formula1>"a,b"</x:formula1></x:dataValidation></x:dataValidations></x:worksheet>`;

const expectedRows: SheetRow[] = [
  { row: 1, cells: ['布洛芬缓释胶囊', '', '阿莫西林 '] },
  { row: 3, cells: ['漢方', 'A&B <C> 中文', '<内联> & 文本', '富文本'] },
  {
    row: 4,
    cells: ['6901234567892', '6900000000000', '0.25', 'TRUE', '', '公式结果', '', '', '', '', '', '2024-03-01'],
  },
  { row: 5, cells: [] },
];

/** A workbook whose first sheet (workbook order) is sheet2.xml, stored after a decoy sheet1 and before the strings. */
const workbookEntries = (): [string, string][] => [
  [
    '_rels/.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="药品信息" sheetId="2" r:id="rId5"/><sheet name="旧表" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId5" Type="${rel}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId9" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  ],
  [
    'xl/worksheets/sheet1.xml',
    `<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>不是这张表</t></is></c></row></sheetData></worksheet>`,
  ],
  ['xl/worksheets/sheet2.xml', dataSheet],
  ['xl/sharedStrings.xml', sharedStrings],
];

async function readAll(input: string | NodeJS.ReadableStream) {
  const rows: SheetRow[] = [];
  for await (const r of readXlsxRows(input)) rows.push(r);
  return rows;
}

describe('xlsx reader', () => {
  it('reads the first sheet in workbook order: shared, rich, phonetic, inline, number, boolean, formula cells', async () => {
    for (const method of [8, 0] as const) {
      const file = path.join(dir, `cells-${method}.xlsx`);
      await writeFile(file, zip(workbookEntries(), method));
      expect(await readAll(file)).toEqual(expectedRows);
      // an upload stream is copied to a temporary file first (a zip is read from its end)
      expect(await readAll(createReadStream(file))).toEqual(expectedRows);
    }
  });

  it('gives the same rows whatever the size of the chunks the sheet arrives in', () => {
    const shared = ['布洛芬缓释胶囊', '阿莫西林 ', '漢方', 'A&B <C> 中文', ''];
    for (let size = 1; size <= 64; size++) {
      const parser = sheetParser(shared);
      const rows: SheetRow[] = [];
      for (let i = 0; i < dataSheet.length && !parser.done; i += size)
        rows.push(...parser.write(dataSheet.slice(i, i + size)));
      rows.push(...parser.end());
      expect(rows, `chunks of ${size}`).toEqual(expectedRows);
    }
  });

  it('without rels, workbook or shared strings, reads the lowest-numbered sheet', async () => {
    const file = path.join(dir, 'bare.xlsx');
    await writeFile(
      file,
      zip([
        [
          'xl/worksheets/sheet3.xml',
          `<worksheet><sheetData><row><c t="inlineStr"><is><t>三</t></is></c></row></sheetData></worksheet>`,
        ],
        [
          'xl/worksheets/sheet2.xml',
          `<worksheet><sheetData><row><c t="inlineStr"><is><t>二</t></is></c><c><v>2</v></c></row></sheetData></worksheet>`,
        ],
      ]),
    );
    expect(await readAll(file)).toEqual([{ row: 1, cells: ['二', '2'] }]);
  });

  it('finds parts named with backslashes or a leading slash, as odd writers store them', async () => {
    const file = path.join(dir, 'odd-names.xlsx');
    const entries = workbookEntries().map(([name, text]): [string, string] => [
      name.startsWith('xl/worksheets/')
        ? name.replace(/\//g, '\\')
        : name === 'xl/sharedStrings.xml'
          ? `/${name}`
          : name,
      text,
    ]);
    await writeFile(file, zip(entries));
    expect(await readAll(file)).toEqual(expectedRows);
  });

  it('closes the file whether it reads to the end, stops early or fails', async () => {
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const good = path.join(dir, 'fd-good.xlsx');
    const bad = path.join(dir, 'fd-bad.xlsx');
    await writeFile(good, zip(workbookEntries()));
    await writeFile(bad, zip(workbookEntries()).subarray(0, 400));
    const before = openFiles();
    for (let i = 0; i < 5; i++) {
      await readAll(good);
      for await (const _ of readXlsxRows(good)) break;
      await expect(readAll(bad)).rejects.toThrow();
    }
    // a descriptor is closed when yauzl's last stream on it has ended, on a later turn of the event loop
    await new Promise((resolve) => setImmediate(resolve));
    expect(openFiles()).toBe(before);
  });

  it('refuses what is not a readable workbook', async () => {
    const cases: [string, Buffer][] = [
      ['not-a-zip.xlsx', Buffer.from('PK\u0003\u0004 but nothing after')],
      ['no-sheet.xlsx', zip([['xl/workbook.xml', `<workbook xmlns="${ns}"/>`]])],
      ['truncated.xlsx', zip(workbookEntries()).subarray(0, 400)],
    ];
    for (const [name, content] of cases) {
      const file = path.join(dir, name);
      await writeFile(file, content);
      await expect(readAll(file), name).rejects.toThrow();
      const rows = readSourceRows(file, 'xlsx');
      await expect(rows.next(), name).rejects.toBeInstanceOf(ImportFileError);
    }
  });
});
