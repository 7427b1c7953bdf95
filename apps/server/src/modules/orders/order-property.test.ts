import {
  add,
  formatMoney,
  idNumberCheckChar,
  multiply,
  type OrderAction,
  type OrderStatus,
  orderTransitions,
  subtract,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';
import { pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { completeDueOrders } from './auto-complete';

/**
 * Random sequences of actions by several actors on one pharmacy's orders: two patients place (quotes and a combo),
 * pay, cancel and confirm receipt through the API; staff confirm payment, approve review, ship, cancel and complete
 * through the state machine; orders come due and the auto-completion job runs; a patient pokes the other's orders.
 * Actions run one at a time or up to three at once. After each step and each run: every status change was a legal
 * transition, every order's fields fit its status, totals reconcile, each paid order has exactly one settlement in the
 * matching state, settlements sum to their orders, stock is never negative and stock + units in live orders is
 * conserved.
 */

let t: TestApp;
let pharmacyId: number;
let quotes: number[];
let comboId: number;
const comboItems: { quoteId: number; qty: number }[] = [];
const patients: { token: string; memberId: number; addressId: number }[] = [];

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const inList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  pharmacyId = (await rows<{ id: number }>(sql`select min(id) id from pharmacy where status = 'active'`))[0]!.id;
  quotes = [
    ...(await pickQuotes(t.database.db, pharmacyId, 3, false)),
    ...(await pickQuotes(t.database.db, pharmacyId, 1, true)),
  ];
  expect(quotes).toHaveLength(4);
  // a combo of the first two quotes, on sale
  const [set] = await rows<{ id: number }>(
    sql`insert into quote_set (pharmacy_id, name, price, status) values (${pharmacyId}, '属性测试套餐', '19.90', 'on_sale')
        returning id`,
  );
  comboId = set!.id;
  comboItems.push({ quoteId: quotes[0]!, qty: 1 }, { quoteId: quotes[1]!, qty: 2 });
  for (const [i, item] of comboItems.entries()) {
    await t.database.db.execute(
      sql`insert into quote_set_item (quote_set_id, quote_id, qty, sort) values (${comboId}, ${item.quoteId}, ${item.qty}, ${i})`,
    );
  }
  const demo = await t.login('13900000001');
  patients.push({
    token: demo,
    memberId: (await call('GET', '/user/family_member', demo)).json().data[0].id,
    addressId: (await call('GET', '/user/address', demo)).json().data[0].id,
  });
  const second = await t.login('13800000004');
  const member = await call('POST', '/user/family_member', second, {
    name: '赵敏',
    id_number: `11010519800115011${idNumberCheckChar('11010519800115011')}`,
    relation: 'self',
  });
  const address = await call('POST', '/user/address', second, {
    name: '赵敏',
    phone: '13912345678',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 100 号',
  });
  patients.push({ token: second, memberId: member.json().data.id, addressId: address.json().data.id });
}, 120_000);
afterAll(() => t?.close());

type Act =
  | { kind: 'place'; actor: number; lines: { q: number; qty: number }[]; combo: number | null }
  | {
      kind:
        | 'pay'
        | 'cancel'
        | 'complete'
        | 'staffPay'
        | 'approve'
        | 'ship'
        | 'staffCancel'
        | 'staffComplete'
        | 'expire'
        | 'foreign';
      order: number;
    }
  | { kind: 'auto' };

const act: fc.Arbitrary<Act> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        kind: fc.constant('place' as const),
        actor: fc.integer({ min: 0, max: 1 }),
        lines: fc.uniqueArray(fc.record({ q: fc.integer({ min: 0, max: 3 }), qty: fc.integer({ min: 1, max: 3 }) }), {
          selector: (l) => l.q,
          maxLength: 3,
        }),
        combo: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
      })
      .filter((p) => p.lines.length > 0 || p.combo !== null),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'pay',
        'cancel',
        'complete',
        'staffPay',
        'approve',
        'ship',
        'staffCancel',
        'staffComplete',
        'expire',
        'foreign',
      ),
      order: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'auto' as const }) },
);

interface RunOrder {
  id: number;
  owner: number;
}

/** What one action did: a machine transition that succeeded on an order, or nothing. */
interface Done {
  orderId?: number;
  transition?: OrderAction;
  /** the auto job: it may have completed any due order */
  auto?: boolean;
}

async function expectRefused(run: () => Promise<unknown>, allowed = [409]) {
  try {
    await run();
    return true;
  } catch (err) {
    if (err instanceof AppError && allowed.includes(err.statusCode)) return false;
    throw err;
  }
}

async function perform(a: Act, orders: RunOrder[]): Promise<Done> {
  if (a.kind === 'auto') {
    await completeDueOrders(t.database.db, 3);
    return { auto: true };
  }
  if (a.kind === 'place') {
    const p = patients[a.actor]!;
    const res = await call('POST', '/orders/user_order', p.token, {
      pharmacy_id: pharmacyId,
      family_member_id: p.memberId,
      address_id: p.addressId,
      lines: a.lines.map((l) => ({ quote_id: quotes[l.q], qty: l.qty })),
      ...(a.combo === null ? {} : { quote_set_id: comboId, quote_set_qty: a.combo }),
    });
    if (res.statusCode === 200) {
      orders.push({ id: res.json().data.id, owner: a.actor });
      return {};
    }
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toMatch(/库存不足$/);
    return {};
  }
  if (orders.length === 0) return {};
  const o = orders[a.order % orders.length]!;
  const owner = patients[o.owner]!;
  const answered = (res: Awaited<ReturnType<typeof call>>, transition?: OrderAction): Done => {
    if (res.statusCode === 200) return { orderId: o.id, transition };
    expect(res.statusCode, res.body).toBe(409);
    return {};
  };
  const machine = async (transition: OrderAction, options: Parameters<typeof transitionOrder>[3]) =>
    (await expectRefused(() => transitionOrder(t.database.db, o.id, transition, options)))
      ? { orderId: o.id, transition }
      : {};
  switch (a.kind) {
    case 'pay':
      return answered(await call('POST', `/orders/user_order/${o.id}/pay`, owner.token, { provider: 'offline' }));
    case 'cancel':
      return answered(await call('PUT', `/orders/user_order/${o.id}`, owner.token, { action: 'cancel' }), 'cancel');
    case 'complete':
      return answered(await call('POST', `/orders/user_order/${o.id}/complete`, owner.token), 'complete');
    case 'staffPay':
      return machine('pay', { pharmacyId, confirmedBy: 1 });
    case 'approve':
      return machine('approve_review', { pharmacyId });
    case 'ship':
      return machine('ship', { pharmacyId });
    case 'staffCancel':
      return machine('cancel', { pharmacyId, cancelledBy: 'staff', set: { cancel_reason: '缺货' } });
    case 'staffComplete':
      return machine('complete', { pharmacyId, completedBy: 'staff' });
    case 'expire':
      await t.database.db.execute(
        sql`update orders set auto_confirm_at = now() - interval '1 second' where id = ${o.id} and status = 'shipped'`,
      );
      return {};
    case 'foreign': {
      const stranger = patients[1 - o.owner]!;
      for (const res of [
        await call('GET', `/orders/user_order/${o.id}`, stranger.token),
        await call('PUT', `/orders/user_order/${o.id}`, stranger.token, { action: 'cancel' }),
        await call('POST', `/orders/user_order/${o.id}/complete`, stranger.token),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      return {};
    }
  }
}

const step = (status: OrderStatus, action: OrderAction, hasRx: boolean): OrderStatus | null => {
  if (!(orderTransitions[action].from as readonly OrderStatus[]).includes(status)) return null;
  if (action === 'pay') return hasRx ? 'pending_review' : 'pending_shipment';
  return orderTransitions[action].to;
};

/** Whether `to` is reached from `from` by the successful actions in some order (the auto job may complete once). */
function reachable(from: OrderStatus, to: OrderStatus, actions: OrderAction[], hasRx: boolean, auto: boolean): boolean {
  const go = (s: OrderStatus, left: OrderAction[], autoLeft: boolean): boolean => {
    if (left.length === 0 && s === to) return true;
    if (autoLeft && s === 'shipped' && go('completed', left, false)) return true;
    return left.some((a, i) => {
      const next = step(s, a, hasRx);
      return next !== null && go(next, [...left.slice(0, i), ...left.slice(i + 1)], autoLeft);
    });
  };
  return go(from, actions, auto);
}

interface OrderState {
  id: number;
  status: OrderStatus;
  has_rx: boolean;
  goods_amount: string;
  freight: string;
  discount: string;
  pay_amount: string;
  paid_at: Date | null;
  shipped_at: Date | null;
  auto_confirm_at: Date | null;
  completed_at: Date | null;
  completed_by: string | null;
  cancelled_at: Date | null;
  cancelled_by: string | null;
}

async function states(ids: number[]): Promise<Map<number, OrderState>> {
  if (ids.length === 0) return new Map();
  const list = await rows<OrderState>(
    sql`select id, status, has_rx, goods_amount::text, freight::text, discount::text, pay_amount::text, paid_at,
          shipped_at, auto_confirm_at, completed_at, completed_by, cancelled_at, cancelled_by
        from orders where id in (${inList(ids)})`,
  );
  return new Map(list.map((o) => [o.id, o]));
}

/** The invariants over the run's orders (and the whole quote table for negative stock). */
async function checkInvariants(orders: RunOrder[], initialStock: Map<number, number>) {
  const ids = orders.map((o) => o.id);
  const byId = await states(ids);
  const settlements = new Map(
    (ids.length === 0
      ? []
      : await rows<{
          order_id: number;
          n: number;
          status: string;
          pay_amount: string;
          platform_fee: string;
          settle_amount: string;
          refund_amount: string;
        }>(
          sql`select order_id, count(*) over (partition by order_id)::int n, status, pay_amount::text,
                platform_fee::text, settle_amount::text, refund_amount::text
              from settlement where order_id in (${inList(ids)})`,
        )
    ).map((s) => [s.order_id, s]),
  );
  const payments =
    ids.length === 0
      ? []
      : await rows<{ order_id: number; status: string; amount: string }>(
          sql`select order_id, status, amount::text from order_payment where order_id in (${inList(ids)})`,
        );
  const lines =
    ids.length === 0
      ? []
      : await rows<{ order_id: number; price: string; qty: number; subtotal: string }>(
          sql`select order_id, price::text, qty, subtotal::text from order_item where order_id in (${inList(ids)})`,
        );

  let paidSum = '0';
  let settledSum = '0';
  let settlementPaySum = '0';
  for (const o of byId.values()) {
    const where = `order ${o.id} (${o.status})`;
    // fields fit the status
    const paid = o.paid_at !== null;
    expect(o.status === 'pending_review' ? o.has_rx : true, where).toBe(true);
    if (['pending_review', 'pending_shipment', 'shipped', 'completed'].includes(o.status))
      expect(paid, where).toBe(true);
    if (o.status === 'pending_payment') expect(paid, where).toBe(false);
    if (['shipped', 'completed'].includes(o.status)) {
      expect(o.shipped_at, where).not.toBeNull();
      expect(o.auto_confirm_at, where).not.toBeNull();
    }
    expect(o.status === 'completed', where).toBe(o.completed_at !== null);
    expect(o.status === 'cancelled', where).toBe(o.cancelled_at !== null);
    if (o.status === 'cancelled') expect(o.shipped_at, where).toBeNull();
    // totals
    const mine = lines.filter((l) => l.order_id === o.id);
    expect(mine.length, where).toBeGreaterThan(0);
    let goods = '0';
    for (const l of mine) {
      expect(l.subtotal, where).toBe(formatMoney(multiply(l.price, l.qty)));
      goods = add(goods, l.subtotal);
    }
    expect(o.goods_amount, where).toBe(formatMoney(goods));
    expect(o.pay_amount, where).toBe(formatMoney(subtract(add(o.goods_amount, o.freight), o.discount)));
    // one settlement per paid order, in the state the order's fits
    const s = settlements.get(o.id);
    if (!paid) expect(s, where).toBeUndefined();
    else {
      expect(s, where).toBeDefined();
      expect(s!.n, where).toBe(1);
      expect(s!.pay_amount, where).toBe(o.pay_amount);
      expect(add(s!.platform_fee, s!.settle_amount), where).toBe(add(s!.pay_amount, '0'));
      const expected = o.status === 'completed' ? 'settled' : o.status === 'cancelled' ? 'refunded' : 'pending';
      expect(s!.status, where).toBe(expected);
      expect(s!.refund_amount, where).toBe(expected === 'refunded' ? s!.pay_amount : '0.00');
      paidSum = add(paidSum, o.pay_amount);
      settlementPaySum = add(settlementPaySum, s!.pay_amount);
      if (o.status === 'completed') settledSum = add(settledSum, s!.settle_amount);
    }
    // payments: at most one live; a paid order's is paid (refunded once cancelled)
    const pays = payments.filter((p) => p.order_id === o.id);
    expect(pays.filter((p) => p.status === 'pending' || p.status === 'paid').length, where).toBeLessThanOrEqual(1);
    if (paid) {
      const want = o.status === 'cancelled' ? 'refunded' : 'paid';
      expect(
        pays.filter((p) => p.status === want),
        where,
      ).toHaveLength(1);
      expect(pays.find((p) => p.status === want)!.amount, where).toBe(o.pay_amount);
    } else
      expect(
        pays.filter((p) => p.status === 'paid' || p.status === 'refunded'),
        where,
      ).toHaveLength(0);
  }
  // Σ settlements reconcile with their orders
  expect(settlementPaySum).toBe(paidSum);
  const settledRows = [...settlements.values()].filter((s) => s.status === 'settled');
  let settledRowsSum = '0';
  for (const s of settledRows) settledRowsSum = add(settledRowsSum, s.settle_amount);
  expect(settledRowsSum).toBe(settledSum);

  // stock: never negative anywhere; stock + units in the run's live orders = the stock the run started with
  const negative = await rows<{ n: number }>(sql`select count(*)::int n from quote where stock < 0`);
  expect(negative[0]!.n).toBe(0);
  const liveIds = [...byId.values()].filter((o) => o.status !== 'cancelled').map((o) => o.id);
  const held = new Map<number, number>();
  if (liveIds.length > 0) {
    const units = await rows<{ quote_id: number; n: number }>(
      sql`select quote_id, sum(n)::int n from (
            select quote_id, qty n from order_item where order_id in (${inList(liveIds)}) and quote_set_id is null
            union all
            select (c->>'quote_id')::int, (c->>'qty')::int * i.qty from order_item i, jsonb_array_elements(i.combo_items) c
            where i.order_id in (${inList(liveIds)}) and i.quote_set_id is not null) u
          group by quote_id`,
    );
    for (const u of units) held.set(u.quote_id, u.n);
  }
  const stocks = await rows<{ id: number; stock: number }>(
    sql`select id, stock from quote where id in (${inList(quotes)})`,
  );
  for (const q of stocks) expect(q.stock + (held.get(q.id) ?? 0), `quote ${q.id}`).toBe(initialStock.get(q.id));
  return byId;
}

describe('orders under random actions by several actors', () => {
  it('never reach an illegal state; totals, settlements and stock always reconcile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(act, { minLength: 1, maxLength: 3 }), { minLength: 4, maxLength: 18 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 4, maxLength: 4 }),
        async (groups, stockLevels) => {
          // each run starts its quotes with small stocks (so that stock runs out) and tracks its own orders
          const initial = new Map<number, number>();
          for (const [i, q] of quotes.entries()) {
            await t.database.db.execute(sql`update quote set stock = ${stockLevels[i]!} where id = ${q}`);
            initial.set(q, stockLevels[i]!);
          }
          const orders: RunOrder[] = [];
          let before = await checkInvariants(orders, initial);
          for (const group of groups) {
            const done = await Promise.all(group.map((a) => perform(a, orders)));
            const after = await checkInvariants(orders, initial);
            const auto = done.some((d) => d.auto);
            for (const [id, now] of after) {
              const was = before.get(id);
              if (!was) {
                // placed in this step: it starts unpaid; only this step's actions may have moved it
                const moved = done.filter((d) => d.orderId === id && d.transition).map((d) => d.transition!);
                expect(reachable('pending_payment', now.status, moved, now.has_rx, auto), `new order ${id}`).toBe(true);
                continue;
              }
              const moved = done.filter((d) => d.orderId === id && d.transition).map((d) => d.transition!);
              expect(
                reachable(was.status, now.status, moved, now.has_rx, auto),
                `order ${id}: ${was.status} → ${now.status} by [${moved.join(', ')}]${auto ? ' + auto' : ''}`,
              ).toBe(true);
              if (now.status === 'completed' && was.status !== 'completed') {
                expect(['user', 'staff', 'auto']).toContain(now.completed_by);
              }
            }
            before = after;
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 300_000);
});
