import { add, formatMoney, multiply, orderDetailSchema, payUserOrderResultSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let patient: string;
let other: string;
let pharmacyId: number;
let memberId: number;
let addressId: number;

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows[0]!;

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers(token), ...extra },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  patient = await t.login('13900000001');
  other = await t.login('13800000001');
  pharmacyId = (await one<{ id: number }>(sql`select min(id) id from pharmacy where status = 'active'`)).id;
  memberId = (await call('GET', '/user/family_member', patient)).json().data[0].id;
  addressId = (await call('GET', '/user/address', patient)).json().data[0].id;
}, 120_000);
afterAll(() => t?.close());

const body = (over: object = {}) => ({
  pharmacy_id: pharmacyId,
  family_member_id: memberId,
  address_id: addressId,
  lines: [],
  ...over,
});

describe('placing an order', () => {
  it('snapshots the lines, takes the stock, totals exactly; get and list answer it', async () => {
    const [q1, q2] = await pickQuotes(t.database.db, pharmacyId, 2, false);
    const stock = async (id: number) =>
      (await one<{ stock: number }>(sql`select stock from quote where id = ${id}`)).stock;
    const before = [await stock(q1!), await stock(q2!)];
    const res = await call(
      'POST',
      '/orders/user_order',
      patient,
      body({
        lines: [
          { quote_id: q1, qty: 2 },
          { quote_id: q2, qty: 1 },
        ],
        buyer_remark: '尽快发货',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = orderDetailSchema.strict().parse(res.json().data);
    expect(order.status).toBe('pending_payment');
    expect(order.order_no).toMatch(/^\d{8}\d{10}$/);
    expect(order.items).toHaveLength(2);
    let goods = '0';
    for (const i of order.items) {
      expect(i.subtotal).toBe(formatMoney(multiply(i.price, i.qty)));
      goods = add(goods, i.subtotal);
    }
    expect(order.goods_amount).toBe(formatMoney(goods));
    expect(order.pay_amount).toBe(formatMoney(add(add(order.goods_amount, order.freight), `-${order.discount}`)));
    expect([await stock(q1!), await stock(q2!)]).toEqual([before[0]! - 2, before[1]! - 1]);

    const got = await call('GET', `/orders/user_order/${order.id}`, patient);
    expect(got.json().data).toEqual(order);
    const list = await call('GET', '/orders/user_order', patient);
    expect(list.json().data.list[0].id).toBe(order.id);

    const pay = await call('POST', `/orders/user_order/${order.id}/pay`, patient, {
      provider: 'offline',
      reference: '尾号 1234',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const paid = payUserOrderResultSchema.parse(pay.json().data);
    expect(paid.payment).toMatchObject({ status: 'pending', provider: 'offline', amount: order.pay_amount });
    expect(paid.order_status).toBe('pending_payment');
  });
});
