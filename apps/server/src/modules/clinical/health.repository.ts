import type { HealthAnswers, HealthFormListQuery, HealthFormStatus, HealthMeasurementBody } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

/** A form as the doctor's list and dialog read it (the family member joined). */
export interface HealthFormRow {
  id: number;
  account_id: number;
  family_member_id: number;
  doctor_id: number | null;
  status: HealthFormStatus;
  answers: Record<string, unknown>;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  reject_reason: string;
  name: string;
  gender: string | null;
  age: number | null;
}

export interface HealthMemberRow {
  id: number;
  account_id: number;
  name: string;
  gender: string | null;
  age: number | null;
  relation: string;
  allergy_history: string[];
  family_medical_history: string[];
  past_medical_history: string[];
}

export interface MeasurementRow {
  measured_at: Date | string;
  height_cm: string | null;
  weight_kg: string | null;
  systolic: number | null;
  diastolic: number | null;
  blood_sugar: string | null;
}

const formColumns = sql`h.id, h.account_id, h.family_member_id, h.doctor_id, h.status, h.answers, h.submitted_at,
  h.reviewed_at, h.reject_reason, f.name, f.gender,
  case when f.birthday is null then null
    else date_part('year', age((now() at time zone 'Asia/Shanghai')::date, f.birthday))::int end as age`;

const memberColumns = sql`f.id, f.account_id, f.name, f.gender, f.relation, f.allergy_history,
  f.family_medical_history, f.past_medical_history,
  case when f.birthday is null then null
    else date_part('year', age((now() at time zone 'Asia/Shanghai')::date, f.birthday))::int end as age`;

/** The patient's measurement values of a submission or an added measurement. */
type Values = Pick<HealthMeasurementBody, 'height_cm' | 'weight_kg' | 'systolic' | 'diastolic' | 'blood_sugar'>;

/** The only place that knows how health forms and measurements are stored (raw SQL; docs/clinical.md). */
export class HealthRepository {
  constructor(readonly db: Database) {}

  /** One page of the doctor's forms in one status, with the status counts (bounded by the doctor: no bench target). */
  async page(doctorId: number, query: HealthFormListQuery) {
    const where: SQL[] = [sql`h.doctor_id = ${doctorId}`];
    if (query.name) where.push(sql`f.name like ${`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    if (query.date_from)
      where.push(sql`h.submitted_at >= (${query.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
    if (query.date_to)
      where.push(sql`h.submitted_at < (${query.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
    const filtered = sql.join(where, sql` and `);
    const { rows } = await queryRows<HealthFormRow>(
      this.db,
      sql`select ${formColumns} from health_collection h join family_member f on f.id = h.family_member_id
        where ${filtered} and h.status = ${query.status}
        order by h.submitted_at desc nulls last, h.id desc
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    );
    const { rows: countRows } = await queryRows<{ status: HealthFormStatus; n: number | string }>(
      this.db,
      sql`select h.status, count(*) as n from health_collection h join family_member f on f.id = h.family_member_id
        where ${filtered} group by h.status`,
    );
    const counts = { submitted: 0, approved: 0, rejected: 0 };
    for (const r of countRows) counts[r.status] = Number(r.n);
    return { rows, counts, total: counts[query.status] };
  }

  /** A form of this doctor, or null (another doctor's form is as missing). */
  async findForDoctor(doctorId: number, id: number): Promise<HealthFormRow | null> {
    const { rows } = await queryRows<HealthFormRow>(
      this.db,
      sql`select ${formColumns} from health_collection h join family_member f on f.id = h.family_member_id
        where h.id = ${id} and h.doctor_id = ${doctorId}`,
    );
    return rows[0] ?? null;
  }

  async member(db: DbExecutor, id: number): Promise<HealthMemberRow | null> {
    const { rows } = await queryRows<HealthMemberRow>(
      db,
      sql`select ${memberColumns} from family_member f where f.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /** The account's family member, locked for the submission (serialises two submissions of the same member). */
  async lockOwnMember(db: DbExecutor, accountId: number, id: number): Promise<HealthMemberRow | null> {
    const { rows } = await queryRows<HealthMemberRow>(
      db,
      sql`select ${memberColumns} from family_member f where f.id = ${id} and f.account_id = ${accountId} for update`,
    );
    return rows[0] ?? null;
  }

  async ownMember(accountId: number, id: number): Promise<HealthMemberRow | null> {
    const { rows } = await queryRows<HealthMemberRow>(
      this.db,
      sql`select ${memberColumns} from family_member f where f.id = ${id} and f.account_id = ${accountId}`,
    );
    return rows[0] ?? null;
  }

  /** The account's family members, each with its latest form (or none). */
  async mine(accountId: number) {
    const { rows } = await queryRows<
      HealthMemberRow & {
        form_id: number | null;
        status: HealthFormStatus | null;
        answers: Record<string, unknown> | null;
        submitted_at: Date | string | null;
        reviewed_at: Date | string | null;
        reject_reason: string | null;
      }
    >(
      this.db,
      sql`select ${memberColumns}, h.id as form_id, h.status, h.answers, h.submitted_at, h.reviewed_at, h.reject_reason
        from family_member f
        left join lateral (
          select id, status, answers, submitted_at, reviewed_at, reject_reason from health_collection
          where account_id = ${accountId} and family_member_id = f.id order by id desc limit 1) h on true
        where f.account_id = ${accountId}
        order by f.is_default desc, f.id`,
    );
    return rows;
  }

  /** The member's latest form (inside the submission's transaction, after the member's lock). */
  async latestForm(db: DbExecutor, accountId: number, memberId: number) {
    const { rows } = await queryRows<{ id: number; status: HealthFormStatus; submitted_at: Date | string | null }>(
      db,
      sql`select id, status, submitted_at from health_collection
        where account_id = ${accountId} and family_member_id = ${memberId} order by id desc limit 1`,
    );
    return rows[0] ?? null;
  }

  /**
   * The doctor a new form goes to: the default doctor of the patient's pharmacy (the pharmacy of their latest order,
   * else of their latest membership) when active, else the active doctor with the fewest forms waiting.
   */
  async pickDoctor(db: DbExecutor, accountId: number): Promise<number | null> {
    const { rows } = await queryRows<{ id: number | null }>(
      db,
      sql`select coalesce(
          (select d.id from pharmacy_setting s
             join doctor d on d.status = 'active' and d.id::text = s.config->>'default_doctor_id'
           where s.pharmacy_id = coalesce(
             (select pharmacy_id from orders where account_id = ${accountId} order by id desc limit 1),
             (select pharmacy_id from viper where account_id = ${accountId} order by id desc limit 1))),
          (select d.id from doctor d
           where d.status = 'active'
           order by (select count(*) from health_collection h where h.doctor_id = d.id and h.status = 'submitted'), d.id
           limit 1)) as id`,
    );
    return rows[0]?.id ?? null;
  }

  async insertForm(
    db: DbExecutor,
    v: { accountId: number; memberId: number; doctorId: number | null; answers: HealthAnswers },
  ): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      db,
      sql`insert into health_collection (account_id, family_member_id, doctor_id, answers, status, submitted_at)
        values (${v.accountId}, ${v.memberId}, ${v.doctorId}, ${JSON.stringify(v.answers)}::jsonb, 'submitted', now())
        returning id`,
    );
    return rows[0].id;
  }

  /**
   * Replaces a pending form's answers: locks the form while it is still submitted (a doctor's decision waits, or won
   * first: then false), drops the measurement its earlier submission wrote (measured at its submitted_at, compared
   * in the database to keep microseconds) and stamps the new answers with the transaction's time.
   */
  async replacePending(db: DbExecutor, id: number, answers: HealthAnswers): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      db,
      sql`select id from health_collection where id = ${id} and status = 'submitted' for update`,
    );
    if (rows.length === 0) return false;
    await queryRows(
      db,
      sql`delete from health_measurement m using health_collection h
        where h.id = ${id} and m.account_id = h.account_id and m.family_member_id = h.family_member_id
          and m.measured_at = h.submitted_at`,
    );
    await queryRows(
      db,
      sql`update health_collection set answers = ${JSON.stringify(answers)}::jsonb, submitted_at = now(),
          updated_at = now()
        where id = ${id}`,
    );
    return true;
  }

  /** A measurement; `measuredAt` null means the transaction's time (a submission's measurement = its submitted_at). */
  async insertMeasurement(
    db: DbExecutor,
    accountId: number,
    memberId: number,
    measuredAt: string | null,
    v: Values,
  ): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      db,
      sql`insert into health_measurement (account_id, family_member_id, measured_at, height_cm, weight_kg, systolic,
          diastolic, blood_sugar)
        values (${accountId}, ${memberId}, ${measuredAt === null ? sql`now()` : sql`${measuredAt}::timestamptz`},
          ${v.height_cm ?? null}, ${v.weight_kg ?? null}, ${v.systolic ?? null}, ${v.diastolic ?? null},
          ${v.blood_sugar ?? null})
        returning id`,
    );
    return rows[0].id;
  }

  async exists(doctorId: number, id: number): Promise<boolean> {
    const { rows } = await queryRows(
      this.db,
      sql`select 1 from health_collection where id = ${id} and doctor_id = ${doctorId}`,
    );
    return rows.length > 0;
  }

  /** The member's measurements since a date, oldest first, plus the last height known before it (for BMI). */
  async measurements(memberId: number, since: string) {
    const { rows } = await queryRows<MeasurementRow>(
      this.db,
      sql`select measured_at, height_cm, weight_kg, systolic, diastolic, blood_sugar from health_measurement
        where family_member_id = ${memberId}
          and measured_at >= (${since}::date)::timestamp at time zone 'Asia/Shanghai'
        order by measured_at, id`,
    );
    const { rows: before } = await queryRows<{ height_cm: string }>(
      this.db,
      sql`select height_cm from health_measurement
        where family_member_id = ${memberId} and height_cm is not null
          and measured_at < (${since}::date)::timestamp at time zone 'Asia/Shanghai'
        order by measured_at desc limit 1`,
    );
    return { rows, heightBefore: before[0]?.height_cm ?? null };
  }
}
