import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, product } from '../../db/schema/index';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000007');
}, 120_000);
afterAll(async () => t?.close());

const HEADERS = [
  '药品名称*',
  '通用名*',
  '规格*',
  '剂型',
  '生产厂家*',
  '批准文号',
  '条形码',
  '类型*（处方药/OTC/中药饮片/非药品）',
  '适应症',
];
interface UploadRow {
  name: string;
  generic: string;
  spec: string;
  approval: string;
  type: string;
}

async function workbook(rows: UploadRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('药品信息');
  sheet.addRow(HEADERS);
  for (const r of rows)
    sheet.addRow([r.name, r.generic, r.spec, '片剂', '测试制药有限公司', r.approval, '', r.type, '用于测试']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const preview = async (file: Buffer, filename: string, mode?: string, token = admin) => {
  // the web sends the file first and the mode after it
  const body = multipart([
    { name: 'file', filename, content: file },
    ...(mode ? [{ name: 'mode', content: mode }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/product/import/preview',
    payload: body.payload,
    headers: { ...body.headers, ...headers(token) },
  });
};
const apply = (path: string, upload_id: string, only_valid: boolean, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: headers(token), payload: { upload_id, only_valid } });
const productCount = async () => (await t.database.db.select({ n: count() }).from(product))[0].n;

let serial = 0;
function rows(): UploadRow[] {
  serial += 1;
  const stamp = `导入测试${serial}`;
  return [0, 1, 2, 3, 4].map((i) => ({
    name: `${stamp}片${i + 1}`,
    generic: `${stamp}通用名${i + 1}`,
    spec: `${i + 1}0mg*12片`,
    approval: `国药准字H${String(90_000_000 + serial * 10 + i)}`,
    type: 'OTC',
  }));
}
const withThreeBad = (good: UploadRow[]) => {
  const bad = good.map((r) => ({ ...r }));
  bad[1].generic = '';
  bad[2].type = '西药';
  bad[3].approval = '国药准字X123';
  return bad;
};

describe('medicine upload (admin/product)', () => {
  it('downloads the template with its Chinese file name', async () => {
    const res = await t.app.inject({ url: '/api/v1/admin/product/template', headers: headers(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('药品导入模板.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].name).toBe('药品信息');
  });

  it('refuses the blank template: it has no rows to check', async () => {
    const template = await t.app.inject({ url: '/api/v1/admin/product/template', headers: headers(admin) });
    for (const mode of ['create', 'update']) {
      const res = await preview(template.rawPayload, '药品导入模板.xlsx', mode);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400111, msg: expect.stringContaining('文件中没有数据行') });
    }
  });

  it('a file with 3 bad rows: the report names them, and applying it changes nothing', async () => {
    const before = await productCount();
    const res = await preview(await workbook(withThreeBad(rows())), '药品导入.xlsx', 'create');
    expect(res.statusCode, res.body).toBe(200);
    const { upload_id, report } = res.json().data;
    expect(report).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    expect(report.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
    expect(report.errors.map((e: { column: string }) => e.column).join()).toMatch(/通用名.*类型.*批准文号/);
    expect(existsSync(path.join(t.dataDir, 'uploads', 'imports', upload_id, 'source'))).toBe(true);

    const refused = await apply('/admin/product/import', upload_id, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('未导入任何数据');
    expect(await productCount()).toBe(before);

    const report2 = await t.app.inject({
      url: `/api/v1/admin/product/import/${upload_id}/errors`,
      headers: headers(admin),
    });
    expect(report2.statusCode).toBe(200);
    expect(report2.headers['content-disposition']).toContain(encodeURIComponent('药品导入错误报告.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report2.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['待修正数据', '错误明细']);

    // only_valid: the two good rows go in, the three bad ones are skipped
    const partial = await apply('/admin/product/import', upload_id, true);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toEqual({ created: 2, updated: 0, skipped: 3 });
    expect(await productCount()).toBe(before + 2);
    const [entry] = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'product.import'));
    expect(entry.detail).toMatchObject({ created: 2, only_valid: true });
  });

  it('the fixed file is applied whole and the products are searchable; an update file updates them', async () => {
    const good = rows();
    const res = await preview(await workbook(good), 'fixed.xlsx', 'create');
    const { upload_id, report } = res.json().data;
    expect(report).toMatchObject({ total: 5, valid: 5, invalid: 0 });
    const stamp = good[0].name.replace(/片1$/, '');
    const search = async () =>
      (await t.app.inject({ url: `/api/v1/mp/cms/medicines?q=${encodeURIComponent(stamp)}` })).json().data.total;
    // Searched (and so cached) before the import: the import's success must empty the catalogue cache.
    expect(await search()).toBe(0);
    const done = await apply('/admin/product/import', upload_id, false);
    expect(done.json().data).toEqual({ created: 5, updated: 0, skipped: 0 });
    expect(await search()).toBe(5);
    // applying the same create again: every row now exists, nothing changes
    expect((await apply('/admin/product/import', upload_id, false)).statusCode).toBe(400);

    const renamed = good.map((r) => ({ ...r, generic: `${r.generic}（新）` }));
    const up = await preview(await workbook(renamed), 'update.xlsx', 'update');
    const upData = up.json().data;
    expect(upData.report).toMatchObject({ valid: 5, invalid: 0 });
    expect((await apply('/admin/product/import', upData.upload_id, false)).statusCode).toBe(400);
    const updated = await apply('/admin/product/update', upData.upload_id, false);
    expect(updated.json().data).toEqual({ created: 0, updated: 5, skipped: 0 });
    const [p] = await t.database.db
      .select({ genericName: product.genericName })
      .from(product)
      .where(eq(product.name, good[0].name));
    expect(p.genericName).toBe(`${good[0].generic}（新）`);
  });

  it('reads CSV, and refuses files whose content is not a spreadsheet', async () => {
    const csv = `${HEADERS.join(',')}\n${rows()
      .map((r) => [r.name, r.generic, r.spec, '片剂', '测试制药有限公司', r.approval, '', r.type, ''].join(','))
      .join('\n')}\n`;
    const ok = await preview(Buffer.from(csv), 'drugs.csv');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.report).toMatchObject({ total: 5, valid: 5 });

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [name, content] of [
      ['drugs.xlsx', Buffer.from('%PDF-1.4 nothing')],
      ['drugs.csv', png],
      ['drugs.exe', Buffer.from('MZ')],
    ] as const) {
      const res = await preview(content, name);
      expect(res.statusCode, `${name} ${res.body}`).toBe(415);
    }
    const missingColumns = await preview(Buffer.from('名称,价格\n布洛芬,1.00\n'), 'short.csv');
    expect(missingColumns.statusCode).toBe(400);
    expect(missingColumns.json().msg).toContain('表头缺少必填列');
    const [{ n }] = await t.database.db.select({ n: count() }).from(product).where(like(product.name, '导入测试%'));
    expect(n).toBe(7);
  });

  it('an upload belongs to its operator; unknown ids are 404', async () => {
    expect((await apply('/admin/product/import', '00000000-0000-4000-8000-000000000000', false)).statusCode).toBe(404);
    expect((await apply('/admin/product/import', '../../etc/passwd', false)).statusCode).toBe(404);
    const res = await t.app.inject({ url: '/api/v1/admin/product/import/..%2F..%2Fx/errors', headers: headers(admin) });
    expect(res.statusCode).toBe(404);
  });

  it('a file removed from the storage meanwhile (swept) is 404 with a Chinese message, never a 500', async () => {
    const res = await preview(await workbook(rows()), 'gone.xlsx', 'create');
    const { upload_id } = res.json().data;
    const folder = path.join(t.dataDir, 'uploads', 'imports', upload_id);
    expect(readdirSync(folder).sort()).toEqual(['meta.json', 'source']);
    // no scratch copy is left behind by the preview
    expect(readdirSync(path.join(t.dataDir, 'tmp', 'imports'))).toEqual([]);
    rmSync(path.join(folder, 'source'));
    const gone = await apply('/admin/product/import', upload_id, false);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('上传记录不存在或已过期，请重新上传');
  });

  it('is for operators with the product permission: no session 401, staff and patients 403', async () => {
    const [shop, patient] = await Promise.all([t.login('13800000001'), t.login('13900000001')]);
    const file = await workbook(rows());
    expect((await preview(file, 'a.xlsx', 'create', '')).statusCode).toBe(401);
    for (const token of [shop, patient]) {
      expect((await preview(file, 'a.xlsx', 'create', token)).statusCode).toBe(403);
      expect(
        (await apply('/admin/product/import', '00000000-0000-4000-8000-000000000000', false, token)).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ url: '/api/v1/admin/product/template', headers: headers(token) })).statusCode).toBe(
        403,
      );
    }
  });
});
