import {
  orderConsoleDetailSchema,
  orderListResultSchema,
  orderMemberSchema,
  orderRemarkSchema,
  orderStatuses,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacyMember } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { PharmacyOrderRepository } from './pharmacy-order.repository';

let t: TestApp;
/** Pharmacy A: the first demo pharmacy (demo staff); B: the third (nobody of A works there). */
const A = 1;
const B = 3;
let admin: string; // pharmacy_admin of A with 'all'
let shop: string; // owner of A and the second pharmacy
let without: string; // pharmacy_admin of A holding only quote_manage
let staffB: string; // pharmacy_admin of B with 'all'
let operator: string; // the operator with 'all'

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
    .values({ pharmacyId, accountId: row.id, role: 'pharmacy_admin', permissions });
  return t.login(phone);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000002');
  shop = await t.login('13800000001');
  operator = await t.login('13800000007');
  without = await staffAccount('13711120001', A, ['quote_manage']);
  staffB = await staffAccount('13711120002', B, ['all']);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId: number | undefined = A, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    ...(payload ? { payload } : {}),
  });
const data = async (
  method: Method,
  url: string,
  token: string,
  pharmacyId: number | undefined = A,
  payload?: object,
) => {
  const res = await call(method, url, token, pharmacyId, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows[0]!;

/** count(*) per status of the pharmacy's orders that are not deleted, as the tabs show them. */
async function realCounts(pharmacyId?: number) {
  const { rows } = await queryRows<{ status: string; n: number }>(
    t.database.db,
    sql`select status, count(*)::int n from orders where deleted_at is null
        ${pharmacyId === undefined ? sql`` : sql`and pharmacy_id = ${pharmacyId}`} group by status`,
  );
  const counts: Record<string, number> = { all: 0 };
  for (const s of orderStatuses) counts[s] = Number(rows.find((r) => r.status === s)?.n ?? 0);
  for (const s of orderStatuses) counts.all += counts[s];
  return counts;
}

const rxOrder = async (status: 'pending_payment' | 'pending_review' = 'pending_payment') => {
  const [rx] = await pickQuotes(t.database.db, A, 1, true);
  return insertOrder(t.database.db, { pharmacyId: A, lines: [{ quoteId: rx!, qty: 1 }], status });
};

describe('access', () => {
  it('every pharmacy route: 401 anonymous, 403 without order_read_pharmacy or in another pharmacy, 404 for B’s staff naming A’s order from B', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId: A, status: 'cancelled' });
    const routes: [Method, string, object | undefined][] = [
      ['GET', '/orders/pharmacy', undefined],
      ['GET', `/orders/pharmacy/${id}`, undefined],
      ['PUT', `/orders/pharmacy/${id}/pay`, {}],
      ['PUT', `/orders/pharmacy/${id}/cancel`, { reason: '测试' }],
      ['PUT', `/orders/pharmacy/${id}/delivery`, undefined],
      ['PUT', `/orders/pharmacy/${id}/complete`, undefined],
      ['GET', `/orders/pharmacy/${id}/remark`, undefined],
      ['POST', `/orders/pharmacy/${id}/remark`, { content: '备注' }],
      ['GET', `/orders/pharmacy/${id}/member`, undefined],
      ['DELETE', `/orders/pharmacy/${id}`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, A, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      const res = await call(method, url, without, A, body);
      expect(res.statusCode, `${method} ${url} without the key`).toBe(403);
      expect((await call(method, url, staffB, A, body)).statusCode, `${method} ${url} B in A`).toBe(403);
      if (url !== '/orders/pharmacy') {
        // B's staff in B, naming A's order: exactly like a missing one
        const res404 = await call(method, url, staffB, B, body);
        expect(res404.statusCode, `${method} ${url} A's order from B`).toBe(404);
        expect(res404.json().msg).toBe('订单不存在或已删除');
      }
    }
    // nothing changed: still cancelled, not deleted, no remark
    const row = await one<{ status: string; deleted_at: Date | null; remarks: number }>(
      sql`select status, deleted_at, (select count(*)::int from order_remark where order_id = ${id}) remarks
          from orders where id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'cancelled', deleted_at: null, remarks: 0 });
  });

  it('the operator’s routes need the operator permission `order`', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId: B });
    for (const url of ['/orders/admin', `/orders/admin/${id}`]) {
      expect((await call('GET', url, undefined, undefined)).statusCode).toBe(401);
      expect((await call('GET', url, admin, A)).statusCode, `${url} pharmacy staff`).toBe(403);
      expect((await call('GET', url, operator, undefined)).statusCode, `${url} operator`).toBe(200);
    }
    // the pharmacy routes are not the operator's
    expect((await call('GET', '/orders/pharmacy', operator, A)).statusCode).toBe(403);
  });

  it('the shop owner and the pharmacy_admin with all read the list', async () => {
    for (const token of [admin, shop])
      orderListResultSchema.strict().parse(await data('GET', '/orders/pharmacy', token));
  });
});

describe('the list', () => {
  it('counts equal count(*) per status after writes; total is the tab’s; page rows are the pharmacy’s, newest first', async () => {
    await insertOrder(t.database.db, { pharmacyId: A, status: 'pending_shipment' });
    const shipped = await insertOrder(t.database.db, { pharmacyId: A, status: 'shipped' });
    const cancelled = await insertOrder(t.database.db, { pharmacyId: A, status: 'cancelled' });
    await insertOrder(t.database.db, { pharmacyId: B, status: 'completed' });
    await data('PUT', `/orders/pharmacy/${shipped.id}/complete`, admin);
    await data('DELETE', `/orders/pharmacy/${cancelled.id}`, admin);

    const list = orderListResultSchema.parse(await data('GET', '/orders/pharmacy', admin));
    expect(list.counts).toEqual(await realCounts(A));
    expect(list.total).toBe(list.counts.all);
    expect(list.list.every((o) => o.pharmacy_id === A)).toBe(true);
    expect(list.list.map((o) => o.id)).toEqual([...list.list.map((o) => o.id)].sort((a, b) => b - a));
    expect(list.list.some((o) => o.id === cancelled.id)).toBe(false);
    // phones masked in the list
    for (const o of list.list) {
      expect(o.buyer_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect(o.receiver_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    }
    for (const s of orderStatuses) {
      const tab = orderListResultSchema.parse(await data('GET', `/orders/pharmacy?status=${s}`, admin));
      expect(tab.total).toBe(tab.counts[s]);
      expect(tab.list.every((o) => o.status === s)).toBe(true);
    }
    const completed = orderListResultSchema.parse(await data('GET', '/orders/pharmacy?status=completed', admin));
    expect(completed.list.some((o) => o.id === shipped.id)).toBe(true);
  });

  it('a row’s line summary is its lines: the first two “name ×qty”, then 等 n 件 when there are more', async () => {
    const quotes = await pickQuotes(t.database.db, A, 3, false);
    const three = await insertOrder(t.database.db, {
      pharmacyId: A,
      lines: quotes.map((quoteId, k) => ({ quoteId, qty: k + 1 })),
    });
    const single = await insertOrder(t.database.db, { pharmacyId: A, lines: [{ quoteId: quotes[0]!, qty: 4 }] });
    const list = orderListResultSchema.parse(await data('GET', '/orders/pharmacy?page_size=10', admin));
    for (const { id } of [three, single]) {
      const row = list.list.find((o) => o.id === id)!;
      const { items } = orderConsoleDetailSchema.parse(await data('GET', `/orders/pharmacy/${id}`, admin));
      const firstTwo = items
        .slice(0, 2)
        .map((i) => `${i.name} ×${i.qty}`)
        .join('、');
      expect(row.item_count).toBe(items.length);
      expect(row.items_text).toBe(items.length > 2 ? `${firstTwo} 等 ${items.length} 件` : firstTwo);
    }
    expect(list.list.find((o) => o.id === three.id)!.items_text).toMatch(/ ×1、.+ ×2 等 3 件$/);
  });

  it('page 1 is kept only while nothing was written: writes straight to the table show on the next read', async () => {
    const before = await data('GET', '/orders/pharmacy', admin);
    expect(await data('GET', '/orders/pharmacy', admin)).toEqual(before);
    // another pharmacy's order changes nothing here
    await insertOrder(t.database.db, { pharmacyId: B, status: 'pending_shipment' });
    expect(await data('GET', '/orders/pharmacy', admin)).toEqual(before);
    // a status change outside the app (as psql would) and a new order of this pharmacy
    const top = before.list[0] as { id: number; status: string };
    await queryRows(t.database.db, sql`update orders set status = 'cancelled' where id = ${top.id}`);
    const changed = await data('GET', '/orders/pharmacy', admin);
    expect(changed.list[0].status).toBe('cancelled');
    expect(changed.counts).toEqual(await realCounts(A));
    const fresh = await insertOrder(t.database.db, { pharmacyId: A, status: 'pending_shipment' });
    const after = await data('GET', '/orders/pharmacy', admin);
    expect(after.list[0].id).toBe(fresh.id);
    expect(after.counts).toEqual(await realCounts(A));
  });

  it('every page of every size, near the start and near the end, is the slice of the whole list', async () => {
    for (let i = 0; i < 25; i++)
      await insertOrder(t.database.db, { pharmacyId: A, status: i % 3 ? 'pending_shipment' : 'pending_payment' });
    const { rows: all } = await queryRows<{ id: number; status: string }>(
      t.database.db,
      sql`select id, status from orders where pharmacy_id = ${A} and deleted_at is null order by id desc`,
    );
    for (const [status, size] of [
      ['all', 10],
      ['all', 7],
      ['pending_shipment', 10],
      ['pending_payment', 3],
    ] as const) {
      const ids = all.filter((o) => status === 'all' || o.status === status).map((o) => o.id);
      const pages = Math.ceil(ids.length / size);
      for (let page = 1; page <= pages + 1; page++) {
        const res = orderListResultSchema.parse(
          await data('GET', `/orders/pharmacy?status=${status}&page=${page}&page_size=${size}`, admin),
        );
        expect(
          res.list.map((o) => o.id),
          `${status} page ${page} of ${size}`,
        ).toEqual(ids.slice((page - 1) * size, page * size));
        expect(res.total).toBe(ids.length);
      }
    }
  });

  it('filters: exact counts per tab, order number, phone, name, dates, kind, courier and tracking number', async () => {
    const mine = await insertOrder(t.database.db, {
      pharmacyId: A,
      status: 'shipped',
      receiverName: '欧阳筛选',
      receiverPhone: '13612345678',
    });
    await t.database.db.execute(sql`insert into order_express (order_id, pharmacy_id, courier_code, company_name, tracking_no)
      values (${mine.id}, ${A}, 'ZTO', '中通快递', '75312345678901')`);
    const get = async (q: string) => orderListResultSchema.parse(await data('GET', `/orders/pharmacy?${q}`, admin));
    const byName = await get(`name=${encodeURIComponent('欧阳筛选')}`);
    expect(byName.list.map((o) => o.id)).toEqual([mine.id]);
    expect(byName.counts).toMatchObject({ all: 1, shipped: 1, pending_payment: 0 });
    expect(byName.list[0]).toMatchObject({ courier_code: 'ZTO', tracking_no: '75312345678901' });
    expect((await get('phone=13612345678')).list.map((o) => o.id)).toEqual([mine.id]);
    expect((await get('phone=5678')).list.map((o) => o.id)).toContain(mine.id);
    expect((await get(`order_no=${mine.orderNo.slice(-8)}`)).list.map((o) => o.id)).toEqual([mine.id]);
    expect((await get('tracking_no=75312345678901')).list.map((o) => o.id)).toEqual([mine.id]);
    const zto = await get('courier_code=ZTO');
    expect(zto.list.map((o) => o.id)).toContain(mine.id);
    expect(zto.counts.all).toBe(
      (
        await one<{
          n: number;
        }>(sql`select count(distinct o.id)::int n from orders o join order_express e on e.order_id = o.id
          where o.pharmacy_id = ${A} and o.deleted_at is null and e.courier_code = 'ZTO'`)
      ).n,
    );
    const kind = await get('kind=normal&status=shipped');
    const real = await one<{ all: number; shipped: number }>(
      sql`select count(*)::int "all", count(*) filter (where status = 'shipped')::int shipped from orders
          where pharmacy_id = ${A} and deleted_at is null and kind = 'normal'`,
    );
    expect(kind.counts.all).toBe(real.all);
    expect(kind.total).toBe(real.shipped);
    // dates are Shanghai days: today includes it, a past range does not
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await get(`name=${encodeURIComponent('欧阳筛选')}&date_from=${today}&date_to=${today}`)).total).toBe(1);
    expect((await get(`name=${encodeURIComponent('欧阳筛选')}&date_from=2020-01-01&date_to=2020-01-31`)).total).toBe(0);
    // reversed dates: a Chinese field message
    const bad = await call('GET', '/orders/pharmacy?date_from=2026-02-01&date_to=2026-01-01', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('结束日期不能早于开始日期');
  });
});

describe('actions', () => {
  it('confirm payment: an RX order waits in 待审方, with its payment paid; a second confirm is 409', async () => {
    const { id } = await rxOrder();
    expect(await data('PUT', `/orders/pharmacy/${id}/pay`, admin, A, { pay_ref: '转账 0042' })).toEqual({
      id,
      status: 'pending_review',
    });
    const detail = orderConsoleDetailSchema.strict().parse(await data('GET', `/orders/pharmacy/${id}`, admin));
    expect(detail.has_rx).toBe(true);
    expect(detail.payments).toEqual([
      expect.objectContaining({ status: 'paid', provider: 'offline', provider_ref: '转账 0042' }),
    ]);
    const again = await call('PUT', `/orders/pharmacy/${id}/pay`, admin, A, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('订单待审方，不能确认收款');
    const logged = await one<{ n: number }>(
      sql`select count(*)::int n from audit_log where action = 'order.pay_confirm' and target = ${`order:${id}`}`,
    );
    expect(logged.n).toBe(1);
  });

  it('cancel needs a reason (1–200 chars), keeps it, returns stock; a stale cancel is 409 and changes nothing', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId: A, status: 'pending_shipment' });
    for (const [body, msg] of [
      [{}, '请填写取消原因'],
      [{ reason: '   ' }, '请填写取消原因'],
      [{ reason: '长'.repeat(201) }, '取消原因最多 200 字'],
    ] as const) {
      const res = await call('PUT', `/orders/pharmacy/${id}/cancel`, admin, A, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect(await data('PUT', `/orders/pharmacy/${id}/cancel`, admin, A, { reason: '顾客电话要求取消' })).toEqual({
      id,
      status: 'cancelled',
    });
    const detail = orderConsoleDetailSchema.parse(await data('GET', `/orders/pharmacy/${id}`, admin));
    expect(detail).toMatchObject({ cancel_reason: '顾客电话要求取消', cancelled_by: 'staff' });
    const stale = await call('PUT', `/orders/pharmacy/${id}/cancel`, admin, A, { reason: '再次取消' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('订单已取消，不能取消订单');
    expect((await one<{ r: string }>(sql`select cancel_reason r from orders where id = ${id}`)).r).toBe(
      '顾客电话要求取消',
    );
    // shipped orders cannot be cancelled
    const shipped = await insertOrder(t.database.db, { pharmacyId: A, status: 'shipped' });
    const res = await call('PUT', `/orders/pharmacy/${shipped.id}/cancel`, admin, A, { reason: '想取消' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('订单已发货，不能取消订单');
  });

  it('delivery confirm and complete order: shipped → completed (who recorded), 409 from any other state', async () => {
    const a = await insertOrder(t.database.db, { pharmacyId: A, status: 'shipped' });
    const b = await insertOrder(t.database.db, { pharmacyId: A, status: 'shipped' });
    expect(await data('PUT', `/orders/pharmacy/${a.id}/delivery`, admin)).toEqual({ id: a.id, status: 'completed' });
    expect(await data('PUT', `/orders/pharmacy/${b.id}/complete`, admin)).toEqual({ id: b.id, status: 'completed' });
    const rows = await queryRows<{ id: number; completed_by: string; s: string }>(
      t.database.db,
      sql`select o.id, o.completed_by, s.status s from orders o join settlement s on s.order_id = o.id
          where o.id in (${a.id}, ${b.id}) order by o.id`,
    );
    expect(rows.rows).toEqual([
      { id: a.id, completed_by: 'delivery', s: 'settled' },
      { id: b.id, completed_by: 'staff', s: 'settled' },
    ]);
    const again = await call('PUT', `/orders/pharmacy/${a.id}/complete`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('订单已完成，不能完成订单');
    const unpaid = await insertOrder(t.database.db, { pharmacyId: A });
    expect((await call('PUT', `/orders/pharmacy/${unpaid.id}/delivery`, admin)).statusCode).toBe(409);
  });

  it('remarks: added with the staff member’s name, history newest first, shown in the detail', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId: A });
    const empty = await call('POST', `/orders/pharmacy/${id}/remark`, admin, A, { content: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请填写备注');
    const first = orderRemarkSchema.parse(
      await data('POST', `/orders/pharmacy/${id}/remark`, admin, A, { content: '已电话联系顾客' }),
    );
    expect(first.author_name).toBe('周晓梅');
    await data('POST', `/orders/pharmacy/${id}/remark`, shop, A, { content: '明早发货' });
    const history = (await data('GET', `/orders/pharmacy/${id}/remark`, admin)) as { content: string }[];
    expect(history.map((r) => r.content)).toEqual(['明早发货', '已电话联系顾客']);
    const detail = orderConsoleDetailSchema.parse(await data('GET', `/orders/pharmacy/${id}`, admin));
    expect(detail.remarks.map((r) => r.content)).toEqual(['明早发货', '已电话联系顾客']);
  });

  it('delete: only cancelled orders (409 「只有已取消的订单可以删除」), then gone from the list, the detail and the counts', async () => {
    const open = await insertOrder(t.database.db, { pharmacyId: A, status: 'pending_shipment' });
    const res = await call('DELETE', `/orders/pharmacy/${open.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('只有已取消的订单可以删除');
    const cancelled = await insertOrder(t.database.db, { pharmacyId: A, status: 'cancelled' });
    await data('DELETE', `/orders/pharmacy/${cancelled.id}`, admin);
    expect((await call('GET', `/orders/pharmacy/${cancelled.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/orders/pharmacy/${cancelled.id}`, admin)).statusCode).toBe(404);
    const list = orderListResultSchema.parse(
      await data('GET', '/orders/pharmacy?status=cancelled&page_size=100', admin),
    );
    expect(list.counts).toEqual(await realCounts(A));
    expect(list.list.some((o) => o.id === cancelled.id)).toBe(false);
  });

  it('member: the buyer with masked phone, their orders here, and their member card (or null)', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId: A, status: 'completed' });
    const m = orderMemberSchema.parse(await data('GET', `/orders/pharmacy/${id}/member`, admin));
    expect(m.buyer.phone).toBe('139****0001');
    const real = await one<{ n: number }>(
      sql`select count(*)::int n from orders o join account a on a.id = o.account_id
          where a.phone = '13900000001' and o.pharmacy_id = ${A} and o.deleted_at is null`,
    );
    expect(m.order_count).toBe(real.n);
    const viper = await one<{ id: number | null }>(
      sql`select (select v.id from viper v join account a on a.id = v.account_id
          where a.phone = '13900000001' and v.pharmacy_id = ${A}) id`,
    );
    expect(m.member?.id ?? null).toBe(viper.id);
    if (m.member) for (const f of m.member.family_members) expect(f.id_number).not.toMatch(/^\d{17}[\dX]$/);
  });
});

describe('the operator’s list', () => {
  it('every pharmacy’s orders; counts are the sums of the pharmacies’; one pharmacy by filter; the detail', async () => {
    const inB = await insertOrder(t.database.db, { pharmacyId: B, status: 'pending_shipment' });
    const all = orderListResultSchema.parse(await data('GET', '/orders/admin', operator, undefined));
    expect(all.counts).toEqual(await realCounts());
    expect(new Set(all.list.map((o) => o.pharmacy_id)).size).toBeGreaterThan(0);
    const onlyB = orderListResultSchema.parse(await data('GET', `/orders/admin?pharmacy_id=${B}`, operator, undefined));
    expect(onlyB.counts).toEqual(await realCounts(B));
    expect(onlyB.list.every((o) => o.pharmacy_id === B)).toBe(true);
    expect(onlyB.list[0]!.id).toBe(inB.id);
    const filtered = orderListResultSchema.parse(
      await data('GET', `/orders/admin?order_no=${inB.orderNo}`, operator, undefined),
    );
    expect(filtered.list.map((o) => o.id)).toEqual([inB.id]);
    const detail = orderConsoleDetailSchema.parse(await data('GET', `/orders/admin/${inB.id}`, operator, undefined));
    expect(detail.pharmacy_id).toBe(B);
    expect(detail.items.length).toBeGreaterThan(0);
    // deep pages of the operator's list are slices too (walked from the nearer end)
    const ids = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from orders where deleted_at is null order by id desc`,
      )
    ).rows.map((r) => r.id);
    const size = 5;
    const last = Math.ceil(ids.length / size);
    for (const page of [2, last - 1, last]) {
      if (page < 1) continue;
      const res = orderListResultSchema.parse(
        await data('GET', `/orders/admin?page=${page}&page_size=${size}`, operator, undefined),
      );
      expect(res.list.map((o) => o.id)).toEqual(ids.slice((page - 1) * size, page * size));
    }
  });
});

describe('deep pages from position anchors', () => {
  it('every page equals the slice of the whole list, before and after writes (anchors every 3 ids, from depth 4)', async () => {
    const repo = new PharmacyOrderRepository(t.database.db, { every: 3, minDepth: 4, refreshMs: 0, sync: true });
    const listIds = async (pharmacyId: number | undefined, status?: string) =>
      (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select id from orders where deleted_at is null
            ${pharmacyId === undefined ? sql`` : sql`and pharmacy_id = ${pharmacyId}`}
            ${status ? sql`and status = ${status}` : sql``} order by id desc`,
        )
      ).rows.map((r) => r.id);
    const check = async (label: string) => {
      for (const [scope, pharmacyId] of [
        [{ pharmacyId: A }, A],
        [{ operator: true as const }, undefined],
      ] as const) {
        for (const status of ['all', 'completed', 'cancelled'] as const) {
          const ids = await listIds(pharmacyId, status === 'all' ? undefined : status);
          // 7: built per request; 10: a size the console offers, a named prepared statement
          for (const size of [7, 10]) {
            for (let page = 1; page <= Math.ceil(ids.length / size) + 1; page++) {
              const { rows, counts } = await repo.page(scope, {
                page,
                page_size: size,
                status,
              } as Parameters<PharmacyOrderRepository['page']>[1]);
              expect(
                rows.map((r) => r.id),
                `${label}: ${pharmacyId ?? 'operator'} ${status} page ${page} of ${size}`,
              ).toEqual(ids.slice((page - 1) * size, page * size));
              expect(status === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[status]).toBe(
                ids.length,
              );
            }
          }
        }
      }
    };
    await check('first reads');
    // writes move rows between tabs and out of the list: the anchors are read again at the new version
    const a = await insertOrder(t.database.db, { pharmacyId: A, status: 'shipped' });
    await data('PUT', `/orders/pharmacy/${a.id}/complete`, admin);
    const b = await insertOrder(t.database.db, { pharmacyId: A, status: 'cancelled' });
    await data('DELETE', `/orders/pharmacy/${b.id}`, admin);
    await check('after writes');
  });
});
