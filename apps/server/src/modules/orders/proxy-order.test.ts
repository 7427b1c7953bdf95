import {
  customerOrderDetailSchema,
  customerOrderListResultSchema,
  idNumberCheckChar,
  orderDetailSchema,
  proxyCatalogSchema,
  proxyCustomerSchema,
  proxyOrderCreatedSchema,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let pharmacyId: number;
let secondPharmacyId: number;
let cs: string; // 王丽娟, customer_service of the first pharmacy
let cs2: string; // 吴婷婷, another customer_service there
let manager: string;
let shop: string;
let pharmacist: string;
let patient: string;
let csId: number;
let patientId: number;
let memberId: number;
let addressId: number;
let strangerId: number; // an account that is no customer of the pharmacy
let strangerMemberId: number;
let strangerAddressId: number;
let nonDrug: number[];
let rx: number;
let otc: number;

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

type Method = 'GET' | 'PUT' | 'POST';
const call = (
  method: Method,
  url: string,
  token?: string,
  payload?: object,
  extra: Record<string, string> = {},
  pharmacy: number | undefined = pharmacyId,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers(token, pharmacy), ...extra },
    ...(payload ? { payload } : {}),
  });

const stock = async (id: number) => (await one<{ stock: number }>(sql`select stock from quote where id = ${id}`)).stock;
const accountId = async (phone: string) =>
  (await one<{ id: number }>(sql`select id from account where phone = ${phone}`)).id;

const body = (over: object = {}) => ({
  kind: 'non_drug',
  customer_id: patientId,
  family_member_id: memberId,
  address_id: addressId,
  lines: [{ quote_id: nonDrug[0], qty: 1 }],
  remark: '客服代下单',
  ...over,
});

async function create(token: string, over: object = {}, key?: string) {
  const res = await call('POST', '/marketing/order', token, body(over), key ? { 'idempotency-key': key } : {});
  expect(res.statusCode, res.body).toBe(200);
  return proxyOrderCreatedSchema.strict().parse(res.json().data);
}

beforeAll(async () => {
  t = await createTestApp();
  const active = await rows<{ id: number }>(sql`select id from pharmacy where status = 'active' order by id limit 2`);
  pharmacyId = active[0]!.id;
  secondPharmacyId = active[1]!.id;
  [cs, cs2, manager, shop, pharmacist, patient] = await Promise.all(
    ['13800000004', '13800000012', '13800000003', '13800000001', '13800000006', '13900000001'].map((p) => t.login(p)),
  );
  csId = await accountId('13800000004');
  patientId = await accountId('13900000001');
  // the demo patient is 王丽娟's customer here (whatever the marketing seed made of her card)
  await t.database.db.execute(sql`
    insert into customer_info (pharmacy_id, account_id, owner_account_id, source)
    values (${pharmacyId}, ${patientId}, ${csId}, 'test')
    on conflict (pharmacy_id, account_id) do update set owner_account_id = excluded.owner_account_id`);
  memberId = (await call('GET', '/user/family_member', patient)).json().data[0].id;
  addressId = (await call('GET', '/user/address', patient)).json().data[0].id;

  // a patient who is nobody's customer here, with a family member and an address of their own
  const stranger = await t.login('13800000005'); // the doctor's account doubles as a patient elsewhere
  strangerId = await accountId('13800000005');
  await t.database.db.execute(
    sql`delete from customer_info where pharmacy_id = ${pharmacyId} and account_id = ${strangerId}`,
  );
  strangerMemberId = (
    await call('POST', '/user/family_member', stranger, {
      name: '赵敏',
      id_number: `11010519800115011${idNumberCheckChar('11010519800115011')}`,
      relation: 'self',
    })
  ).json().data.id;
  strangerAddressId = (
    await call('POST', '/user/address', stranger, {
      name: '赵敏',
      phone: '13912345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 100 号',
    })
  ).json().data.id;

  const quotes = await rows<{ id: number; type: string }>(
    sql`select q.id, p.type from quote q join product p on p.id = q.product_id
        where q.pharmacy_id = ${pharmacyId} and q.status = 'on_shelf' and p.status = 'active' and q.stock >= 20
        order by q.id`,
  );
  nonDrug = quotes.filter((q) => q.type === 'NON_DRUG').map((q) => q.id);
  rx = quotes.find((q) => q.type === 'RX')!.id;
  otc = quotes.find((q) => q.type === 'OTC')!.id;
  expect(nonDrug.length).toBeGreaterThanOrEqual(2);
}, 120_000);
afterAll(() => t?.close());

describe('access', () => {
  it('needs a session and a marketing staff role of the pharmacy', async () => {
    expect((await call('GET', '/marketing/order', undefined)).statusCode).toBe(401);
    for (const token of [pharmacist, patient]) {
      for (const [method, url] of [
        ['GET', '/marketing/order'],
        ['GET', '/marketing/order/customer'],
        ['GET', '/marketing/order/catalog'],
        ['POST', '/marketing/order'],
        ['GET', '/marketing/order/1'],
      ] as const) {
        const res = await call(method, url, token, method === 'POST' ? body() : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    for (const token of [cs, manager, shop]) {
      expect((await call('GET', '/marketing/order', token)).statusCode).toBe(200);
    }
  });
});

describe('pickers', () => {
  it('finds the pharmacy’s customers by phone, last four digits or name, phones masked', async () => {
    for (const keyword of ['13900000001', '0001', '李小']) {
      const res = await call('GET', `/marketing/order/customer?keyword=${encodeURIComponent(keyword)}`, cs);
      expect(res.statusCode).toBe(200);
      const found = res.json().data.find((c: { account_id: number }) => c.account_id === patientId);
      expect(found, keyword).toMatchObject({ phone: '139****0001', mine: true, owner_name: '王丽娟' });
    }
    const none = await call('GET', '/marketing/order/customer?keyword=13800000005', cs);
    expect(none.json().data).toEqual([]);
  });

  it('answers a customer’s family members and addresses; a non-customer or another pharmacy’s is 404', async () => {
    const res = await call('GET', `/marketing/order/customer/${patientId}`, cs);
    expect(res.statusCode).toBe(200);
    const c = proxyCustomerSchema.strict().parse(res.json().data);
    expect(c.family_members.map((m) => m.id)).toContain(memberId);
    expect(c.addresses.map((a) => a.id)).toContain(addressId);
    expect(c.addresses[0]!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const stranger = await call('GET', `/marketing/order/customer/${strangerId}`, cs);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().msg).toBe('客户不存在');
    const elsewhere = await call(
      'GET',
      `/marketing/order/customer/${patientId}`,
      shop,
      undefined,
      {},
      secondPharmacyId,
    );
    // the shop's second pharmacy: the patient is no customer there unless a card exists
    const card = await rows(
      sql`select 1 from customer_info where pharmacy_id = ${secondPharmacyId} and account_id = ${patientId}`,
    );
    expect(elsewhere.statusCode).toBe(card.length ? 200 : 404);
  });

  it('offers NON_DRUG quotes only for a non-drug order, any quote and combos for a proxy order', async () => {
    const nd = proxyCatalogSchema.parse((await call('GET', '/marketing/order/catalog?kind=non_drug', cs)).json().data);
    expect(nd.quotes.length).toBeGreaterThan(0);
    expect(nd.quotes.every((q) => q.type === 'NON_DRUG')).toBe(true);
    expect(nd.combos).toEqual([]);
    expect(nd.freight).toMatch(/^\d+\.\d{2}$/);
    const px = proxyCatalogSchema.parse((await call('GET', '/marketing/order/catalog?kind=proxy', cs)).json().data);
    expect(new Set(px.quotes.map((q) => q.type)).size).toBeGreaterThan(1);
  });
});

describe('placing an order for a customer', () => {
  it('places a non-drug order for the customer: kind non_drug, created by the staff member, pay link', async () => {
    const before = await stock(nonDrug[0]!);
    const order = await create(cs, { lines: [{ quote_id: nonDrug[0], qty: 2 }] });
    expect(order).toMatchObject({ kind: 'non_drug', status: 'pending_payment', account_id: patientId });
    expect(order.pay_link).toBe(`/patient/pay?id=${order.id}`);
    expect(await stock(nonDrug[0]!)).toBe(before - 2);
    const stored = await one<{ created_by: number; kind: string; pharmacy_id: number; buyer_remark: string }>(
      sql`select created_by, kind, pharmacy_id, buyer_remark from orders where id = ${order.id}`,
    );
    expect(stored).toEqual({ created_by: csId, kind: 'non_drug', pharmacy_id: pharmacyId, buyer_remark: '客服代下单' });
    const audit = await rows(
      sql`select 1 from audit_log where action = 'proxy_order.create' and target = ${`order:${order.id}`}`,
    );
    expect(audit.length).toBe(1);
    // the customer sees it as her own order
    const mine = await call('GET', `/orders/user_order/${order.id}`, patient, undefined, {}, undefined);
    expect(mine.statusCode).toBe(200);
    expect(orderDetailSchema.parse(mine.json().data).kind).toBe('non_drug');
  });

  it('refuses a non-NON_DRUG quote in a non-drug order (400 naming the product), and a combo', async () => {
    const res = await call('POST', '/marketing/order', cs, body({ lines: [{ quote_id: otc, qty: 1 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^lines 「.+」不是非药品$/);
    const combo = await call('POST', '/marketing/order', cs, body({ quote_set_id: 1 }));
    expect(combo.statusCode).toBe(400);
    expect(combo.json().msg).toContain('非药品下单不能选择套餐');
  });

  it('refuses a non-customer (404), another account’s family member or address (400 naming the field)', async () => {
    const stranger = await call('POST', '/marketing/order', cs, body({ customer_id: strangerId }));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().msg).toBe('客户不存在');
    const member = await call('POST', '/marketing/order', cs, body({ family_member_id: strangerMemberId }));
    expect(member.statusCode).toBe(400);
    expect(member.json().msg).toMatch(/^family_member_id /);
    const address = await call('POST', '/marketing/order', cs, body({ address_id: strangerAddressId }));
    expect(address.statusCode).toBe(400);
    expect(address.json().msg).toMatch(/^address_id /);
    // another pharmacy's staff: the patient is not their customer unless a card exists there
    await t.database.db.execute(
      sql`delete from customer_info where pharmacy_id = ${secondPharmacyId} and account_id = ${patientId}`,
    );
    const elsewhere = await call('POST', '/marketing/order', shop, body(), {}, secondPharmacyId);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a blacklisted customer (403) and writes nothing', async () => {
    const other = await accountId('13800000012');
    await t.database.db.execute(sql`
      insert into customer_info (pharmacy_id, account_id, owner_account_id) values (${pharmacyId}, ${strangerId}, ${csId})
      on conflict do nothing`);
    await t.database.db.execute(sql`
      insert into black_user (pharmacy_id, account_id, phone, reason, created_by)
      values (${pharmacyId}, ${strangerId}, '13800000005', '恶意下单', ${other})`);
    try {
      const count = async () => (await one<{ n: number }>(sql`select count(*)::int n from orders`)).n;
      const before = await count();
      const res = await call(
        'POST',
        '/marketing/order',
        cs,
        body({ customer_id: strangerId, family_member_id: strangerMemberId, address_id: strangerAddressId }),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('该用户已被加入黑名单，无法操作');
      expect(await count()).toBe(before);
    } finally {
      await t.database.db.execute(sql`delete from black_user where account_id = ${strangerId}`);
      await t.database.db.execute(
        sql`delete from customer_info where pharmacy_id = ${pharmacyId} and account_id = ${strangerId}`,
      );
    }
  });

  it('is idempotent by the Idempotency-Key header: the same body answers the first order, another body 409', async () => {
    const before = await stock(nonDrug[1]!);
    const key = `proxy-${Date.now()}`;
    const lines = [{ quote_id: nonDrug[1], qty: 1 }];
    const [a, b] = await Promise.all([create(cs, { lines }, key), create(cs, { lines }, key)]);
    expect(b.id).toBe(a.id);
    expect(await stock(nonDrug[1]!)).toBe(before - 1);
    const again = await create(cs, { lines }, key);
    expect(again.id).toBe(a.id);
    const other = await call('POST', '/marketing/order', cs, body({ lines: [{ quote_id: nonDrug[1], qty: 2 }] }), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().msg).toBe('该请求已提交过，内容不一致');
    const bad = await call('POST', '/marketing/order', cs, body(), { 'idempotency-key': 'bad key!' });
    expect(bad.statusCode).toBe(400);
  });

  it('a proxy order may hold a combo (one COMBO line) besides quotes; the combo is offered by the catalog', async () => {
    const combo = await rows<{ id: number }>(
      sql`select s.id from quote_set s where s.pharmacy_id = ${pharmacyId} and s.status = 'on_sale'
          and not exists (select 1 from quote_set_item i join quote q on q.id = i.quote_id
            where i.quote_set_id = s.id and (q.status <> 'on_shelf' or q.stock < 5 * i.qty))
          order by s.id limit 1`,
    );
    expect(combo.length).toBe(1);
    const offered = proxyCatalogSchema.parse(
      (await call('GET', '/marketing/order/catalog?kind=proxy', cs)).json().data,
    );
    expect(offered.combos.map((c) => c.id)).toContain(combo[0]!.id);
    const order = await create(cs, {
      kind: 'proxy',
      lines: [{ quote_id: otc, qty: 1 }],
      quote_set_id: combo[0]!.id,
      quote_set_qty: 1,
    });
    expect(order.kind).toBe('proxy');
    expect(order.items.map((i) => i.product_type)).toContain('COMBO');
    expect(order.quote_set_id).toBe(combo[0]!.id);
  });

  it('a proxy order with RX lines: paid by the customer on the payment link, then pending_review with its consultation', async () => {
    const order = await create(cs, {
      kind: 'proxy',
      lines: [
        { quote_id: rx, qty: 1 },
        { quote_id: otc, qty: 1 },
      ],
    });
    expect(order).toMatchObject({ kind: 'proxy', has_rx: true, status: 'pending_payment' });
    // the customer opens /patient/pay?id= (her own order) and pays offline; another account gets 404
    const stranger = await t.login('13800000005');
    expect((await call('GET', `/orders/user_order/${order.id}`, stranger, undefined, {}, undefined)).statusCode).toBe(
      404,
    );
    const paid = await call(
      'POST',
      `/orders/user_order/${order.id}/pay`,
      patient,
      { provider: 'offline' },
      {},
      undefined,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    // the pharmacy confirms the transfer on its order list, as for any order
    const confirm = await call('PUT', `/orders/pharmacy/${order.id}/pay`, shop, {});
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.status).toBe('pending_review');
    const consultation = await rows<{ order_id: number; source: string; account_id: number }>(
      sql`select order_id, source, account_id from consultation_request where order_id = ${order.id}`,
    );
    expect(consultation).toEqual([{ order_id: order.id, source: 'order', account_id: patientId }]);
  });
});

describe('客户订单', () => {
  let ownId: number;
  beforeAll(async () => {
    ownId = (await create(cs, { kind: 'proxy', lines: [{ quote_id: otc, qty: 1 }] })).id;
  });

  it('customer service sees their customers’ orders and what they placed; another colleague does not', async () => {
    const mine = customerOrderListResultSchema.parse(
      (await call('GET', '/marketing/order?page_size=100', cs)).json().data,
    );
    expect(mine.list.map((o) => o.id)).toContain(ownId);
    const row = mine.list.find((o) => o.id === ownId)!;
    expect(row).toMatchObject({
      kind: 'proxy',
      created_by_name: '王丽娟',
      owner_name: '王丽娟',
      customer_name: '李小华',
    });
    expect(row.buyer_phone).toBe('139****0001');
    expect(row.receiver_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(mine.counts.all).toBe(mine.total);
    expect(mine.counts.all).toBe(
      Object.entries(mine.counts)
        .filter(([k]) => k !== 'all')
        .reduce((s, [, n]) => s + n, 0),
    );

    const theirs = customerOrderListResultSchema.parse(
      (await call('GET', '/marketing/order?page_size=100', cs2)).json().data,
    );
    expect(theirs.list.map((o) => o.id)).not.toContain(ownId);
    for (const url of [`/marketing/order/${ownId}`, `/marketing/order/${ownId}/remark`]) {
      expect((await call('GET', url, cs2)).statusCode).toBe(404);
    }
    expect((await call('POST', `/marketing/order/${ownId}/remark`, cs2, { content: '不是我的' })).statusCode).toBe(404);
  });

  it('filters by kind, status and keyword (order number, phone, last four digits)', async () => {
    const order = await one<{ order_no: string; status: string }>(
      sql`select order_no, status from orders where id = ${ownId}`,
    );
    const list = async (qs: string) =>
      customerOrderListResultSchema.parse((await call('GET', `/marketing/order?page_size=100&${qs}`, cs)).json().data);
    const proxy = await list('kind=proxy');
    expect(proxy.list.every((o) => o.kind === 'proxy')).toBe(true);
    expect((await list('kind=non_drug')).list.every((o) => o.kind === 'non_drug')).toBe(true);
    expect((await list('status=pending_payment')).list.every((o) => o.status === 'pending_payment')).toBe(true);
    expect((await list(`keyword=${order.order_no}`)).list.map((o) => o.id)).toEqual([ownId]);
    expect((await list('keyword=13900000001')).list.map((o) => o.id)).toContain(ownId);
    expect((await list('keyword=0001')).list.map((o) => o.id)).toContain(ownId);
    expect((await list('keyword=9999999999999')).list).toEqual([]);
  });

  it('a manager sees the pharmacy’s, narrowed by owner or team; another pharmacy’s header sees none of them', async () => {
    const all = customerOrderListResultSchema.parse(
      (await call('GET', '/marketing/order?page_size=100', manager)).json().data,
    );
    expect(all.list.map((o) => o.id)).toContain(ownId);
    const byOwner = customerOrderListResultSchema.parse(
      (await call('GET', `/marketing/order?page_size=100&owner_id=${await accountId('13800000012')}`, manager)).json()
        .data,
    );
    expect(byOwner.list.map((o) => o.id)).not.toContain(ownId);
    const team = await one<{ team_id: number }>(
      sql`select team_id from pharmacy_member where pharmacy_id = ${pharmacyId} and account_id = ${csId}`,
    );
    const byTeam = customerOrderListResultSchema.parse(
      (await call('GET', `/marketing/order?page_size=100&team_id=${team.team_id}`, manager)).json().data,
    );
    expect(byTeam.list.map((o) => o.id)).toContain(ownId);
    const options = (await call('GET', '/marketing/order/filter', manager)).json().data;
    expect(options.teams.map((x: { id: number }) => x.id)).toContain(team.team_id);

    const elsewhere = customerOrderListResultSchema.parse(
      (await call('GET', '/marketing/order?page_size=100', shop, undefined, {}, secondPharmacyId)).json().data,
    );
    expect(elsewhere.list.map((o) => o.id)).not.toContain(ownId);
    expect((await call('GET', `/marketing/order/${ownId}`, shop, undefined, {}, secondPharmacyId)).statusCode).toBe(
      404,
    );
  });

  it('detail with the payment link; remarks added (audited) and listed newest first', async () => {
    const add = async (content: string) => {
      const res = await call('POST', `/marketing/order/${ownId}/remark`, cs, { content });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    await add('客户说明天付款');
    const second = await add('已电话提醒');
    expect(second.author_name).toBe('王丽娟');
    const empty = await call('POST', `/marketing/order/${ownId}/remark`, cs, { content: '  ' });
    expect(empty.statusCode).toBe(400);
    const detail = customerOrderDetailSchema
      .strict()
      .parse((await call('GET', `/marketing/order/${ownId}`, cs)).json().data);
    expect(detail.pay_link).toBe(`/patient/pay?id=${ownId}`);
    expect(detail.remarks.map((r) => r.content)).toEqual(['已电话提醒', '客户说明天付款']);
    expect(detail.items.length).toBe(1);
    const listed = (await call('GET', `/marketing/order/${ownId}/remark`, manager)).json().data;
    expect(listed[0].content).toBe('已电话提醒');
    const audit = await rows(
      sql`select 1 from audit_log where action = 'proxy_order.remark' and target = ${`order:${ownId}`}`,
    );
    expect(audit.length).toBe(2);
    expect((await call('GET', '/marketing/order/2000000000', cs)).statusCode).toBe(404);
  });
});
