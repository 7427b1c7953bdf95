import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auditLog, listCount, pharmacyMember, product, quote } from '../../db/schema/index';
import { UploadStore } from '../../lib/spreadsheet-import/index';
import { LocalFileStorage } from '../../lib/storage';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { QuoteImportRepository } from './quote-import.repository';
import { QuoteImportService, type StoredQuoteUpload } from './quote-import.service';

let t: TestApp;
let shop: string;
let admin: string;
let manager: string;
/** The shop owner's two pharmacies; the pharmacy_admin and the manager work in the first. */
let first: number;
let second: number;

const accountId = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  [shop, admin, manager] = await Promise.all(['13800000001', '13800000002', '13800000003'].map((p) => t.login(p)));
  const stores = await t.database.db
    .select({ id: pharmacyMember.pharmacyId })
    .from(pharmacyMember)
    .where(eq(pharmacyMember.accountId, await accountId('13800000001')))
    .orderBy(pharmacyMember.pharmacyId);
  [first, second] = stores.map((s) => s.id);
}, 120_000);
afterAll(async () => t?.close());

const HEADER = ['批准文号', '条码', '药品名称（仅供核对）', '售价*', '原价', '库存*', '上架状态（上架/下架）'];
type Line = (string | number)[];

async function workbook(rows: Line[], header: string[] = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('报价信息');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const preview = (file: Buffer, token: string, pharmacyId: number, filename = '报价.xlsx') => {
  const body = multipart(file, filename);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/pharmacy/quote/import/preview',
    payload: body.payload,
    headers: { ...body.headers, ...headers(token, pharmacyId) },
  });
};
const apply = (upload_id: string, token: string, pharmacyId: number, only_valid = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pharmacy/quote/import',
    headers: headers(token, pharmacyId),
    payload: { upload_id, only_valid },
  });
const errorsOf = (upload_id: string, token: string, pharmacyId: number) =>
  t.app.inject({ url: `/api/v1/pharmacy/quote/import/${upload_id}/errors`, headers: headers(token, pharmacyId) });

// ---------------------------------------------------------------------------------------------------------------
// A catalogue of its own per test: two specs under one approval number (told apart by barcode), one product known by
// its approval number only, one by its barcode only, one no longer sold.

let serial = 0;
const ean = (n: number) => `6977${String(n).padStart(9, '0')}`;

async function catalogue() {
  serial += 1;
  const base = 70_000_000 + serial * 10;
  const approval = (k: number) => `国药准字H${base + k}`;
  const rows = await t.database.db
    .insert(product)
    .values([
      { name: `导入测试片${serial}`, spec: '10mg*12片', approvalNo: approval(1), barcode: ean(base + 1), type: 'OTC' },
      { name: `导入测试片${serial}`, spec: '20mg*12片', approvalNo: approval(1), barcode: ean(base + 2), type: 'OTC' },
      { name: `导入测试颗粒${serial}`, spec: '10g*9袋', approvalNo: approval(3), barcode: '', type: 'OTC' },
      { name: `导入测试口罩${serial}`, spec: '10只/袋', approvalNo: '', barcode: ean(base + 4), type: 'NON_DRUG' },
      {
        name: `停售测试片${serial}`,
        spec: '5mg*7片',
        approvalNo: approval(5),
        barcode: ean(base + 5),
        type: 'RX',
        status: 'inactive' as const,
      },
    ])
    .returning({ id: product.id });
  const [spec10, spec20, granule, mask, stopped] = rows.map((r) => r.id);
  return {
    ids: { spec10, spec20, granule, mask, stopped },
    approval,
    barcode: (k: number) => ean(base + k),
  };
}

const quotesOf = async (pharmacyId: number, productIds: number[]) =>
  t.database.db
    .select({
      product_id: quote.productId,
      price: quote.price,
      original_price: quote.originalPrice,
      stock: quote.stock,
      status: quote.status,
    })
    .from(quote)
    .where(and(eq(quote.pharmacyId, pharmacyId), inArray(quote.productId, productIds)))
    .orderBy(quote.productId);

const counted = async (pharmacyId: number) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ bucket: listCount.bucket, n: listCount.n })
        .from(listCount)
        .where(and(eq(listCount.scope, 'quote'), eq(listCount.ownerId, pharmacyId)))
    ).map((r) => [r.bucket, Number(r.n)]),
  );

describe('quote import (pharmacy/quote/import)', () => {
  it('downloads the template with its Chinese file name, columns and notes', async () => {
    const res = await t.app.inject({ url: '/api/v1/pharmacy/quote/import/template', headers: headers(admin, first) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('报价导入模板.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].name).toBe('报价信息');
    expect((book.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(HEADER);
    expect(book.getWorksheet('填写说明')).toBeDefined();

    // the blank template has nothing to check
    const blank = await preview(res.rawPayload, admin, first, '报价导入模板.xlsx');
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json()).toMatchObject({ code: 400111, msg: expect.stringContaining('文件中没有数据行') });
  });

  it('a file with errors: a per-row report in Chinese with row numbers, and nothing is written', async () => {
    const c = await catalogue();
    const all = Object.values(c.ids);
    const before = await counted(first);
    const file = await workbook([
      [c.approval(1), c.barcode(1), '导入测试片 10mg', '12.50', '15.00', 100, '上架'], // 2: fine
      [c.approval(1), '', '导入测试片', '12.50', '', 10, ''], // 3: two specs, no barcode
      [c.approval(3), '', '导入测试颗粒', '0', '', 10, ''], // 4: price 0
      ['', c.barcode(4), '口罩', '9.999', '', 10, ''], // 5: three decimals
      [c.approval(3), '', '导入测试颗粒', '20.00', '18.00', 10, ''], // 6: original below price; row 4's product
      ['', c.barcode(4), '口罩', '9.90', '', -1, '下架'], // 7: negative stock; row 5's product
      ['', c.barcode(4), '口罩', '9.90', '', '1.5', '待定'], // 8: stock not whole, bad status
      ['国药准字H99999999', '', '不存在的药', '5.00', '', 1, ''], // 9: unknown approval number
      [c.approval(5), '', '停售测试片', '5.00', '', 1, ''], // 10: product no longer sold
      [c.approval(1), c.barcode(1), '导入测试片 10mg', '13.00', '', 5, ''], // 11: same product as row 2
      ['', '', '没有编码', '5.00', '', 1, ''], // 12: nothing to match on
      [c.approval(1), c.barcode(4), '对不上', '5.00', '', 1, ''], // 13: barcode of another product
      ['国药准字H1234', '', '格式不对', '5.00', '', 1, ''], // 14: malformed approval number
    ]);
    const res = await preview(file, admin, first);
    expect(res.statusCode, res.body).toBe(200);
    const { upload_id, report } = res.json().data;
    expect(report).toMatchObject({ total: 13, valid: 1, invalid: 12, to_create: 1, to_update: 0 });
    expect(report.errors).toEqual([
      { row: 3, column: '条码', message: '该批准文号对应 2 个规格的药品（10mg*12片、20mg*12片），请填写「条码」区分' },
      { row: 4, column: '售价', message: '售价须大于 0' },
      { row: 5, column: '售价', message: '售价最多两位小数' },
      { row: 6, column: '原价', message: '原价不能低于售价' },
      {
        row: 6,
        column: '批准文号',
        message: expect.stringMatching(/^与第 4 行是同一药品（导入测试颗粒\d+ 10g\*9袋）/),
      },
      { row: 7, column: '库存', message: '库存不能为负数' },
      { row: 7, column: '条码', message: expect.stringMatching(/^与第 5 行是同一药品/) },
      { row: 8, column: '库存', message: '库存须为整数' },
      { row: 8, column: '上架状态', message: '「上架状态」须为 上架 或 下架（不填：新报价上架，已有报价不变）' },
      { row: 8, column: '条码', message: expect.stringMatching(/^与第 5 行是同一药品（导入测试口罩\d+ 10只\/袋）/) },
      { row: 9, column: '批准文号', message: '平台药品库中没有批准文号为 国药准字H99999999 的药品' },
      { row: 10, column: '批准文号', message: '药品不存在或已停用' },
      { row: 11, column: '批准文号', message: expect.stringMatching(/^与第 2 行是同一药品/) },
      { row: 12, column: '批准文号', message: '请填写「批准文号」或「条码」，用于匹配平台药品' },
      { row: 13, column: '条码', message: expect.stringContaining('与批准文号不一致') },
      {
        row: 14,
        column: '批准文号',
        message: '「批准文号」格式不正确，应为“国药准字”+ 字母(H/Z/S/B/T/F/J) + 8 位数字，如 国药准字H10900089',
      },
    ]);
    // a product named again is reported on the later row, even when the first one had errors of its own
    expect(report.rows).toEqual([
      expect.objectContaining({
        row: 2,
        product_id: c.ids.spec10,
        price: '12.50',
        original_price: '15.00',
        action: 'create',
      }),
    ]);

    // nothing written: no quote, and applying the whole file is refused with nothing written either
    expect(await quotesOf(first, all)).toEqual([]);
    const refused = await apply(upload_id, admin, first);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 400111,
      msg: expect.stringContaining('有 12 行未通过校验，未导入任何报价'),
    });
    expect(await quotesOf(first, all)).toEqual([]);
    expect(await counted(first)).toEqual(before);

    // the error report: the failed rows with their messages, then every error by row
    const report2 = await errorsOf(upload_id, admin, first);
    expect(report2.statusCode).toBe(200);
    expect(report2.headers['content-disposition']).toContain(encodeURIComponent('报价导入错误报告.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report2.rawPayload as unknown as ArrayBuffer);
    const [fix, list] = book.worksheets;
    expect(fix.name).toBe('待修正数据');
    expect(fix.rowCount).toBe(13);
    const firstFix = fix.getRow(2);
    expect([firstFix.getCell(1).value, firstFix.getCell(3).value, firstFix.getCell(4).value]).toEqual([
      c.approval(1),
      '导入测试片',
      '12.50',
    ]);
    expect(firstFix.getCell(8).value).toBe(3);
    expect(firstFix.getCell(9).value).toContain('请填写「条码」区分');
    expect(list.name).toBe('错误明细');
    expect((list.getRow(2).values as unknown[]).slice(1)).toEqual([3, '条码', expect.stringContaining('条码')]);
  });

  it('the fixed file is applied in one transaction: new quotes inserted, the existing one updated', async () => {
    const c = await catalogue();
    await t.database.db.insert(quote).values({
      pharmacyId: first,
      productId: c.ids.granule,
      price: '30.00',
      originalPrice: '32.00',
      stock: 3,
      status: 'off_shelf',
    });
    const before = await counted(first);
    const file = await workbook([
      [c.approval(1), c.barcode(1), '导入测试片 10mg', '12.50', '15.00', 100, '上架'],
      [c.approval(1), c.barcode(2), '导入测试片 20mg', 22, 25.5, 40, '下架'],
      // Ｈ typed full-width; an existing quote with 上架状态 left empty keeps off_shelf
      [c.approval(3).replace('H', 'Ｈ'), '', '导入测试颗粒', '28.00', '', 60, ''],
      ['', c.barcode(4), '口罩', 9.9, '', 500, ''],
    ]);
    const res = await preview(file, admin, first);
    expect(res.statusCode, res.body).toBe(200);
    const { upload_id, report } = res.json().data;
    expect(report).toMatchObject({ total: 4, valid: 4, invalid: 0, to_create: 3, to_update: 1, errors: [] });
    expect(report.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'create', 'update', 'create']);

    const done = await apply(upload_id, admin, first);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      code: 0,
      msg: '导入成功：新增 3 条，更新 1 条',
      data: { created: 3, updated: 1, skipped: 0 },
    });
    expect(await quotesOf(first, Object.values(c.ids))).toEqual(
      [
        { product_id: c.ids.spec10, price: '12.50', original_price: '15.00', stock: 100, status: 'on_shelf' },
        { product_id: c.ids.spec20, price: '22.00', original_price: '25.50', stock: 40, status: 'off_shelf' },
        { product_id: c.ids.granule, price: '28.00', original_price: null, stock: 60, status: 'off_shelf' },
        { product_id: c.ids.mask, price: '9.90', original_price: null, stock: 500, status: 'on_shelf' },
      ].sort((a, b) => a.product_id - b.product_id),
    );
    // the list counters moved in the same transaction: two more on shelf, one more off shelf
    const after = await counted(first);
    expect((after.on_shelf ?? 0) - (before.on_shelf ?? 0)).toBe(2);
    expect((after.off_shelf ?? 0) - (before.off_shelf ?? 0)).toBe(1);
    // the other pharmacy of the same owner got nothing
    expect(await quotesOf(second, Object.values(c.ids))).toEqual([]);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `upload:${upload_id}`));
    expect(trail.map((a) => a.action).sort()).toEqual(['quote.import', 'quote.import.preview']);

    // applying again updates the same four quotes and inserts nothing
    const again = await apply(upload_id, admin, first);
    expect(again.json().data).toEqual({ created: 0, updated: 4, skipped: 0 });
  });

  it('only_valid applies the valid rows and skips the rest', async () => {
    const c = await catalogue();
    const file = await workbook([
      [c.approval(3), '', '导入测试颗粒', '18.00', '', 6, ''],
      ['', c.barcode(4), '口罩', '-1', '', 1, ''],
    ]);
    const { upload_id } = (await preview(file, admin, first)).json().data;
    const res = await apply(upload_id, admin, first, true);
    expect(res.json()).toMatchObject({ code: 0, data: { created: 1, updated: 0, skipped: 1 } });
    expect((await quotesOf(first, Object.values(c.ids))).map((q) => q.product_id)).toEqual([c.ids.granule]);
  });

  it('reads CSV too, and refuses a file that is not a spreadsheet or has no column to match on', async () => {
    const c = await catalogue();
    const csv = `${HEADER.join(',')}\r\n${c.approval(3)},,导入测试颗粒,"1,288.00",,7,上架\r\n`;
    const ok = await preview(Buffer.from(`\uFEFF${csv}`), admin, first, '报价.csv');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.report.rows[0]).toMatchObject({ product_id: c.ids.granule, price: '1288.00', stock: 7 });

    const text = await preview(Buffer.from('not a spreadsheet'), admin, first, '报价.txt');
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toContain('请上传 .xlsx 或 .csv 文件');

    const noCodes = await preview(await workbook([['x', '1.00', 1]], ['药品名称', '售价', '库存']), admin, first);
    expect(noCodes.statusCode).toBe(400);
    expect(noCodes.json().msg).toContain('表头缺少「批准文号」或「条码」列');
  });
});

describe('who may import', () => {
  const routes = (id: string) =>
    [
      ['GET', '/pharmacy/quote/import/template'],
      ['POST', '/pharmacy/quote/import/preview'],
      ['GET', `/pharmacy/quote/import/${id}/errors`],
      ['POST', '/pharmacy/quote/import'],
    ] as const;
  const call = (method: 'GET' | 'POST', url: string, token: string | undefined, pharmacyId?: number) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: headers(token, pharmacyId),
      ...(url.endsWith('/import') ? { payload: { upload_id: '00000000-0000-4000-8000-000000000000' } } : {}),
    });

  it('no session 401; a member without quote_manage 403; a pharmacy the caller is not in 403', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of routes(id)) {
      expect((await call(method, url, undefined, first)).statusCode, url).toBe(401);
      const denied = await call(method, url, manager, first);
      expect(denied.statusCode, url).toBe(403);
      expect(String(denied.json().code)).toMatch(/^403/);
      // the pharmacy_admin works in the first pharmacy only
      expect((await call(method, url, admin, second)).statusCode, url).toBe(403);
    }
  });

  it("another pharmacy's upload, or another account's, answers 404 like a missing one", async () => {
    const c = await catalogue();
    const file = await workbook([[c.approval(3), '', '导入测试颗粒', '18.00', '', 6, '']]);
    const res = await preview(file, shop, second);
    expect(res.statusCode, res.body).toBe(200);
    const { upload_id } = res.json().data;

    // the same owner with the other pharmacy selected, and a colleague in the first pharmacy
    for (const [token, pharmacyId] of [
      [shop, first],
      [admin, first],
    ] as const) {
      for (const answer of [await errorsOf(upload_id, token, pharmacyId), await apply(upload_id, token, pharmacyId)]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ code: 404000, msg: '上传记录不存在或已过期，请重新上传', data: null });
      }
    }
    expect(await quotesOf(first, [c.ids.granule])).toEqual([]);
    expect(await quotesOf(second, [c.ids.granule])).toEqual([]);
    // the owner's own pharmacy still applies it
    expect((await apply(upload_id, shop, second)).json().data).toEqual({ created: 1, updated: 0, skipped: 0 });
    expect(await quotesOf(second, [c.ids.granule])).toHaveLength(1);
  });
});

describe('one transaction', () => {
  /** The service on the test database with batches of 2 rows, so an apply writes several batches. */
  function smallBatches(repo = new QuoteImportRepository(t.database.db)) {
    const store = new UploadStore<StoredQuoteUpload>(
      new LocalFileStorage(path.join(t.dataDir, 'uploads')),
      path.join(t.dataDir, 'tmp', 'quote-imports-test'),
      { prefix: 'quote-imports/' },
    );
    return new QuoteImportService(repo, store, { batchSize: 2 });
  }

  async function previewed(service: QuoteImportService, rows: Line[]) {
    const caller = { pharmacyId: first, accountId: await accountId('13800000002') };
    const scratch = await service.store.scratch();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(scratch.path, await workbook(rows));
    const received = { id: service.store.newId(), format: 'xlsx' as const, fileName: '报价.xlsx', scratch };
    const result = await service.preview(caller, received);
    return { caller, result };
  }

  it('a row that became invalid after the preview, in a later batch, rolls back the batches already written', async () => {
    const c = await catalogue();
    const service = smallBatches();
    const { caller, result } = await previewed(service, [
      [c.approval(1), c.barcode(1), '', '10.00', '', 1, ''],
      [c.approval(1), c.barcode(2), '', '11.00', '', 1, ''],
      [c.approval(3), '', '', '12.00', '', 1, ''],
      ['', c.barcode(4), '', '13.00', '', 1, ''],
    ]);
    expect(result.report).toMatchObject({ valid: 4, invalid: 0 });
    // the mask (row 5, the second batch) is withdrawn from the catalogue between the preview and the apply
    await t.database.db.update(product).set({ status: 'inactive' }).where(eq(product.id, c.ids.mask));
    const before = await counted(first);
    await expect(service.apply(caller, result.upload_id, false)).rejects.toMatchObject({
      statusCode: 400,
      msg: expect.stringContaining('有 1 行未通过校验'),
    });
    expect(await quotesOf(first, Object.values(c.ids))).toEqual([]);
    expect(await counted(first)).toEqual(before);
  });

  it('a write failing mid-apply rolls back everything written before it', async () => {
    const c = await catalogue();
    let calls = 0;
    const repo = new QuoteImportRepository(t.database.db);
    const upsert = repo.upsert.bind(repo);
    repo.upsert = async (db, pharmacyId, rows) => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return upsert(db, pharmacyId, rows);
    };
    const service = smallBatches(repo);
    const { caller, result } = await previewed(service, [
      [c.approval(1), c.barcode(1), '', '10.00', '', 1, ''],
      [c.approval(1), c.barcode(2), '', '11.00', '', 1, ''],
      [c.approval(3), '', '', '12.00', '', 1, ''],
    ]);
    await expect(service.apply(caller, result.upload_id, false)).rejects.toThrow('connection lost');
    expect(calls).toBe(2);
    expect(await quotesOf(first, Object.values(c.ids))).toEqual([]);
  });
});
