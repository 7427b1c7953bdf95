import {
  adminCustomerCardSchema,
  adminCustomerListResultSchema,
  adminCustomerMessages,
  adminCustomerPhoneSchema,
  maskPhone,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string;
let reportOnly: string;
let shop: string;
let operatorId: number;
let P1: number;
let P2: number;
/** A: member of P1 and P2, orders and prescriptions. B: member of P2 only, nothing else. C: no membership. */
let A: number;
let B: number;
let C: number;
const PHONE_A = '13712340001';
const PHONE_B = '13712345678';
const PHONE_C = '13712340003';

const rows = async <T>(q: SQL) => (await queryRows<T>(t.database.db, q)).rows;
const one = async <T>(q: SQL) => (await rows<T>(q))[0]!;

const call = (method: 'GET' | 'POST', url: string, token: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token) });

const list = async (qs: string) => {
  const res = await call('GET', `/admin/viper${qs ? `?${qs}` : ''}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return adminCustomerListResultSchema.parse(res.json().data);
};

async function account(phone: string, name: string) {
  return (
    await one<{ id: number }>(
      sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`oc-${phone}`}, ${name}) returning id`,
    )
  ).id;
}

async function recipe(accountId: number, pharmacyId: number, n: number) {
  const { id: doctorId } = await one<{ id: number }>(sql`select id from doctor order by id limit 1`);
  await t.database.db.execute(
    sql`insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, patient_name, items)
        values (${`OCR${accountId}-${n}`}, ${doctorId}, ${pharmacyId}, ${accountId}, '测试患者', '[]'::jsonb)`,
  );
}

/** What the list and the card must show, from the raw rows. */
async function raw(accountId: number) {
  return one<{ orders: number; paid: string; recipes: number; first: Date | null; last: Date | null }>(
    sql`select (select count(*)::int from orders where account_id = ${accountId} and deleted_at is null) as orders,
        (select coalesce(sum(pay_amount), 0)::numeric(14,2)::text from orders where account_id = ${accountId}
          and deleted_at is null and paid_at is not null and status <> 'cancelled') as paid,
        (select count(*)::int from recipe where account_id = ${accountId}) as recipes,
        (select min(created_at) from orders where account_id = ${accountId} and deleted_at is null) as first,
        (select max(created_at) from orders where account_id = ${accountId} and deleted_at is null) as last`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
  shop = await t.login('13800000001');
  operatorId = (await one<{ id: number }>(sql`select id from account where phone = '13800000007'`)).id;
  // an operator holding only `report`
  const { id: r } = await one<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name, password_hash)
        select '13712340009', 'oc-report', '只管投诉', password_hash from account where phone = '13800000007'
        returning id`,
  );
  await t.database.db.execute(
    sql`insert into admin_profile (account_id, admin_permissions) values (${r}, array['report'])`,
  );
  reportOnly = await t.login('13712340009');

  const ps = await rows<{ id: number }>(sql`select id from pharmacy where status = 'active' order by id limit 2`);
  [P1, P2] = [ps[0]!.id, ps[1]!.id];
  A = await account(PHONE_A, '欧阳测试');
  B = await account(PHONE_B, '司马测试');
  C = await account(PHONE_C, '非会员');
  await t.database.db.execute(
    sql`insert into viper (pharmacy_id, account_id, level, created_at) values
        (${P1}, ${A}, 2, '2020-03-05 10:00:00+08'), (${P2}, ${A}, 1, '2021-01-01 00:00:00+08'),
        (${P2}, ${B}, 1, '2020-03-06 00:30:00+08')`,
  );
  const { id: owner } = await one<{ id: number }>(sql`select id from account where phone = '13800000004'`);
  await t.database.db.execute(
    sql`insert into customer_info (pharmacy_id, account_id, owner_account_id, tags, source)
        values (${P1}, ${A}, ${owner}, array['高血压'], '门店')`,
  );
  await t.database.db.execute(
    sql`insert into address (account_id, name, phone, province, city, district, detail)
        values (${A}, '欧阳测试', ${PHONE_A}, '浙江省', '杭州市', '西湖区', '文三路 1 号')`,
  );
  await t.database.db.execute(
    sql`insert into family_member (account_id, name, phone, relation) values (${A}, '欧阳小测', ${PHONE_A}, 'child')`,
  );
  await insertOrder(t.database.db, { pharmacyId: P1, accountId: A, status: 'completed' });
  await insertOrder(t.database.db, { pharmacyId: P1, accountId: A, status: 'pending_shipment' });
  await insertOrder(t.database.db, { pharmacyId: P2, accountId: A, status: 'pending_payment' });
  const cancelled = await insertOrder(t.database.db, { pharmacyId: P2, accountId: A, status: 'pending_shipment' });
  await t.database.db.execute(
    sql`update orders set status = 'cancelled' where id = ${cancelled.id}`, // paid, then refunded: not in the amount
  );
  const deleted = await insertOrder(t.database.db, { pharmacyId: P1, accountId: A, status: 'cancelled' });
  await t.database.db.execute(sql`update orders set deleted_at = now() where id = ${deleted.id}`);
  await recipe(A, P1, 1);
  await recipe(A, P2, 2);
  await insertOrder(t.database.db, { pharmacyId: P1, accountId: C, status: 'completed' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /admin/viper (platform members)', () => {
  it('reconciles a member’s figures with the raw rows, phone masked', async () => {
    const page = await list(`keyword=${PHONE_A}`);
    expect(page.total).toBe(1);
    const row = page.list[0]!;
    const expected = await raw(A);
    expect(expected.orders).toBe(4); // the deleted order is not counted
    expect(row).toMatchObject({
      account_id: A,
      name: '欧阳测试',
      phone: '137****0001',
      order_count: expected.orders,
      paid_amount: expected.paid,
      prescription_count: 2,
      first_order_at: new Date(expected.first!).toISOString(),
      last_order_at: new Date(expected.last!).toISOString(),
      joined_at: new Date('2020-03-05T02:00:00Z').toISOString(),
    });
    const names = await rows<{ name: string }>(
      sql`select p.name from viper v join pharmacy p on p.id = v.pharmacy_id where v.account_id = ${A}
          order by v.created_at`,
    );
    expect(row.pharmacies.map((p) => p.name)).toEqual(names.map((n) => n.name));
    expect(Number(row.paid_amount)).toBeGreaterThan(0);
  });

  it('pages every member newest account first; totals and every row’s figures equal the raw rows', async () => {
    const { n } = await one<{ n: number }>(sql`select count(distinct account_id)::int as n from viper`);
    const page = await list('page_size=50');
    expect(page.total).toBe(n);
    const ids = page.list.map((r) => r.account_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.list.some((r) => r.account_id === C)).toBe(false);
    for (const r of page.list) {
      expect(r.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
      const e = await raw(r.account_id);
      expect([r.order_count, r.paid_amount, r.prescription_count]).toEqual([e.orders, e.paid, e.recipes]);
    }
    const all = JSON.stringify(page.list);
    for (const { phone } of await rows<{ phone: string }>(
      sql`select a.phone from account a where a.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ))
      expect(all).not.toContain(phone);
    // page 2 continues where page 1 stopped (the demo has more than 5 members)
    const first5 = await list('page_size=5');
    const next5 = await list('page_size=5&page=2');
    expect(next5.list.length).toBeGreaterThan(0);
    expect(next5.list.every((r) => r.account_id < first5.list[4]!.account_id)).toBe(true);
  });

  it('filters by pharmacy', async () => {
    const page = await list(`pharmacy_id=${P1}&page_size=100`);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from viper where pharmacy_id = ${P1}`);
    expect(page.total).toBe(n);
    expect(page.list.every((r) => r.pharmacies.some((p) => p.id === P1))).toBe(true);
    expect(page.list.some((r) => r.account_id === A)).toBe(true);
    expect(page.list.some((r) => r.account_id === B)).toBe(false);
  });

  it('filters by keyword: the exact phone, the last four digits, a name part', async () => {
    expect((await list(`keyword=${PHONE_B}`)).list.map((r) => r.account_id)).toEqual([B]);
    expect((await list(`keyword=${PHONE_C}`)).total).toBe(0); // not a member
    const suffix = await list('keyword=5678&page_size=100');
    const { n } = await one<{ n: number }>(
      sql`select count(distinct v.account_id)::int as n from viper v join account a on a.id = v.account_id
          where a.phone like '%5678'`,
    );
    expect(suffix.total).toBe(n);
    expect(suffix.list.some((r) => r.account_id === B)).toBe(true);
    expect(suffix.list.every((r) => r.phone.endsWith('5678'))).toBe(true);
    const byName = await list(`keyword=${encodeURIComponent('欧阳')}`);
    expect(byName.list.map((r) => r.account_id)).toEqual([A]);
    // LIKE wildcards are text, not patterns
    expect((await list(`keyword=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('filters by the date joined (Shanghai days, inclusive)', async () => {
    const day5 = await list('joined_from=2020-03-05&joined_to=2020-03-05');
    expect(day5.list.map((r) => r.account_id)).toEqual([A]);
    const both = await list('joined_from=2020-03-05&joined_to=2020-03-06');
    expect(both.list.map((r) => r.account_id).sort()).toEqual([A, B].sort());
    // B joined at 00:30 Shanghai on the 6th, which is still the 5th in UTC
    const day6 = await list('joined_from=2020-03-06&joined_to=2020-03-06');
    expect(day6.list.map((r) => r.account_id)).toEqual([B]);
    const atP2 = await list(`pharmacy_id=${P2}&joined_from=2020-03-05&joined_to=2020-03-05`);
    expect(atP2.total).toBe(0); // A joined P2 in 2021
  });

  it('filters by whether the member has prescriptions', async () => {
    const yes = await list('has_prescription=yes&page_size=100');
    const no = await list('has_prescription=no&page_size=100');
    const { y, all } = await one<{ y: number; all: number }>(
      sql`select count(distinct v.account_id) filter (where exists (select 1 from recipe r where r.account_id = v.account_id))::int as y,
          count(distinct v.account_id)::int as "all" from viper v`,
    );
    expect(yes.total).toBe(y);
    expect(no.total).toBe(all - y);
    expect(yes.list.every((r) => r.prescription_count > 0)).toBe(true);
    expect(no.list.every((r) => r.prescription_count === 0)).toBe(true);
    expect((await list(`keyword=${PHONE_A}&has_prescription=no`)).total).toBe(0);
    expect((await list(`keyword=${PHONE_B}&has_prescription=no`)).total).toBe(1);
  });

  it('refuses bad filters and deep pages with Chinese messages; a page past the end keeps the total', async () => {
    const cases: [string, string][] = [
      ['pharmacy_id=abc', '药店不正确'],
      ['joined_from=2020-13-01', '日期'],
      ['joined_from=2020-03-06&joined_to=2020-03-05', '入会日期的开始日期不能晚于结束日期'],
      ['has_prescription=maybe', '处方筛选不正确'],
      ['page=501&page_size=20', adminCustomerMessages.tooDeep],
      [`keyword=${'a'.repeat(31)}`, '关键词最多 30 个字'],
    ];
    for (const [qs, msg] of cases) {
      const res = await call('GET', `/admin/viper?${qs}`, operator);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().msg, qs).toContain(msg);
    }
    const past = await list(`keyword=${PHONE_A}&page=3`);
    expect(past).toMatchObject({ list: [], total: 1, page: 3 });
  });
});

describe('GET /admin/customer_info/:id (the card)', () => {
  it('reconciles with the raw rows and masks every phone', async () => {
    const res = await call('GET', `/admin/customer_info/${A}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(PHONE_A);
    const card = adminCustomerCardSchema.parse(res.json().data);
    const e = await raw(A);
    expect(card).toMatchObject({
      account_id: A,
      phone: maskPhone(PHONE_A),
      order_count: e.orders,
      paid_amount: e.paid,
      prescription_count: e.recipes,
    });
    expect(card.orders.map((o) => o.id)).toEqual(
      (
        await rows<{ id: number }>(
          sql`select id from orders where account_id = ${A} and deleted_at is null order by id desc`,
        )
      ).map((r) => r.id),
    );
    expect(card.prescriptions).toHaveLength(2);
    expect(card.addresses[0]!.phone).toBe('137****0001');
    expect(card.family_members[0]!.phone).toBe('137****0001');
    const p1 = card.memberships.find((m) => m.pharmacy_id === P1)!;
    expect(p1.member?.level).toBe(2);
    expect(p1.crm).toMatchObject({ tags: ['高血压'], source: '门店' });
    expect(p1.crm?.owner_name).toBeTruthy();
    const p2 = card.memberships.find((m) => m.pharmacy_id === P2)!;
    expect(p2.crm).toBeNull();
  });

  it('answers 404 in Chinese for a non-member, a missing id; 400 for a malformed one', async () => {
    for (const id of [C, 2_000_000_000]) {
      const res = await call('GET', `/admin/customer_info/${id}`, operator);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(adminCustomerMessages.notFound);
    }
    const bad = await call('GET', '/admin/customer_info/abc', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('POST /admin/customer_info/:id/phone (reveal)', () => {
  const reveals = (accountId: number) =>
    rows<{ account_id: number; target: string }>(
      sql`select account_id, target from audit_log where action = 'customer.phone_reveal'
          and target = ${`account:${accountId}`} order by id`,
    );

  it('answers the full phone and writes an audit row with the operator and the account', async () => {
    expect(await reveals(A)).toHaveLength(0);
    const res = await call('POST', `/admin/customer_info/${A}/phone`, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCustomerPhoneSchema.parse(res.json().data)).toEqual({ phone: PHONE_A });
    expect(await reveals(A)).toEqual([{ account_id: operatorId, target: `account:${A}` }]);
    // the card stays masked after a reveal
    expect((await call('GET', `/admin/customer_info/${A}`, operator)).body).not.toContain(PHONE_A);
  });

  it('reveals nothing for a non-member or a missing id (404, no audit row)', async () => {
    for (const id of [C, 2_000_000_000]) {
      const res = await call('POST', `/admin/customer_info/${id}/phone`, operator);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(adminCustomerMessages.notFound);
      expect(res.body).not.toContain(PHONE_C);
    }
    expect(await reveals(C)).toHaveLength(0);
  });
});

describe('access: key viper', () => {
  it('refuses an operator without viper, pharmacy staff and anonymous callers', async () => {
    for (const token of [reportOnly, shop]) {
      for (const [method, url] of [
        ['GET', '/admin/viper'],
        ['GET', `/admin/customer_info/${A}`],
        ['POST', `/admin/customer_info/${B}/phone`],
      ] as const) {
        const res = await call(method, url, token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body).not.toContain(PHONE_B);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/viper' })).statusCode).toBe(401);
    expect(
      await rows(sql`select 1 from audit_log where action = 'customer.phone_reveal' and target = ${`account:${B}`}`),
    ).toHaveLength(0);
  });
});
