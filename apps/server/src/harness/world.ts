import { hasAdminPermission, passesPharmacyAccess } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { hashPassword, randomToken, sha256Hex } from '../lib/crypto';
import { flushDeferredWrites } from '../lib/deferred-writes';
import { subjectForPharmacy, toPrincipal } from '../plugins/principal';
import type { TestApp } from '../test/test-app';

/** Rows of one query, whichever driver (PGlite answers `{ rows }`, node-postgres too, drizzle may give an array). */
export async function queryDb<T>(db: Database, text: string): Promise<T[]> {
  const res = (await db.execute(sql.raw(text))) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

export const query = <T>(t: TestApp, text: string) => queryDb<T>(t.database.db, text);

export interface Actor {
  label: string;
  accountId: number;
}

/**
 * The cast of the harness on a seeded test app: pharmacy A (the first demo pharmacy, with staff and data), a staff
 * member of another pharmacy B who is nobody in A, the operator, and a signed-in account with no role (the patient).
 * A's data (and the patient's own data) gives the values and ids that must never reach anybody else.
 */
export interface World {
  t: TestApp;
  pharmacyA: number;
  pharmacyB: number;
  admin: Actor;
  staffA: Actor;
  staffB: Actor;
  patient: Actor;
  /** The demo doctor (owner of A's clinical rows) and another doctor who must never see them. */
  doctorA: Actor;
  doctorB: Actor;
  /** Every seeded member of A (to find one who lacks a route's permission key). */
  membersOfA: Actor[];
  /** Text values found only in rows owned by A or by the patient (never in anybody else's rows). */
  secretValues: string[];
  /** Ids of rows owned by A or the patient, per table. */
  ownedIds: Record<string, number[]>;
  /** A fresh session for an actor (sessions are minted in the database, so sign-outs during a check harm nothing). */
  token(actor: Actor): Promise<string>;
  /** Does the shared permission check let this member of A through a pharmacy rule? */
  passesPharmacyRule(actor: Actor, key: string | null, roles?: readonly string[]): Promise<boolean>;
  passesAdminRule(actor: Actor, key: string | null): Promise<boolean>;
}

const B_STAFF_PHONE = '13700000099';
const B_DOCTOR_PHONE = '13700000098';

async function accountIdOf(t: TestApp, phone: string): Promise<number> {
  const [row] = await query<{ id: number }>(t, `select id from account where phone = '${phone}'`);
  if (!row) throw new Error(`no account ${phone}`);
  return Number(row.id);
}

export async function createWorld(t: TestApp): Promise<World> {
  // active ones: the staff of a pending, rejected or suspended pharmacy are refused on every pharmacy route (issue 17)
  const pharmacies = await query<{ id: number }>(t, "select id from pharmacy where status = 'active' order by id");
  const pharmacyA = Number(pharmacies[0].id);
  const pharmacyB = Number(pharmacies[pharmacies.length - 1].id);

  // B's own staff member: pharmacy_admin holding "all" in B, member of nothing else
  const hash = await hashPassword(randomToken(12));
  await query(
    t,
    `insert into account (phone, phone_user_id, name, password_hash) values ('${B_STAFF_PHONE}', 'pu_${B_STAFF_PHONE}', '北京店长测试', '${hash}')`,
  );
  const staffBId = await accountIdOf(t, B_STAFF_PHONE);
  await query(
    t,
    `insert into pharmacy_member (pharmacy_id, account_id, role, permissions) values (${pharmacyB}, ${staffBId}, 'pharmacy_admin', array['all'])`,
  );

  // another doctor, who holds nothing of doctor A's
  await query(
    t,
    `insert into account (phone, phone_user_id, name, password_hash) values ('${B_DOCTOR_PHONE}', 'pu_${B_DOCTOR_PHONE}', '测试医生乙', '${hash}')`,
  );
  const doctorBId = await accountIdOf(t, B_DOCTOR_PHONE);
  await query(
    t,
    `insert into doctor (account_id, hospital, department, title) values (${doctorBId}, '测试医院', '全科', '主治医师')`,
  );
  const doctorA = { label: 'doctor A', accountId: await accountIdOf(t, '13800000005') };
  const doctorB = { label: 'doctor B', accountId: doctorBId };
  const [doctorRow] = await query<{ id: number }>(t, `select id from doctor where account_id = ${doctorA.accountId}`);

  const admin = { label: 'operator', accountId: await accountIdOf(t, '13800000007') };
  const staffA = { label: 'pharmacy_admin of A', accountId: await accountIdOf(t, '13800000002') };
  const staffB = { label: 'pharmacy_admin of B', accountId: staffBId };
  const patient = { label: 'patient (no role)', accountId: await accountIdOf(t, '13900000001') };
  const memberRows = await query<{ account_id: number; role: string }>(
    t,
    `select account_id, role from pharmacy_member where pharmacy_id = ${pharmacyA} order by id`,
  );
  const membersOfA = memberRows.map((m) => ({ label: `${m.role} of A`, accountId: Number(m.account_id) }));

  // the patient's own notification, so that per-account routes (/message/{id}) have someone else's row to aim at
  await query(
    t,
    `insert into message (account_id, kind, title, content) values (${patient.accountId}, 'system', '患者私信核对编号 880011', '您的处方已审核（仅本人可见）')`,
  );
  const owned = await collectOwnedData(t, pharmacyA, patient.accountId, Number(doctorRow.id));
  // what A shows to everybody is no secret: its directory entry (name, logo, address), and the chat's greeting and
  // off-hours reply (any account may open a chat with A and read them there)
  const shownToAll = [
    (await t.app.inject({ method: 'GET', url: `/api/v1/pharmacy/detail/${pharmacyA}` })).body,
    ...(
      await query<{ greeting: string; off_hours_reply: string }>(
        t,
        `select greeting, off_hours_reply from chat_setting where pharmacy_id = ${pharmacyA}`,
      )
    ).flatMap((r) => [r.greeting, r.off_hours_reply]),
    // what A publishes to the viewers of its live classes (docs/live.md): any account may open a camp period's
    // landing page and enrol, then watch its lives: the column and period, the published lives bound to a period,
    // their handouts, bound combo, visible comments and exam questions
    ...(
      await query<{ v: string | null }>(
        t,
        `with shown as (select l.* from live l where l.pharmacy_id = ${pharmacyA} and l.status <> 'draft'
           and exists (select 1 from column_period_live pl where pl.live_id = l.id))
         select unnest(array[title, intro, lecturer, cover_url, pull_url, replay_url]) as v from shown
         union all select unnest(array[m.name, m.url]) from live_material m join shown on shown.id = m.live_id
         union all select c.content from live_comment c join shown on shown.id = c.live_id where c.status = 'visible'
         union all select unnest(array[q.stem, q.analysis]) from question q
           join live_question lq on lq.question_id = q.id join shown on shown.id = lq.live_id
         union all select s.name from quote_set s join shown on shown.quote_set_id = s.id
         union all select unnest(array[c.title, c.intro, c.cover_url]) from live_column c
           where c.pharmacy_id = ${pharmacyA} and exists (select 1 from column_period p where p.column_id = c.id)
         union all select p.name from column_period p where p.pharmacy_id = ${pharmacyA}`,
      )
    ).flatMap((r) => (r.v ? [r.v] : [])),
  ];
  const secretValues = owned.secretValues.filter((v) => !shownToAll.some((shown) => shown.includes(v)));
  const { ownedIds } = owned;

  const principalOf = async (actor: Actor) => {
    const row = await t.app.principals.byAccountId(actor.accountId);
    if (!row) throw new Error(`no principal ${actor.accountId}`);
    return toPrincipal(row, null);
  };

  return {
    t,
    pharmacyA,
    pharmacyB,
    admin,
    staffA,
    staffB,
    patient,
    doctorA,
    doctorB,
    membersOfA,
    secretValues,
    ownedIds,
    async token(actor) {
      const token = randomToken();
      await query(
        t,
        `insert into session (account_id, token_sha256, expires_at) values (${actor.accountId}, '${sha256Hex(token)}', now() + interval '1 day')`,
      );
      return token;
    },
    async passesPharmacyRule(actor, key, roles) {
      const user = await principalOf(actor);
      const membership = user.memberships.find((m) => m.pharmacy_id === pharmacyA);
      if (!membership) return false;
      return passesPharmacyAccess(subjectForPharmacy(user, membership), membership.role, pharmacyA, key, roles);
    },
    async passesAdminRule(actor, key) {
      return hasAdminPermission(await principalOf(actor), key ?? undefined);
    },
  };
}

const SKIP_TABLES = new Set(['session', 'audit_log', 'qr_login', 'sms_code', 'login_attempt', 'captcha']);

/**
 * Reads every table that has a `pharmacy_id` or `account_id` column: text values that occur only in rows owned by
 * pharmacy A or by the patient (at least 4 characters, and holding a CJK character or 6 digits, so that enum words and
 * common strings do not count), and the ids of those owned rows.
 */
async function collectOwnedData(t: TestApp, pharmacyA: number, ownerAccount: number, doctorA: number) {
  const columns = await query<{ table_name: string; column_name: string; data_type: string }>(
    t,
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, { name: string; type: string }[]>();
  for (const c of columns) {
    const list = byTable.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type });
    byTable.set(c.table_name, list);
  }
  const owned = new Set<string>();
  const others = new Set<string>();
  const ownedIds: Record<string, number[]> = {};
  for (const [table, cols] of byTable) {
    if (SKIP_TABLES.has(table)) continue;
    const textCols = cols.filter((c) => c.type === 'text' || c.type === 'character varying').map((c) => c.name);
    const hasPharmacy = cols.some((c) => c.name === 'pharmacy_id');
    const hasAccount = cols.some((c) => c.name === 'account_id');
    const hasDoctor = cols.some((c) => c.name === 'doctor_id');
    const ownedWhere = [
      hasPharmacy ? `pharmacy_id = ${pharmacyA}` : null,
      hasAccount ? `account_id = ${ownerAccount}` : null,
      hasDoctor ? `doctor_id = ${doctorA}` : null,
      table === 'pharmacy' ? `id = ${pharmacyA}` : null,
      table === 'doctor' ? `id = ${doctorA}` : null,
      table === 'account' ? `id = ${ownerAccount}` : null,
    ].filter(Boolean);
    const isOwned = ownedWhere.length ? `(${ownedWhere.join(' or ')})` : 'false';
    const hasId = cols.some((c) => c.name === 'id');
    const rows = await query<Record<string, unknown>>(
      t,
      `select ${isOwned} as harness_owned${hasId ? ', id' : ''}${textCols.map((c) => `, "${c}"`).join('')} from "${table}"`,
    );
    for (const row of rows) {
      const mine = row.harness_owned === true || row.harness_owned === 't';
      if (mine && hasId && (hasPharmacy || hasAccount || hasDoctor || table === 'doctor')) {
        ownedIds[table] = [...(ownedIds[table] ?? []), Number(row.id)];
      }
      for (const c of textCols) {
        const v = row[c];
        if (typeof v === 'string' && v) (mine ? owned : others).add(v);
      }
    }
  }
  const distinctive = (v: string) => v.length >= 4 && (/[\u4e00-\u9fff]/.test(v) || /\d{6}/.test(v));
  const secretValues = [...owned].filter((v) => !others.has(v) && distinctive(v));
  return { secretValues, ownedIds };
}

/** The harness's own bookkeeping table (in the test database only): one row per inserted or deleted row, until read. */
const CHANGES = 'harness_row_change';
const CATALOG_TABLES = `(select count(*)::int from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> '${CHANGES}')`;
const TABLE_COUNT_KEY = ' tables';

/**
 * Per database: every table's row count as the harness last knew it, and how many tables pg_class had then. Kept by
 * triggers (`installRowCounter`) instead of counting every table's rows for each refused call of the fuzzer: with the
 * demo seed grown to ~100 tables and tens of thousands of rows, the count(*) over all of them was most of the fuzz
 * test's time (CI time, docs/quality-harness.md).
 */
interface RowCounter {
  counts: Record<string, number>;
  catalogTables: number;
}
const counters = new WeakMap<object, RowCounter>();

/** count(*) of every table, in one statement; the number of tables in pg_class under TABLE_COUNT_KEY. */
async function countEveryTable(t: TestApp): Promise<Record<string, number>> {
  const tables = await query<{ relname: string }>(
    t,
    `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> '${CHANGES}' order by 1`,
  );
  const rows = await query<{ t: string; n: number }>(
    t,
    [
      ...tables.map((r) => `select '${r.relname}' as t, count(*)::int as n from "${r.relname}"`),
      `select '${TABLE_COUNT_KEY}' as t, ${CATALOG_TABLES} as n`,
    ].join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/**
 * Row-level triggers on every table of the public schema (after insert or delete: +1 / −1; after truncate: a marker)
 * append to `harness_row_change`; a snapshot deletes what is there and adds it up. Appending (never updating a counter
 * row) keeps the triggers from making two of the app's transactions wait on each other. Idempotent: tables that have
 * the trigger are skipped, so a table created later gets it on the next call. Then every table is counted once.
 */
async function installRowCounter(t: TestApp): Promise<RowCounter> {
  await query(t, `create table if not exists ${CHANGES} (t text not null, d int)`);
  await query(
    t,
    `create or replace function ${CHANGES}() returns trigger language plpgsql as $$
     begin
       insert into ${CHANGES} (t, d) values (tg_table_name, case tg_op when 'INSERT' then 1 when 'DELETE' then -1 end);
       return null;
     end $$`,
  );
  await query(
    t,
    `do $$ declare r record; begin
       for r in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
         and c.relname <> '${CHANGES}'
         and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = '${CHANGES}')
       loop
         execute format('create trigger ${CHANGES} after insert or delete on %I for each row execute function ${CHANGES}()', r.relname);
         execute format('create trigger ${CHANGES}_truncate after truncate on %I for each statement execute function ${CHANGES}()', r.relname);
       end loop;
     end $$`,
  );
  await query(t, `delete from ${CHANGES}`);
  const all = await countEveryTable(t);
  const catalogTables = all[TABLE_COUNT_KEY];
  delete all[TABLE_COUNT_KEY];
  const counter = { counts: all, catalogTables };
  counters.set(t.database, counter);
  return counter;
}

/**
 * Row count of every table in the public schema. The fuzzer takes one around each refused call: the first call on a
 * database installs the triggers and counts every table; later calls read (and delete) the changes the triggers
 * recorded since, one small statement. A table truncated since is counted again; a table created since (pg_class's
 * count differs) gets its triggers and everything is counted again. `verifyCounts` checks the sum against count(*).
 */
export async function snapshotCounts(t: TestApp): Promise<Record<string, number>> {
  // batches a module writes later (heartbeats) belong to the calls that were accepted, not to the next one
  await flushDeferredWrites(t.app.db);
  const counter = counters.get(t.database) ?? (await installRowCounter(t));
  const rows = await query<{ t: string; n: number; truncated: boolean | string | null }>(
    t,
    `with d as (delete from ${CHANGES} returning t, d)
     select t, coalesce(sum(d), 0)::int as n, bool_or(d is null) as truncated from d group by t
     union all select '${TABLE_COUNT_KEY}', ${CATALOG_TABLES}, null`,
  );
  const tables = rows.find((r) => r.t === TABLE_COUNT_KEY);
  if (Number(tables?.n) !== counter.catalogTables) return { ...(await installRowCounter(t)).counts };
  for (const r of rows) {
    if (r.t === TABLE_COUNT_KEY) continue;
    if (r.truncated === true || r.truncated === 't') {
      const [again] = await query<{ n: number }>(t, `select count(*)::int as n from "${r.t}"`);
      counter.counts[r.t] = Number(again.n);
    } else counter.counts[r.t] = (counter.counts[r.t] ?? 0) + Number(r.n);
  }
  return { ...counter.counts };
}

/**
 * The counts the triggers kept, checked against count(*) of every table (the fuzzer does so after each route): the
 * differences, if any (a write the triggers did not see), and the counter starts again from the true counts.
 */
export async function verifyCounts(t: TestApp): Promise<string[]> {
  const kept = await snapshotCounts(t);
  const truth = await countEveryTable(t);
  delete truth[TABLE_COUNT_KEY];
  const differences = diffCounts(kept, truth);
  if (differences.length) await installRowCounter(t);
  return differences;
}

export const diffCounts = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k] ?? 0} → ${after[k] ?? 0}`);
