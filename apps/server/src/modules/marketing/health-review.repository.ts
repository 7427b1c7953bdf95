import type { HealthFormStatus, HealthReviewListQuery } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

/** A form as the manager's list and drawer read it: the family member, the customer's account, the doctor. */
export interface HealthReviewRow {
  id: number;
  account_id: number;
  family_member_id: number;
  status: HealthFormStatus;
  answers: Record<string, unknown> | null;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  reject_reason: string;
  name: string;
  gender: string | null;
  age: number | null;
  relation: string;
  allergy_history: string[] | null;
  family_medical_history: string[] | null;
  past_medical_history: string[] | null;
  account_name: string;
  account_phone: string;
  doctor_name: string | null;
}

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The forms a manager of the pharmacy may see and decide: those of its customers (an account with a customer_info
 * or a viper row at the pharmacy). `h` is health_collection.
 */
export const customerFormScope = (pharmacyId: number): SQL =>
  sql`(exists (select 1 from customer_info ci where ci.pharmacy_id = ${pharmacyId} and ci.account_id = h.account_id)
    or exists (select 1 from viper v where v.pharmacy_id = ${pharmacyId} and v.account_id = h.account_id))`;

const columns = sql`h.id, h.account_id, h.family_member_id, h.status, h.answers, h.submitted_at, h.reviewed_at,
  h.reject_reason, f.name, f.gender, f.relation, f.allergy_history, f.family_medical_history, f.past_medical_history,
  case when f.birthday is null then null
    else date_part('year', age((now() at time zone 'Asia/Shanghai')::date, f.birthday))::int end as age,
  a.name as account_name, a.phone as account_phone, da.name as doctor_name`;
const from = sql`health_collection h join family_member f on f.id = h.family_member_id
  join account a on a.id = h.account_id
  left join doctor d on d.id = h.doctor_id left join account da on da.id = d.account_id`;

/** The only place that knows how the manager's review reads health forms. Every statement names the pharmacy. */
export class HealthReviewRepository {
  constructor(readonly db: Database) {}

  async page(pharmacyId: number, query: HealthReviewListQuery) {
    const where: SQL[] = [customerFormScope(pharmacyId)];
    const kw = query.keyword;
    if (kw) {
      if (/^\d{11}$/.test(kw)) where.push(sql`a.phone = ${kw}`);
      else if (/^\d{4}$/.test(kw)) where.push(sql`right(a.phone, 4) = ${kw}`);
      else {
        const like = `%${likeEscape(kw)}%`;
        where.push(sql`(f.name like ${like} or a.name like ${like})`);
      }
    }
    if (query.date_from)
      where.push(sql`h.submitted_at >= (${query.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
    if (query.date_to)
      where.push(sql`h.submitted_at < (${query.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
    const filtered = sql.join(where, sql` and `);
    const [{ rows }, { rows: countRows }] = await Promise.all([
      queryRows<HealthReviewRow>(
        this.db,
        sql`select ${columns} from ${from} where ${filtered} and h.status = ${query.status}
          order by h.submitted_at desc nulls last, h.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ status: HealthFormStatus; n: number | string }>(
        this.db,
        sql`select h.status, count(*) as n from ${from} where ${filtered} group by h.status`,
      ),
    ]);
    const counts = { submitted: 0, approved: 0, rejected: 0 };
    for (const r of countRows) counts[r.status] = Number(r.n);
    return { rows, counts, total: counts[query.status] };
  }

  /** A form of the pharmacy's customer, or null (another pharmacy's customer's form is as missing). */
  async find(pharmacyId: number, id: number): Promise<HealthReviewRow | null> {
    const { rows } = await queryRows<HealthReviewRow>(
      this.db,
      sql`select ${columns} from ${from} where h.id = ${id} and ${customerFormScope(pharmacyId)}`,
    );
    return rows[0] ?? null;
  }
}
