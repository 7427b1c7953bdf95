import {
  formatShanghaiDateTime,
  maskPhone,
  orderExportHeaders,
  orderStatusLabels,
  shanghaiToday,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacyMember } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { OrderExportRepository } from './order-export.repository';

let t: TestApp;
const A = 1;
const B = 3;
let admin: string; // pharmacy_admin of A with 'all'
let without: string; // staff of A without order_read_pharmacy
let staffB: string;
let operator: string;

async function staffAccount(phone: string, pharmacyId: number, permissions: string[]) {
  const [row] = await t.database.db
    .insert(account)
    .values({
      phone,
      phoneUserId: `pu_${phone}`,
      name: `测试${phone.slice(-4)}`,
      passwordHash: await hashPassword('Demo@12345'),
    })
    .returning({ id: account.id });
  await t.database.db
    .insert(pharmacyMember)
    .values({ pharmacyId, accountId: row!.id, role: 'pharmacy_admin', permissions });
  return t.login(phone);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000002');
  operator = await t.login('13800000007');
  without = await staffAccount('13711140001', A, ['finance']);
  staffB = await staffAccount('13711140002', B, ['all']);
  const db = t.database.db;
  const statuses = ['pending_payment', 'pending_shipment', 'shipped', 'completed', 'cancelled'] as const;
  const [q1, q2] = await pickQuotes(db, A, 2, false);
  for (const [i, status] of statuses.entries()) {
    await insertOrder(db, {
      pharmacyId: A,
      status,
      receiverName: i % 2 ? '导出甲' : '导出乙',
      receiverPhone: `1371114${String(i).padStart(4, '0')}`,
      freight: i % 2 ? '6.00' : '0.00',
      lines: [
        { quoteId: q1!, qty: 1 + i },
        { quoteId: q2!, qty: 1 },
      ],
    });
  }
  await insertOrder(db, { pharmacyId: B, status: 'completed', receiverName: '导出甲' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, pharmacyId: number | undefined = A) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token, pharmacyId) });

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: Record<string, unknown>[] = [];
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i] ?? null])));
  });
  return { header, rows };
}

/** The orders the filter must export, newest first, read straight from the tables. */
async function expected(where: ReturnType<typeof sql>) {
  const { rows } = await queryRows<{
    order_no: string;
    status: keyof typeof orderStatusLabels;
    pay_amount: string;
    freight: string;
    receiver_name: string;
    receiver_phone: string;
    created_at: string;
    qty: number;
  }>(
    t.database.db,
    sql`select o.order_no, o.status, o.pay_amount::text as pay_amount, o.freight::text as freight, o.receiver_name,
        o.receiver_phone, o.created_at, (select sum(qty)::int from order_item i where i.order_id = o.id) as qty
      from orders o where o.deleted_at is null and ${where} order by o.id desc`,
  );
  return rows;
}

describe('order export', () => {
  it('refuses without order_read_pharmacy (403), without a session (401), and the operator route to staff', async () => {
    expect((await get('/orders/pharmacy/export', without)).statusCode).toBe(403);
    expect((await get('/orders/pharmacy/export', undefined)).statusCode).toBe(401);
    expect((await get('/orders/pharmacy/export', staffB, A)).statusCode).toBe(403);
    expect((await get('/orders/admin/export', admin)).statusCode).toBe(403);
  });

  it("streams the filtered orders as 订单导出-YYYYMMDD.xls, row for row, only the pharmacy's", async () => {
    const res = await get(`/orders/pharmacy/export?name=${encodeURIComponent('导出甲')}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`订单导出-${shanghaiToday().replaceAll('-', '')}.xls`),
    );
    const want = await expected(
      sql`o.pharmacy_id = ${A} and (o.receiver_name like '%导出甲%' or o.patient_name like '%导出甲%')`,
    );
    expect(want.length).toBe(2);
    expect(res.headers['x-total-count']).toBe(String(want.length));
    const { header, rows } = await sheetOf(res);
    expect(header).toEqual([...orderExportHeaders]);
    expect(rows.map((r) => r.订单号)).toEqual(want.map((w) => w.order_no));
    for (const [i, w] of want.entries()) {
      const r = rows[i]!;
      expect(r.订单状态).toBe(orderStatusLabels[w.status]);
      expect(r.实付金额).toBe(Number(w.pay_amount));
      expect(r.运费).toBe(Number(w.freight));
      expect(r.收货人).toBe(w.receiver_name);
      expect(r.收货电话).toBe(maskPhone(w.receiver_phone));
      expect(r.商品件数).toBe(w.qty);
      expect(r.下单时间).toBe(formatShanghaiDateTime(w.created_at, { seconds: true }));
      expect(String(r.商品)).toContain(' ×');
    }
  });

  it('applies the status tab and the rest of the list filter', async () => {
    const completed = await sheetOf(await get('/orders/pharmacy/export?status=completed', admin));
    const want = await expected(sql`o.pharmacy_id = ${A} and o.status = 'completed'`);
    expect(completed.rows.map((r) => r.订单号)).toEqual(want.map((w) => w.order_no));
    expect(completed.rows.every((r) => r.订单状态 === '已完成')).toBe(true);

    const none = await get('/orders/pharmacy/export?order_no=nothing-matches', admin);
    expect(none.headers['x-total-count']).toBe('0');
    expect((await sheetOf(none)).rows).toEqual([]);

    const bad = await get('/orders/pharmacy/export?date_from=2026-02-01&date_to=2026-01-01', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('结束日期不能早于开始日期');
  });

  it("gives the operator every pharmacy's orders, or the one it names", async () => {
    const all = await sheetOf(
      await get(`/orders/admin/export?name=${encodeURIComponent('导出甲')}`, operator, undefined),
    );
    const want = await expected(sql`(o.receiver_name like '%导出甲%' or o.patient_name like '%导出甲%')`);
    expect(all.rows.map((r) => r.订单号)).toEqual(want.map((w) => w.order_no));
    expect(new Set(all.rows.map((r) => r.店铺)).size).toBe(2);
    const ofB = await sheetOf(await get(`/orders/admin/export?pharmacy_id=${B}`, operator, undefined));
    const wantB = await expected(sql`o.pharmacy_id = ${B}`);
    expect(ofB.rows.map((r) => r.订单号)).toEqual(wantB.map((w) => w.order_no));
  });

  it('reads in keyset batches that together are the whole result', async () => {
    const repo = new OrderExportRepository(t.database.db);
    const f = { status: 'all' as const };
    const batches: number[][] = [];
    for await (const b of repo.batches({ pharmacyId: A }, f, 2)) batches.push(b.map((r) => r.id));
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    const { rows } = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from orders where pharmacy_id = ${A} and deleted_at is null order by id desc`,
    );
    expect(batches.flat()).toEqual(rows.map((r) => r.id));
    expect(await repo.count({ pharmacyId: A }, f)).toBe(rows.length);
  });
});
