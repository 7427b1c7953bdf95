import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { familyMember } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/** Whose medication users: one pharmacy's customers' family members, or (null) every family member of the platform. */
export interface DrugserScope {
  pharmacyId: number | null;
}

export interface DrugserFilter {
  phone?: string;
  phoneSuffix?: string;
  name?: string;
  gender?: 'male' | 'female';
  /** Born on or before this day (age ≥ the minimum), after this day (age ≤ the maximum). */
  bornOnOrBefore?: string;
  bornAfter?: string;
  hasAllergy?: boolean;
}

export interface DrugserRow {
  id: number;
  account_id: number;
  name: string;
  id_number: string;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  phone: string;
  relation: string;
  allergy_history: string[];
  family_medical_history: string[];
  past_medical_history: string[];
  customer_name: string;
  customer_phone: string;
  recipe_count: number;
  created_at: Date | string;
}

export interface DrugserRecipeRow {
  id: number;
  recipe_no: string;
  status: string;
  pharmacy_name: string;
  doctor_name: string;
  diagnoses: string[];
  items: unknown;
  created_at: Date | string;
}

export interface DrugserChanges {
  name?: string;
  idNumber?: string;
  gender?: 'male' | 'female';
  birthday?: string;
  relation?: string;
  phone?: string;
  allergyHistory?: string[];
  familyMedicalHistory?: string[];
  pastMedicalHistory?: string[];
}

/** The patients module's advisory lock key of an account's family members: staff and patient edits serialise. */
const FAMILY_MEMBER_LOCK_KEY = 72_012_001;

/** The only SQL of 用药人. Every statement carries `visible()`: another pharmacy's member is like a missing one. */
export class DrugserRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The member's account is a customer of the pharmacy (a customer_info or a viper row there). */
  private visible(scope: DrugserScope): SQL {
    if (scope.pharmacyId === null) return sql`true`;
    return sql`(exists (select 1 from customer_info ci where ci.pharmacy_id = ${scope.pharmacyId} and ci.account_id = fm.account_id)
             or exists (select 1 from viper v where v.pharmacy_id = ${scope.pharmacyId} and v.account_id = fm.account_id))`;
  }

  private filtered(filter: DrugserFilter): SQL[] {
    const out: SQL[] = [];
    if (filter.phone !== undefined) out.push(sql`(fm.phone = ${filter.phone} or a.phone = ${filter.phone})`);
    if (filter.phoneSuffix !== undefined) {
      const suffix = `%${filter.phoneSuffix}`;
      out.push(sql`(fm.phone like ${suffix} or a.phone like ${suffix})`);
    }
    if (filter.name !== undefined) {
      const pattern = containsPattern(filter.name);
      out.push(sql`(fm.name ilike ${pattern} or a.name ilike ${pattern})`);
    }
    if (filter.gender !== undefined) out.push(sql`fm.gender = ${filter.gender}`);
    if (filter.bornOnOrBefore !== undefined) out.push(sql`fm.birthday <= ${filter.bornOnOrBefore}::date`);
    if (filter.bornAfter !== undefined) out.push(sql`fm.birthday > ${filter.bornAfter}::date`);
    if (filter.hasAllergy === true) {
      out.push(sql`(cardinality(fm.allergy_history) > 0 and fm.allergy_history <> array['无']::text[])`);
    }
    if (filter.hasAllergy === false) {
      out.push(sql`(cardinality(fm.allergy_history) = 0 or fm.allergy_history = array['无']::text[])`);
    }
    return out;
  }

  private where(scope: DrugserScope, filter: DrugserFilter, extra: SQL[] = []): SQL {
    return sql.join([this.visible(scope), ...this.filtered(filter), ...extra], sql` and `);
  }

  private recipeCount(scope: DrugserScope): SQL {
    return scope.pharmacyId === null
      ? sql`(select count(*) from recipe r where r.family_member_id = fm.id)::int`
      : sql`(select count(*) from recipe r where r.family_member_id = fm.id and r.pharmacy_id = ${scope.pharmacyId})::int`;
  }

  private select(scope: DrugserScope): SQL {
    return sql`select fm.id, fm.account_id, fm.name, fm.id_number, fm.gender, to_char(fm.birthday, 'YYYY-MM-DD') as birthday,
                      fm.phone, fm.relation, fm.allergy_history, fm.family_medical_history, fm.past_medical_history,
                      a.name as customer_name, a.phone as customer_phone, ${this.recipeCount(scope)} as recipe_count,
                      fm.created_at
               from family_member fm
               join account a on a.id = fm.account_id`;
  }

  async page(
    scope: DrugserScope,
    filter: DrugserFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: DrugserRow[]; total: number }> {
    const where = this.where(scope, filter);
    const [list, count] = await Promise.all([
      queryRows<DrugserRow>(
        this.db,
        sql`${this.select(scope)} where ${where} order by fm.id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from family_member fm join account a on a.id = fm.account_id where ${where}`,
      ),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  async find(
    scope: DrugserScope,
    id: number,
    db: DbExecutor = this.db,
    forUpdate = false,
  ): Promise<DrugserRow | undefined> {
    const { rows } = await queryRows<DrugserRow>(
      db,
      sql`${this.select(scope)} where ${this.where(scope, {}, [sql`fm.id = ${id}`])}${forUpdate ? sql` for update of fm` : sql``}`,
    );
    return rows[0];
  }

  /** The member's prescriptions, newest first (at the pharmacy; everywhere for the platform). */
  async recipes(scope: DrugserScope, id: number, limit: number): Promise<DrugserRecipeRow[]> {
    const { rows } = await queryRows<DrugserRecipeRow>(
      this.db,
      sql`select r.id, r.recipe_no, r.status, p.name as pharmacy_name, coalesce(da.name, '') as doctor_name,
                 r.diagnoses, r.items, r.created_at
          from recipe r
          join pharmacy p on p.id = r.pharmacy_id
          left join doctor d on d.id = r.doctor_id
          left join account da on da.id = d.account_id
          where r.family_member_id = ${id}
            ${scope.pharmacyId === null ? sql`` : sql`and r.pharmacy_id = ${scope.pharmacyId}`}
          order by r.id desc
          limit ${limit}`,
    );
    return rows;
  }

  async lockAccount(tx: DbExecutor, accountId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${FAMILY_MEMBER_LOCK_KEY}::int, ${accountId}::int)`);
  }

  /** The account's other members: ID numbers and relations, for the uniqueness rules. */
  async siblings(tx: DbExecutor, accountId: number, exceptId: number) {
    const { rows } = await queryRows<{ id: number; id_number: string; relation: string }>(
      tx,
      sql`select id, id_number, relation from family_member where account_id = ${accountId} and id <> ${exceptId}`,
    );
    return rows;
  }

  /** The published items of the three content collections the history lists are picked from. */
  async historyVocabulary(db: DbExecutor = this.db): Promise<Record<string, Set<string>>> {
    const { rows } = await queryRows<{ field: string; name: string }>(
      db,
      sql`select 'allergy_history' as field, name from allergy_history where status = 'published'
          union all
          select 'family_medical_history', name from family_medical_history where status = 'published'
          union all
          select 'past_medical_history', name from past_medical_history where status = 'published'`,
    );
    const out: Record<string, Set<string>> = {
      allergy_history: new Set(),
      family_medical_history: new Set(),
      past_medical_history: new Set(),
    };
    for (const r of rows) out[r.field]?.add(r.name);
    return out;
  }

  /** The edit: one UPDATE of the member (the caller has found it visible, under the account's lock). */
  async update(tx: DbExecutor, id: number, changes: DrugserChanges) {
    await tx.update(familyMember).set(changes).where(eq(familyMember.id, id));
  }
}
