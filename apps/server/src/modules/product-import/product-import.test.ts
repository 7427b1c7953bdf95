import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeErrorReport } from './error-report';
import { ImportFileError, readImportRows, readSourceRows } from './read-rows';
import { importColumns, writeTemplate } from './template';
import { approvalSpecKey, checkRecord, type ImportRow, type ProductLookup, validateImport } from './validate';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'product-import-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const headers = importColumns.map((c) => c.header);

/** A good row: [name, generic, spec, form, maker, approval, barcode, type, category, 5 × instructions]. */
const good = (i: number, overrides: Partial<Record<string, string>> = {}): string[] => {
  const first12 = `69${String(100_000_000 + i).padStart(10, '0')}`;
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(first12[k]) * (k % 2 === 0 ? 1 : 3);
  const row: Record<string, string> = {
    name: `布洛芬缓释胶囊${i}`,
    generic_name: '布洛芬缓释胶囊',
    spec: '0.3g*20粒/盒',
    dosage_form: '胶囊',
    manufacturer: '中美天津史克制药有限公司',
    approval_no: `国药准字H${String(10_000_000 + i).padStart(8, '0')}`,
    barcode: first12 + ((10 - (sum % 10)) % 10),
    type: i % 2 === 0 ? '处方药' : 'OTC',
    category: '',
    indications: '用于缓解轻至中度疼痛。',
    usage: '口服。一次1粒，一日2次。',
    contraindications: '对本品过敏者禁用。',
    adverse_reactions: '偶见恶心。',
    storage: '密封保存。',
    ...overrides,
  };
  return importColumns.map((c) => row[c.key]);
};

async function writeXlsx(file: string, rows: (string | number)[][], header = headers) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('药品信息');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  await wb.xlsx.writeFile(file);
}

const csvLine = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/** Nothing in the database yet, and the categories 感冒用药 (7) and 降压药 (12). */
const emptyDb: ProductLookup = {
  findExisting: async () => ({ approvalSpecs: new Map(), barcodes: new Map() }),
  findCategories: async (names) =>
    new Map(names.flatMap((n) => (n === '感冒用药' ? [[n, 7]] : n === '降压药' ? [[n, 12]] : []))),
};

describe('template', () => {
  it('writes the fixed headers and reads back as an empty import', async () => {
    const file = path.join(dir, 'template.xlsx');
    const out = createWriteStream(file);
    await writeTemplate(out);
    await finished(out);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const header = wb.getWorksheet('药品信息')!.getRow(1).values as string[];
    expect(header.slice(1)).toEqual([
      '药品名称*',
      '通用名*',
      '规格*',
      '剂型',
      '生产厂家*',
      '批准文号',
      '条形码',
      '类型*（处方药/OTC/中药饮片/非药品）',
      '分类',
      '适应症',
      '用法用量',
      '禁忌',
      '不良反应',
      '贮藏',
    ]);
    expect(wb.getWorksheet('填写说明')).toBeDefined();
    const rows = [];
    for await (const r of readImportRows(file, 'xlsx')) rows.push(r);
    expect(rows).toEqual([]);
  });
});

describe('row checks', () => {
  const check = (overrides: Partial<Record<string, string>>) => {
    const cells = good(3, overrides);
    const record = Object.fromEntries(importColumns.map((c, i) => [c.key, cells[i]])) as never;
    return checkRecord({ row: 5, record });
  };

  it.each([
    [{ name: '' }, '药品名称', '「药品名称」不能为空'],
    [{ manufacturer: '  ' }, '生产厂家', '「生产厂家」不能为空'],
    [{ type: '保健品' }, '类型', '「类型」须为 处方药、OTC、中药饮片、非药品 之一'],
    [{ approval_no: '' }, '批准文号', '处方药和 OTC 必须填写「批准文号」'],
    [{ approval_no: '国药准字H1090008' }, '批准文号', expect.stringContaining('「批准文号」格式不正确')],
    [{ approval_no: '国药准字X10900089' }, '批准文号', expect.stringContaining('「批准文号」格式不正确')],
    [{ approval_no: 'H10900089' }, '批准文号', expect.stringContaining('「批准文号」格式不正确')],
    [{ barcode: '6901234567893' }, '条形码', expect.stringContaining('EAN-13')],
    [{ barcode: '69012345' }, '条形码', expect.stringContaining('EAN-13')],
    [{ name: '药'.repeat(101) }, '药品名称', '「药品名称」不能超过 100 个字符'],
  ])('%j → %s: %s', (overrides, column, message) => {
    expect(check(overrides).errors).toEqual([{ row: 5, column, message }]);
  });

  it('accepts full-width codes, type synonyms and herbal pieces without an approval number', () => {
    const r = check({ approval_no: '国药准字Ｈ１０９０００８９', type: '非处方药' });
    expect(r.errors).toEqual([]);
    expect(r.row).toMatchObject({ approval_no: '国药准字H10900089', type: 'OTC' });
    expect(check({ approval_no: '', type: '中药饮片' }).errors).toEqual([]);
    expect(check({ approval_no: '苏械注准20172140123', type: '非药品' }).errors).toEqual([]);
  });

  it('counts characters rather than UTF-16 units, and reads no type from Object.prototype', () => {
    expect(check({ name: '💊'.repeat(100) }).errors).toEqual([]);
    expect(check({ name: '💊'.repeat(101) }).errors).toEqual([
      { row: 5, column: '药品名称', message: '「药品名称」不能超过 100 个字符' },
    ]);
    for (const type of ['constructor', 'toString', '__proto__']) {
      expect(check({ type }).errors).toEqual([
        { row: 5, column: '类型', message: '「类型」须为 处方药、OTC、中药饮片、非药品 之一' },
      ]);
    }
  });
});

describe('validateImport', () => {
  it('reports exactly the three bad rows of a file, by row and column', async () => {
    const file = path.join(dir, 'three-bad.xlsx');
    const rows = Array.from({ length: 10 }, (_, i) => good(i + 1));
    rows[2] = good(3, { generic_name: '' }); // sheet row 4
    rows[5] = good(6, { type: '处方药', approval_no: '国药准字H123' }); // sheet row 7
    rows[7] = good(8, { barcode: '6901234567890' }); // sheet row 9
    await writeXlsx(file, rows);
    const report = await validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb });
    expect(report).toMatchObject({ total: 10, valid: 7, invalid: 3, errors_truncated: false });
    expect(report.errors).toEqual([
      { row: 4, column: '通用名', message: '「通用名」不能为空' },
      {
        row: 7,
        column: '批准文号',
        message: '「批准文号」格式不正确，应为“国药准字”+ 字母(H/Z/S/B/T/F/J) + 8 位数字，如 国药准字H10900089',
      },
      { row: 9, column: '条形码', message: '「条形码」不是有效的 13 位商品条码（EAN-13），请检查位数和校验位' },
    ]);
    expect(report.rows.map((r) => r.row)).toEqual([2, 3, 5, 6, 8, 10, 11]);
    expect(report.rows[0]).toMatchObject({ type: 'OTC', generic_name: '布洛芬缓释胶囊', product_id: null });
  });

  it('finds duplicates inside the file and points at the first row', async () => {
    const file = path.join(dir, 'dupes.xlsx');
    const a = good(1);
    const b = good(2, { approval_no: a[5] });
    const c = good(3, { barcode: a[6] });
    const herb = good(4, { approval_no: '', barcode: '', type: '中药饮片', name: '当归(饮片)' });
    await writeXlsx(file, [a, b, c, herb, [...herb]]);
    const report = await validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb });
    expect(report.errors).toEqual([
      { row: 3, column: '批准文号', message: '与第 2 行的批准文号和规格重复' },
      { row: 4, column: '条形码', message: '与第 2 行的条形码重复' },
      { row: 6, column: '药品名称', message: '与第 5 行的药品名称、规格和生产厂家重复' },
    ]);
  });

  it('checks rows against the database through the injected lookup, a batch at a time', async () => {
    const file = path.join(dir, 'db.xlsx');
    const rows = [good(1), good(2), good(3, { category: '感冒用药' }), good(4, { category: '不存在的分类' })];
    await writeXlsx(file, rows);
    const calls: number[] = [];
    const lookup: ProductLookup = {
      findExisting: async ({ approvalSpecs, barcodes }) => {
        calls.push(approvalSpecs.length);
        return {
          approvalSpecs: new Map(
            approvalSpecs
              .filter((k) => k.approval_no === rows[0][5])
              .map((k) => [approvalSpecKey(k.approval_no, k.spec), 41]),
          ),
          barcodes: new Map(barcodes.filter((b) => b === rows[1][6]).map((b) => [b, 42])),
        };
      },
      findCategories: emptyDb.findCategories,
    };
    const created = await validateImport(file, 'xlsx', { mode: 'create', lookup, batchSize: 2 });
    expect(calls).toEqual([2, 2]);
    expect(created.errors).toEqual([
      { row: 2, column: '批准文号', message: '平台已有相同批准文号和规格的药品（ID 41），请改用更新' },
      { row: 3, column: '条形码', message: '平台已有相同条形码的药品（ID 42），请改用更新' },
      { row: 5, column: '分类', message: '「分类」不存在：不存在的分类' },
    ]);
    expect(created.rows).toEqual([expect.objectContaining({ row: 4, category_id: 7 })]);

    const updated = await validateImport(file, 'xlsx', { mode: 'update', lookup });
    expect(updated.errors).toEqual([
      { row: 4, column: '批准文号', message: '未找到要更新的药品：请核对批准文号和规格或条形码' },
      { row: 5, column: '分类', message: '「分类」不存在：不存在的分类' },
      { row: 5, column: '批准文号', message: '未找到要更新的药品：请核对批准文号和规格或条形码' },
    ]);
    expect(updated.rows.map((r) => [r.row, r.product_id])).toEqual([
      [2, 41],
      [3, 42],
    ]);
  });

  it('hands valid rows to the caller batch by batch', async () => {
    const file = path.join(dir, 'sink.xlsx');
    await writeXlsx(
      file,
      Array.from({ length: 25 }, (_, i) => good(i + 1)),
    );
    const batches: ImportRow[][] = [];
    const report = await validateImport(file, 'xlsx', {
      mode: 'create',
      lookup: emptyDb,
      batchSize: 10,
      previewLimit: 5,
      onValidBatch: async (rows) => {
        batches.push(rows);
      },
    });
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(report.rows).toHaveLength(5);
    expect(report.valid).toBe(25);
  });

  it('reads CSV in UTF-8 with a BOM and in GB18030 as Excel saves it, with the same result', async () => {
    const lines = [headers, good(1), good(2, { name: '' }), good(3, { dosage_form: '胶囊, "软"' })]
      .map(csvLine)
      .join('\r\n');
    const utf8 = path.join(dir, 'utf8.csv');
    await writeFile(utf8, `\uFEFF${lines}\r\n`);
    const gbk = path.join(dir, 'gbk.csv');
    await writeFile(gbk, encodeGb18030(`${lines}\r\n`));
    for (const file of [utf8, gbk]) {
      const report = await validateImport(file, 'csv', { mode: 'create', lookup: emptyDb });
      expect(report).toMatchObject({ total: 3, valid: 2, invalid: 1 });
      expect(report.errors).toEqual([{ row: 3, column: '药品名称', message: '「药品名称」不能为空' }]);
      expect(report.rows[1].dosage_form).toBe('胶囊, "软"');
    }
  });

  it('maps columns by header name, in any order', async () => {
    const file = path.join(dir, 'reordered.xlsx');
    const order = [...importColumns.keys()].reverse();
    await writeXlsx(
      file,
      [order.map((i) => good(1)[i])],
      order.map((i) => headers[i]),
    );
    const report = await validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb });
    expect(report.valid).toBe(1);
    expect(report.rows[0].name).toBe('布洛芬缓释胶囊1');
  });

  it.each([
    ['a header without required columns', [['药品名称*', '规格*']], '表头缺少必填列：通用名、生产厂家、类型'],
    ['an empty sheet', [], '文件为空'],
    ['a header with no rows under it', [headers], '文件中没有数据行'],
    ['a header and blank rows', [headers, [], ['', '', '']], '文件中没有数据行'],
  ])('refuses %s as a whole', async (_name, rows, message) => {
    const file = path.join(dir, 'bad-header.xlsx');
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('x');
    for (const r of rows) sheet.addRow(r);
    await wb.xlsx.writeFile(file);
    const run = validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb });
    await expect(run).rejects.toBeInstanceOf(ImportFileError);
    await expect(validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb })).rejects.toThrow(message);
  });

  it('refuses a file that is not a spreadsheet, and too many rows', async () => {
    const file = path.join(dir, 'not.xlsx');
    await writeFile(file, 'hello, not a zip');
    await expect(validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb })).rejects.toBeInstanceOf(
      ImportFileError,
    );
    const many = path.join(dir, 'many.xlsx');
    await writeXlsx(
      many,
      Array.from({ length: 6 }, (_, i) => good(i)),
    );
    await expect(validateImport(many, 'xlsx', { mode: 'create', lookup: emptyDb, maxRows: 5 })).rejects.toThrow(
      '一次最多导入 5 行',
    );
  });
});

describe('error report', () => {
  it('lists the bad rows with their errors first, so the operator can fix and re-upload that file', async () => {
    const file = path.join(dir, 'report-src.xlsx');
    await writeXlsx(file, [good(1), good(2, { spec: '', barcode: '123' }), good(3)]);
    const report = await validateImport(file, 'xlsx', { mode: 'create', lookup: emptyDb });
    const out = path.join(dir, 'report.xlsx');
    const stream = createWriteStream(out);
    await writeErrorReport(stream, report, { input: file, format: 'xlsx' });
    await finished(stream);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const [fix, list] = wb.worksheets;
    expect(fix.name).toBe('待修正数据');
    expect(fix.rowCount).toBe(2);
    const values = fix.getRow(2).values as unknown[];
    expect(values[1]).toBe('布洛芬缓释胶囊2');
    expect(values[15]).toBe(3);
    expect(values[16]).toBe('「规格」不能为空；「条形码」不是有效的 13 位商品条码（EAN-13），请检查位数和校验位');
    expect(list.getRow(2).values).toEqual([undefined, 3, '规格', '「规格」不能为空']);

    // The fix sheet is a valid upload once corrected.
    const again = await validateImport(out, 'xlsx', { mode: 'create', lookup: emptyDb });
    expect(again.errors.map((e) => e.column)).toEqual(['规格', '条形码']);
    expect(await readFile(out)).toBeInstanceOf(Buffer);
  });
});

describe('Chinese text in large sheets', () => {
  it.each([true, false])(
    'reads every character intact across stream chunks (shared strings: %s)',
    async (shared) => {
      const file = path.join(dir, `chinese-${shared}.xlsx`);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: shared, useStyles: false });
      const sheet = wb.addWorksheet('药品信息');
      const text = (i: number) => `复方氨酚烷胺片${i}号·国药准字H${10_000_000 + i}·中美天津史克制药有限公司`;
      for (let i = 1; i <= 8000; i++) sheet.addRow([text(i), `板蓝根颗粒${i}`]).commit();
      sheet.commit();
      await wb.commit();
      let bad = 0;
      let rows = 0;
      for await (const { row, cells } of readSourceRows(file, 'xlsx')) {
        rows += 1;
        if (cells[0] !== text(row) || cells[1] !== `板蓝根颗粒${row}`) bad += 1;
      }
      expect(rows).toBe(8000);
      expect(bad).toBe(0);
    },
    60_000,
  );
});

describe('50,000 rows', () => {
  it('parses and validates in bounded memory (figures printed, not asserted)', async () => {
    const file = path.join(dir, 'big.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
    const sheet = wb.addWorksheet('药品信息');
    sheet.addRow(headers).commit();
    for (let i = 1; i <= 50_000; i++) sheet.addRow(good(i)).commit();
    sheet.commit();
    await wb.commit();

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const started = performance.now();
    let batches = 0;
    const report = await validateImport(file, 'xlsx', {
      mode: 'create',
      lookup: emptyDb,
      onValidBatch: async () => {
        batches += 1;
      },
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(
      `50,000-row xlsx validated in ${(ms / 1000).toFixed(2)} s; RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
    expect(report.errors.slice(0, 5)).toEqual([]);
    expect(report).toMatchObject({ total: 50_000, valid: 50_000, invalid: 0 });
    expect(report.rows).toHaveLength(200);
    expect(batches).toBe(50);
  }, 180_000);
});

/** Test-only GB18030 encoder built from Node's decoder (Node ships a decoder but no encoder for it). */
function encodeGb18030(text: string): Buffer {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, number[]>();
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue;
      const ch = decoder.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const mapped = table.get(ch);
      if (!mapped) throw new Error(`no GB18030 two-byte code for ${ch}`);
      bytes.push(...mapped);
    }
  }
  return Buffer.from(bytes);
}
