import { randomBytes } from 'node:crypto';
import type { AdminPharmacyListQuery, AdminPharmacyStatus, PharmacyRole, QualificationKind } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { notify } from '../../lib/notify';
import { queryRows } from '../../lib/sql-rows';

/** Serialises 新增药店 per name (with the name's hash as the second key; group names use 72_017_003). */
const PHARMACY_NAME_LOCK_KEY = 72_017_004;

export interface PharmacyRow {
  id: number;
  name: string;
  logo_url: string;
  province: string;
  city: string;
  district: string;
  address: string;
  phone: string;
  business_hours: string;
  business_licence_no: string;
  drug_licence_no: string;
  drug_licence_expire_at: string | null;
  aptitude_images: string[];
  status: AdminPharmacyStatus;
  status_reason: string;
  checklist: Record<string, boolean> | null;
  cross_group: boolean;
  group_id: number | null;
  group_name: string | null;
  owner_account_id: number | null;
  owner_name: string | null;
  owner_phone: string | null;
  reviewer_name: string | null;
  staff_count: number;
  quote_count: number;
  expired_count: number;
  expiring_count: number;
  applied_at: string | Date | null;
  reviewed_at: string | Date | null;
  created_at: string | Date;
}

export interface QualificationRow {
  id: number;
  kind: QualificationKind;
  name: string;
  number: string;
  images: string[];
  expire_at: string | null;
  remark: string;
  updated_at: string | Date;
}

export interface StaffRow {
  id: number;
  name: string;
  phone: string;
  role: PharmacyRole;
  status: 'active' | 'disabled';
  created_at: string | Date;
}

/** The Shanghai day and the last day of the warning window the expiry figures are computed with. */
export interface ExpiryWindow {
  today: string;
  end: string;
}

/**
 * A pharmacy's documents expired or inside the window: its qualifications, and the drug licence on the pharmacy row
 * when no drug trade licence document is on file (the demo catalogue's stores keep only the row's mirror).
 */
const expiryCount = (w: ExpiryWindow, cmp: 'expired' | 'expiring') => {
  const test = (col: SQL) =>
    cmp === 'expired' ? sql`${col} < ${w.today}::date` : sql`${col} >= ${w.today}::date and ${col} <= ${w.end}::date`;
  return sql`(
    (select count(*) from pharmacy_qualification q where q.pharmacy_id = p.id and ${test(sql`q.expire_at`)})
    + case when ${test(sql`p.drug_licence_expire_at`)} and not exists (
        select 1 from pharmacy_qualification d where d.pharmacy_id = p.id and d.kind = 'drug_trade_licence')
      then 1 else 0 end)::int`;
};

/**
 * `expiring=1` of the list (and the dashboard's figure linking to it): a qualification or the drug licence expired
 * or expiring by the window's end.
 */
export const expiringCondition = (w: ExpiryWindow) => sql`(p.drug_licence_expire_at <= ${w.end}::date
  or exists (select 1 from pharmacy_qualification q where q.pharmacy_id = p.id and q.expire_at <= ${w.end}::date))`;

const rowColumns = (w: ExpiryWindow) => sql`p.id, p.name, p.logo_url, p.province, p.city, p.district, p.address,
  p.phone, p.business_hours, p.business_licence_no, p.drug_licence_no, p.drug_licence_expire_at::text as drug_licence_expire_at,
  p.aptitude_images, p.status, p.status_reason, p.checklist, p.cross_group, p.group_id, g.name as group_name,
  p.owner_account_id, o.name as owner_name, o.phone as owner_phone, r.name as reviewer_name,
  (select count(*) from pharmacy_member m where m.pharmacy_id = p.id and m.status = 'active')::int as staff_count,
  coalesce((select lc.n from list_count lc
    where lc.scope = 'quote' and lc.owner_id = p.id and lc.bucket = 'on_shelf'), 0)::int as quote_count,
  ${expiryCount(w, 'expired')} as expired_count, ${expiryCount(w, 'expiring')} as expiring_count,
  p.applied_at, p.reviewed_at, p.created_at`;

const rowJoins = sql`left join pharmacy_group g on g.id = p.group_id
  left join account o on o.id = p.owner_account_id
  left join account r on r.id = p.reviewed_by`;

const toRow = (r: PharmacyRow): PharmacyRow => ({
  ...r,
  id: Number(r.id),
  group_id: r.group_id === null ? null : Number(r.group_id),
  owner_account_id: r.owner_account_id === null ? null : Number(r.owner_account_id),
  staff_count: Number(r.staff_count),
  quote_count: Number(r.quote_count),
  expired_count: Number(r.expired_count),
  expiring_count: Number(r.expiring_count),
});

/** A guarded transition: from → to, with the columns it sets. */
export interface Transition {
  id: number;
  from: AdminPharmacyStatus;
  to: AdminPharmacyStatus;
  reason: string;
  operatorId: number;
  /** Only for approve: every one of these checklist kinds must be true in the same UPDATE. */
  requireChecked?: readonly string[];
}

/**
 * JSON the database accepts: a lone surrogate (half a UTF-16 pair, e.g. in a document number of kind 其他) becomes
 * U+FFFD, as it does in the text columns, instead of a `\ud800` escape jsonb refuses.
 */
const wellFormedJson = (value: unknown) =>
  JSON.stringify(value, (_key, v) =>
    typeof v === 'string'
      ? v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      : v,
  );

export class AdminPharmacyRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private filters(query: AdminPharmacyListQuery, w: ExpiryWindow): SQL[] {
    const conds: SQL[] = [];
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`p.name ilike ${like}`);
    }
    if (query.city) conds.push(sql`p.city = ${query.city}`);
    if (query.group_id) conds.push(sql`p.group_id = ${query.group_id}`);
    if (query.expiring) conds.push(expiringCondition(w));
    return conds;
  }

  /** One page of pharmacies and the counts per status under the same filters (the platform has tens of pharmacies). */
  async list(query: AdminPharmacyListQuery, w: ExpiryWindow) {
    const conds = this.filters(query, w);
    const where = (extra: SQL[]) => {
      const all = [...conds, ...extra];
      return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
    };
    const statusCond = query.status === 'all' ? [] : [sql`p.status = ${query.status}`];
    const offset = (query.page - 1) * query.page_size;
    const [page, counts] = await Promise.all([
      queryRows<PharmacyRow>(
        this.db,
        sql`select ${rowColumns(w)} from pharmacy p ${rowJoins} ${where(statusCond)}
            order by (p.status = 'pending') desc, coalesce(p.applied_at, p.created_at) desc, p.id desc
            limit ${query.page_size} offset ${offset}`,
      ),
      queryRows<{ status: AdminPharmacyStatus; n: number }>(
        this.db,
        sql`select p.status, count(*)::int as n from pharmacy p ${where([])} group by p.status`,
      ),
    ]);
    const byStatus = Object.fromEntries(counts.rows.map((r) => [r.status, Number(r.n)])) as Partial<
      Record<AdminPharmacyStatus, number>
    >;
    return { rows: page.rows.map(toRow), byStatus };
  }

  async filterOptions() {
    const [cities, groups] = await Promise.all([
      queryRows<{ city: string }>(
        this.db,
        sql`select distinct p.city from pharmacy p where p.city <> '' order by p.city`,
      ),
      queryRows<{ id: number; name: string }>(this.db, sql`select g.id, g.name from pharmacy_group g order by g.id`),
    ]);
    return {
      cities: cities.rows.map((r) => r.city),
      groups: groups.rows.map((g) => ({ id: Number(g.id), name: g.name })),
    };
  }

  async find(id: number, w: ExpiryWindow, q: DbExecutor = this.db): Promise<PharmacyRow | undefined> {
    const { rows } = await queryRows<PharmacyRow>(
      q,
      sql`select ${rowColumns(w)} from pharmacy p ${rowJoins} where p.id = ${id}`,
    );
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async qualifications(id: number, q: DbExecutor = this.db): Promise<QualificationRow[]> {
    const { rows } = await queryRows<QualificationRow>(
      q,
      sql`select id, kind, name, number, images, expire_at::text as expire_at, remark, updated_at
          from pharmacy_qualification where pharmacy_id = ${id} order by id`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async staff(id: number, q: DbExecutor = this.db): Promise<StaffRow[]> {
    const { rows } = await queryRows<StaffRow>(
      q,
      sql`select m.id, a.name, a.phone, m.role, m.status, m.created_at
          from pharmacy_member m join account a on a.id = m.account_id
          where m.pharmacy_id = ${id}
          order by array_position(array['shop','pharmacy_admin','manager','customer_service','pharmacist']::text[], m.role::text), m.id`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async status(id: number, q: DbExecutor = this.db): Promise<AdminPharmacyStatus | undefined> {
    const { rows } = await queryRows<{ status: AdminPharmacyStatus }>(
      q,
      sql`select status from pharmacy where id = ${id}`,
    );
    return rows[0]?.status;
  }

  /** Sets one checklist entry while the application is pending; false when it is not (or is missing). */
  async setChecked(id: number, kind: QualificationKind, checked: boolean, q: DbExecutor = this.db) {
    const { rowCount } = await queryRows(
      q,
      sql`update pharmacy set checklist = coalesce(checklist, '{}'::jsonb) || jsonb_build_object(${kind}::text, ${checked}::boolean),
            updated_at = now()
          where id = ${id} and status = 'pending'`,
    );
    return rowCount > 0;
  }

  async hasDocument(id: number, kind: QualificationKind, q: DbExecutor = this.db) {
    const { rows } = await queryRows(
      q,
      sql`select 1 from pharmacy_qualification where pharmacy_id = ${id} and kind = ${kind} limit 1`,
    );
    return rows.length > 0;
  }

  /**
   * The guarded UPDATE of a decision: only from the expected status (and, for approval, with every required checklist
   * entry true, read in the same statement). Returns the owner's account id, or null when nothing changed.
   */
  async transition(q: DbExecutor, t: Transition): Promise<{ ownerAccountId: number | null; name: string } | null> {
    const checked = (t.requireChecked ?? []).map((k) => sql` and coalesce((checklist ->> ${k})::boolean, false)`);
    const { rows } = await queryRows<{ owner_account_id: number | null; name: string }>(
      q,
      sql`update pharmacy set status = ${t.to}, status_reason = ${t.reason}, reviewed_by = ${t.operatorId},
            reviewed_at = now(), updated_at = now()
          where id = ${t.id} and status = ${t.from}${sql.join(checked, sql``)}
          returning owner_account_id, name`,
    );
    const row = rows[0];
    if (!row) return null;
    return { ownerAccountId: row.owner_account_id === null ? null : Number(row.owner_account_id), name: row.name };
  }

  /**
   * Inside the creating transaction: waits for any other creation of this name (a transaction-scoped advisory lock on
   * the name's hash, held until commit), then tells whether a pharmacy of any status already has it. The read after
   * the lock (READ COMMITTED: a fresh snapshot per statement) sees a winner's committed row, so of two creations of one name one inserts and the other is refused.
   * Not a unique index: tests and seeds insert pharmacies directly, and a deployment may already hold duplicates.
   */
  async lockAndCheckName(name: string, q: DbExecutor) {
    await queryRows(q, sql`select pg_advisory_xact_lock(${PHARMACY_NAME_LOCK_KEY}::int, hashtext(${name}))`);
    const { rows } = await queryRows(q, sql`select 1 from pharmacy where name = ${name} limit 1`);
    return rows.length > 0;
  }

  /** The phone's account, created (no password: it signs in by SMS code) when unknown. */
  async ensureAccount(q: DbExecutor, phone: string, name: string): Promise<{ id: number; status: string }> {
    await queryRows(
      q,
      sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`pu_${randomBytes(12).toString('hex')}`}, ${name})
          on conflict (phone) do nothing`,
    );
    const { rows } = await queryRows<{ id: number; status: string }>(
      q,
      sql`select id, status from account where phone = ${phone}`,
    );
    return { id: Number(rows[0].id), status: rows[0].status };
  }

  async insertApplication(
    q: DbExecutor,
    input: {
      name: string;
      province: string;
      city: string;
      district: string;
      address: string;
      phone: string;
      businessHours: string;
      businessLicenceNo: string;
      drugLicenceNo: string;
      drugLicenceExpireAt: string | null;
      aptitudeImages: string[];
      ownerAccountId: number;
    },
  ): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      q,
      sql`insert into pharmacy (name, province, city, district, address, phone, business_hours, business_licence_no,
            drug_licence_no, drug_licence_expire_at, aptitude_images, status, owner_account_id, applied_at, checklist)
          values (${input.name}, ${input.province}, ${input.city}, ${input.district}, ${input.address}, ${input.phone},
            ${input.businessHours}, ${input.businessLicenceNo}, ${input.drugLicenceNo}, ${input.drugLicenceExpireAt}::date,
            ${sql`array[${sql.join(
              input.aptitudeImages.map((i) => sql`${i}`),
              sql`, `,
            )}]::text[]`}, 'pending', ${input.ownerAccountId}, now(), '{}'::jsonb)
          returning id`,
    );
    const id = Number(rows[0].id);
    await queryRows(q, sql`insert into pharmacy_setting (pharmacy_id) values (${id}) on conflict do nothing`);
    await queryRows(
      q,
      sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions) values (${id}, ${input.ownerAccountId}, 'shop', '{}')
          on conflict (pharmacy_id, account_id) do nothing`,
    );
    return id;
  }

  async insertQualification(
    q: DbExecutor,
    pharmacyId: number,
    d: {
      kind: QualificationKind;
      name: string;
      number: string;
      images: string[];
      expire_at: string | null;
      remark: string;
    },
  ) {
    await queryRows(
      q,
      sql`insert into pharmacy_qualification (pharmacy_id, kind, name, number, images, expire_at, remark)
          values (${pharmacyId}, ${d.kind}, ${d.name}, ${d.number},
            ${sql`array[${sql.join(
              d.images.map((i) => sql`${i}`),
              sql`, `,
            )}]::text[]`}, ${d.expire_at}::date, ${d.remark})`,
    );
  }

  notify = notify;

  /** The audit row of a decision, written in the decision's transaction (plugins/audit.ts writes the same table). */
  async audit(
    q: DbExecutor,
    entry: { accountId: number; action: string; target: string; detail: unknown; ip: string },
  ): Promise<void> {
    await queryRows(
      q,
      sql`insert into audit_log (account_id, pharmacy_id, action, target, detail, ip)
          values (${entry.accountId}, null, ${entry.action}, ${entry.target}, ${wellFormedJson(entry.detail)}::jsonb,
            ${entry.ip.slice(0, 64)})`,
    );
  }
}
