import {
  add,
  formatMoney,
  formatShanghaiDate,
  type TeamFigures,
  type TeamStatResult,
  teamStatResultSchema,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

// Team statistics (团队统计) against the raw records: invitations, enrolments, live_watch, exam results and orders
// written straight to two pharmacies of their own (Q measured, R beside it), the figures recounted in JS from the rows
// read back, member by member, then team = Σ members, total = Σ teams, Σ days = total.

let t: TestApp;
let shop: string;
let seq = 0;

const rows = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;

/** A Shanghai wall time as an instant. */
const at = (wall: string) => new Date(`${wall}+08:00`);

async function newAccount(name: string) {
  seq += 1;
  const phone = `1661${String(seq).padStart(7, '0')}`;
  const { id } = await one<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`ts-${phone}`}, ${name}) returning id`,
  );
  return id;
}

interface Pharmacy {
  id: number;
  periods: number[];
  lives: number[];
}

/** A pharmacy the demo shop runs, with a column, two camp periods and two lives. */
async function newPharmacy(name: string, shopAccount: number): Promise<Pharmacy> {
  const { id } = await one<{ id: number }>(
    sql`insert into pharmacy (name, status, owner_account_id) values (${name}, 'active', ${shopAccount}) returning id`,
  );
  await t.database.db.execute(
    sql`insert into pharmacy_member (pharmacy_id, account_id, role) values (${id}, ${shopAccount}, 'shop')`,
  );
  const column = await one<{ id: number }>(
    sql`insert into live_column (pharmacy_id, kind, title) values (${id}, 'pharmacy', '慢病课堂') returning id`,
  );
  const periods: number[] = [];
  for (const p of ['第一期', '第二期']) {
    const r = await one<{ id: number }>(
      sql`insert into column_period (pharmacy_id, column_id, name, start_at, end_at)
          values (${id}, ${column.id}, ${p}, now(), now() + interval '30 days') returning id`,
    );
    periods.push(r.id);
  }
  const lives: number[] = [];
  for (const title of ['高血压用药', '糖尿病饮食']) {
    const r = await one<{ id: number }>(
      sql`insert into live (pharmacy_id, title, lecturer, start_at, end_at, status)
          values (${id}, ${title}, '张药师', now(), now() + interval '1 hour', 'ended') returning id`,
    );
    lives.push(r.id);
  }
  return { id, periods, lives };
}

async function member(
  pharmacyId: number,
  accountId: number,
  role: string,
  opts: { team?: number; cs?: number; status?: string } = {},
) {
  const { id } = await one<{ id: number }>(
    sql`insert into pharmacy_member (pharmacy_id, account_id, role, team_id, status)
        values (${pharmacyId}, ${accountId}, ${role}, ${opts.team ?? null}, ${opts.status ?? 'active'}) returning id`,
  );
  if (opts.cs !== undefined) {
    await t.database.db.execute(
      sql`insert into customer_service (pharmacy_id, member_id, team_id) values (${pharmacyId}, ${id}, ${opts.cs})`,
    );
  }
  return id;
}

let Q: Pharmacy;
let R: Pharmacy;
let teamA: number;
let teamB: number;
let teamR: number;
/** Q's members: m1 (A by pharmacy_member), m2 (A by customer_service only), m3 (B), m4 (manager, no team), m5 (B, disabled) */
let qMembers: number[];
let rMember: number;
let patients: number[];
const teamOfMember = new Map<number, number | null>();

async function stat(pharmacyId: number, query: string, token = shop) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/live/team_stat?${query}`,
    headers: headers(token, pharmacyId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return teamStatResultSchema.parse(res.json().data);
}

beforeAll(async () => {
  t = await createTestApp();
  const shopAccount = (await one<{ id: number }>(sql`select id from account where phone = '13800000001'`)).id;
  Q = await newPharmacy('统计测试药房', shopAccount);
  R = await newPharmacy('隔壁药房', shopAccount);
  teamA = (await one<{ id: number }>(sql`insert into team (pharmacy_id, name) values (${Q.id}, '一组') returning id`))
    .id;
  teamB = (await one<{ id: number }>(sql`insert into team (pharmacy_id, name) values (${Q.id}, '二组') returning id`))
    .id;
  teamR = (await one<{ id: number }>(sql`insert into team (pharmacy_id, name) values (${R.id}, '隔壁组') returning id`))
    .id;
  qMembers = [
    await member(Q.id, await newAccount('客服甲'), 'customer_service', { team: teamA }),
    await member(Q.id, await newAccount('客服乙'), 'customer_service', { cs: teamA }),
    await member(Q.id, await newAccount('客服丙'), 'customer_service', { team: teamB, cs: teamB }),
    await member(Q.id, await newAccount('店长丁'), 'manager'),
    await member(Q.id, await newAccount('客服戊'), 'customer_service', { team: teamB, status: 'disabled' }),
  ];
  for (const [i, team] of [teamA, teamA, teamB, null, teamB].entries()) teamOfMember.set(qMembers[i]!, team);
  rMember = await member(R.id, await newAccount('隔壁客服'), 'customer_service', { team: teamR });
  patients = [];
  for (let i = 0; i < 6; i++) patients.push(await newAccount(`学员${i + 1}`));
  shop = await t.login('13800000001');
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- raw records

/** An instant in the days around the measured range 2026-03-01 … 2026-03-10, often at a Shanghai midnight edge. */
const RANGE = { from: '2026-03-01', to: '2026-03-10' };
const instant = fc
  .record({
    day: fc.integer({ min: 0, max: 15 }), // 2026-02-25 … 2026-03-12
    second: fc.oneof(fc.constantFrom(0, 1, 86_399), fc.integer({ min: 0, max: 86_399 })),
  })
  .map(({ day, second }) => new Date(at('2026-02-25T00:00:00').getTime() + day * 86_400_000 + second * 1000));
const inQ = fc.boolean().map((q) => (q ? 'Q' : 'R') as 'Q' | 'R');
const weighted = fc.oneof({ weight: 4, arbitrary: fc.constant('Q' as const) }, { weight: 1, arbitrary: inQ });
const patient = fc.integer({ min: 0, max: 5 });
const memberIx = fc.integer({ min: 0, max: 4 });

const world = fc.record({
  invitations: fc.array(fc.record({ ph: weighted, period: fc.nat(1), patient, member: memberIx, at: instant }), {
    maxLength: 12,
  }),
  enrolments: fc.array(
    fc.record({
      ph: weighted,
      period: fc.nat(1),
      patient,
      member: fc.option(memberIx, { nil: null }),
      at: instant,
    }),
    { maxLength: 12 },
  ),
  watches: fc.array(
    fc.record({
      ph: weighted,
      live: fc.nat(1),
      patient,
      day: fc.integer({ min: 0, max: 15 }),
      seconds: fc.integer({ min: 0, max: 7200 }),
    }),
    { maxLength: 14 },
  ),
  exams: fc.array(fc.record({ ph: weighted, live: fc.nat(1), patient, at: instant }), { maxLength: 8 }),
  orders: fc.array(
    fc.record({
      ph: weighted,
      patient,
      at: instant,
      state: fc.constantFrom('unpaid', 'paid', 'shipped', 'completed', 'cancelled', 'refunded', 'deleted'),
      cents: fc.integer({ min: 1, max: 99_999 }),
    }),
    { maxLength: 12 },
  ),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

const memberOf = (ph: 'Q' | 'R', ix: number) => (ph === 'Q' ? qMembers[ix]! : rMember);
const pharmacyOf = (ph: 'Q' | 'R') => (ph === 'Q' ? Q : R);

async function clear() {
  for (const p of [Q.id, R.id]) {
    await t.database.db.execute(sql`delete from live_invitation where pharmacy_id = ${p}`);
    await t.database.db.execute(sql`delete from live_enrollment where pharmacy_id = ${p}`);
    await t.database.db.execute(sql`delete from live_watch where pharmacy_id = ${p}`);
    await t.database.db.execute(sql`delete from live_exam_result where pharmacy_id = ${p}`);
    await t.database.db.execute(sql`delete from orders where pharmacy_id = ${p}`);
  }
}

async function write(w: World) {
  const db = t.database.db;
  for (const i of w.invitations) {
    const p = pharmacyOf(i.ph);
    await db.execute(sql`insert into live_invitation (pharmacy_id, period_id, account_id, inviter_member_id, created_at)
      values (${p.id}, ${p.periods[i.period]}, ${patients[i.patient]}, ${memberOf(i.ph, i.member)}, ${i.at.toISOString()})
      on conflict do nothing`);
  }
  for (const e of w.enrolments) {
    const p = pharmacyOf(e.ph);
    const inviter = e.member === null ? null : memberOf(e.ph, e.member);
    await db.execute(sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id, created_at)
      values (${p.id}, ${p.periods[e.period]}, ${patients[e.patient]}, ${inviter === null ? 'self' : 'invite'},
        ${inviter}, ${e.at.toISOString()})
      on conflict do nothing`);
  }
  for (const x of w.watches) {
    const p = pharmacyOf(x.ph);
    const day = formatShanghaiDate(new Date(at('2026-02-25T12:00:00').getTime() + x.day * 86_400_000))!;
    await db.execute(sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
      values (${p.id}, ${p.lives[x.live]}, ${patients[x.patient]}, ${day}, ${x.seconds}, ${Math.ceil(x.seconds / 5)},
        ${at(`${day}T08:00:00`).toISOString()}, ${at(`${day}T09:00:00`).toISOString()})
      on conflict (live_id, account_id, day) do update set seconds = live_watch.seconds + excluded.seconds`);
  }
  for (const x of w.exams) {
    const p = pharmacyOf(x.ph);
    await db.execute(sql`insert into live_exam_result (pharmacy_id, live_id, account_id, score, total_score, correct_count,
        question_count, submitted_at)
      values (${p.id}, ${p.lives[x.live]}, ${patients[x.patient]}, 80, 100, 4, 5, ${x.at.toISOString()})
      on conflict do nothing`);
  }
  for (const o of w.orders) {
    const p = pharmacyOf(o.ph);
    seq += 1;
    const amount = (o.cents / 100).toFixed(2);
    const status = {
      unpaid: 'pending_payment',
      paid: 'pending_shipment',
      shipped: 'shipped',
      completed: 'completed',
      cancelled: 'cancelled',
      refunded: 'cancelled',
      deleted: 'cancelled',
    }[o.state];
    const paidAt = o.state === 'unpaid' || o.state === 'cancelled' || o.state === 'deleted' ? null : o.at.toISOString();
    const deletedAt = o.state === 'deleted' ? o.at.toISOString() : null;
    await db.execute(sql`insert into orders (order_no, pharmacy_id, account_id, status, goods_amount, pay_amount,
        receiver_name, receiver_phone, province, city, address_detail, created_at, paid_at, deleted_at)
      values (${`TS${Date.now()}${seq}`}, ${p.id}, ${patients[o.patient]}, ${status}, ${amount}, ${amount},
        '学员', '13900000001', '浙江省', '杭州市', '文三路 1 号', ${o.at.toISOString()}, ${paidAt}, ${deletedAt})`);
  }
}

// ---------------------------------------------------------------- the recount

const zero = (): TeamFigures => ({
  invited: 0,
  enrolled: 0,
  watched: 0,
  watch_seconds: 0,
  answered: 0,
  orders: 0,
  amount: '0.00',
});
const plus = (a: TeamFigures, b: TeamFigures): TeamFigures => ({
  invited: a.invited + b.invited,
  enrolled: a.enrolled + b.enrolled,
  watched: a.watched + b.watched,
  watch_seconds: a.watch_seconds + b.watch_seconds,
  answered: a.answered + b.answered,
  orders: a.orders + b.orders,
  amount: formatMoney(add(a.amount, b.amount)),
});
const day = (v: Date | string) => formatShanghaiDate(v)!;
const daysOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = day(new Date(at(`${d}T12:00:00`).getTime() + 86_400_000))) out.push(d);
  return out;
};

interface Raw {
  id: number;
  account_id: number;
  created_at: Date | string;
}

/**
 * The figures of pharmacy `p` read straight from its raw rows, per member and per (member, day), by the rules of
 * docs/live.md: a patient is owned by the inviter of their earliest enrolment with one; patient counts are per
 * member once in the range, on their first day in it.
 */
async function recount(p: number, from: string, to: string) {
  const inv = await rows<Raw & { inviter_member_id: number }>(
    sql`select id, account_id, inviter_member_id, created_at from live_invitation where pharmacy_id = ${p}`,
  );
  const enr = await rows<Raw & { inviter_member_id: number | null }>(
    sql`select id, account_id, inviter_member_id, created_at from live_enrollment where pharmacy_id = ${p} order by id`,
  );
  const watch = await rows<{ account_id: number; day: string; seconds: number }>(
    sql`select account_id, day::text as day, seconds from live_watch where pharmacy_id = ${p}`,
  );
  const exams = await rows<{ account_id: number; submitted_at: Date | string }>(
    sql`select account_id, submitted_at from live_exam_result where pharmacy_id = ${p}`,
  );
  const orders = await rows<Raw & { status: string; pay_amount: string; paid: boolean; deleted: boolean }>(
    sql`select id, account_id, created_at, status, pay_amount::text, paid_at is not null as paid,
          deleted_at is not null as deleted from orders where pharmacy_id = ${p}`,
  );
  const inRange = (v: Date | string) => day(v) >= from && day(v) <= to;
  const ms = (v: Date | string) => new Date(v).getTime();

  const owner = new Map<number, { member: number; since: number }>();
  const byTime = [...enr].sort((a, b) => ms(a.created_at) - ms(b.created_at) || a.id - b.id);
  for (const e of byTime) {
    if (e.inviter_member_id !== null && !owner.has(e.account_id))
      owner.set(e.account_id, { member: e.inviter_member_id, since: ms(e.created_at) });
  }

  /** member → day → figures */
  const cells = new Map<number, Map<string, TeamFigures>>();
  const cell = (member: number, d: string) => {
    let m = cells.get(member);
    if (!m) {
      m = new Map();
      cells.set(member, m);
    }
    let c = m.get(d);
    if (!c) {
      c = zero();
      m.set(d, c);
    }
    return c;
  };
  /** each (member, patient) once, on its first day in the range */
  const firstDays = (list: { member: number; account: number; day: string }[]) => {
    const first = new Map<string, { member: number; day: string }>();
    for (const x of list) {
      const key = `${x.member}:${x.account}`;
      const seen = first.get(key);
      if (!seen || x.day < seen.day) first.set(key, { member: x.member, day: x.day });
    }
    return [...first.values()];
  };
  for (const x of firstDays(
    inv
      .filter((i) => inRange(i.created_at))
      .map((i) => ({ member: i.inviter_member_id, account: i.account_id, day: day(i.created_at) })),
  ))
    cell(x.member, x.day).invited += 1;
  for (const x of firstDays(
    enr
      .filter((e) => e.inviter_member_id !== null && inRange(e.created_at))
      .map((e) => ({ member: e.inviter_member_id!, account: e.account_id, day: day(e.created_at) })),
  ))
    cell(x.member, x.day).enrolled += 1;
  const owned = watch.filter((w) => owner.has(w.account_id) && w.day >= from && w.day <= to);
  for (const x of firstDays(
    owned.map((w) => ({ member: owner.get(w.account_id)!.member, account: w.account_id, day: w.day })),
  ))
    cell(x.member, x.day).watched += 1;
  for (const w of owned) cell(owner.get(w.account_id)!.member, w.day).watch_seconds += w.seconds;
  for (const x of firstDays(
    exams
      .filter((x) => owner.has(x.account_id) && inRange(x.submitted_at))
      .map((x) => ({ member: owner.get(x.account_id)!.member, account: x.account_id, day: day(x.submitted_at) })),
  ))
    cell(x.member, x.day).answered += 1;
  for (const o of orders) {
    const own = owner.get(o.account_id);
    if (!own || !inRange(o.created_at) || ms(o.created_at) < own.since) continue;
    if (o.deleted || !o.paid || o.status === 'cancelled') continue;
    const c = cell(own.member, day(o.created_at));
    c.orders += 1;
    c.amount = formatMoney(add(c.amount, o.pay_amount));
  }
  return cells;
}

const sumOf = (list: TeamFigures[]) => list.reduce(plus, zero());
const figuresOf = ({ invited, enrolled, watched, watch_seconds, answered, orders, amount }: TeamFigures) => ({
  invited,
  enrolled,
  watched,
  watch_seconds,
  answered,
  orders,
  amount,
});

/** Team = Σ members, total = Σ teams, Σ days = total, every day of the range once, in order. */
function expectSums(result: TeamStatResult, from: string, to: string) {
  for (const team of result.teams) expect(figuresOf(team)).toEqual(sumOf(team.members.map(figuresOf)));
  expect(result.total).toEqual(sumOf(result.teams.map(figuresOf)));
  expect(result.daily.map((d) => d.day)).toEqual(daysOf(from, to));
  expect(result.total).toEqual(sumOf(result.daily.map(figuresOf)));
}

describe('team statistics', () => {
  it('reconcile with the raw records: members recounted, teams and total their sums, days adding up (property)', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        await clear();
        await write(w);
        const result = await stat(Q.id, `date_from=${RANGE.from}&date_to=${RANGE.to}`);
        const cells = await recount(Q.id, RANGE.from, RANGE.to);

        // members: exactly those with a figure plus the active broadcast-set members of a team (m1, m2, m3)
        const listed = new Set([qMembers[0]!, qMembers[1]!, qMembers[2]!, ...cells.keys()]);
        const got = result.teams.flatMap((team) => team.members.map((m) => ({ team: team.team_id, m })));
        expect(got.map((g) => g.m.member_id).sort()).toEqual([...listed].sort());
        for (const { team, m } of got) {
          expect(team).toBe(teamOfMember.get(m.member_id));
          expect(figuresOf(m), `member ${m.name}`).toEqual(sumOf([...(cells.get(m.member_id)?.values() ?? [])]));
        }
        // both of Q's teams always show; 未分组 only with a member without a team; never R's team
        expect(result.teams.filter((x) => x.team_id !== null).map((x) => x.team_id)).toEqual([teamA, teamB]);
        for (const team of result.teams) if (team.team_id === null) expect(team.team_name).toBe('未分组');
        // the days
        for (const d of result.daily) {
          const expected = sumOf([...cells.values()].map((m) => m.get(d.day) ?? zero()));
          expect(figuresOf(d), d.day).toEqual(expected);
        }
        expectSums(result, RANGE.from, RANGE.to);
      }),
      { numRuns: 30 },
    );
  });

  it('follows the patient to the member who invited them: watch, answers and the orders after the enrolment', async () => {
    await clear();
    const [m1, m2] = qMembers as [number, number];
    const [p1, p2] = patients as [number, number];
    const db = t.database.db;
    // p1: invited by m1 and m2, enrolled through m1 first (owner m1), later through m2 in the other period
    await db.execute(sql`insert into live_invitation (pharmacy_id, period_id, account_id, inviter_member_id, created_at) values
      (${Q.id}, ${Q.periods[0]}, ${p1}, ${m1}, ${at('2026-03-02T09:00:00').toISOString()}),
      (${Q.id}, ${Q.periods[1]}, ${p1}, ${m1}, ${at('2026-03-04T09:00:00').toISOString()}),
      (${Q.id}, ${Q.periods[1]}, ${p1}, ${m2}, ${at('2026-03-04T10:00:00').toISOString()})`);
    await db.execute(sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id, created_at) values
      (${Q.id}, ${Q.periods[0]}, ${p1}, 'invite', ${m1}, ${at('2026-03-02T09:05:00').toISOString()}),
      (${Q.id}, ${Q.periods[1]}, ${p1}, 'invite', ${m2}, ${at('2026-03-04T10:05:00').toISOString()}),
      (${Q.id}, ${Q.periods[0]}, ${p2}, 'self', null, ${at('2026-03-02T11:00:00').toISOString()})`);
    await db.execute(sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at) values
      (${Q.id}, ${Q.lives[0]}, ${p1}, '2026-03-03', 600, 120, now(), now()),
      (${Q.id}, ${Q.lives[1]}, ${p1}, '2026-03-05', 300, 60, now(), now()),
      (${Q.id}, ${Q.lives[0]}, ${p2}, '2026-03-03', 900, 180, now(), now()),
      (${R.id}, ${R.lives[0]}, ${p1}, '2026-03-03', 999, 200, now(), now())`);
    await db.execute(sql`insert into live_exam_result (pharmacy_id, live_id, account_id, score, total_score, correct_count, question_count, submitted_at)
      values (${Q.id}, ${Q.lives[0]}, ${p1}, 90, 100, 9, 10, ${at('2026-03-03T20:00:00').toISOString()})`);
    const order = (o: { at: string; status: string; amount: string; paid: boolean; account?: number }) =>
      db.execute(sql`insert into orders (order_no, pharmacy_id, account_id, status, goods_amount, pay_amount, receiver_name,
          receiver_phone, province, city, address_detail, created_at, paid_at)
        values (${`TS${Date.now()}${++seq}`}, ${Q.id}, ${o.account ?? p1}, ${o.status}, ${o.amount}, ${o.amount}, '学员',
          '13900000001', '浙江省', '杭州市', '文三路 1 号', ${at(o.at).toISOString()},
          ${o.paid ? at(o.at).toISOString() : null})`);
    await order({ at: '2026-03-02T09:00:00', status: 'completed', amount: '50.00', paid: true }); // before the enrolment
    await order({ at: '2026-03-03T12:00:00', status: 'completed', amount: '128.50', paid: true });
    await order({ at: '2026-03-05T12:00:00', status: 'shipped', amount: '99.90', paid: true });
    await order({ at: '2026-03-05T13:00:00', status: 'cancelled', amount: '10.00', paid: true }); // refunded
    await order({ at: '2026-03-05T14:00:00', status: 'pending_payment', amount: '20.00', paid: false });
    await order({ at: '2026-03-05T15:00:00', status: 'completed', amount: '30.00', paid: true, account: p2 }); // no owner

    const result = await stat(Q.id, 'date_from=2026-03-01&date_to=2026-03-07');
    const teamA_ = result.teams.find((x) => x.team_id === teamA)!;
    const byId = new Map(teamA_.members.map((m) => [m.member_id, m]));
    expect(figuresOf(byId.get(m1)!)).toEqual({
      invited: 1,
      enrolled: 1,
      watched: 1,
      watch_seconds: 900,
      answered: 1,
      orders: 2,
      amount: '228.40',
    });
    expect(byId.get(m1)!.name).toBe('客服甲');
    expect(figuresOf(byId.get(m2)!)).toEqual({ ...zero(), invited: 1, enrolled: 1 });
    expect(figuresOf(teamA_)).toEqual({
      invited: 2,
      enrolled: 2,
      watched: 1,
      watch_seconds: 900,
      answered: 1,
      orders: 2,
      amount: '228.40',
    });
    expect(result.daily.find((d) => d.day === '2026-03-03')).toMatchObject({
      watched: 1,
      watch_seconds: 600,
      orders: 1,
    });
    expect(result.daily.find((d) => d.day === '2026-03-05')).toMatchObject({
      watched: 0,
      watch_seconds: 300,
      orders: 1,
    });
    expect(result.daily.find((d) => d.day === '2026-03-04')).toMatchObject({ invited: 1, enrolled: 1 });
    expectSums(result, '2026-03-01', '2026-03-07');

    // the team filter: only that team's members; the total is that team's
    const onlyB = await stat(Q.id, `date_from=2026-03-01&date_to=2026-03-07&team_id=${teamB}`);
    expect(onlyB.teams.map((x) => x.team_id)).toEqual([teamB]);
    expect(onlyB.total).toEqual(zero());
    const onlyA = await stat(Q.id, `date_from=2026-03-01&date_to=2026-03-07&team_id=${teamA}`);
    expect(onlyA.teams.map((x) => x.team_id)).toEqual([teamA]);
    expect(onlyA.total).toEqual(figuresOf(teamA_));
    expectSums(onlyA, '2026-03-01', '2026-03-07');
  });

  it('a range without data answers zeros for every team, member and day', async () => {
    const result = await stat(Q.id, 'date_from=2020-02-01&date_to=2020-03-01');
    expect(result.total).toEqual(zero());
    expect(result.daily).toHaveLength(30); // 2020 is a leap year
    for (const d of result.daily) expect(figuresOf(d)).toEqual(zero());
    expect(result.teams.map((x) => x.team_id)).toEqual([teamA, teamB]);
    const members = result.teams.flatMap((x) => x.members);
    expect(members.map((m) => m.member_id).sort()).toEqual([qMembers[0], qMembers[1], qMembers[2]].sort());
    for (const m of members) expect(figuresOf(m)).toEqual(zero());
  });

  it("never shows another pharmacy's figures, members or teams", async () => {
    await clear();
    const p1 = patients[0]!;
    // R: p1 invited, enrolled and buying through R's member
    const db = t.database.db;
    await db.execute(sql`insert into live_invitation (pharmacy_id, period_id, account_id, inviter_member_id, created_at)
      values (${R.id}, ${R.periods[0]}, ${p1}, ${rMember}, ${at('2026-03-02T09:00:00').toISOString()})`);
    await db.execute(sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id, created_at)
      values (${R.id}, ${R.periods[0]}, ${p1}, 'invite', ${rMember}, ${at('2026-03-02T09:05:00').toISOString()})`);
    await db.execute(sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
      values (${R.id}, ${R.lives[0]}, ${p1}, '2026-03-03', 600, 120, now(), now())`);
    const q = await stat(Q.id, 'date_from=2026-03-01&date_to=2026-03-07');
    expect(q.total).toEqual(zero());
    expect(q.teams.flatMap((x) => x.members).some((m) => m.member_id === rMember)).toBe(false);
    // Q's team id asked for at R matches nothing there
    const rWithQTeam = await stat(R.id, `date_from=2026-03-01&date_to=2026-03-07&team_id=${teamA}`);
    expect(rWithQTeam.teams).toEqual([]);
    expect(rWithQTeam.total).toEqual(zero());
    const r = await stat(R.id, 'date_from=2026-03-01&date_to=2026-03-07');
    expect(r.teams.map((x) => x.team_id)).toEqual([teamR]);
    expect(r.total).toMatchObject({ invited: 1, enrolled: 1, watched: 1, watch_seconds: 600 });
    // the teams route: the pharmacy's own teams only
    const teams = await t.app.inject({ method: 'GET', url: '/api/v1/live/teams', headers: headers(shop, Q.id) });
    expect(teams.json().data).toEqual([
      { id: teamA, name: '一组' },
      { id: teamB, name: '二组' },
    ]);
  });

  it('refuses a range over 366 days with a Chinese message; 366 days are answered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/live/team_stat?date_from=2025-01-01&date_to=2026-01-02',
      headers: headers(shop, Q.id),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('统计时间范围不能超过 366 天');
    const year = await stat(Q.id, 'date_from=2024-01-01&date_to=2024-12-31');
    expect(year.daily).toHaveLength(366);
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/live/team_stat?date_from=2026-03-02&date_to=2026-03-01',
      headers: headers(shop, Q.id),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('结束日期不能早于开始日期');
  });

  it('is open to the broadcast set (customer service) and closed to the pharmacist', async () => {
    const pharmacyId = (
      await one<{ pharmacy_id: number }>(
        sql`select m.pharmacy_id from pharmacy_member m join account a on a.id = m.account_id
            where a.phone = '13800000004' order by m.id limit 1`,
      )
    ).pharmacy_id;
    const cs = await t.login('13800000004');
    await stat(pharmacyId, 'date_from=2026-03-01&date_to=2026-03-07', cs);
    const pharmacist = await t.login('13800000006');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/live/team_stat?date_from=2026-03-01&date_to=2026-03-07',
      headers: headers(pharmacist, pharmacyId),
    });
    expect(res.statusCode).toBe(403);
  });
});
