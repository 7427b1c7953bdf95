import {
  add,
  type FinanceStatistics,
  financeDetailSchema,
  financeStatisticsSchema,
  formatMoney,
  multiply,
  type OrderStatus,
  orderStatuses,
  PLATFORM_FEE_RATE,
  type SettlementRow,
  shanghaiToday,
  subtract,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacyMember } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { FinanceRepository } from './finance.repository';

let t: TestApp;
/** Pharmacy A: the first demo pharmacy (demo staff); B: the third (nobody of A works there). */
const A = 1;
const B = 3;
let admin: string; // pharmacy_admin of A with 'all'
let without: string; // pharmacy_admin of A with only quote_manage
let staffB: string; // pharmacy_admin of B with 'all'

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
  without = await staffAccount('13711130001', A, ['quote_manage', 'order_read_pharmacy']);
  staffB = await staffAccount('13711130002', B, ['all']);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, pharmacyId: number | undefined = A) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token, pharmacyId) });
const data = async (url: string, token = admin, pharmacyId = A) => {
  const res = await get(url, token, pharmacyId);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const qs = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined) as [string, string][]).toString();

/** Staff cancel a paid order through the console's route (its payment and settlement are refunded). */
async function cancelPaid(orderId: number, pharmacyId = A) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/orders/pharmacy/${orderId}/cancel`,
    headers: headers(admin, pharmacyId),
    payload: { reason: '缺货，与顾客协商取消' },
  });
  if (res.statusCode !== 200) throw new Error(`cancel ${orderId}: ${res.statusCode} ${res.body}`);
}

/** The figures finance must show, computed from the orders themselves (not from settlement rows). */
async function expectedFromOrders(pharmacyId: number): Promise<FinanceStatistics> {
  const { rows } = await queryRows<{ status: OrderStatus; pay_amount: string }>(
    t.database.db,
    sql`select status, pay_amount::text as pay_amount from orders where pharmacy_id = ${pharmacyId} and paid_at is not null`,
  );
  let pay = '0';
  let refund = '0';
  let fee = '0';
  let settle = '0';
  let settled = '0';
  let pending = '0';
  let refunds = 0;
  for (const o of rows) {
    pay = add(pay, o.pay_amount);
    if (o.status === 'cancelled') {
      refund = add(refund, o.pay_amount);
      refunds += 1;
      continue;
    }
    const f = formatMoney(multiply(o.pay_amount, PLATFORM_FEE_RATE));
    fee = add(fee, f);
    settle = add(settle, subtract(o.pay_amount, f));
    if (o.status === 'completed') settled = add(settled, subtract(o.pay_amount, f));
    else pending = add(pending, subtract(o.pay_amount, f));
  }
  return {
    order_count: rows.length,
    pay_amount: formatMoney(pay),
    platform_fee: formatMoney(fee),
    settle_amount: formatMoney(settle),
    settled_amount: formatMoney(settled),
    pending_amount: formatMoney(pending),
    refund_amount: formatMoney(refund),
    refund_count: refunds,
  };
}

async function allRows(pharmacyId = A, token = admin, filter: Record<string, string> = {}) {
  const out: SettlementRow[] = [];
  for (let page = 1; ; page++) {
    const d = await data(`/finance?${qs({ ...filter, page, page_size: 100 })}`, token, pharmacyId);
    out.push(...d.list);
    if (out.length >= d.total || d.list.length === 0) return { rows: out, total: d.total as number };
  }
}

describe('finance', () => {
  let completed: { id: number; orderNo: string };
  let cancelledPaid: { id: number; orderNo: string };
  let unpaid: { id: number; orderNo: string };
  let orderB: { id: number; orderNo: string };

  beforeAll(async () => {
    const db = t.database.db;
    completed = await insertOrder(db, { pharmacyId: A, status: 'completed', freight: '8.00' });
    const [q] = await pickQuotes(db, A, 1, false);
    // paid, then cancelled: refunded
    cancelledPaid = await insertOrder(db, {
      pharmacyId: A,
      status: 'pending_shipment',
      lines: [{ quoteId: q!, qty: 3 }],
    });
    await data(`/finance/order/${cancelledPaid.id}`); // exists while pending
    await cancelPaid(cancelledPaid.id);
    unpaid = await insertOrder(db, { pharmacyId: A, status: 'pending_payment' });
    orderB = await insertOrder(db, { pharmacyId: B, status: 'completed' });
  }, 60_000);

  it('refuses without the finance key (403) and without a session (401)', async () => {
    for (const url of ['/finance', '/finance/statistics', '/finance/export', `/finance/order/${completed.id}`]) {
      expect((await get(url, without)).statusCode, url).toBe(403);
      expect((await get(url, undefined)).statusCode, url).toBe(401);
      // B's staff naming pharmacy A: not a member there
      expect((await get(url, staffB, A)).statusCode, url).toBe(403);
    }
  });

  it("lists the pharmacy's settlements only; another pharmacy's order answers 404", async () => {
    const { rows } = await allRows();
    const nos = rows.map((r) => r.order_no);
    expect(nos).toContain(completed.orderNo);
    expect(nos).toContain(cancelledPaid.orderNo);
    expect(nos).not.toContain(unpaid.orderNo); // never paid: no settlement
    expect(nos).not.toContain(orderB.orderNo);
    const ofB = await allRows(B, staffB);
    expect(ofB.rows.map((r) => r.order_no)).toContain(orderB.orderNo);
    expect(ofB.rows.map((r) => r.order_no)).not.toContain(completed.orderNo);

    const notFound = await get(`/finance/order/${orderB.id}`, admin, A);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().msg).toBe('未找到该订单的结算记录');
    expect((await get(`/finance/order/${unpaid.id}`, admin, A)).statusCode).toBe(404);
    expect((await get(`/finance/order/${completed.id}`, staffB, B)).statusCode).toBe(404);
  });

  it('filters by status, order number and paid date (Shanghai days)', async () => {
    const refunded = await allRows(A, admin, { status: 'refunded' });
    expect(refunded.rows.every((r) => r.status === 'refunded')).toBe(true);
    expect(refunded.rows.map((r) => r.order_no)).toContain(cancelledPaid.orderNo);
    const settled = await allRows(A, admin, { status: 'settled' });
    expect(settled.rows.map((r) => r.order_no)).toContain(completed.orderNo);
    expect(settled.rows.every((r) => r.status === 'settled' && r.order_status === 'completed')).toBe(true);

    const byNo = await allRows(A, admin, { order_no: completed.orderNo.slice(-6) });
    expect(byNo.rows.map((r) => r.order_no)).toEqual([completed.orderNo]);

    const today = shanghaiToday();
    const yesterday = shanghaiToday(Date.now() - 86_400_000);
    const tomorrow = shanghaiToday(Date.now() + 86_400_000);
    const todayRows = await allRows(A, admin, { date_from: today, date_to: today });
    expect(todayRows.rows.map((r) => r.order_no)).toContain(completed.orderNo);
    expect((await allRows(A, admin, { date_to: yesterday })).rows.map((r) => r.order_no)).not.toContain(
      completed.orderNo,
    );
    expect((await allRows(A, admin, { date_from: tomorrow })).total).toBe(0);

    const bad = await get(`/finance/statistics?${qs({ date_from: today, date_to: yesterday })}`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('结束日期不能早于开始日期');
  });

  it("breaks one order's money down, every figure checked", async () => {
    const d = financeDetailSchema.parse(await data(`/finance/order/${completed.id}`));
    expect(d.order.order_no).toBe(completed.orderNo);
    expect(d.order.freight).toBe('8.00');
    expect(d.order.receiver_phone).toBe('139****0001');
    expect(d.settlement.status).toBe('settled');
    expect(d.settlement.fee_rate).toBe(PLATFORM_FEE_RATE);
    expect(d.settlement.pay_amount).toBe(d.order.pay_amount);
    expect(add(d.settlement.platform_fee, d.settlement.settle_amount)).toBe(add(d.order.pay_amount, 0));
    expect(d.payments.map((p) => p.status)).toEqual(['paid']);
    expect(Object.values(d.checks).every(Boolean)).toBe(true);
    expect(d.order.completed_at).not.toBeNull();

    const r = financeDetailSchema.parse(await data(`/finance/order/${cancelledPaid.id}`));
    expect(r.settlement.status).toBe('refunded');
    expect(r.settlement.refund_amount).toBe(r.order.pay_amount);
    expect(r.payments.map((p) => p.status)).toEqual(['refunded']);
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
  });

  it('reconciles exactly with the orders they come from, for random orders in every state (property)', async () => {
    const db = t.database.db;
    const quotes = await pickQuotes(db, A, 4, false);
    const rxQuotes = await pickQuotes(db, A, 2, true);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            status: fc.constantFrom(...orderStatuses),
            lines: fc.uniqueArray(
              fc.record({ q: fc.nat({ max: quotes.length - 1 }), qty: fc.integer({ min: 1, max: 3 }) }),
              { minLength: 1, maxLength: 3, selector: (l) => l.q },
            ),
            freight: fc.constantFrom('0.00', '6.00', '12.50'),
            cancelAfterPay: fc.boolean(),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (specs) => {
          for (const s of specs) {
            const rx = s.status === 'pending_review';
            const lines = rx
              ? [{ quoteId: rxQuotes[0]!, qty: 1 }]
              : s.lines.map((l) => ({ quoteId: quotes[l.q]!, qty: l.qty }));
            if (s.status === 'cancelled' && s.cancelAfterPay) {
              const o = await insertOrder(db, { pharmacyId: A, status: 'pending_shipment', lines, freight: s.freight });
              await cancelPaid(o.id);
            } else await insertOrder(db, { pharmacyId: A, status: s.status, lines, freight: s.freight });
          }
          const stats = financeStatisticsSchema.parse(await data('/finance/statistics'));
          expect(stats).toEqual(await expectedFromOrders(A));
          // the identities the statistics carry
          expect(formatMoney(subtract(stats.pay_amount, stats.refund_amount))).toBe(
            formatMoney(add(stats.platform_fee, stats.settle_amount)),
          );
          expect(formatMoney(add(stats.settled_amount, stats.pending_amount))).toBe(stats.settle_amount);
          // the list holds the same settlements, and each one matches its order
          const { rows, total } = await allRows();
          expect(total).toBe(stats.order_count);
          let pay = '0';
          for (const r of rows) pay = add(pay, r.pay_amount);
          expect(formatMoney(pay)).toBe(stats.pay_amount);
          const { rows: mismatched } = await queryRows(
            db,
            sql`select s.id from settlement s join orders o on o.id = s.order_id
              where s.pharmacy_id = ${A} and (s.pay_amount <> o.pay_amount or s.platform_fee + s.settle_amount <> s.pay_amount
                or o.goods_amount <> (select sum(subtotal) from order_item i where i.order_id = o.id)
                or o.pay_amount <> o.goods_amount + o.freight - o.discount
                or (s.status = 'refunded') <> (o.status = 'cancelled')
                or (s.status = 'settled') <> (o.status = 'completed'))`,
          );
          expect(mismatched).toEqual([]);
        },
      ),
      { numRuns: 6 },
    );
    // B's statistics never include A's money
    expect(financeStatisticsSchema.parse(await data('/finance/statistics', staffB, B))).toEqual(
      await expectedFromOrders(B),
    );
  }, 120_000);

  it('exports the filtered settlements, read back row for row', async () => {
    const filter = { status: 'all' };
    const res = await get(`/finance/export?${qs(filter)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`财务对账-${shanghaiToday().replaceAll('-', '')}.xls`),
    );
    const { rows } = await allRows(A, admin, filter);
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(rows.length + 1);
    expect(ws.getRow(1).getCell(1).value).toBe('订单号');
    rows.forEach((r, i) => {
      const line = ws.getRow(i + 2);
      expect(line.getCell(1).value).toBe(r.order_no);
      expect(line.getCell(6).value).toBe(Number(r.pay_amount));
      expect(line.getCell(8).value).toBe(Number(r.platform_fee));
      expect(line.getCell(9).value).toBe(Number(r.settle_amount));
      expect(line.getCell(10).value).toBe(Number(r.refund_amount));
    });
    // B's export holds none of A's
    const ofB = await get('/finance/export', staffB, B);
    const wbB = new ExcelJS.Workbook();
    await wbB.xlsx.load(ofB.rawPayload as unknown as ArrayBuffer);
    const nosB: unknown[] = [];
    wbB.worksheets[0]!.eachRow((row, n) => n > 1 && nosB.push(row.getCell(1).value));
    expect(nosB).not.toContain(completed.orderNo);
    expect(nosB).toContain(orderB.orderNo);
  });

  it('reads the export in keyset batches that together are the whole filtered list', async () => {
    const repo = new FinanceRepository(t.database.db);
    const filter = { status: 'all' as const };
    const batches: number[][] = [];
    for await (const b of repo.batches(A, filter, 3)) batches.push(b.map((r) => r.id));
    expect(batches.every((b) => b.length <= 3)).toBe(true);
    const { rows } = await allRows();
    expect(batches.flat()).toEqual(rows.map((r) => r.id));
  });
});
