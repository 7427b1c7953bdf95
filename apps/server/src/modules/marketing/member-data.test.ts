import { liveDataSchema, memberDataSchema } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

// 会员数据 against raw records written straight to two pharmacies of the test's own (Q measured, R beside it): every
// figure is checked to the unit and the cent, days at the Shanghai midnight edges included.

let t: TestApp;
let shop: string;
let operator: string;
let customerService: string;
let pharmacist: string;
let rStaff: string;
let seq = 0;

const rows = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const exec = (query: SQL) => t.database.db.execute(query);
/** A Shanghai wall time as an instant (ISO text for SQL). */
const at = (wall: string) => new Date(`${wall}+08:00`).toISOString();

async function newAccount(name: string) {
  seq += 1;
  const phone = `1662${String(seq).padStart(7, '0')}`;
  return (
    await one<{ id: number }>(
      sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`md-${phone}`}, ${name}) returning id`,
    )
  ).id;
}

async function newPharmacy(name: string, shopAccount: number) {
  const { id } = await one<{ id: number }>(
    sql`insert into pharmacy (name, status, owner_account_id) values (${name}, 'active', ${shopAccount}) returning id`,
  );
  await exec(sql`insert into pharmacy_member (pharmacy_id, account_id, role) values (${id}, ${shopAccount}, 'shop')`);
  const column = await one<{ id: number }>(
    sql`insert into live_column (pharmacy_id, kind, title) values (${id}, 'pharmacy', '慢病课堂') returning id`,
  );
  const period = await one<{ id: number }>(
    sql`insert into column_period (pharmacy_id, column_id, name, start_at, end_at)
        values (${id}, ${column.id}, '第一期', ${at('2026-02-20 00:00')}, ${at('2026-04-30 00:00')}) returning id`,
  );
  return { id, period: period.id };
}

async function newLive(pharmacyId: number, title: string, startWall: string) {
  return (
    await one<{ id: number }>(
      sql`insert into live (pharmacy_id, title, lecturer, start_at, end_at, status)
          values (${pharmacyId}, ${title}, '张药师', ${at(startWall)}, ${at(startWall)}::timestamptz + interval '1 hour', 'ended')
          returning id`,
    )
  ).id;
}

async function customer(pharmacyId: number, accountId: number, createdWall: string) {
  await exec(
    sql`insert into customer_info (pharmacy_id, account_id, created_at) values (${pharmacyId}, ${accountId}, ${at(createdWall)})`,
  );
}

async function order(
  pharmacyId: number,
  accountId: number,
  payAmount: string,
  status: string,
  paidWall: string | null,
  createdWall = '2026-03-01 08:00',
) {
  seq += 1;
  await exec(
    sql`insert into orders (order_no, pharmacy_id, account_id, status, goods_amount, pay_amount, receiver_name,
          receiver_phone, province, city, address_detail, created_at, paid_at)
        values (${`MD${Date.now()}${seq}`}, ${pharmacyId}, ${accountId}, ${status}, ${payAmount}, ${payAmount}, '收件人',
          '13900000000', '上海市', '上海市', '张杨路 1 号', ${at(createdWall)}, ${paidWall ? at(paidWall) : null})`,
  );
}

async function chat(pharmacyId: number, accountId: number, side: 'patient' | 'staff', wall: string, sender: number) {
  const conv = await one<{ id: number }>(
    sql`insert into conversation (pharmacy_id, patient_account_id, status) values (${pharmacyId}, ${accountId}, 'closed')
        returning id`,
  );
  await exec(
    sql`insert into chat_message (conversation_id, pharmacy_id, seq, sender_side, sender_id, kind, body, created_at)
        values (${conv.id}, ${pharmacyId}, 1, ${side}, ${sender}, 'text', '你好', ${at(wall)})`,
  );
}

async function watch(pharmacyId: number, liveId: number, accountId: number, day: string, seconds: number) {
  await exec(
    sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
        values (${pharmacyId}, ${liveId}, ${accountId}, ${day}, ${seconds}, ${Math.ceil(seconds / 5)}, ${at(`${day} 10:00`)},
          ${at(`${day} 11:00`)})`,
  );
}

async function enrol(pharmacyId: number, periodId: number, accountId: number, wall: string) {
  await exec(
    sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source, created_at)
        values (${pharmacyId}, ${periodId}, ${accountId}, 'self', ${at(wall)})`,
  );
}

let Q: { id: number; period: number };
let R: { id: number; period: number };
let L1: number;
let L2: number;
let acc: number[];

beforeAll(async () => {
  t = await createTestApp();
  const shopAccount = (await one<{ id: number }>(sql`select id from account where phone = '13800000001'`)).id;
  Q = await newPharmacy('会员数据测试药房', shopAccount);
  R = await newPharmacy('会员数据隔壁药房', shopAccount);
  acc = [];
  for (let i = 0; i < 4; i++) acc.push(await newAccount(`客户${i + 1}`));
  const [a1, a2, a3, a4] = acc as [number, number, number, number];

  // new customers: two on 03-01 (its first and last second), one the second before the range, one on 03-10
  await customer(Q.id, a1, '2026-03-01 00:00:00');
  await customer(Q.id, a2, '2026-03-01 23:59:59');
  await customer(Q.id, a3, '2026-02-28 23:59:59');
  await customer(Q.id, a4, '2026-03-10 12:00');
  await customer(R.id, a1, '2026-03-01 09:00');

  // paid orders on 03-02 (12.50 + 7.25); cancelled after payment, unpaid and paid after the range do not count
  await order(Q.id, a1, '12.50', 'pending_shipment', '2026-03-02 10:00');
  await order(Q.id, a2, '7.25', 'completed', '2026-03-02 23:30');
  await order(Q.id, a1, '30.00', 'cancelled', '2026-03-03 09:00');
  await order(Q.id, a3, '5.00', 'pending_payment', null);
  await order(Q.id, a3, '8.00', 'pending_shipment', '2026-03-11 00:00:00');
  await order(R.id, a1, '100.00', 'pending_shipment', '2026-03-02 12:00');

  // chat: the patient's own message makes a3 active on 03-02; a staff message does not make a2 active on 03-04
  const staffAccount = (await one<{ id: number }>(sql`select id from account where phone = '13800000004'`)).id;
  await chat(Q.id, a3, 'patient', '2026-03-02 08:00', a3);
  await chat(Q.id, a2, 'staff', '2026-03-04 08:00', staffAccount);
  await chat(R.id, a4, 'patient', '2026-03-04 08:00', a4);

  // lives: L1 starts in the range; L2 starts after it but is watched in it; L3 neither (not listed)
  L1 = await newLive(Q.id, '高血压用药', '2026-03-02 19:00');
  L2 = await newLive(Q.id, '糖尿病饮食', '2026-04-01 19:00');
  await newLive(Q.id, '冬季养生', '2026-01-01 19:00');
  const LR = await newLive(R.id, '隔壁直播', '2026-03-02 19:00');
  await exec(
    sql`insert into column_period_live (pharmacy_id, period_id, live_id) values (${Q.id}, ${Q.period}, ${L1})`,
  );
  await exec(
    sql`insert into column_period_live (pharmacy_id, period_id, live_id) values (${R.id}, ${R.period}, ${LR})`,
  );
  await watch(Q.id, L1, a4, '2026-03-02', 300);
  await watch(Q.id, L2, a1, '2026-03-05', 125);
  await watch(Q.id, L1, a2, '2026-03-11', 50);
  await watch(R.id, LR, a2, '2026-03-05', 999);

  await enrol(Q.id, Q.period, a1, '2026-03-01 10:00');
  await enrol(Q.id, Q.period, a2, '2026-03-05 10:00');
  await enrol(Q.id, Q.period, a3, '2026-03-11 10:00');
  await enrol(R.id, R.period, a3, '2026-03-05 10:00');
  await exec(
    sql`insert into live_exam_result (pharmacy_id, live_id, account_id, score, total_score, correct_count, question_count, submitted_at)
        values (${Q.id}, ${L1}, ${a4}, 80, 100, 4, 5, ${at('2026-03-06 10:00')})`,
  );

  // a customer-service member of R only
  const rAccount = await newAccount('隔壁客服');
  await exec(
    sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions) values (${R.id}, ${rAccount}, 'customer_service', '{}')`,
  );
  shop = await t.login('13800000001');
  operator = await t.login('13800000007');
  customerService = await t.login('13800000004');
  pharmacist = await t.login('13800000006');
  const rPhone = (await one<{ phone: string }>(sql`select phone from account where id = ${rAccount}`)).phone;
  await exec(
    sql`update account set password_hash = (select password_hash from account where phone = '13800000001') where id = ${rAccount}`,
  );
  rStaff = await t.login(rPhone);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string, pharmacyId?: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token, pharmacyId) });

async function daily(pharmacyId: number, query: string) {
  const res = await get(`/marketing/viper/data?${query}`, shop, pharmacyId);
  expect(res.statusCode, res.body).toBe(200);
  return memberDataSchema.parse(res.json().data);
}

const RANGE = 'date_from=2026-03-01&date_to=2026-03-10';
const zero = { new_customers: 0, active_customers: 0, orders: 0, amount: '0.00', watch_seconds: 0, enrollments: 0 };

describe('member data per day', () => {
  it('reconciles every figure of the pharmacy with the raw rows, day by day', async () => {
    const data = await daily(Q.id, RANGE);
    expect(data.date_from).toBe('2026-03-01');
    expect(data.date_to).toBe('2026-03-10');
    expect(data.days.map((d) => d.date)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`),
    );
    const byDay = Object.fromEntries(data.days.map(({ date, ...figures }) => [date, figures]));
    expect(byDay['2026-03-01']).toEqual({ ...zero, new_customers: 2, enrollments: 1 });
    // a1 and a2 paid, a3 wrote in the chat, a4 watched
    expect(byDay['2026-03-02']).toEqual({
      ...zero,
      active_customers: 4,
      orders: 2,
      amount: '19.75',
      watch_seconds: 300,
    });
    expect(byDay['2026-03-03']).toEqual(zero);
    expect(byDay['2026-03-04']).toEqual(zero);
    expect(byDay['2026-03-05']).toEqual({ ...zero, active_customers: 1, watch_seconds: 125, enrollments: 1 });
    expect(byDay['2026-03-10']).toEqual({ ...zero, new_customers: 1 });
    // totals: sums of the days, active customers distinct over the range (a1 is active on two days)
    expect(data.totals).toEqual({
      new_customers: 3,
      active_customers: 4,
      orders: 2,
      amount: '19.75',
      watch_seconds: 425,
      enrollments: 2,
    });
  });

  it('shows the other pharmacy only its own rows', async () => {
    const data = await daily(R.id, RANGE);
    expect(data.totals).toEqual({
      new_customers: 1,
      active_customers: 3,
      orders: 1,
      amount: '100.00',
      watch_seconds: 999,
      enrollments: 1,
    });
  });

  it('defaults to the last 30 days, today included, and allows 366 days', async () => {
    const data = await daily(Q.id, '');
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)!.date).toBe(data.date_to);
    const year = await daily(Q.id, 'date_from=2025-03-11&date_to=2026-03-11');
    expect(year.days).toHaveLength(366);
    expect(year.totals.watch_seconds).toBe(475);
  });

  it.each([
    ['date_from=2026-03-10&date_to=2026-03-01', '结束日期不能早于开始日期'],
    ['date_from=2025-03-10&date_to=2026-03-11', '统计时间范围不能超过 366 天'],
    ['date_from=2026-02-30', '日期格式应为 YYYY-MM-DD'],
    ['date_to=yesterday', '日期格式应为 YYYY-MM-DD'],
  ])('refuses %s with a Chinese message', async (query, message) => {
    const res = await get(`/marketing/viper/data?${query}`, shop, Q.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it('is for the marketing staff of the pharmacy in the header only', async () => {
    expect((await get(`/marketing/viper/data?${RANGE}`, customerService, 1)).statusCode).toBe(200);
    expect((await get(`/marketing/viper/data?${RANGE}`, pharmacist, 1)).statusCode).toBe(403);
    expect((await get(`/marketing/viper/data?${RANGE}`, rStaff, Q.id)).statusCode).toBe(403);
    expect((await get(`/marketing/viper/data?${RANGE}`, rStaff, R.id)).statusCode).toBe(200);
    expect((await get(`/marketing/viper/data?${RANGE}`, operator, Q.id)).statusCode).toBe(403);
    expect((await get(`/admin/viper/data?${RANGE}`, shop, Q.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marketing/viper/data' })).statusCode).toBe(401);
  });
});

describe('member data of the operator', () => {
  it('narrows to one pharmacy with the same figures its staff see', async () => {
    const res = await get(`/admin/viper/data?${RANGE}&pharmacy_id=${Q.id}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const data = memberDataSchema.parse(res.json().data);
    expect(data.pharmacy_id).toBe(Q.id);
    expect(data).toEqual({ ...(await daily(Q.id, RANGE)), pharmacy_id: Q.id });
  });

  it('counts the whole platform without a pharmacy', async () => {
    const res = await get(`/admin/viper/data?${RANGE}`, operator);
    const data = memberDataSchema.parse(res.json().data);
    expect(data.pharmacy_id).toBeNull();
    const raw = await one<{ customers: number; orders: number; amount: string; seconds: number }>(
      sql`select (select count(*) from customer_info where created_at >= ${at('2026-03-01 00:00')}
                   and created_at < ${at('2026-03-11 00:00')})::int as customers,
                 (select count(*) from orders where paid_at >= ${at('2026-03-01 00:00')}
                   and paid_at < ${at('2026-03-11 00:00')} and status <> 'cancelled' and deleted_at is null)::int as orders,
                 (select coalesce(sum(pay_amount), 0)::numeric(14,2)::text from orders where paid_at >= ${at('2026-03-01 00:00')}
                   and paid_at < ${at('2026-03-11 00:00')} and status <> 'cancelled' and deleted_at is null) as amount,
                 (select coalesce(sum(seconds), 0)::int from live_watch where day between '2026-03-01' and '2026-03-10') as seconds`,
    );
    expect(data.totals.new_customers).toBe(raw.customers);
    expect(data.totals.orders).toBe(raw.orders);
    expect(data.totals.amount).toBe(raw.amount);
    expect(data.totals.watch_seconds).toBe(raw.seconds);
    expect(data.totals.new_customers).toBeGreaterThanOrEqual(4);
  });
});

describe('live data', () => {
  it('lists the lives of the range with viewers, watch time, enrolments and exams', async () => {
    const res = await get(`/marketing/viper/live_data?${RANGE}`, shop, Q.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = liveDataSchema.parse(res.json().data);
    expect(data.total).toBe(2);
    expect(data.list.map((l) => [l.live_id, l.viewers, l.watch_seconds, l.enrolled, l.exam_submitted])).toEqual([
      [L2, 1, 125, 0, 0],
      [L1, 1, 300, 2, 1],
    ]);
    // the lives' watch time adds up to the days' total
    const days = await daily(Q.id, RANGE);
    expect(data.list.reduce((n, l) => n + l.watch_seconds, 0)).toBe(days.totals.watch_seconds);
    expect(data.list[0]!.pharmacy_name).toBe('会员数据测试药房');
  });

  it('pages, and a page past the end still tells the total', async () => {
    const second = liveDataSchema.parse(
      (await get(`/marketing/viper/live_data?${RANGE}&page=2&page_size=1`, shop, Q.id)).json().data,
    );
    expect(second.list.map((l) => l.live_id)).toEqual([L1]);
    const beyond = liveDataSchema.parse(
      (await get(`/marketing/viper/live_data?${RANGE}&page=5&page_size=1`, shop, Q.id)).json().data,
    );
    expect(beyond).toMatchObject({ list: [], total: 2 });
  });

  it('gives the operator any pharmacy, and the staff only their own', async () => {
    const admin = liveDataSchema.parse(
      (await get(`/admin/viper/live_data?${RANGE}&pharmacy_id=${R.id}`, operator)).json().data,
    );
    expect(admin.list.map((l) => [l.viewers, l.watch_seconds, l.enrolled])).toEqual([[1, 999, 1]]);
    expect((await get(`/marketing/viper/live_data?${RANGE}`, rStaff, Q.id)).statusCode).toBe(403);
    const res = await get('/marketing/viper/live_data?date_from=2026-03-10&date_to=2026-03-01', shop, Q.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('结束日期不能早于开始日期');
  });
});
