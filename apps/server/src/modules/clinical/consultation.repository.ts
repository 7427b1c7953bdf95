import type { ConsultationListQuery, ConsultationStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { listCountsColumn, readListCounts, toListCounts } from '../../lib/list-count';
import { queryRows } from '../../lib/sql-rows';

/** A request as the lists and the detail read it (snake_case, straight from SQL). */
export interface ConsultationRow {
  id: number;
  status: ConsultationStatus;
  source: 'order' | 'staff';
  account_id: number;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  phone: string;
  wanted_items: unknown;
  images: string[];
  description: string;
  pharmacy_id: number;
  pharmacy_name: string;
  order_id: number | null;
  order_no: string | null;
  order_status: string | null;
  reject_reason: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  doctor_name: string | null;
  /** detail and the patient's list only */
  recipe_id?: number | null;
  recipe_no?: string | null;
  /** the family member as recorded now (null when the request names none or it was deleted) */
  member_id: number | null;
  member_name: string | null;
  member_gender: string | null;
  member_birthday: string | null;
  member_id_number: string | null;
  allergy_history: string[] | null;
  family_medical_history: string[] | null;
  past_medical_history: string[] | null;
  counts?: Record<string, number | string> | null;
}

export interface FamilyMemberRow {
  id: number;
  name: string;
  gender: string | null;
  birthday: string | null;
  id_number: string;
  relation: string;
  is_default: boolean;
  allergy_history: string[];
  family_medical_history: string[];
  past_medical_history: string[];
}

export interface ProductRow {
  id: number;
  name: string;
  generic_name: string;
  spec: string;
  type: string;
}

const columns = sql`
  c.id, c.status, c.source, c.account_id, c.patient_name, c.patient_gender, c.patient_age, a.phone,
  c.wanted_items, c.images, c.description, c.pharmacy_id, p.name as pharmacy_name, c.order_id,
  o.order_no, o.status as order_status, c.reject_reason, c.created_at, c.decided_at,
  da.name as doctor_name,
  fm.id as member_id, fm.name as member_name, fm.gender as member_gender, fm.birthday::text as member_birthday,
  fm.id_number as member_id_number, fm.allergy_history, fm.family_medical_history, fm.past_medical_history`;

const joins = sql`
  join account a on a.id = c.account_id
  join pharmacy p on p.id = c.pharmacy_id
  left join orders o on o.id = c.order_id
  left join doctor d on d.id = c.doctor_id
  left join account da on da.id = d.account_id
  left join family_member fm on fm.id = c.family_member_id`;

/**
 * The prescription written from a request (detail and the patient's list only; the doctor's list does not show it).
 * recipe has no index on consultation_request_id, so the lookup walks the patient's prescriptions
 * (recipe_account_idx) and only for a request that has one (prescribed).
 */
const recipeColumns = sql`, r.id as recipe_id, r.recipe_no`;
const recipeJoin = sql`
  left join lateral (select r.id, r.recipe_no from recipe r
    where c.status = 'prescribed' and r.account_id = c.account_id and r.consultation_request_id = c.id
      and r.status <> 'void'
    order by r.id desc limit 1) r on true`;

/** A text[] value (drizzle spreads a JS array into a list, so build the array literal explicitly). */
const textArray = (values: readonly string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** The only place that knows how consultation requests are stored. Doctor reads filter on doctor_id, patient reads on account_id. */
export class ConsultationRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private filters(doctorId: number, q: ConsultationListQuery, withStatus: boolean): SQL {
    const c: SQL[] = [sql`c.doctor_id = ${doctorId}`];
    if (withStatus && q.status !== 'all') c.push(sql`c.status = ${q.status}`);
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      c.push(
        sql`(c.patient_name ilike ${like} or exists (select 1 from account pa where pa.id = c.account_id and pa.phone like ${like}))`,
      );
    }
    if (q.date_from) c.push(sql`c.created_at >= (${q.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
    if (q.date_to) c.push(sql`c.created_at < ((${q.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
    return sql.join(c, sql` and `);
  }

  /**
   * The doctor's page, newest first, and the tab counts: unfiltered (a tab alone) the counts are list_count's
   * 'consultation' buckets carried by the page's own statement; with a keyword or dates they are counted exactly.
   */
  async page(
    doctorId: number,
    q: ConsultationListQuery,
  ): Promise<{ rows: ConsultationRow[]; counts: Record<string, number> }> {
    const filtered = !!(q.keyword || q.date_from || q.date_to);
    const limit = q.page_size;
    const offset = (q.page - 1) * q.page_size;
    const { rows } = await queryRows<ConsultationRow>(
      this.db,
      sql`select ${columns}${filtered ? sql`` : sql`, ${listCountsColumn('consultation', doctorId)} as counts`}
        from (select c.id from consultation_request c where ${this.filters(doctorId, q, true)}
              order by c.id desc limit ${limit} offset ${offset}) ids
        join consultation_request c on c.id = ids.id
        ${joins}
        order by c.id desc`,
    );
    if (!filtered) {
      const counts = rows.length
        ? toListCounts('consultation', rows[0]!.counts)
        : await readListCounts(this.db, 'consultation', doctorId);
      return { rows, counts };
    }
    const { rows: countRows } = await queryRows<Record<string, number | string>>(
      this.db,
      sql`select count(*) filter (where c.status = 'pending') as pending,
            count(*) filter (where c.status = 'approved') as approved,
            count(*) filter (where c.status = 'prescribed') as prescribed,
            count(*) filter (where c.status = 'rejected') as rejected,
            count(*) filter (where c.status = 'cancelled') as cancelled
          from consultation_request c where ${this.filters(doctorId, q, false)}`,
    );
    return { rows, counts: toListCounts('consultation', countRows[0]) };
  }

  /** One request of the doctor (another doctor's answers like a missing one). */
  async findForDoctor(doctorId: number, id: number): Promise<ConsultationRow | undefined> {
    const { rows } = await queryRows<ConsultationRow>(
      this.db,
      sql`select ${columns}${recipeColumns} from consultation_request c ${joins} ${recipeJoin}
          where c.id = ${id} and c.doctor_id = ${doctorId}`,
    );
    return rows[0];
  }

  async findForAccount(accountId: number, id: number): Promise<ConsultationRow | undefined> {
    const { rows } = await queryRows<ConsultationRow>(
      this.db,
      sql`select ${columns}${recipeColumns} from consultation_request c ${joins} ${recipeJoin}
          where c.id = ${id} and c.account_id = ${accountId}`,
    );
    return rows[0];
  }

  async pageForAccount(accountId: number, limit: number, offset: number) {
    const { rows } = await queryRows<ConsultationRow & { total: number | string }>(
      this.db,
      sql`select ${columns}${recipeColumns},
          (select count(*) from consultation_request x where x.account_id = ${accountId}) as total
        from (select c.id from consultation_request c where c.account_id = ${accountId}
              order by c.id desc limit ${limit} offset ${offset}) ids
        join consultation_request c on c.id = ids.id
        ${joins} ${recipeJoin}
        order by c.id desc`,
    );
    const total = rows.length
      ? Number(rows[0]!.total)
      : Number(
          (
            await queryRows<{ n: number | string }>(
              this.db,
              sql`select count(*) as n from consultation_request where account_id = ${accountId}`,
            )
          ).rows[0]?.n ?? 0,
        );
    return { rows, total };
  }

  /**
   * The guarded transition: one UPDATE … WHERE status = ANY(from). Two deciders of one request queue on its row;
   * the second finds the new status and changes nothing. Answers the row after, or the current status (null: not the
   * doctor's or missing).
   */
  async transition(
    tx: DbExecutor,
    doctorId: number,
    id: number,
    from: readonly ConsultationStatus[],
    to: ConsultationStatus,
    rejectReason?: string,
  ): Promise<
    | { ok: true; row: { id: number; status: ConsultationStatus; order_id: number | null; account_id: number } }
    | { ok: false; status: ConsultationStatus | null }
  > {
    const fromList = sql.join(
      from.map((s) => sql`${s}`),
      sql`, `,
    );
    const { rows } = await queryRows<{
      id: number;
      status: ConsultationStatus;
      order_id: number | null;
      account_id: number;
    }>(
      tx,
      sql`update consultation_request set status = ${to}, decided_at = now(), updated_at = now()
            ${rejectReason === undefined ? sql`` : sql`, reject_reason = ${rejectReason}`}
          where id = ${id} and doctor_id = ${doctorId} and status in (${fromList})
          returning id, status, order_id, account_id`,
    );
    if (rows[0]) return { ok: true, row: rows[0] };
    const current = await queryRows<{ status: ConsultationStatus }>(
      tx,
      sql`select status from consultation_request where id = ${id} and doctor_id = ${doctorId}`,
    );
    return { ok: false, status: current.rows[0]?.status ?? null };
  }

  async orderStatus(tx: DbExecutor, orderId: number): Promise<{ status: string; order_no: string } | undefined> {
    const { rows } = await queryRows<{ status: string; order_no: string }>(
      tx,
      sql`select status, order_no from orders where id = ${orderId}`,
    );
    return rows[0];
  }

  async accountByPhone(phone: string): Promise<{ id: number; phone: string; name: string } | undefined> {
    const { rows } = await queryRows<{ id: number; phone: string; name: string }>(
      this.db,
      sql`select id, phone, name from account where phone = ${phone} and status = 'active'`,
    );
    return rows[0];
  }

  async familyMembers(accountId: number, id?: number): Promise<FamilyMemberRow[]> {
    const { rows } = await queryRows<FamilyMemberRow>(
      this.db,
      sql`select id, name, gender, birthday::text as birthday, id_number, relation, is_default, allergy_history,
            family_medical_history, past_medical_history
          from family_member where account_id = ${accountId}
            ${id === undefined ? sql`` : sql`and id = ${id}`}
          order by is_default desc, id`,
    );
    return rows;
  }

  async activePharmacy(id: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`select id from pharmacy where id = ${id} and status = 'active'`,
    );
    return rows.length > 0;
  }

  async products(ids: number[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    const { rows } = await queryRows<ProductRow>(
      this.db,
      sql`select id, name, generic_name, spec, type from product
          where id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) and status = 'active'`,
    );
    return rows;
  }

  async insert(values: {
    pharmacyId: number;
    accountId: number;
    familyMemberId: number;
    doctorId: number;
    createdBy: number;
    patientName: string;
    patientGender: string;
    patientAge: number | null;
    description: string;
    wantedItems: unknown[];
    images: string[];
  }): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into consultation_request (pharmacy_id, account_id, family_member_id, doctor_id, source, created_by,
            patient_name, patient_gender, patient_age, description, wanted_items, images)
          values (${values.pharmacyId}, ${values.accountId}, ${values.familyMemberId}, ${values.doctorId}, 'staff',
            ${values.createdBy}, ${values.patientName}, ${values.patientGender}, ${values.patientAge},
            ${values.description}, ${JSON.stringify(values.wantedItems)}::jsonb,
            ${textArray(values.images)})
          returning id`,
    );
    return rows[0]!.id;
  }

  /** The patient's edit while pending; answers whether it applied (false: not pending any more, or not theirs). */
  async updateMine(
    accountId: number,
    id: number,
    patch: { images?: string[]; description?: string; appendImage?: string; maxImages: number },
  ): Promise<boolean> {
    const sets: SQL[] = [sql`updated_at = now()`];
    if (patch.images !== undefined) sets.push(sql`images = ${textArray(patch.images)}`);
    if (patch.description !== undefined) sets.push(sql`description = ${patch.description}`);
    const guards: SQL[] = [sql`id = ${id}`, sql`account_id = ${accountId}`, sql`status = 'pending'`];
    if (patch.appendImage !== undefined) {
      sets.push(sql`images = array_append(images, ${patch.appendImage}::text)`);
      guards.push(sql`cardinality(images) < ${patch.maxImages}`);
    }
    const { rowCount } = await queryRows(
      this.db,
      sql`update consultation_request set ${sql.join(sets, sql`, `)} where ${sql.join(guards, sql` and `)}`,
    );
    return rowCount > 0;
  }
}
