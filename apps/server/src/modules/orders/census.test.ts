import {
  add,
  type Census,
  type CensusPrice,
  censusSchema,
  divide,
  formatMoney,
  formatShanghaiDate,
  orderKinds,
  orderStatuses,
  shanghaiToday,
  subtract,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
/** the demo pharmacy_admin's pharmacy, and the shop's other one */
let p1: number;
let p2: number;
let admin: string;
let shop: string;

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

const get = (url: string, token?: string, pharmacyId?: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token, pharmacyId) });

async function census(pharmacyId: number, query: string, token = shop): Promise<Census> {
  const res = await get(`/orders/census?${query}`, token, pharmacyId);
  expect(res.statusCode, res.body).toBe(200);
  return censusSchema.parse(res.json().data);
}

/** A Shanghai wall time as an instant. */
const at = (wall: string) => new Date(`${wall}+08:00`);

/**
 * Orders at the edges of Shanghai days, weeks (Monday first) and months, where UTC would bucket them differently:
 * 2025-03-01 00:00 Shanghai is still 28 Feb in UTC, 2025-03-03 00:10 (a Monday) is Sunday in UTC, 2025-04-01 07:00
 * is still March in UTC.
 */
const placed = [
  { wall: '2025-02-28T23:59:59', status: 'completed', day: '2025-02-28', week: '2025-02-24', month: '2025-02-01' },
  {
    wall: '2025-03-01T00:00:00',
    status: 'pending_payment',
    day: '2025-03-01',
    week: '2025-02-24',
    month: '2025-03-01',
  },
  { wall: '2025-03-02T23:30:00', status: 'shipped', day: '2025-03-02', week: '2025-02-24', month: '2025-03-01' },
  { wall: '2025-03-03T00:10:00', status: 'cancelled', day: '2025-03-03', week: '2025-03-03', month: '2025-03-01' },
  { wall: '2025-03-03T12:00:00', status: 'refunded', day: '2025-03-03', week: '2025-03-03', month: '2025-03-01' },
  {
    wall: '2025-03-31T23:50:00',
    status: 'pending_shipment',
    day: '2025-03-31',
    week: '2025-03-31',
    month: '2025-03-01',
  },
  { wall: '2025-04-01T07:00:00', status: 'completed', day: '2025-04-01', week: '2025-03-31', month: '2025-04-01' },
] as const;
const RANGE = 'date_from=2025-02-26&date_to=2025-04-02';

/** Monday of the Shanghai week of a YYYY-MM-DD day. */
const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};
const bucketOf = (g: 'day' | 'week' | 'month', day: string) =>
  g === 'day' ? day : g === 'week' ? mondayOf(day) : `${day.slice(0, 7)}-01`;

interface OrderRow {
  id: number;
  created_at: Date | string;
  status: string;
  kind: string;
  pay_amount: string;
  paid: boolean;
}

/** The straightforward recount: the pharmacy's orders of the range read one by one, summed with the shared decimal rules. */
async function recount(pharmacyId: number, from: string, to: string, g: 'day' | 'week' | 'month') {
  const orders = await rows<OrderRow>(sql`
    select id, created_at, status, kind, pay_amount::text, paid_at is not null as paid from orders
    where pharmacy_id = ${pharmacyId} and deleted_at is null
      and created_at >= ${at(`${from}T00:00:00`).toISOString()}
      and created_at < ${new Date(at(`${to}T00:00:00`).getTime() + 86_400_000).toISOString()}`);
  const zero = (): Sums => ({
    orders: 0,
    amount: '0',
    paid: 0,
    paidAmount: '0',
    refund: 0,
    refundAmount: '0',
    cancelled: 0,
  });
  const buckets = new Map<string, Sums & { status: Map<string, Sums>; kind: Map<string, Sums> }>();
  const total = { ...zero(), status: new Map<string, Sums>(), kind: new Map<string, Sums>() };
  const addTo = (s: Sums, o: OrderRow) => {
    s.orders += 1;
    s.amount = add(s.amount, o.pay_amount);
    if (o.paid && o.status !== 'cancelled') {
      s.paid += 1;
      s.paidAmount = add(s.paidAmount, o.pay_amount);
    }
    if (o.paid && o.status === 'cancelled') {
      s.refund += 1;
      s.refundAmount = add(s.refundAmount, o.pay_amount);
    }
    if (o.status === 'cancelled') s.cancelled += 1;
  };
  for (const o of orders) {
    const b = bucketOf(g, formatShanghaiDate(o.created_at)!);
    if (!buckets.has(b)) buckets.set(b, { ...zero(), status: new Map(), kind: new Map() });
    for (const target of [buckets.get(b)!, total]) {
      addTo(target, o);
      if (!target.status.has(o.status)) target.status.set(o.status, zero());
      addTo(target.status.get(o.status)!, o);
      if (!target.kind.has(o.kind)) target.kind.set(o.kind, zero());
      addTo(target.kind.get(o.kind)!, o);
    }
  }
  return { buckets, total, orders };
}

interface Sums {
  orders: number;
  amount: string;
  paid: number;
  paidAmount: string;
  refund: number;
  refundAmount: string;
  cancelled: number;
}
const noSums: Sums = { orders: 0, amount: '0', paid: 0, paidAmount: '0', refund: 0, refundAmount: '0', cancelled: 0 };
const figuresOf = (s: Sums) => ({
  orders: s.orders,
  amount: formatMoney(s.amount),
  paid_orders: s.paid,
  paid_amount: formatMoney(s.paidAmount),
  avg_order_value: s.paid ? formatMoney(divide(s.paidAmount, s.paid)) : '0.00',
  refund_orders: s.refund,
  refund_amount: formatMoney(s.refundAmount),
  cancelled_orders: s.cancelled,
});

beforeAll(async () => {
  t = await createTestApp();
  const [a] = await rows<{ pharmacy_id: number }>(sql`
    select m.pharmacy_id from pharmacy_member m join account a on a.id = m.account_id
    where a.phone = '13800000002' order by m.pharmacy_id limit 1`);
  p1 = a!.pharmacy_id;
  const [b] = await rows<{ pharmacy_id: number }>(sql`
    select m.pharmacy_id from pharmacy_member m join account a on a.id = m.account_id
    where a.phone = '13800000001' and m.pharmacy_id <> ${p1} order by m.pharmacy_id limit 1`);
  p2 = b!.pharmacy_id;
  admin = await t.login('13800000002');
  shop = await t.login('13800000001');

  // the boundary orders in both pharmacies (p2's must never show in p1's census), of several kinds
  for (const pharmacyId of [p1, p2]) {
    for (const [i, o] of placed.entries()) {
      const status = o.status === 'refunded' ? 'pending_shipment' : o.status;
      const { id } = await insertOrder(t.database.db, {
        pharmacyId,
        status,
        createdAt: at(o.wall),
        freight: `${i}.50`,
      });
      if (o.status === 'refunded') await transitionOrder(t.database.db, id, 'cancel', { pharmacyId });
      if (i % 3 === 1) await t.database.db.execute(sql`update orders set kind = 'proxy' where id = ${id}`);
    }
  }
  // a deleted (cancelled) order is not counted
  const deleted = await insertOrder(t.database.db, {
    pharmacyId: p1,
    status: 'cancelled',
    createdAt: at('2025-03-10T10:00:00'),
  });
  await t.database.db.execute(sql`update orders set deleted_at = now() where id = ${deleted.id}`);
}, 180_000);
afterAll(() => t.close());

describe('order statistics access', () => {
  it.each([['/orders/census'], ['/orders/census/price']])(
    '%s: 401 without a session, 403 without order_statistics or outside the pharmacy',
    async (url) => {
      expect((await get(url, undefined, p1)).statusCode).toBe(401);
      for (const phone of ['13800000004', '13800000006', '13900000001']) {
        const res = await get(url, await t.login(phone), p1);
        expect(res.statusCode, phone).toBe(403);
        expect(res.json().data).toBeNull();
      }
      // the demo admin is not staff of the shop's second pharmacy
      expect((await get(url, admin, p2)).statusCode).toBe(403);
      expect((await get(url, admin, p1)).statusCode).toBe(200);
      expect((await get(url, await t.login('13800000003'), p1)).statusCode).toBe(200);
    },
  );
});

describe('order statistics', () => {
  it.each(['day', 'week', 'month'] as const)('by %s: buckets and sums equal a recount of the orders', async (g) => {
    const c = await census(p1, `${RANGE}&granularity=${g}`);
    const { buckets, total } = await recount(p1, '2025-02-26', '2025-04-02', g);
    expect(c.summary).toEqual(figuresOf(total));
    for (const s of orderStatuses) {
      const r = total.status.get(s);
      expect(c.by_status.find((x) => x.status === s)).toEqual({
        status: s,
        orders: r?.orders ?? 0,
        amount: formatMoney(r?.amount ?? '0'),
      });
    }
    for (const k of orderKinds) {
      const r = total.kind.get(k);
      expect(c.by_kind.find((x) => x.kind === k)).toEqual({
        kind: k,
        orders: r?.orders ?? 0,
        amount: formatMoney(r?.amount ?? '0'),
        paid_orders: r?.paid ?? 0,
        paid_amount: formatMoney(r?.paidAmount ?? '0'),
      });
    }
    // every bucket of the series, empty ones too, in order
    const expected: string[] = [];
    for (
      let d = '2025-02-26';
      d <= '2025-04-02';
      d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    ) {
      const b = bucketOf(g, d);
      if (!expected.includes(b)) expected.push(b);
    }
    expect(c.buckets.map((b) => b.bucket)).toEqual(expected);
    expect(c.buckets[0]!.start).toBe('2025-02-26');
    expect(c.buckets.at(-1)!.end).toBe('2025-04-02');
    for (const b of c.buckets) {
      const r = buckets.get(b.bucket);
      const { bucket, start, end, by_status, by_kind, ...figures } = b;
      expect(figures, bucket).toEqual(figuresOf(r ?? noSums));
      for (const s of by_status) expect(s.orders, `${bucket} ${s.status}`).toBe(r?.status.get(s.status)?.orders ?? 0);
      for (const k of by_kind)
        expect(k.paid_amount, `${bucket} ${k.kind}`).toBe(formatMoney(r?.kind.get(k.kind)?.paidAmount ?? '0'));
      expect(start >= bucket || bucket < '2025-02-26').toBe(true);
    }
  });

  it('puts each boundary order in its Shanghai day, Monday week and month', async () => {
    const before = await Promise.all(
      (['day', 'week', 'month'] as const).map((g) => census(p1, `${RANGE}&granularity=${g}`)),
    );
    // one more order at each boundary: the bucket it lands in grows by one, no other does
    for (const o of placed) {
      const { id } = await insertOrder(t.database.db, { pharmacyId: p1, createdAt: at(o.wall) });
      const after = await Promise.all(
        (['day', 'week', 'month'] as const).map((g) => census(p1, `${RANGE}&granularity=${g}`)),
      );
      for (const [gi, g] of (['day', 'week', 'month'] as const).entries()) {
        const grown = after[gi]!.buckets.filter((b, i) => b.orders !== before[gi]!.buckets[i]!.orders).map(
          (b) => b.bucket,
        );
        expect(grown, `${o.wall} by ${g}`).toEqual([o[g]]);
      }
      await transitionOrder(t.database.db, id, 'cancel', { pharmacyId: p1 });
      await t.database.db.execute(sql`update orders set deleted_at = now() where id = ${id}`);
    }
  });

  it('a repeated census is answered again after any order of the pharmacy changes (payment, refund)', async () => {
    const march = async () =>
      (await census(p1, `${RANGE}&granularity=month`)).buckets.find((b) => b.bucket === '2025-03-01')!;
    const { id } = await insertOrder(t.database.db, { pharmacyId: p1, createdAt: at('2025-03-20T10:00:00') });
    const before = await march();
    expect(await march()).toEqual(before);
    await transitionOrder(t.database.db, id, 'pay', { pharmacyId: p1 });
    const paid = await march();
    expect(paid.paid_orders).toBe(before.paid_orders + 1);
    expect(paid.by_status.find((s) => s.status === 'pending_payment')!.orders).toBe(
      before.by_status.find((s) => s.status === 'pending_payment')!.orders - 1,
    );
    await transitionOrder(t.database.db, id, 'cancel', { pharmacyId: p1 });
    const refunded = await march();
    expect(refunded.refund_orders).toBe(before.refund_orders + 1);
    expect(refunded.paid_orders).toBe(before.paid_orders);
    expect(refunded.paid_amount).toBe(before.paid_amount);
  });

  it('never counts another pharmacy’s orders', async () => {
    const mine = await recount(p1, '2025-02-26', '2025-04-02', 'month');
    const theirs = await recount(p2, '2025-02-26', '2025-04-02', 'month');
    expect(theirs.orders.length).toBeGreaterThan(0);
    const c1 = await census(p1, `${RANGE}&granularity=month`);
    const c2 = await census(p2, `${RANGE}&granularity=month`);
    expect(c1.summary.orders).toBe(mine.orders.length);
    expect(c2.summary.orders).toBe(theirs.orders.length);
    // p2's fixture orders have the same dates: every count is its own pharmacy's
    const ids1 = new Set(mine.orders.map((o) => o.id));
    expect(theirs.orders.some((o) => ids1.has(o.id))).toBe(false);
    // the admin of p1 asking with p1's header sees p1's figures only
    const viaAdmin = await census(p1, `${RANGE}&granularity=month`, admin);
    expect(viaAdmin.summary).toEqual(c1.summary);
  });

  it('top products: paid orders’ lines, a combo as itself, equal to a recount', async () => {
    // a combo line on a paid order of the range
    const [combo] = await rows<{ id: number; name: string }>(
      sql`select id, name from quote_set where pharmacy_id = ${p1} order by id limit 1`,
    );
    const [quoteId] = await pickQuotes(t.database.db, p1, 1, false);
    const { id } = await insertOrder(t.database.db, {
      pharmacyId: p1,
      status: 'completed',
      createdAt: at('2025-03-15T09:00:00'),
      lines: [{ quoteId: quoteId!, qty: 1 }],
    });
    await t.database.db.execute(sql`
      insert into order_item (order_id, quote_set_id, name, product_type, price, qty, subtotal)
      values (${id}, ${combo!.id}, ${combo!.name}, 'COMBO', '999.00', 40, '39960.00')`);
    const c = await census(p1, RANGE);
    const lines = await rows<{ key: string; qty: number; subtotal: string; order_id: number }>(sql`
      select case when i.quote_set_id is not null then 'combo:' || i.quote_set_id else 'product:' || i.product_id end as key,
        i.qty, i.subtotal::text, i.order_id
      from order_item i join orders o on o.id = i.order_id
      where o.pharmacy_id = ${p1} and o.deleted_at is null and o.paid_at is not null and o.status <> 'cancelled'
        and o.created_at >= ${at('2025-02-26T00:00:00').toISOString()} and o.created_at < ${at('2025-04-03T00:00:00').toISOString()}`);
    const sums = new Map<string, { qty: number; amount: string; orders: Set<number> }>();
    for (const l of lines) {
      const s = sums.get(l.key) ?? { qty: 0, amount: '0', orders: new Set<number>() };
      sums.set(l.key, {
        qty: s.qty + l.qty,
        amount: add(s.amount, l.subtotal).toString(),
        orders: s.orders.add(l.order_id),
      });
    }
    expect(c.top_by_qty[0]).toMatchObject({
      key: `combo:${combo!.id}`,
      name: combo!.name,
      manufacturer: '',
      product_type: 'COMBO',
      qty: 40,
      amount: '39960.00',
      orders: 1,
    });
    // a product's maker is its product row's (two makers' products of one name are told apart by it)
    const makers = await rows<{ id: number; manufacturer: string }>(sql`select id, manufacturer from product`);
    const ranked = [...c.top_by_qty, ...c.top_by_amount].filter((x) => x.key.startsWith('product:'));
    expect(ranked.some((p) => p.manufacturer !== '')).toBe(true);
    for (const p of ranked) {
      const id = Number(p.key.slice('product:'.length));
      expect(p.manufacturer, p.key).toBe(makers.find((m) => m.id === id)?.manufacturer);
    }
    expect(c.top_by_amount[0]!.key).toBe(`combo:${combo!.id}`);
    expect(c.top_by_qty.length).toBe(Math.min(10, sums.size));
    for (const p of [...c.top_by_qty, ...c.top_by_amount]) {
      const s = sums.get(p.key)!;
      expect({ qty: p.qty, amount: p.amount, orders: p.orders }).toEqual({
        qty: s.qty,
        amount: formatMoney(s.amount),
        orders: s.orders.size,
      });
    }
    const byQty = [...sums.values()]
      .map((s) => s.qty)
      .sort((a, b) => b - a)
      .slice(0, 10);
    expect(c.top_by_qty.map((p) => p.qty)).toEqual(byQty);
    const byAmount = [...sums.values()]
      .map((s) => s.amount)
      .sort((a, b) => Math.sign(Number(subtract(b, a))))
      .slice(0, 10)
      .map(formatMoney);
    expect(c.top_by_amount.map((p) => p.amount)).toEqual(byAmount);
    // cancelled and unpaid orders' lines are not sales
    expect(lines.length).toBeGreaterThan(0);
  });

  it('price statistics: paid orders in bands, every band present, equal to a recount', async () => {
    const res = await get(`/orders/census/price?${RANGE}`, shop, p1);
    expect(res.statusCode).toBe(200);
    const price = res.json().data as CensusPrice;
    expect(price.bands.map((b) => b.label)).toEqual([
      '50元以下',
      '50-100元',
      '100-200元',
      '200-500元',
      '500-1000元',
      '1000元及以上',
    ]);
    const { orders } = await recount(p1, '2025-02-26', '2025-04-02', 'day');
    const paid = orders.filter((o) => o.paid && o.status !== 'cancelled');
    for (const b of price.bands) {
      const inBand = paid.filter(
        (o) =>
          Number(subtract(o.pay_amount, b.min)) >= 0 && (b.max === null || Number(subtract(o.pay_amount, b.max)) < 0),
      );
      expect({ orders: b.orders, amount: b.amount }, b.label).toEqual({
        orders: inBand.length,
        amount: formatMoney(inBand.reduce((s, o) => add(s, o.pay_amount), '0')),
      });
    }
    expect(price.bands.reduce((n, b) => n + b.orders, 0)).toBe(paid.length);
  });

  it('defaults to the last 30 Shanghai days by day; refuses more than 366 days and reversed dates in Chinese', async () => {
    const c = await census(p1, '');
    const today = shanghaiToday();
    expect(c.date_to).toBe(today);
    expect(c.granularity).toBe('day');
    expect(c.buckets).toHaveLength(30);
    expect(c.buckets.at(-1)!.bucket).toBe(today);
    expect(c.date_from).toBe(c.buckets[0]!.bucket);

    const leap = await census(p1, 'date_from=2024-01-01&date_to=2024-12-31&granularity=month');
    expect(leap.buckets).toHaveLength(12);
    const tooLong = await get('/orders/census?date_from=2024-01-01&date_to=2025-01-01', shop, p1);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toContain('统计时间范围不能超过 366 天');
    const reversed = await get('/orders/census?date_from=2025-03-02&date_to=2025-03-01', shop, p1);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('结束日期不能早于开始日期');
    const bad = await get('/orders/census?date_from=2025-02-30&granularity=year', shop, p1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/日期|粒度/);
    expect((await get('/orders/census/price?date_from=2000-01-01', shop, p1)).statusCode).toBe(400);
  });
});
