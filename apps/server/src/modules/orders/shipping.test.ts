import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacyMember, session } from '../../db/schema/index';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { SF_WAYBILL_PATTERN } from '../../lib/sf-express';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
/** 仁心大药房(上海浦东店) (an SF courier), 康宁药房(北京朝阳店) (no SF courier). */
let p1: number;
let p3: number;
let admin: string;
let pharmacist: string;
let p3Admin: string;

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows[0]!;
const idOf = async (name: string) => (await one<{ id: number }>(sql`select id from pharmacy where name = ${name}`)).id;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, pharmacyId: number, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });

async function staffSession(phone: string, pharmacyId: number) {
  const db = t.database.db;
  const [a] = await db
    .insert(account)
    .values({ phone, phoneUserId: `pu_${phone}`, name: '测试店长' })
    .returning({ id: account.id });
  await db.insert(pharmacyMember).values({ pharmacyId, accountId: a.id, role: 'pharmacy_admin', permissions: ['all'] });
  const token = randomToken();
  await db
    .insert(session)
    .values({ accountId: a.id, tokenSha256: sha256Hex(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

const pendingShipment = (pharmacyId = p1) => insertOrder(t.database.db, { pharmacyId, status: 'pending_shipment' });
const statusOf = async (id: number) =>
  (await one<{ status: string }>(sql`select status from orders where id = ${id}`)).status;
const expressCount = async (id: number) =>
  (await one<{ n: number }>(sql`select count(*)::int n from order_express where order_id = ${id}`)).n;

async function pdfText(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
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

beforeAll(async () => {
  t = await createTestApp();
  p1 = await idOf('仁心大药房(上海浦东店)');
  p3 = await idOf('康宁药房(北京朝阳店)');
  admin = await t.login('13800000002');
  pharmacist = await t.login('13800000006');
  p3Admin = await staffSession('13700000401', p3);
}, 120_000);
afterAll(() => t?.close());

describe('send-good', () => {
  it('ships with a picked or detected courier; 403 without the key, 404 for another pharmacy, 409 the second time', async () => {
    const a = await pendingShipment();
    const denied = await call('POST', `/orders/pharmacy/${a.id}/send_good`, pharmacist, p1, {
      tracking_no: 'YT8800000000012',
    });
    expect(denied.statusCode).toBe(403);

    const other = await pendingShipment(p3);
    const hidden = await call('POST', `/orders/pharmacy/${other.id}/send_good`, admin, p1, {
      tracking_no: 'YT8800000000012',
    });
    expect(hidden.statusCode).toBe(404);
    expect(await statusOf(other.id)).toBe('pending_shipment');

    const res = await call('POST', `/orders/pharmacy/${a.id}/send_good`, admin, p1, {
      tracking_no: ' yt88 0000 0000 012',
    });
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json().data;
    expect(shipped).toMatchObject({
      courier_code: 'YT',
      tracking_no: 'YT8800000000012',
      status: 'shipped',
      source: 'manual',
    });
    expect(await statusOf(a.id)).toBe('shipped');

    const again = await call('POST', `/orders/pharmacy/${a.id}/send_good`, admin, p1, {
      courier_code: 'ZTO',
      tracking_no: 'ZTO123456789',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('订单已发货，不能发货');
    expect(await expressCount(a.id)).toBe(1);
  });

  it('names bad fields in Chinese and refuses a number whose courier it cannot tell', async () => {
    const a = await pendingShipment();
    const bad = await call('POST', `/orders/pharmacy/${a.id}/send_good`, admin, p1, { tracking_no: 'SF-12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('运单号应为 8–30 位字母或数字');
    const unknown = await call('POST', `/orders/pharmacy/${a.id}/send_good`, admin, p1, {
      tracking_no: 'JD0012345678',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('无法从运单号识别快递公司');
    const badCode = await call('POST', `/orders/pharmacy/${a.id}/send_good`, admin, p1, {
      courier_code: 'XX',
      tracking_no: 'JD0012345678',
    });
    expect(badCode.statusCode).toBe(400);
    expect(await statusOf(a.id)).toBe('pending_shipment');
    expect(await expressCount(a.id)).toBe(0);
  });

  it('of 50 concurrent ship requests of one order exactly one ships', async () => {
    const a = await pendingShipment();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', `/orders/pharmacy/${a.id}/send_good`, admin, p1, {
          courier_code: 'SF',
          tracking_no: `SF${String(2_000_000_000_000 + i)}`,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await expressCount(a.id)).toBe(1);
  });

  it('lists the pharmacy’s couriers first', async () => {
    const res = await call('GET', '/orders/pharmacy/shipping/couriers', admin, p1);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.has_sf).toBe(true);
    expect(data.list[0]).toMatchObject({ code: 'SF', own: true, is_default: true });
    expect(data.list.map((c: { code: string }) => c.code)).toContain('EMS');
    expect((await call('GET', '/orders/pharmacy/shipping/couriers', p3Admin, p3)).json().data.has_sf).toBe(false);
  });
});

describe('sf-send-good and labels', () => {
  it('issues unique SF-format waybills, saves the waybill data and prints labels that read back', async () => {
    const orders = await Promise.all([pendingShipment(), pendingShipment(), pendingShipment()]);
    const waybills: string[] = [];
    for (const o of orders) {
      const res = await call('POST', `/orders/pharmacy/${o.id}/sf_send_good`, admin, p1, { remark: '易碎，轻放' });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      expect(s.tracking_no).toMatch(SF_WAYBILL_PATTERN);
      expect(s).toMatchObject({ courier_code: 'SF', source: 'sf', status: 'shipped' });
      expect(s.waybill).toMatchObject({ origin_code: '021', dest_code: '571', monthly_account: '0215678901' });
      waybills.push(s.tracking_no);
    }
    expect(new Set(waybills).size).toBe(3);
    const stored = await one<{ waybill_data: { waybill_no: string } }>(
      sql`select waybill_data from order_express where order_id = ${orders[0].id}`,
    );
    expect(stored.waybill_data.waybill_no).toBe(waybills[0]);

    // shipping it again: 409, no second waybill
    const again = await call('POST', `/orders/pharmacy/${orders[0].id}/sf_send_good`, admin, p1, {});
    expect(again.statusCode).toBe(409);
    expect(await expressCount(orders[0].id)).toBe(1);

    const label = await call('GET', `/orders/pharmacy/${orders[0].id}/label`, admin, p1);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const [page] = await pdfText(label.rawPayload);
    expect(page).toContain(waybills[0]);
    expect(page).toContain(orders[0].orderNo);
    expect(page).toContain('李小华');
    expect(page).toContain('顺丰速运');

    const batch = await call(
      'GET',
      `/orders/pharmacy/shipping/labels?ids=${orders.map((o) => o.id).join(',')}`,
      admin,
      p1,
    );
    expect(batch.statusCode).toBe(200);
    const pages = await pdfText(batch.rawPayload);
    expect(pages).toHaveLength(3);
    for (const [i, text] of pages.entries()) expect(text).toContain(waybills[i]);
  });

  it('of 10 concurrent SF ships of one order exactly one ships, with one shipment', async () => {
    const o = await pendingShipment();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/orders/pharmacy/${o.id}/sf_send_good`, admin, p1, {})),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await expressCount(o.id)).toBe(1);
  });

  it('refuses a pharmacy without an SF courier, labels of orders without a waybill, another pharmacy’s order', async () => {
    const o = await pendingShipment(p3);
    const res = await call('POST', `/orders/pharmacy/${o.id}/sf_send_good`, p3Admin, p3, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('尚未添加顺丰快递');
    expect(await statusOf(o.id)).toBe('pending_shipment');

    const manual = await pendingShipment();
    await call('POST', `/orders/pharmacy/${manual.id}/send_good`, admin, p1, { tracking_no: 'ZTO123456789' });
    const noLabel = await call('GET', `/orders/pharmacy/${manual.id}/label`, admin, p1);
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().msg).toContain('没有顺丰电子面单');
    expect((await call('GET', `/orders/pharmacy/${o.id}/label`, admin, p1)).statusCode).toBe(404);
    expect((await call('POST', `/orders/pharmacy/${o.id}/sf_send_good`, admin, p1, {})).statusCode).toBe(404);
    const badIds = await call('GET', '/orders/pharmacy/shipping/labels?ids=abc', admin, p1);
    expect(badIds.statusCode).toBe(400);
  });
});

describe('send-list', () => {
  it('reports bad rows in Chinese and ships the valid ones, each guarded', async () => {
    const good = await Promise.all([pendingShipment(), pendingShipment(), pendingShipment()]);
    const shipped = await insertOrder(t.database.db, { pharmacyId: p1, status: 'shipped' });
    const other = await pendingShipment(p3);
    const unpaid = await insertOrder(t.database.db, { pharmacyId: p1, status: 'pending_payment' });
    const csv = [
      '订单号,运单号,快递公司',
      `${good[0].orderNo},SF1000000099001,`,
      `${good[1].orderNo},YT8800000000099,圆通`,
      `${good[2].orderNo},773012345678901,`,
      `${good[2].orderNo},773012345678902,`,
      `${shipped.orderNo},SF1000000099002,`,
      `${other.orderNo},SF1000000099003,`,
      `${unpaid.orderNo},SF1000000099004,`,
      'T000000000000,SF1000000099005,',
      `${good[0].orderNo.slice(0, -1)}9,12,`,
      `${good[1].orderNo}x,JD0012345678,`,
      `${good[1].orderNo}y,SF1000000099006,京东`,
    ].join('\n');
    const body = multipart(Buffer.from(`\ufeff${csv}`), '发货.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/pharmacy/send_list/preview',
      payload: body.payload,
      headers: { ...body.headers, ...headers(admin, p1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ total: 11, valid: 3, invalid: 8 });
    const errorsOf = (row: number) => preview.rows.find((r: { row: number }) => r.row === row).errors.join('；');
    expect(preview.rows[2]).toMatchObject({ courier_code: 'STO', errors: [] });
    expect(errorsOf(5)).toContain('订单号在文件中重复');
    expect(errorsOf(6)).toContain('订单不是待发货状态（当前：已发货）');
    expect(errorsOf(7)).toContain('订单不存在或不属于本药房');
    expect(errorsOf(8)).toContain('待付款');
    expect(errorsOf(9)).toContain('订单不存在');
    expect(errorsOf(10)).toContain('运单号应为 8–30 位字母或数字');
    expect(errorsOf(11)).toContain('无法从运单号识别快递公司');
    expect(errorsOf(12)).toContain('快递公司无法识别');
    expect(await statusOf(good[0].id)).toBe('pending_shipment');

    // one valid row is shipped by someone else between preview and apply: it is reported, the others ship
    await call('POST', `/orders/pharmacy/${good[1].id}/send_good`, admin, p1, { tracking_no: 'YD4300000000011' });
    const valid = preview.rows.filter((r: { errors: string[] }) => r.errors.length === 0);
    const applied = await call('POST', '/orders/pharmacy/send_list', admin, p1, {
      rows: [
        ...valid.map((r: { row: number; order_no: string; tracking_no: string; courier_code: string }) => ({
          row: r.row,
          order_no: r.order_no,
          tracking_no: r.tracking_no,
          courier_code: r.courier_code,
        })),
        { row: 7, order_no: other.orderNo, tracking_no: 'SF1000000099003', courier_code: 'SF' },
      ],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json().data;
    expect(result).toMatchObject({ applied: 2, failed: 2 });
    expect(result.results.find((r: { row: number }) => r.row === 3).message).toBe('订单已发货，不能发货');
    expect(result.results.find((r: { row: number }) => r.row === 7).message).toBe('订单不存在或不属于本药房');
    expect(await statusOf(good[0].id)).toBe('shipped');
    expect(await statusOf(good[2].id)).toBe('shipped');
    expect(await statusOf(other.id)).toBe('pending_shipment');
    const batch = await one<{ source: string; courier_code: string }>(
      sql`select source, courier_code from order_express where order_id = ${good[2].id}`,
    );
    expect(batch).toEqual({ source: 'batch', courier_code: 'STO' });
  });

  it('refuses files without the columns, and serves a template', async () => {
    const body = multipart(Buffer.from('名称,数量\n布洛芬,1\n'), 'x.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/pharmacy/send_list/preview',
      payload: body.payload,
      headers: { ...body.headers, ...headers(admin, p1) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('表头缺少必填列：订单号、运单号');
    const template = await call('GET', '/orders/pharmacy/send_list/template', admin, p1);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain(encodeURIComponent('批量发货模板.xlsx'));
  });
});

describe('logistics', () => {
  it('shows the shipment as the first event and keeps the events staff add, newest first', async () => {
    const o = await pendingShipment();
    const before = await call('GET', `/orders/pharmacy/${o.id}/logistics`, admin, p1);
    expect(before.json().data).toMatchObject({ shipment: null, events: [] });
    const notShipped = await call('POST', `/orders/pharmacy/${o.id}/logistics`, admin, p1, {
      occurred_at: new Date().toISOString(),
      description: '已揽收',
    });
    expect(notShipped.statusCode).toBe(400);

    await call('POST', `/orders/pharmacy/${o.id}/send_good`, admin, p1, { tracking_no: 'SF1000000088001' });
    const added = await call('POST', `/orders/pharmacy/${o.id}/logistics`, admin, p1, {
      occurred_at: new Date().toISOString(),
      description: '快件已到达【杭州西湖集散中心】',
      location: '杭州',
    });
    expect(added.statusCode, added.body).toBe(200);
    const future = await call('POST', `/orders/pharmacy/${o.id}/logistics`, admin, p1, {
      occurred_at: new Date(Date.now() + 86_400_000).toISOString(),
      description: '派送中',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toContain('时间不能晚于现在');
    const empty = await call('POST', `/orders/pharmacy/${o.id}/logistics`, admin, p1, {
      occurred_at: new Date().toISOString(),
      description: ' ',
    });
    expect(empty.json().msg).toContain('请填写物流动态');

    const after = (await call('GET', `/orders/pharmacy/${o.id}/logistics`, admin, p1)).json().data;
    expect(after.shipment).toMatchObject({ courier_code: 'SF', tracking_no: 'SF1000000088001' });
    expect(after.events.map((e: { description: string }) => e.description)).toEqual([
      '快件已到达【杭州西湖集散中心】',
      '商家已发货，顺丰速运 运单号 SF1000000088001',
    ]);
    const other = await pendingShipment(p3);
    expect((await call('GET', `/orders/pharmacy/${other.id}/logistics`, admin, p1)).statusCode).toBe(404);
  });
});
