import type { ReportStatus, ReportTargetKind } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { containsPattern, escapeLike } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * Complaints (report): the operator's list, detail and guarded decisions; the patient's own complaints and the
 * targets they may complain about. Every read of a target is scoped to the caller here, so a target that is not the
 * patient's reads exactly like a missing one.
 */

export interface ReportRow {
  id: number;
  reporter_account_id: number;
  target_kind: ReportTargetKind;
  target_id: number;
  target_label: string | null;
  pharmacy_id: number | null;
  pharmacy_name: string | null;
  category: string;
  content: string;
  images: string[];
  contact_phone: string;
  reporter_name: string;
  reporter_phone: string;
  status: ReportStatus;
  result: string;
  handler_name: string | null;
  handled_at: Date | string | null;
  created_at: Date | string;
}

export interface TargetSummaryRow {
  exists: boolean;
  order_no: string | null;
  order_status: string | null;
  order_amount: string | null;
  order_created_at: Date | string | null;
  pharmacy_name: string | null;
  pharmacy_status: string | null;
  doctor_name: string | null;
  doctor_hospital: string | null;
  doctor_department: string | null;
  doctor_title: string | null;
  live_title: string | null;
  live_start_at: Date | string | null;
  live_lecturer: string | null;
}

export interface TargetOptionRow {
  id: number;
  label: string;
  description: string;
  at: Date | string | null;
}

export interface AdminReportFilter {
  status?: ReportStatus;
  targetKind?: ReportTargetKind;
  pharmacyId?: number;
  from?: Date;
  to?: Date;
  keyword?: string;
}

/** The target's name as the lists show it (order no, pharmacy name, doctor name, live title); null when gone. */
const targetLabel = sql`case r.target_kind
    when 'order' then (select o.order_no from orders o where o.id = r.target_id)
    when 'pharmacy' then (select p.name from pharmacy p where p.id = r.target_id)
    when 'doctor' then (select a.name from doctor d join account a on a.id = d.account_id where d.id = r.target_id)
    when 'live' then (select l.title from live l where l.id = r.target_id)
  end`;

const columns = sql`r.id, r.reporter_account_id, r.target_kind, r.target_id, ${targetLabel} as target_label,
  r.pharmacy_id, ph.name as pharmacy_name, r.category, r.content, r.images, r.contact_phone,
  ra.name as reporter_name, ra.phone as reporter_phone, r.status, r.result, ha.name as handler_name, r.handled_at,
  r.created_at`;

const from = sql`report r
  join account ra on ra.id = r.reporter_account_id
  left join pharmacy ph on ph.id = r.pharmacy_id
  left join account ha on ha.id = r.handler_account_id`;

/** JSON the database accepts: half a surrogate pair becomes U+FFFD instead of an escape jsonb refuses. */
const wellFormed = (_key: string, value: unknown) =>
  typeof value === 'string'
    ? value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    : value;

export class ReportRepository {
  constructor(private readonly db: DbExecutor) {}

  get executor(): DbExecutor {
    return this.db;
  }

  transaction<T>(work: (repo: ReportRepository) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx: Transaction) => work(new ReportRepository(tx)));
  }

  /** The filters but the status tab (the tabs' counts are taken under them). */
  private conditions(f: AdminReportFilter): SQL[] {
    const where: SQL[] = [];
    if (f.targetKind) where.push(sql`r.target_kind = ${f.targetKind}`);
    if (f.pharmacyId) where.push(sql`r.pharmacy_id = ${f.pharmacyId}`);
    if (f.from) where.push(sql`r.created_at >= ${f.from.toISOString()}`);
    if (f.to) where.push(sql`r.created_at < ${f.to.toISOString()}`);
    if (f.keyword) {
      const k = f.keyword;
      const any: SQL[] = [
        sql`r.content ilike ${containsPattern(k)}`,
        sql`r.category ilike ${containsPattern(k)}`,
        sql`ra.name ilike ${containsPattern(k)}`,
        sql`ra.phone = ${k}`,
        sql`(r.target_kind = 'order' and r.target_id = (select o.id from orders o where o.order_no = ${k}))`,
      ];
      if (/^\d{4}$/.test(k)) any.push(sql`ra.phone like ${`%${escapeLike(k)}`}`);
      where.push(sql`(${sql.join(any, sql` or `)})`);
    }
    return where;
  }

  async page(filter: AdminReportFilter, limit: number, offset: number) {
    const base = this.conditions(filter);
    const listWhere = filter.status ? [...base, sql`r.status = ${filter.status}`] : base;
    const whereOf = (c: SQL[]) => (c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``);
    const [{ rows }, { rows: counts }] = await Promise.all([
      queryRows<ReportRow>(
        this.db,
        sql`select ${columns} from ${from} ${whereOf(listWhere)}
          order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ status: ReportStatus; n: number }>(
        this.db,
        sql`select r.status, count(*)::int as n from ${from} ${whereOf(base)} group by r.status`,
      ),
    ]);
    return { rows, counts };
  }

  async find(id: number): Promise<ReportRow | null> {
    const { rows } = await queryRows<ReportRow>(this.db, sql`select ${columns} from ${from} where r.id = ${id}`);
    return rows[0] ?? null;
  }

  async status(id: number): Promise<ReportStatus | null> {
    const { rows } = await queryRows<{ status: ReportStatus }>(
      this.db,
      sql`select status from report where id = ${id}`,
    );
    return rows[0]?.status ?? null;
  }

  /** The target as it is now, for the detail. */
  async targetSummary(kind: ReportTargetKind, id: number): Promise<TargetSummaryRow> {
    const none = sql`null::text`;
    const query = {
      order: sql`select true as exists, o.order_no, o.status as order_status, o.pay_amount::text as order_amount,
          o.created_at as order_created_at, p.name as pharmacy_name, p.status as pharmacy_status,
          ${none} as doctor_name, ${none} as doctor_hospital, ${none} as doctor_department, ${none} as doctor_title,
          ${none} as live_title, null::timestamptz as live_start_at, ${none} as live_lecturer
        from orders o join pharmacy p on p.id = o.pharmacy_id where o.id = ${id}`,
      pharmacy: sql`select true as exists, ${none} as order_no, ${none} as order_status, ${none} as order_amount,
          null::timestamptz as order_created_at, p.name as pharmacy_name, p.status as pharmacy_status,
          ${none} as doctor_name, ${none} as doctor_hospital, ${none} as doctor_department, ${none} as doctor_title,
          ${none} as live_title, null::timestamptz as live_start_at, ${none} as live_lecturer
        from pharmacy p where p.id = ${id}`,
      doctor: sql`select true as exists, ${none} as order_no, ${none} as order_status, ${none} as order_amount,
          null::timestamptz as order_created_at, ${none} as pharmacy_name, ${none} as pharmacy_status,
          a.name as doctor_name, d.hospital as doctor_hospital, d.department as doctor_department,
          d.title as doctor_title, ${none} as live_title, null::timestamptz as live_start_at, ${none} as live_lecturer
        from doctor d join account a on a.id = d.account_id where d.id = ${id}`,
      live: sql`select true as exists, ${none} as order_no, ${none} as order_status, ${none} as order_amount,
          null::timestamptz as order_created_at, p.name as pharmacy_name, p.status as pharmacy_status,
          ${none} as doctor_name, ${none} as doctor_hospital, ${none} as doctor_department, ${none} as doctor_title,
          l.title as live_title, l.start_at as live_start_at, l.lecturer as live_lecturer
        from live l join pharmacy p on p.id = l.pharmacy_id where l.id = ${id}`,
    }[kind];
    const { rows } = await queryRows<TargetSummaryRow>(this.db, query);
    return (
      rows[0] ?? {
        exists: false,
        order_no: null,
        order_status: null,
        order_amount: null,
        order_created_at: null,
        pharmacy_name: null,
        pharmacy_status: null,
        doctor_name: null,
        doctor_hospital: null,
        doctor_department: null,
        doctor_title: null,
        live_title: null,
        live_start_at: null,
        live_lecturer: null,
      }
    );
  }

  /**
   * The decision: one guarded UPDATE (pending → processed | rejected). Null when the complaint is missing or was
   * decided already (the caller tells which).
   */
  async decide(id: number, to: 'processed' | 'rejected', result: string, handlerId: number) {
    const { rows } = await queryRows<{ id: number; reporter_account_id: number }>(
      this.db,
      sql`update report set status = ${to}, result = ${result}, handler_account_id = ${handlerId},
          handled_at = now(), updated_at = now()
        where id = ${id} and status = 'pending'
        returning id, reporter_account_id`,
    );
    return rows[0] ?? null;
  }

  /** The audit row of a decision, written in the decision's transaction. */
  async audit(entry: { accountId: number; action: string; target: string; detail: unknown; ip: string }) {
    await this.db.execute(sql`
      insert into audit_log (account_id, pharmacy_id, action, target, detail, ip)
      values (${entry.accountId}, null, ${entry.action}, ${entry.target.slice(0, 200)},
        ${JSON.stringify(entry.detail, wellFormed)}::jsonb, ${entry.ip.slice(0, 64)})`);
  }

  // ---------------------------------------------------------------- the patient

  async minePage(accountId: number, limit: number, offset: number) {
    const [{ rows }, { rows: total }] = await Promise.all([
      queryRows<ReportRow>(
        this.db,
        sql`select ${columns} from ${from} where r.reporter_account_id = ${accountId}
          order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from report where reporter_account_id = ${accountId}`,
      ),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  /**
   * What the patient may complain about, newest first (at most 100): their orders, the pharmacies they ordered from,
   * the doctors of their prescriptions, the lives they watched. `only` narrows to one id (the ownership check).
   */
  async targets(accountId: number, kind: ReportTargetKind, only?: number): Promise<TargetOptionRow[]> {
    const one = (column: SQL) => (only === undefined ? sql`` : sql`and ${column} = ${only}`);
    const query = {
      order: sql`select o.id, o.order_no as label, p.name as description, o.created_at as at
        from orders o join pharmacy p on p.id = o.pharmacy_id
        where o.account_id = ${accountId} and o.deleted_at is null ${one(sql`o.id`)}
        order by o.id desc limit 100`,
      pharmacy: sql`select p.id, p.name as label, concat_ws(' ', p.city, p.district) as description,
          max(o.created_at) as at
        from orders o join pharmacy p on p.id = o.pharmacy_id
        where o.account_id = ${accountId} and o.deleted_at is null ${one(sql`p.id`)}
        group by p.id order by at desc limit 100`,
      doctor: sql`select d.id, a.name as label, concat_ws(' ', d.hospital, d.department, d.title) as description,
          max(rc.created_at) as at
        from recipe rc join doctor d on d.id = rc.doctor_id join account a on a.id = d.account_id
        where rc.account_id = ${accountId} ${one(sql`d.id`)}
        group by d.id, a.name order by at desc limit 100`,
      live: sql`select l.id, l.title as label, p.name as description, max(w.last_beat_at) as at
        from live_watch w join live l on l.id = w.live_id join pharmacy p on p.id = l.pharmacy_id
        where w.account_id = ${accountId} ${one(sql`l.id`)}
        group by l.id, p.name order by at desc limit 100`,
    }[kind];
    return (await queryRows<TargetOptionRow>(this.db, query)).rows;
  }

  /** The pharmacy concerned by a target (null for a doctor). */
  async targetPharmacy(kind: ReportTargetKind, id: number): Promise<number | null> {
    if (kind === 'doctor') return null;
    if (kind === 'pharmacy') return id;
    const { rows } = await queryRows<{ pharmacy_id: number }>(
      this.db,
      kind === 'order'
        ? sql`select pharmacy_id from orders where id = ${id}`
        : sql`select pharmacy_id from live where id = ${id}`,
    );
    return rows[0]?.pharmacy_id ?? null;
  }

  async insert(values: {
    reporterAccountId: number;
    targetKind: ReportTargetKind;
    targetId: number;
    pharmacyId: number | null;
    category: string;
    content: string;
    images: string[];
    contactPhone: string;
  }): Promise<number> {
    const images = values.images.length
      ? sql`array[${sql.join(
          values.images.map((i) => sql`${i}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`;
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into report (reporter_account_id, target_kind, target_id, pharmacy_id, category, content, images,
          contact_phone)
        values (${values.reporterAccountId}, ${values.targetKind}, ${values.targetId}, ${values.pharmacyId},
          ${values.category}, ${values.content}, ${images}, ${values.contactPhone})
        returning id`,
    );
    return rows[0]!.id;
  }
}
