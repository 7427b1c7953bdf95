import {
  add,
  formatMoney,
  idNumberCheckChar,
  multiply,
  orderDetailSchema,
  orderSummarySchema,
  payUserOrderResultSchema,
  subtract,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { completeDueOrders, startAutoComplete } from './auto-complete';

let t: TestApp;
let patient: string;
let other: string;
let pharmacyId: number;
let otherPharmacyId: number;
let memberId: number;
let addressId: number;
let otherMemberId: number;
let otherAddressId: number;

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers(token), ...extra },
    ...(payload ? { payload } : {}),
  });

const stock = async (id: number) => (await one<{ stock: number }>(sql`select stock from quote where id = ${id}`)).stock;
const orderCount = async () => (await one<{ n: number }>(sql`select count(*)::int n from orders`)).n;

beforeAll(async () => {
  t = await createTestApp();
  patient = await t.login('13900000001');
  other = await t.login('13800000004');
  const active = await rows<{ id: number }>(sql`select id from pharmacy where status = 'active' order by id limit 2`);
  pharmacyId = active[0]!.id;
  otherPharmacyId = active[1]!.id;
  memberId = (await call('GET', '/user/family_member', patient)).json().data[0].id;
  addressId = (await call('GET', '/user/address', patient)).json().data[0].id;
  // the other account gets a family member and an address of its own
  otherMemberId = (
    await call('POST', '/user/family_member', other, {
      name: '赵敏',
      id_number: `11010519800115011${idNumberCheckChar('11010519800115011')}`,
      relation: 'self',
    })
  ).json().data?.id;
  otherAddressId = (
    await call('POST', '/user/address', other, {
      name: '赵敏',
      phone: '13912345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 100 号',
    })
  ).json().data.id;
}, 120_000);
afterAll(() => t?.close());

const body = (over: object = {}) => ({
  pharmacy_id: pharmacyId,
  family_member_id: memberId,
  address_id: addressId,
  ...over,
});

/** Places an order through the API as the demo patient and answers its detail. */
async function place(over: object, key?: string) {
  const res = await call('POST', '/orders/user_order', patient, body(over), key ? { 'idempotency-key': key } : {});
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailSchema.strict().parse(res.json().data);
}

describe('every route needs a session; another account’s order answers 404', () => {
  it.each([
    ['GET', '/orders/user_order'],
    ['GET', '/orders/user_order/1'],
    ['POST', '/orders/user_order'],
    ['POST', '/orders/user_order/1/pay'],
    ['PUT', '/orders/user_order/1'],
    ['POST', '/orders/user_order/1/complete'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401000);
  });

  it('a missing order and another account’s order answer 404 on every call, and the order is unchanged', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const mine = await place({ lines: [{ quote_id: q, qty: 1 }] });
    for (const id of [mine.id, 2_000_000_000]) {
      for (const [method, url, payload] of [
        ['GET', `/orders/user_order/${id}`, undefined],
        ['POST', `/orders/user_order/${id}/pay`, { provider: 'offline' }],
        ['PUT', `/orders/user_order/${id}`, { action: 'cancel', reason: '不要了' }],
        ['POST', `/orders/user_order/${id}/complete`, undefined],
      ] as const) {
        const res = await call(method, url, other, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg).toBe('订单不存在或已删除');
      }
    }
    const list = (await call('GET', '/orders/user_order?page_size=100', other)).json().data;
    expect(list.list.map((o: { id: number }) => o.id)).not.toContain(mine.id);
    const after = (await call('GET', `/orders/user_order/${mine.id}`, patient)).json().data;
    expect(after).toEqual(mine);
    expect(await one(sql`select count(*)::int n from order_payment where order_id = ${mine.id}`)).toEqual({ n: 0 });
  });
});

describe('placing an order', () => {
  it('snapshots the lines, takes the stock, totals exactly; get and list answer it', async () => {
    const [q1, q2] = await pickQuotes(t.database.db, pharmacyId, 2, false);
    const before = [await stock(q1!), await stock(q2!)];
    const order = await place({
      lines: [
        { quote_id: q1, qty: 2 },
        { quote_id: q2, qty: 1 },
      ],
      buyer_remark: '尽快发货',
    });
    expect(order).toMatchObject({ status: 'pending_payment', buyer_remark: '尽快发货', pharmacy_id: pharmacyId });
    expect(order.buyer_phone).toBe('139****0001');
    expect(order.order_no).toMatch(/^20\d{6}\d{10}$/);
    expect(order.items).toHaveLength(2);
    expect(order.item_count).toBe(2);
    expect(order.items_text).toBe(`${order.items[0]!.name} ×2 等 2 件`);
    // the console list's line summary, written with the order (migration 0027)
    const [summary] = await rows<{ item_count: number; items_text: string }>(
      sql`select item_count, items_text from orders where id = ${order.id}`,
    );
    expect(summary).toEqual({ item_count: 2, items_text: `${order.items[0]!.name} ×2、${order.items[1]!.name} ×1` });
    let goods = '0';
    for (const i of order.items) {
      expect(i.subtotal).toBe(formatMoney(multiply(i.price, i.qty)));
      goods = add(goods, i.subtotal);
    }
    expect(order.goods_amount).toBe(formatMoney(goods));
    expect(order.discount).toBe('0.00');
    expect(order.pay_amount).toBe(formatMoney(subtract(add(order.goods_amount, order.freight), order.discount)));
    expect([await stock(q1!), await stock(q2!)]).toEqual([before[0]! - 2, before[1]! - 1]);
    const member = (await call('GET', '/user/family_member', patient)).json().data[0];
    expect(order).toMatchObject({ family_member_id: memberId, patient_name: member.name });

    const got = await call('GET', `/orders/user_order/${order.id}`, patient);
    expect(got.json().data).toEqual(order);
    const list = (await call('GET', '/orders/user_order', patient)).json().data;
    for (const o of list.list) orderSummarySchema.strict().parse(o);
    expect(list.list[0].id).toBe(order.id);
    expect(list.total).toBeGreaterThanOrEqual(1);
    const pending = (await call('GET', '/orders/user_order?status=pending_payment', patient)).json().data;
    expect(pending.list.every((o: { status: string }) => o.status === 'pending_payment')).toBe(true);
    const shipped = (await call('GET', '/orders/user_order?status=completed', patient)).json().data;
    expect(shipped.list.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });

  it('freight: the pharmacy’s freight below the free threshold, none at or above it', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const price = (await one<{ price: string }>(sql`select price::text from quote where id = ${q!}`)).price;
    await t.database.db.execute(
      sql`update pharmacy_setting set freight = 8, free_freight_threshold = ${formatMoney(multiply(price, 3))}
          where pharmacy_id = ${pharmacyId}`,
    );
    const below = await place({ lines: [{ quote_id: q, qty: 2 }] });
    expect(below.freight).toBe('8.00');
    expect((await call('GET', `/orders/user_order/${below.id}`, patient)).json().data).toEqual(below);
    expect(below.pay_amount).toBe(formatMoney(add(multiply(price, 2), '8')));
    const at = await place({ lines: [{ quote_id: q, qty: 3 }] });
    expect(at.freight).toBe('0.00');
    expect(at.pay_amount).toBe(formatMoney(multiply(price, 3)));
    await t.database.db.execute(
      sql`update pharmacy_setting set freight = 0, free_freight_threshold = null where pharmacy_id = ${pharmacyId}`,
    );
  });

  it('kinds: RX anywhere → rx (waits for review once paid); only NON_DRUG → non_drug; else normal', async () => {
    const [rxQuote] = await pickQuotes(t.database.db, pharmacyId, 1, true);
    const rx = await place({ lines: [{ quote_id: rxQuote, qty: 1 }] });
    expect(rx).toMatchObject({ kind: 'rx', has_rx: true });
    await call('POST', `/orders/user_order/${rx.id}/pay`, patient, { provider: 'offline' });
    await transitionOrder(t.database.db, rx.id, 'pay', { pharmacyId, confirmedBy: 1 });
    expect((await call('GET', `/orders/user_order/${rx.id}`, patient)).json().data.status).toBe('pending_review');

    const nonDrug = await one<{ id: number } | undefined>(
      sql`select q.id from quote q join product p on p.id = q.product_id
          where q.pharmacy_id = ${pharmacyId} and q.status = 'on_shelf' and p.status = 'active'
            and p.type = 'NON_DRUG' and q.stock > 0 order by q.id limit 1`,
    );
    expect(nonDrug).toBeDefined();
    expect(await place({ lines: [{ quote_id: nonDrug!.id, qty: 1 }] })).toMatchObject({
      kind: 'non_drug',
      has_rx: false,
    });
    const [otc] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const mixed = await place({
      lines: [{ quote_id: otc, qty: 1 }, ...(otc === nonDrug!.id ? [] : [{ quote_id: nonDrug!.id, qty: 1 }])],
    });
    expect(mixed.kind).toBe(otc === nonDrug!.id ? 'non_drug' : 'normal');
  });

  it('a combo is one line with its items; its stock is taken from each item and returned on cancel', async () => {
    const combo = await one<{ id: number; name: string; price: string }>(
      sql`select s.id, s.name, s.price::text from quote_set s where s.pharmacy_id = ${pharmacyId} and s.status = 'on_sale'
            and not exists (select 1 from quote_set_item i join quote q on q.id = i.quote_id
                            where i.quote_set_id = s.id and q.status <> 'on_shelf')
          order by s.id limit 1`,
    );
    const items = await rows<{ quote_id: number; qty: number; stock: number }>(
      sql`select i.quote_id, i.qty, q.stock from quote_set_item i join quote q on q.id = i.quote_id
          where i.quote_set_id = ${combo.id} order by i.quote_id`,
    );
    const order = await place({ quote_set_id: combo.id, quote_set_qty: 2 });
    expect(order.items).toHaveLength(1);
    const line = order.items[0]!;
    expect(line).toMatchObject({ quote_set_id: combo.id, product_type: 'COMBO', name: combo.name, qty: 2 });
    expect(line.subtotal).toBe(formatMoney(multiply(combo.price, 2)));
    expect(order.goods_amount).toBe(line.subtotal);
    expect(line.combo_items!.map((c) => [c.quote_id, c.qty]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      items.map((i) => [i.quote_id, i.qty]),
    );
    expect(order.quote_set_id).toBe(combo.id);
    // the creation's answer is the order as stored
    expect((await call('GET', `/orders/user_order/${order.id}`, patient)).json().data).toEqual(order);
    for (const i of items) expect(await stock(i.quote_id)).toBe(i.stock - 2 * i.qty);

    const cancelled = await call('PUT', `/orders/user_order/${order.id}`, patient, {
      action: 'cancel',
      reason: '买错了',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      msg: '订单已取消',
      data: { status: 'cancelled', cancelled_by: 'buyer', cancel_reason: '买错了' },
    });
    for (const i of items) expect(await stock(i.quote_id)).toBe(i.stock);
  });

  it('refuses bad input with Chinese messages naming the field, and writes nothing', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const [foreign] = await pickQuotes(t.database.db, otherPharmacyId, 1, false);
    const before = await orderCount();
    const cases: [object, string][] = [
      [{}, 'lines 请选择商品'],
      [{ lines: [{ quote_id: q, qty: 0 }] }, 'lines.0.qty 购买数量至少为 1'],
      [{ lines: [{ quote_id: q, qty: 1.5 }] }, 'lines.0.qty 购买数量须为整数'],
      [
        {
          lines: [
            { quote_id: q, qty: 1 },
            { quote_id: q, qty: 2 },
          ],
        },
        'lines 同一商品请合并数量',
      ],
      [{ lines: [{ quote_id: foreign, qty: 1 }] }, 'lines 商品不存在或不属于该药店'],
      [{ lines: [{ quote_id: q, qty: 1 }], family_member_id: otherMemberId }, 'family_member_id 就诊人不存在'],
      [{ lines: [{ quote_id: q, qty: 1 }], address_id: otherAddressId }, 'address_id 收货地址不存在'],
      [{ lines: [{ quote_id: q, qty: 1 }], address_id: undefined }, 'address_id 请选择收货地址'],
      [{ lines: [{ quote_id: q, qty: 1 }], pharmacy_id: 2_000_000_000 }, 'pharmacy_id 药店不存在或未营业'],
      [{ quote_set_id: 2_000_000_000 }, 'quote_set_id 套餐不存在或不属于该药店'],
      [{ lines: [{ quote_id: q, qty: 1 }], buyer_remark: '药'.repeat(201) }, 'buyer_remark 备注最多 200 字'],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', '/orders/user_order', patient, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const badKey = await call('POST', '/orders/user_order', patient, body({ lines: [{ quote_id: q, qty: 1 }] }), {
      'idempotency-key': 'not a key!',
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().msg).toBe('Idempotency-Key 须为 1–64 位字母、数字、- 或 _');
    expect(await orderCount()).toBe(before);
  });

  it('an off-shelf quote and a short stock answer 409 naming the product; nothing is written', async () => {
    const [q1, q2] = await pickQuotes(t.database.db, pharmacyId, 2, false);
    const name = async (id: number) =>
      (
        await one<{ name: string }>(
          sql`select p.name from quote q join product p on p.id = q.product_id where q.id = ${id}`,
        )
      ).name;
    await t.database.db.execute(sql`update quote set stock = 3 where id = ${q2!}`);
    const before = { orders: await orderCount(), s1: await stock(q1!), s2: await stock(q2!) };
    const short = await call(
      'POST',
      '/orders/user_order',
      patient,
      body({
        lines: [
          { quote_id: q1, qty: 1 },
          { quote_id: q2, qty: 4 },
        ],
      }),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json().msg).toBe(`「${await name(q2!)}」库存不足`);
    await t.database.db.execute(sql`update quote set status = 'off_shelf' where id = ${q2!}`);
    const off = await call('POST', '/orders/user_order', patient, body({ lines: [{ quote_id: q2, qty: 1 }] }));
    expect(off.statusCode).toBe(409);
    expect(off.json().msg).toBe(`「${await name(q2!)}」已下架`);
    await t.database.db.execute(sql`update quote set status = 'on_shelf' where id = ${q2!}`);
    expect({ orders: await orderCount(), s1: await stock(q1!), s2: await stock(q2!) }).toEqual(before);
  });
});

describe('idempotency', () => {
  it('the same key and body answer the first order; another body under the key is refused', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const s = await stock(q!);
    const first = await place({ lines: [{ quote_id: q, qty: 1 }] }, 'retry-key-1');
    const again = await call('POST', '/orders/user_order', patient, body({ lines: [{ quote_id: q, qty: 1 }] }), {
      'idempotency-key': 'retry-key-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);
    expect(await stock(q!)).toBe(s - 1);
    const changed = await call('POST', '/orders/user_order', patient, body({ lines: [{ quote_id: q, qty: 2 }] }), {
      'idempotency-key': 'retry-key-1',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().msg).toBe('该请求已提交过，内容不一致');
    // keys are per account: another account may use the same key
    const [foreignQ] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const theirs = await call(
      'POST',
      '/orders/user_order',
      other,
      {
        pharmacy_id: pharmacyId,
        family_member_id: otherMemberId,
        address_id: otherAddressId,
        lines: [{ quote_id: foreignQ, qty: 1 }],
      },
      { 'idempotency-key': 'retry-key-1' },
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.id).not.toBe(first.id);
    expect(await stock(q!)).toBe(s - 2);
  });

  it('10 concurrent requests with one key create one order and take the stock once', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const s = await stock(q!);
    const before = await orderCount();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/orders/user_order', patient, body({ lines: [{ quote_id: q, qty: 3 }] }), {
          'idempotency-key': 'concurrent-key',
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await stock(q!)).toBe(s - 3);
  });
});

describe('concurrency', () => {
  it('the last unit is sold once: 20 concurrent orders for a quote with stock 5 → exactly 5 succeed', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    await t.database.db.execute(sql`update quote set stock = 5 where id = ${q!}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/orders/user_order', patient, body({ lines: [{ quote_id: q, qty: 1 }] })),
      ),
    );
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toMatch(/库存不足$/);
    }
    expect(await stock(q!)).toBe(0);
    const sold = await one<{ n: number }>(
      sql`select coalesce(sum(i.qty), 0)::int n from order_item i join orders o on o.id = i.order_id
          where i.quote_id = ${q!} and o.status <> 'cancelled' and o.created_at > now() - interval '1 minute'`,
    );
    expect(sold.n).toBeGreaterThanOrEqual(5);
    expect((await one<{ n: number }>(sql`select count(*)::int n from quote where stock < 0`)).n).toBe(0);
  });
});

describe('paying', () => {
  it('opens one offline payment with the receiving account; staff confirm it; paying again is refused', async () => {
    await t.database.db.execute(
      sql`update pharmacy_setting set receiving_bank = '招商银行', receiving_account_name = '测试药房',
            receiving_account_no = '6214 8888 0000 1234' where pharmacy_id = ${pharmacyId}`,
    );
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const order = await place({ lines: [{ quote_id: q, qty: 1 }] });
    const res = await call('POST', `/orders/user_order/${order.id}/pay`, patient, {
      provider: 'offline',
      reference: '尾号 1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('已提交付款，等待药店确认收款');
    const paid = payUserOrderResultSchema.strict().parse(res.json().data);
    expect(paid).toMatchObject({
      order_id: order.id,
      order_status: 'pending_payment',
      payment: { status: 'pending', provider: 'offline', amount: order.pay_amount, reference: '尾号 1234' },
      receiving: { bank: '招商银行', account_name: '测试药房', account_no: '6214 8888 0000 1234' },
    });
    expect(paid.instructions).toContain(order.order_no);
    expect(paid.instructions).toContain(`¥${order.pay_amount}`);
    // again: the same open payment (with the newer reference), never a second one
    const again = await call('POST', `/orders/user_order/${order.id}/pay`, patient, { reference: '已转账' });
    expect(again.json().data.payment).toMatchObject({ id: paid.payment.id, reference: '已转账' });
    const twice = await Promise.all(
      // without a body: the offline provider, no reference
      Array.from({ length: 5 }, () => call('POST', `/orders/user_order/${order.id}/pay`, patient)),
    );
    for (const r of twice) expect(r.json().data.payment.id).toBe(paid.payment.id);
    expect(await one(sql`select count(*)::int n from order_payment where order_id = ${order.id}`)).toEqual({ n: 1 });
    expect((await call('GET', `/orders/user_order/${order.id}`, patient)).json().data.pay_method).toBe('offline');

    // staff confirm the transfer (the console's confirm call runs this transition)
    await transitionOrder(t.database.db, order.id, 'pay', { pharmacyId, confirmedBy: 1 });
    const payment = await one<{ status: string; confirmed_by: number }>(
      sql`select status, confirmed_by from order_payment where order_id = ${order.id}`,
    );
    expect(payment).toEqual({ status: 'paid', confirmed_by: 1 });
    expect(await one(sql`select count(*)::int n, min(status) s from settlement where order_id = ${order.id}`)).toEqual({
      n: 1,
      s: 'pending',
    });
    const late = await call('POST', `/orders/user_order/${order.id}/pay`, patient, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('订单待发货，不能付款');
    const bad = await call('POST', `/orders/user_order/${order.id}/pay`, patient, { provider: 'wechat' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^provider /);
  });
});

describe('changing and completing', () => {
  it('the buyer cancels an unpaid order (stock back, open payment closed); not a paid one', async () => {
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const s = await stock(q!);
    const order = await place({ lines: [{ quote_id: q, qty: 4 }] });
    await call('POST', `/orders/user_order/${order.id}/pay`, patient, {});
    const res = await call('PUT', `/orders/user_order/${order.id}`, patient, { action: 'cancel' });
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancel_reason: '买家取消', cancelled_by: 'buyer' });
    expect(await stock(q!)).toBe(s);
    expect(await one(sql`select status from order_payment where order_id = ${order.id}`)).toEqual({ status: 'closed' });
    const again = await call('PUT', `/orders/user_order/${order.id}`, patient, { action: 'cancel' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('订单已取消，不能取消订单');

    const paid = await insertOrder(t.database.db, { pharmacyId, status: 'pending_shipment' });
    const refused = await call('PUT', `/orders/user_order/${paid.id}`, patient, { action: 'cancel' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('订单待发货，不能取消订单');
    const bad = await call('PUT', `/orders/user_order/${paid.id}`, patient, { action: 'refund' });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the address of an unpaid order (a copy of it); only the caller’s addresses', async () => {
    const second = (
      await call('POST', '/user/address', patient, {
        name: '李小华',
        phone: '13900000001',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        detail: '张江路 88 号',
      })
    ).json().data;
    const [q] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const order = await place({ lines: [{ quote_id: q, qty: 1 }] });
    const res = await call('PUT', `/orders/user_order/${order.id}`, patient, {
      action: 'change_address',
      address_id: second.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      province: '上海市',
      district: '浦东新区',
      address_detail: '张江路 88 号',
      address: '上海市浦东新区张江路 88 号',
    });
    const foreign = await call('PUT', `/orders/user_order/${order.id}`, patient, {
      action: 'change_address',
      address_id: otherAddressId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe('address_id 收货地址不存在');
  });

  it('the buyer confirms receipt of a shipped order (settlement settled); not of an unshipped one', async () => {
    const shipped = await insertOrder(t.database.db, { pharmacyId, status: 'shipped' });
    const unshipped = await insertOrder(t.database.db, { pharmacyId, status: 'pending_shipment' });
    const refused = await call('POST', `/orders/user_order/${unshipped.id}/complete`, patient);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('订单待发货，不能确认收货');
    const res = await call('POST', `/orders/user_order/${shipped.id}/complete`, patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg: '已确认收货', data: { status: 'completed', completed_by: 'user' } });
    expect(await one(sql`select status from settlement where order_id = ${shipped.id}`)).toEqual({ status: 'settled' });
  });
});

describe('auto-completion', () => {
  it('two runners over the same due orders complete each once; orders not yet due stay shipped', async () => {
    const due = [];
    for (let i = 0; i < 6; i++) due.push((await insertOrder(t.database.db, { pharmacyId, status: 'shipped' })).id);
    const notDue = (await insertOrder(t.database.db, { pharmacyId, status: 'shipped' })).id;
    await t.database.db.execute(sql`update orders set auto_confirm_at = now() - interval '1 minute'
      where id in (${sql.join(
        due.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    // other tests' shipped orders may be due too; the runners must complete those once as well
    const dueBefore = (
      await one<{ n: number }>(
        sql`select count(*)::int n from orders where status = 'shipped' and auto_confirm_at <= now()`,
      )
    ).n;
    const [a, b] = await Promise.all([completeDueOrders(t.database.db, 2), completeDueOrders(t.database.db, 2)]);
    expect(a + b).toBe(dueBefore);
    const states = await rows<{ id: number; status: string; completed_by: string; settlement: string }>(
      sql`select o.id, o.status, o.completed_by, s.status settlement from orders o join settlement s on s.order_id = o.id
          where o.id in (${sql.join(
            [...due, notDue].map((id) => sql`${id}`),
            sql`, `,
          )}) order by o.id`,
    );
    for (const s of states.filter((x) => x.id !== notDue)) {
      expect(s).toMatchObject({ status: 'completed', completed_by: 'auto', settlement: 'settled' });
    }
    expect(states.find((x) => x.id === notDue)).toMatchObject({ status: 'shipped', settlement: 'pending' });
    // a second pass finds nothing left
    expect(await completeDueOrders(t.database.db)).toBe(0);
  });

  it('the job runs once when the app is ready (a restart finds what is due), and a close waits for the run', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId, status: 'shipped' });
    await t.database.db.execute(sql`update orders set auto_confirm_at = now() - interval '8 days' where id = ${id}`);
    const app = Fastify({ logger: false });
    startAutoComplete(app, t.database.db);
    await app.ready();
    await app.close();
    expect(await one(sql`select status, completed_by from orders where id = ${id}`)).toEqual({
      status: 'completed',
      completed_by: 'auto',
    });
  });
});
