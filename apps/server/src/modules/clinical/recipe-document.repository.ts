import type { RecipeDetail, RecipeItem, RecipeStatus, RecipeWarning } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type RecipeCensusDayRow,
  type RecipeCensusRange,
  type RecipeTopDrugRow,
  recipeCensusDays,
  recipeTopDrugs,
} from '../../lib/recipe-census';
import { queryRows } from '../../lib/sql-rows';

/** Whose prescription it must be: the doctor's own, or one dispensed by the pharmacist's pharmacy. */
export type RecipeOwner = { doctorId: number } | { pharmacyId: number };

/** The doctor's prescriptions written in [from, to) (instants of Shanghai day starts). */
export interface StatisticsRange extends RecipeCensusRange {
  doctorId: number;
}

export type StatisticsDayRow = RecipeCensusDayRow;
export type TopDrugRow = RecipeTopDrugRow;

interface DetailRow {
  id: number;
  recipe_no: string;
  status: RecipeStatus;
  doctor_id: number;
  pharmacy_id: number;
  family_member_id: number | null;
  consultation_request_id: number | null;
  order_id: number | null;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  patient_weight_kg: string | null;
  allergies: string[] | null;
  diagnoses: string[] | null;
  items: unknown;
  warnings: unknown;
  images: string[] | null;
  signature_url: string;
  created_at: Date | string;
  inspected_at: Date | string | null;
  reject_code: string;
  reject_reason: string;
  doctor_name: string;
  hospital: string;
  department: string;
  title: string;
  licence_no: string;
  doctor_signature_url: string;
  pharmacy_name: string;
  pharmacist_name: string | null;
  order_no: string | null;
  family_medical_history: string[] | null;
  past_medical_history: string[] | null;
}

interface InspectionRow {
  id: number;
  pharmacist_name: string | null;
  decision: 'approve' | 'reject';
  reject_code: string;
  reason: string;
  created_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/** A stored line, read leniently: the PDF of an old or hand-made row still prints. */
function itemOf(raw: unknown): RecipeItem {
  const i = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    product_id: num(i.product_id),
    name: str(i.name),
    generic_name: str(i.generic_name),
    spec: str(i.spec),
    type: str(i.type),
    manufacturer: str(i.manufacturer),
    dose_amount: str(i.dose_amount),
    dose_unit: str(i.dose_unit) as RecipeItem['dose_unit'],
    frequency: str(i.frequency) as RecipeItem['frequency'],
    route: str(i.route) as RecipeItem['route'],
    days: num(i.days),
    qty: num(i.qty),
  };
}

function warningOf(raw: unknown): RecipeWarning {
  const w = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    code: str(w.code) as RecipeWarning['code'],
    items: Array.isArray(w.items) ? w.items.map(num) : [],
    message: str(w.message),
    override_reason: str(w.override_reason),
  };
}

const GENDER: Record<string, string> = { male: '男', female: '女' };

/** The document part's reads: one prescription whole (for the PDF) and the doctor's statistics. */
export class RecipeDocumentRepository {
  constructor(private readonly db: Database) {}

  /** The prescription as recipeDetailSchema shapes it, or null when missing or not the owner's. */
  async detail(id: number, owner: RecipeOwner): Promise<RecipeDetail | null> {
    const ownerFilter: SQL =
      'doctorId' in owner ? sql`r.doctor_id = ${owner.doctorId}` : sql`r.pharmacy_id = ${owner.pharmacyId}`;
    const { rows } = await queryRows<DetailRow>(
      this.db,
      sql`select r.id, r.recipe_no, r.status, r.doctor_id, r.pharmacy_id, r.family_member_id,
            r.consultation_request_id, r.order_id, r.patient_name, r.patient_gender, r.patient_age,
            r.patient_weight_kg::text as patient_weight_kg, r.allergies, r.diagnoses, r.items, r.warnings, r.images,
            r.signature_url, r.created_at, r.inspected_at, r.reject_code, r.reject_reason,
            da.name as doctor_name, d.hospital, d.department, d.title, d.licence_no,
            d.signature_url as doctor_signature_url, p.name as pharmacy_name, pa.name as pharmacist_name,
            o.order_no, fm.family_medical_history, fm.past_medical_history
          from recipe r
          join doctor d on d.id = r.doctor_id
          join account da on da.id = d.account_id
          join pharmacy p on p.id = r.pharmacy_id
          left join account pa on pa.id = r.pharmacist_id
          left join orders o on o.id = r.order_id
          left join family_member fm on fm.id = r.family_member_id
          where r.id = ${id} and ${ownerFilter}`,
    );
    const r = rows[0];
    if (!r) return null;
    const { rows: inspections } = await queryRows<InspectionRow>(
      this.db,
      sql`select ri.id, a.name as pharmacist_name, ri.decision, ri.reject_code, ri.reason, ri.created_at
          from recipe_inspection ri left join account a on a.id = ri.pharmacist_id
          where ri.recipe_id = ${id} order by ri.id`,
    );
    const items = (Array.isArray(r.items) ? r.items : []).map(itemOf);
    const warnings = (Array.isArray(r.warnings) ? r.warnings : []).map(warningOf);
    const signature = r.signature_url || r.doctor_signature_url;
    return {
      id: r.id,
      recipe_no: r.recipe_no,
      status: r.status,
      patient_name: r.patient_name,
      patient_gender: GENDER[r.patient_gender] ?? r.patient_gender,
      patient_age: r.patient_age,
      diagnoses: r.diagnoses ?? [],
      items_text: items.map((i) => `${i.name} ×${i.qty}`).join('、'),
      item_count: items.length,
      warning_count: warnings.length,
      doctor_name: r.doctor_name,
      pharmacy_id: r.pharmacy_id,
      pharmacy_name: r.pharmacy_name,
      order_id: r.order_id,
      order_no: r.order_no,
      created_at: iso(r.created_at),
      inspected_at: isoOrNull(r.inspected_at),
      patient: {
        family_member_id: r.family_member_id,
        name: r.patient_name,
        gender: GENDER[r.patient_gender] ?? r.patient_gender,
        age: r.patient_age,
        allergy_history: r.allergies ?? [],
        family_medical_history: r.family_medical_history ?? [],
        past_medical_history: r.past_medical_history ?? [],
        weight_kg: r.patient_weight_kg,
      },
      items,
      warnings,
      images: r.images ?? [],
      signature_url: signature,
      doctor: {
        id: r.doctor_id,
        name: r.doctor_name,
        hospital: r.hospital,
        department: r.department,
        title: r.title,
        licence_no: r.licence_no,
        signature_url: r.doctor_signature_url,
      },
      consultation_request_id: r.consultation_request_id,
      pharmacist_name: r.pharmacist_name,
      reject_code: r.reject_code,
      reject_reason: r.reject_reason,
      inspections: inspections.map((i) => ({
        id: i.id,
        pharmacist_name: i.pharmacist_name ?? '',
        decision: i.decision,
        reject_code: i.reject_code,
        reason: i.reason,
        created_at: iso(i.created_at),
      })),
    };
  }

  /**
   * Every Shanghai day of the range with the prescriptions written that day by current status and their lines (void
   * ones left out of the lines): lib/recipe-census.ts, shared with the operator's census. The doctor's rows are read
   * through recipe_doctor_idx (doctor_id, id).
   */
  days(r: StatisticsRange): Promise<StatisticsDayRow[]> {
    return recipeCensusDays(this.db, r, sql`rc.doctor_id = ${r.doctorId}`);
  }

  /** The drugs on most lines of the range's non-void prescriptions, then by quantity; names as last written. */
  topDrugs(r: StatisticsRange, limit: number): Promise<TopDrugRow[]> {
    return recipeTopDrugs(this.db, r, sql`rc.doctor_id = ${r.doctorId}`, limit, 'lines');
  }

  /** The doctor's consultation requests created in the range, counted by status. */
  async consultations(r: StatisticsRange): Promise<{ status: string; count: number }[]> {
    const { rows } = await queryRows<{ status: string; count: number }>(
      this.db,
      sql`select status, count(*)::int as count from consultation_request
          where doctor_id = ${r.doctorId} and created_at >= ${r.from.toISOString()}
            and created_at < ${r.to.toISOString()}
          group by status`,
    );
    return rows;
  }
}
