import {
  add,
  type DashboardOverview,
  dashboardColumnResultSchema,
  dashboardMessages,
  dashboardOrderResultSchema,
  dashboardOverviewSchema,
  expiryWindowEnd,
  formatMoney,
  orderStatuses,
  shanghaiToday,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

let t: TestApp;
let operator: string;
let reportOnly: string;
let shop: string;
let pharmacyIds: number[];

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token) });
const overview = async (qs: string): Promise<DashboardOverview> => {
  const res = await get(`/admin/dashboard/overview${qs}`, operator);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};

// A week of May 2021 (no demo data is that old): Shanghai days 2021-05-01 … 2021-05-07, i.e. the instants
// [2021-04-30T16:00Z, 2021-05-07T16:00Z).
const WEEK = '?range=7d&date_to=2021-05-07';
const FROM = '2021-04-30T16:00:00Z';
const TO = '2021-05-07T16:00:00Z';
const inWeek = (hours: number) => new Date(Date.parse(FROM) + hours * 3600_000);

let phoneSeq = 0;
async function newAccount(name: string) {
  phoneSeq += 1;
  const phone = `1371717${String(phoneSeq).padStart(4, '0')}`;
  const [row] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`pu_${phone}`}, ${name}) returning id`,
  );
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
  shop = await t.login('13800000001');
  await t.database.db.execute(sql`insert into account (phone, phone_user_id, name, password_hash)
    select '13717170999', 'pu-dash-report', '只管投诉', password_hash from account where phone = '13800000007'`);
  await t.database.db.execute(sql`insert into admin_profile (account_id, admin_permissions)
    select id, array['report', 'task', 'order', 'viper', 'group', 'pharmacy'] from account where phone = '13717170999'`);
  reportOnly = await t.login('13717170999');
  pharmacyIds = (
    await rows<{ id: number }>(sql`select id from pharmacy where status = 'active' order by id limit 3`)
  ).map((r) => r.id);

  // orders of the week in every state over three pharmacies, one deleted, and two just outside the week
  const [a, b, c] = pharmacyIds;
  const week: [number, (typeof orderStatuses)[number], number][] = [
    [a, 'pending_payment', 1],
    [a, 'pending_shipment', 30],
    [a, 'shipped', 50],
    [a, 'completed', 70],
    [a, 'completed', 100],
    [a, 'cancelled', 120],
    [b, 'completed', 2],
    [b, 'cancelled', 26],
    [b, 'pending_shipment', 140],
    [c, 'completed', 167.9],
  ];
  for (const [pharmacyId, status, hours] of week)
    await insertOrder(t.database.db, { pharmacyId, status, createdAt: inWeek(hours) });
  // a cancelled order that had been paid (refunded): pay, then cancel through the machine
  const refunded = await insertOrder(t.database.db, {
    pharmacyId: b,
    status: 'pending_shipment',
    createdAt: inWeek(40),
  });
  const { transitionOrder } = await import('../../lib/order-state');
  await transitionOrder(t.database.db, refunded.id, 'cancel');
  const deleted = await insertOrder(t.database.db, { pharmacyId: a, status: 'cancelled', createdAt: inWeek(60) });
  await t.database.db.execute(sql`update orders set deleted_at = now() where id = ${deleted.id}`);
  await insertOrder(t.database.db, {
    pharmacyId: a,
    status: 'completed',
    createdAt: new Date(Date.parse(FROM) - 1000),
  });
  await insertOrder(t.database.db, { pharmacyId: a, status: 'completed', createdAt: new Date(Date.parse(TO)) });

  // prescriptions of the week: written then inspected after 10, 20, 30, 40 minutes; one waiting, one void; one outside
  const doctorId = (await rows<{ id: number }>(sql`select d.id from doctor d order by d.id limit 1`))[0].id;
  const patientId = (await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`))[0].id;
  const pharmacistId = (await rows<{ id: number }>(sql`select id from account where phone = '13800000006'`))[0].id;
  const rx: [string, number, number | null][] = [
    ['approved', 5, 10],
    ['approved', 20, 20],
    ['rejected', 30, 30],
    ['approved', 90, 40],
    ['pending_inspection', 100, null],
    ['void', 110, null],
    ['approved', -2, 10],
  ];
  for (const [i, [status, hours, minutes]] of rx.entries()) {
    const created = inWeek(hours);
    const inspected = minutes === null ? null : new Date(created.getTime() + minutes * 60_000);
    await t.database.db.execute(sql`insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, patient_name,
        items, status, pharmacist_id, inspected_at, created_at)
      values (${`RXD${String(i).padStart(8, '0')}`}, ${doctorId}, ${a}, ${patientId}, '王晓梅', '[]'::jsonb, ${status},
        ${inspected ? pharmacistId : null}, ${inspected?.toISOString() ?? null}, ${created.toISOString()})`);
  }

  // members: one account joins two pharmacies in the week (counted once), one joins one, one joins before
  const m1 = await newAccount('周会员');
  const m2 = await newAccount('吴会员');
  const m3 = await newAccount('郑会员');
  for (const [accountId, pharmacyId, at] of [
    [m1, a, inWeek(3)],
    [m1, b, inWeek(50)],
    [m2, c, inWeek(160)],
    [m3, a, new Date(Date.parse(FROM) - 60_000)],
  ] as const)
    await t.database.db.execute(sql`insert into viper (pharmacy_id, account_id, created_at)
      values (${pharmacyId}, ${accountId}, ${at.toISOString()})`);

  // live attendance: two lives, three viewers over the week's days, one viewer's day outside it
  const lives: number[] = [];
  for (const title of ['高血压用药讲座', '儿童发热护理'])
    lives.push(
      (
        await rows<{ id: number }>(sql`insert into live (pharmacy_id, title, lecturer, start_at, end_at, status)
          values (${a}, ${title}, '张明远', ${inWeek(10).toISOString()}, ${inWeek(11).toISOString()}, 'ended')
          returning id`)
      )[0].id,
    );
  for (const [liveId, accountId, day, seconds] of [
    [lives[0], m1, '2021-05-01', 600],
    [lives[0], m1, '2021-05-02', 125],
    [lives[0], m2, '2021-05-01', 300],
    [lives[1], m3, '2021-05-07', 59],
    [lives[1], m3, '2021-05-08', 6000],
  ] as const)
    await t.database.db.execute(sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats,
        first_beat_at, last_beat_at)
      values (${a}, ${liveId}, ${accountId}, ${day}, ${seconds}, 1, now(), now())`);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('access: the dashboard is for `all` only', () => {
  const paths = ['/admin/dashboard/overview', '/admin/dashboard/order', '/admin/dashboard/column'];
  it.each(paths)('%s: 401 without a session, 403 for staff and for an operator with other keys', async (path) => {
    expect((await get(path)).statusCode).toBe(401);
    expect((await get(path, shop)).statusCode).toBe(403);
    const refused = await get(path, reportOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).not.toBe(0);
    expect((await get(path, operator)).statusCode).toBe(200);
  });
});

describe('bad input answers 400 in Chinese', () => {
  it.each([
    ['range=year', '统计范围'],
    ['date_to=2021-13-40', ''],
    ['date_to=yesterday', ''],
  ])('%s', async (qs) => {
    const res = await get(`/admin/dashboard/overview?${qs}`, operator);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('a day after today', async () => {
    const res = await get('/admin/dashboard/overview?date_to=2099-01-01', operator);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(dashboardMessages.futureDate);
  });
});

describe('every figure reconciles with the raw rows', () => {
  it('orders by status, by pharmacy and by day, with exact money', async () => {
    const d = await overview(WEEK);
    // built exactly to the response schema (the routes serialise it without the schema)
    dashboardOverviewSchema.strict().parse(d);
    expect([d.range, d.date_from, d.date_to]).toEqual(['7d', '2021-05-01', '2021-05-07']);
    const raw = await rows<{ pharmacy_id: number; status: string; pay: string; paid: boolean; day: string }>(
      sql`select pharmacy_id, status, pay_amount::text as pay, paid_at is not null as paid,
            to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
          from orders where created_at >= ${FROM} and created_at < ${TO} and deleted_at is null`,
    );
    expect(raw).toHaveLength(11);
    const sum = (list: typeof raw) => formatMoney(list.reduce((s, o) => add(s, o.pay), '0.00'));
    const gmv = raw.filter((o) => o.paid && o.status !== 'cancelled');
    const refunds = raw.filter((o) => o.paid && o.status === 'cancelled');
    expect(d.orders.orders).toBe(11);
    expect(d.orders.amount).toBe(sum(raw));
    expect(d.orders.gmv_orders).toBe(gmv.length);
    expect(d.orders.gmv).toBe(sum(gmv));
    expect(d.orders.refund_orders).toBe(1);
    expect(refunds).toHaveLength(1);
    expect(d.orders.refund_amount).toBe(sum(refunds));
    expect(d.orders.by_status.map((s) => s.status)).toEqual([...orderStatuses]);
    for (const s of d.orders.by_status) {
      const of = raw.filter((o) => o.status === s.status);
      expect([s.status, s.orders, s.amount]).toEqual([s.status, of.length, sum(of)]);
    }
    expect(d.orders.by_pharmacy).toHaveLength(3);
    for (const p of d.orders.by_pharmacy) {
      const of = raw.filter((o) => o.pharmacy_id === p.pharmacy_id);
      expect([p.orders, p.gmv]).toEqual([of.length, sum(of.filter((o) => o.paid && o.status !== 'cancelled'))]);
    }
    const gmvs = d.orders.by_pharmacy.map((p) => Number(p.gmv));
    expect(gmvs).toEqual([...gmvs].sort((x, y) => y - x));
    expect(d.orders.by_day.map((x) => x.date)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `2021-05-0${n}`));
    for (const day of d.orders.by_day) {
      const of = raw.filter((o) => o.day === day.date);
      expect([day.orders, day.gmv]).toEqual([of.length, sum(of.filter((o) => o.paid && o.status !== 'cancelled'))]);
    }
  });

  it('the top pharmacies then 其他 summing the rest', async () => {
    const repo = new DashboardRepository(t.database.db);
    const r = { dateFrom: '2021-05-01', dateTo: '2021-05-07', from: new Date(FROM), to: new Date(TO) };
    const top1 = await repo.orders(r, 1);
    const all = (await repo.orders(r, 10)).filter((x) => x.kind === 'pharmacy');
    expect(all).toHaveLength(3);
    expect(top1.filter((x) => x.kind === 'pharmacy')).toEqual([all[0]]);
    expect(top1.filter((x) => x.kind === 'other')).toHaveLength(1);
    expect(top1.find((x) => x.kind === 'other')).toMatchObject({
      kind: 'other',
      pharmacy_id: null,
      pharmacies: 2,
      n: all[1].n + all[2].n,
      paid_amount: formatMoney(add(all[1].paid_amount, all[2].paid_amount)),
    });
  });

  it('each order figure equals the total of the order list it links to', async () => {
    const d = await overview(WEEK);
    const list = async (qs: string) => {
      const res = await get(`/orders/admin?date_from=2021-05-01&date_to=2021-05-07&page_size=1${qs}`, operator);
      expect(res.statusCode).toBe(200);
      return res.json().data.total as number;
    };
    expect(await list('')).toBe(d.orders.orders);
    for (const s of d.orders.by_status) expect(await list(`&status=${s.status}`)).toBe(s.orders);
    for (const p of d.orders.by_pharmacy) expect(await list(`&pharmacy_id=${p.pharmacy_id}`)).toBe(p.orders);
  });

  it('prescriptions written, inspected, approval rate and median minutes to inspect', async () => {
    const d = await overview(WEEK);
    const raw = await rows<{ status: string; minutes: string | null }>(
      sql`select status, (extract(epoch from inspected_at - created_at) / 60)::text as minutes from recipe
          where created_at >= ${FROM} and created_at < ${TO}`,
    );
    expect(raw).toHaveLength(6);
    const inspected = raw.filter((x) => x.status === 'approved' || x.status === 'rejected');
    expect(d.prescriptions).toEqual({
      written: 6,
      inspected: inspected.length,
      approved: 3,
      rejected: 1,
      pending_inspection: 1,
      approval_rate: '75.00',
      // 10, 20, 30, 40 minutes: the median is 25
      median_inspect_minutes: '25.0',
    });
    expect(inspected.map((x) => Number(x.minutes)).sort((x, y) => x - y)).toEqual([10, 20, 30, 40]);
    const census = await get('/admin/recipe/census?date_from=2021-05-01&date_to=2021-05-07', operator);
    expect(census.statusCode).toBe(200);
    const summary = census.json().data.summary;
    expect([summary.written, summary.approved, summary.rejected, summary.approval_rate]).toEqual([
      d.prescriptions.written,
      d.prescriptions.approved,
      d.prescriptions.rejected,
      d.prescriptions.approval_rate,
    ]);
  });

  it('new members: accounts whose membership began in the week, once each (the member list total)', async () => {
    const d = await overview(WEEK);
    const [raw] = await rows<{ n: number }>(
      sql`select count(distinct account_id)::int as n from viper where created_at >= ${FROM} and created_at < ${TO}`,
    );
    expect(raw.n).toBe(2);
    expect(d.new_members).toBe(2);
    const list = await get('/admin/viper?joined_from=2021-05-01&joined_to=2021-05-07&page_size=1', operator);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(d.new_members);
  });

  it('live attendance: viewers, minutes, lives and views of the week’s days', async () => {
    const d = await overview(WEEK);
    const [raw] = await rows<{ watchers: number; seconds: number; lives: number; views: number }>(
      sql`select count(distinct account_id)::int as watchers, sum(seconds)::int as seconds,
            count(distinct live_id)::int as lives, count(*)::int as views
          from live_watch where day between '2021-05-01' and '2021-05-07'`,
    );
    expect(raw).toEqual({ watchers: 3, seconds: 1084, lives: 2, views: 4 });
    expect(d.column).toEqual({ watchers: 3, watch_minutes: 18, lives: 2, views: 4 });
    const column = await get(`/admin/dashboard/column${WEEK}`, operator);
    expect(column.json().data).toEqual({
      range: '7d',
      date_from: '2021-05-01',
      date_to: '2021-05-07',
      generated_at: d.generated_at,
      cache_seconds: 60,
      column: d.column,
    });
    dashboardColumnResultSchema.strict().parse(column.json().data);
    const order = await get(`/admin/dashboard/order${WEEK}`, operator);
    expect(order.json().data.orders).toEqual(d.orders);
    dashboardOrderResultSchema.strict().parse(order.json().data);
    expect(order.json()).toMatchObject({ code: 0, msg: 'ok' });
  });

  it('open complaints and pharmacies with documents expiring within 6 months (the lists they link to)', async () => {
    const [pharmacyId] = pharmacyIds;
    const reporter = (await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`))[0].id;
    await t.database.db.execute(sql`insert into report (reporter_account_id, target_kind, target_id, pharmacy_id,
        category, content) values (${reporter}, 'pharmacy', ${pharmacyId}, ${pharmacyId}, '服务态度', '看板测试投诉')`);
    const today = shanghaiToday();
    const end = expiryWindowEnd(today, 6);
    await t.database.db.execute(sql`insert into pharmacy_qualification (pharmacy_id, kind, name, number, expire_at)
      values (${pharmacyId}, 'gsp', '药品经营质量管理规范认证证书', 'GSP-DASH-1', (${today}::date + 90))`);
    // a fresh key (another day), so nothing cached answers
    const d = await overview('?range=today&date_to=2021-06-01');
    const [raw] = await rows<{ pending: number; expiring: number }>(
      sql`select (select count(*) from report where status = 'pending')::int as pending,
            (select count(*) from pharmacy p where p.drug_licence_expire_at <= ${end}::date
              or exists (select 1 from pharmacy_qualification q where q.pharmacy_id = p.id and q.expire_at <= ${end}::date))::int
              as expiring`,
    );
    expect(raw.pending).toBeGreaterThan(0);
    expect(raw.expiring).toBeGreaterThan(0);
    expect(d.open_complaints).toBe(raw.pending);
    expect(d.expiring_pharmacies).toBe(raw.expiring);
    const complaints = await get('/admin/report?status=pending&page_size=1', operator);
    expect(complaints.statusCode).toBe(200);
    expect(complaints.json().data.total).toBe(d.open_complaints);
    const pharmacies = await get('/admin/pharmacy?expiring=1&page_size=1', operator);
    expect(pharmacies.statusCode).toBe(200);
    expect(pharmacies.json().data.total).toBe(d.expiring_pharmacies);
  });

  it('today by default, with every state present and zeros where nothing happened', async () => {
    const d = await overview('');
    expect(d.range).toBe('today');
    expect(d.date_from).toBe(shanghaiToday());
    expect(d.date_to).toBe(shanghaiToday());
    expect(d.orders.by_day).toHaveLength(1);
    const empty = await overview('?range=30d&date_to=2001-01-31');
    expect(empty.orders.orders).toBe(0);
    expect(empty.orders.gmv).toBe('0.00');
    expect(empty.orders.by_pharmacy).toEqual([]);
    expect(empty.orders.by_day).toHaveLength(30);
    expect(empty.prescriptions.approval_rate).toBeNull();
    expect(empty.prescriptions.median_inspect_minutes).toBeNull();
  });
});

describe('the cache keeps a dashboard 60 s at most', () => {
  it('a new order shows within a minute, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const qs = '?range=7d&date_to=2021-05-14';
    const first = await overview(qs);
    await insertOrder(t.database.db, {
      pharmacyId: pharmacyIds[0],
      status: 'completed',
      createdAt: new Date('2021-05-10T04:00:00Z'),
    });
    vi.setSystemTime(start + 59_000);
    const cached = await overview(qs);
    expect(cached).toEqual(first);
    vi.setSystemTime(start + 60_001);
    const fresh = await overview(qs);
    expect(fresh.orders.orders).toBe(first.orders.orders + 1);
    expect(Date.parse(fresh.generated_at)).toBeGreaterThanOrEqual(start + 60_000);
  });
});

describe('DashboardService cache (a fake repository)', () => {
  const zero = { n: 0 };
  const fakeRepo = (calls: { n: number }, fail = false) =>
    ({
      orders: async () => {
        calls.n += 1;
        if (fail) throw new Error('db down');
        return [];
      },
      prescriptions: async () => ({
        written: 0,
        approved: 0,
        rejected: 0,
        pending_inspection: 0,
        median_minutes: null,
      }),
      newMembers: async () => 0,
      column: async () => ({ watchers: 0, watch_minutes: 0, lives: 0, views: 0 }),
      standing: async () => ({ open_complaints: 0, expiring_pharmacies: 0 }),
    }) as unknown as DashboardRepository;

  it('one computation for concurrent callers; again after 60 s', async () => {
    const calls = { ...zero };
    let now = Date.parse('2026-03-01T02:00:00Z');
    const service = new DashboardService(fakeRepo(calls), () => now);
    const q = { range: 'today' as const };
    const [x, y] = await Promise.all([service.overview(q), service.overview(q)]);
    expect(x).toBe(y);
    expect(calls.n).toBe(1);
    now += 60_000 - 1;
    await service.overview(q);
    expect(calls.n).toBe(1);
    now += 1;
    await service.overview(q);
    expect(calls.n).toBe(2);
  });

  it('holds at most 32 dashboards; a failed computation is not kept', async () => {
    const calls = { ...zero };
    const now = Date.parse('2026-03-01T02:00:00Z');
    const service = new DashboardService(fakeRepo(calls), () => now);
    for (let i = 1; i <= 28; i++)
      for (const range of ['today', '7d'] as const)
        await service.overview({ range, date_to: `2026-02-${String(i).padStart(2, '0')}` });
    expect(calls.n).toBe(56);
    expect(service.cachedEntries).toBeLessThanOrEqual(32);
    const failing = new DashboardService(fakeRepo(calls, true), () => now);
    await expect(failing.overview({ range: 'today' })).rejects.toThrow('db down');
    expect(failing.cachedEntries).toBe(0);
  });
});
