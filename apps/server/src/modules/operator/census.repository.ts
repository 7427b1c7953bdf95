import { PUBLIC_DOCTOR_INTRO_MAX, PUBLIC_DOCTOR_LIST_MAX } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type RecipeCensusDayRow,
  type RecipeCensusRange,
  type RecipeTopDrugRow,
  recipeCensusDays,
  recipeTopDrugs,
  writtenIn,
} from '../../lib/recipe-census';
import { queryRows } from '../../lib/sql-rows';

/** The cohort's narrowing: one pharmacy and/or one doctor, or the whole platform. */
export interface CensusFilter {
  pharmacyId?: number;
  doctorId?: number;
}

export interface StatusCounts {
  written: number;
  approved: number;
  rejected: number;
  pending_inspection: number;
  void: number;
}

export interface PharmacyCountRow extends StatusCounts {
  pharmacy_id: number;
  pharmacy_name: string;
}

export interface DoctorCountRow extends StatusCounts {
  doctor_id: number;
  doctor_name: string;
  hospital: string;
  department: string;
  title: string;
}

export interface ReasonRow {
  code: string;
  count: number;
}

export interface PublicDoctorRow {
  id: number;
  name: string;
  title: string;
  hospital: string;
  department: string;
  intro: string;
  avatar_url: string;
}

/** The counts by current status of the rows grouped (the select list of every grouping). */
const STATUS_COUNTS = sql`count(*)::int as written,
  (count(*) filter (where rc.status = 'approved'))::int as approved,
  (count(*) filter (where rc.status = 'rejected'))::int as rejected,
  (count(*) filter (where rc.status = 'pending_inspection'))::int as pending_inspection,
  (count(*) filter (where rc.status = 'void'))::int as void`;

export function filterSql(f: CensusFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.pharmacyId !== undefined) parts.push(sql`rc.pharmacy_id = ${f.pharmacyId}`);
  if (f.doctorId !== undefined) parts.push(sql`rc.doctor_id = ${f.doctorId}`);
  return sql.join(parts, sql` and `);
}

/** The platform's prescription statistics (over recipe and recipe_inspection) and the public doctor list. */
export class CensusRepository {
  constructor(private readonly db: Database) {}

  /** Every day of the range, zeros included (lib/recipe-census.ts, the doctor's census's statement). */
  days(r: RecipeCensusRange, f: CensusFilter): Promise<RecipeCensusDayRow[]> {
    return recipeCensusDays(this.db, r, filterSql(f));
  }

  topDrugs(r: RecipeCensusRange, f: CensusFilter, limit: number): Promise<RecipeTopDrugRow[]> {
    return recipeTopDrugs(this.db, r, filterSql(f), limit, 'qty');
  }

  /** The pharmacies with a prescription in the range, most written first, then by id. */
  async byPharmacy(r: RecipeCensusRange, f: CensusFilter): Promise<PharmacyCountRow[]> {
    const { rows } = await queryRows<PharmacyCountRow>(
      this.db,
      sql`with g as (
            select rc.pharmacy_id, ${STATUS_COUNTS}
            from recipe rc
            where ${writtenIn(r, filterSql(f))}
            group by rc.pharmacy_id
          )
          select g.*, coalesce(p.name, '') as pharmacy_name
          from g left join pharmacy p on p.id = g.pharmacy_id
          order by g.written desc, g.pharmacy_id`,
    );
    return rows;
  }

  /** The doctors with a prescription in the range, most written first, then by id. */
  async byDoctor(r: RecipeCensusRange, f: CensusFilter): Promise<DoctorCountRow[]> {
    const { rows } = await queryRows<DoctorCountRow>(
      this.db,
      sql`with g as (
            select rc.doctor_id, ${STATUS_COUNTS}
            from recipe rc
            where ${writtenIn(r, filterSql(f))}
            group by rc.doctor_id
          )
          select g.*, coalesce(a.name, '') as doctor_name, coalesce(d.hospital, '') as hospital,
                 coalesce(d.department, '') as department, coalesce(d.title, '') as title
          from g
          left join doctor d on d.id = g.doctor_id
          left join account a on a.id = d.account_id
          order by g.written desc, g.doctor_id`,
    );
    return rows;
  }

  /** The reject decisions (recipe_inspection) on the cohort's prescriptions, by code, most frequent first. */
  async rejectReasons(r: RecipeCensusRange, f: CensusFilter): Promise<ReasonRow[]> {
    const { rows } = await queryRows<ReasonRow>(
      this.db,
      sql`select ri.reject_code as code, count(*)::int as count
          from recipe rc
          join recipe_inspection ri on ri.recipe_id = rc.id
          where ${writtenIn(r, filterSql(f))} and ri.decision = 'reject'
          group by ri.reject_code
          order by count desc, code`,
    );
    return rows;
  }

  /** Active doctors of active accounts, in the order they joined. */
  async publicDoctors(): Promise<PublicDoctorRow[]> {
    const { rows } = await queryRows<PublicDoctorRow>(
      this.db,
      sql`select d.id, a.name, d.title, d.hospital, d.department,
                 left(d.intro, ${PUBLIC_DOCTOR_INTRO_MAX + 1}) as intro, a.head_img_url as avatar_url
          from doctor d join account a on a.id = d.account_id
          where d.status = 'active' and a.status = 'active'
          order by d.id
          limit ${PUBLIC_DOCTOR_LIST_MAX}`,
    );
    return rows;
  }
}
