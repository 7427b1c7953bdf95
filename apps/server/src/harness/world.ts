import { hasAdminPermission, hasPharmacyPermission } from '@pharmacy/shared';
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
  const pharmacies = await query<{ id: number }>(t, 'select id from pharmacy order by id');
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
      if (roles) return roles.includes(membership.role);
      return hasPharmacyPermission(subjectForPharmacy(user, membership), pharmacyA, key ?? undefined);
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

const CATALOG_TABLES = `(select count(*)::int from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p'))`;
const TABLE_COUNT_KEY = ' tables';

/** Per database: its tables (from information_schema), the statement counting their rows, and pg_class's count then. */
const tableLists = new WeakMap<object, { union: string; catalogTables: number }>();

async function readTableList(t: TestApp) {
  const tables = await query<{ table_name: string; k: number }>(
    t,
    `select table_name, ${CATALOG_TABLES} as k from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const union = [
    ...tables.map((r) => `select '${r.table_name}' as t, count(*)::int as n from "${r.table_name}"`),
    `select '${TABLE_COUNT_KEY}' as t, ${CATALOG_TABLES} as n`,
  ].join(' union all ');
  const list = { union, catalogTables: Number(tables[0]?.k ?? -1) };
  tableLists.set(t.database, list);
  return list;
}

/**
 * Row count of every table in the public schema (the list read from information_schema). The fuzzer takes one per
 * refused call, so the list is read once per database; the same statement counts the tables in pg_class, and a
 * different number (a table created or dropped since) reads the list again.
 */
export async function snapshotCounts(t: TestApp): Promise<Record<string, number>> {
  // batches a module writes later (heartbeats) belong to the calls that were accepted, not to the next one
  await flushDeferredWrites(t.app.db);
  let list = tableLists.get(t.database) ?? (await readTableList(t));
  for (let attempt = 0; ; attempt++) {
    const rows = await query<{ t: string; n: number }>(t, list.union);
    const tables = rows.find((r) => r.t === TABLE_COUNT_KEY);
    if (Number(tables?.n) === list.catalogTables || attempt > 0) {
      return Object.fromEntries(rows.filter((r) => r.t !== TABLE_COUNT_KEY).map((r) => [r.t, Number(r.n)]));
    }
    list = await readTableList(t);
  }
}

export const diffCounts = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k] ?? 0} → ${after[k] ?? 0}`);
