import { computeBmi, type HealthFormStatus, type HealthFormSummary } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { notify } from './notify';
import { queryRows } from './sql-rows';

/**
 * The one decision on a health form, shared by the doctor's review (clinical) and the manager's (marketing):
 * a guarded UPDATE … WHERE status = 'submitted' (so of a doctor and a manager deciding at once exactly one wins)
 * and the patient's message, in the caller's transaction. `scope` narrows which forms the reviewer may decide
 * (`h` is health_collection): the doctor's own, or the pharmacy's customers'. `reviewer` names who decided in the
 * message (医生, 药店). Null when the form is missing, out of scope or already decided.
 */
export async function decideHealthForm(
  tx: DbExecutor,
  a: { id: number; scope: SQL; decision: 'approve' | 'reset'; reason: string; reviewer: string },
): Promise<{ id: number; account_id: number; name: string; status: 'approved' | 'rejected' } | null> {
  const status = a.decision === 'approve' ? 'approved' : 'rejected';
  const reason = a.decision === 'reset' ? a.reason : '';
  const { rows } = await queryRows<{ id: number; account_id: number; name: string }>(
    tx,
    sql`update health_collection h set status = ${status}, reviewed_at = now(), reject_reason = ${reason},
        updated_at = now()
      from family_member f
      where h.id = ${a.id} and ${a.scope} and h.status = 'submitted' and f.id = h.family_member_id
      returning h.id, h.account_id, f.name`,
  );
  const row = rows[0];
  if (!row) return null;
  await notify(tx, {
    accountId: row.account_id,
    kind: 'system',
    title: a.decision === 'approve' ? '健康表审核通过' : '健康表被驳回，请重新填写',
    content:
      a.decision === 'approve'
        ? `${row.name}的健康表已由${a.reviewer}审核通过。`
        : `${row.name}的健康表被${a.reviewer}驳回，原因：${reason}。请修改后重新提交。`,
    link: '/patient/health',
  });
  return { ...row, status };
}

/** What a health-form list row is read from (the doctor's and the manager's lists alike). */
export interface HealthFormListRow {
  id: number;
  family_member_id: number;
  status: HealthFormStatus;
  answers: Record<string, unknown> | null;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  reject_reason: string;
  name: string;
  gender: string | null;
  age: number | string | null;
}

const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
/** an answer's decimal with its one place, as the measurements' numeric(…, 1) columns write it ('162.0') */
const fixed1 = (v: unknown): string | null => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(1) : null);
const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The list row of a form, shared by both reviews: the patient and the form's own measurements. */
export function healthFormSummary(row: HealthFormListRow): HealthFormSummary {
  const a = row.answers ?? {};
  const height = fixed1(a.height_cm);
  const weight = fixed1(a.weight_kg);
  return {
    id: row.id,
    family_member_id: row.family_member_id,
    patient_name: row.name,
    gender: row.gender ?? '',
    age: row.age === null ? null : Number(row.age),
    status: row.status,
    submitted_at: isoOrNull(row.submitted_at),
    reviewed_at: isoOrNull(row.reviewed_at),
    reject_reason: row.reject_reason,
    systolic: intOrNull(a.systolic),
    diastolic: intOrNull(a.diastolic),
    blood_sugar: fixed1(a.blood_sugar),
    height_cm: height,
    weight_kg: weight,
    bmi: computeBmi(height, weight),
  };
}
