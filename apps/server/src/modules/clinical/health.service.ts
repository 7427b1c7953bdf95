import {
  computeBmi,
  type HealthChart,
  type HealthDecision,
  type HealthFormDetail,
  type HealthFormListQuery,
  type HealthFormPage,
  type HealthFormSummary,
  type HealthMeasurementBody,
  type HealthPoint,
  type HealthSubmitBody,
  healthMessages,
  type MyHealthEntry,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { decideHealthForm, healthFormSummary } from '../../lib/health-decision';
import type { HealthFormRow, HealthMemberRow, HealthRepository, MeasurementRow } from './health.repository';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
/** numeric as text without trailing noise ('172.0' stays '172.0', as PostgreSQL writes numeric(5,1)). */
const dec = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

const toSummary = (row: HealthFormRow): HealthFormSummary => healthFormSummary(row);

/** One year back from today (Asia/Shanghai), as YYYY-MM-DD. */
export function chartSince(now = Date.now()): string {
  const shanghai = new Date(now + 8 * 3600_000);
  shanghai.setUTCFullYear(shanghai.getUTCFullYear() - 1);
  return shanghai.toISOString().slice(0, 10);
}

/** The chart's points: each measurement, BMI from its weight and the height known at that time (exact decimals). */
export function toPoints(rows: MeasurementRow[], heightBefore: string | null): HealthPoint[] {
  let height = heightBefore;
  return rows.map((r) => {
    if (r.height_cm !== null) height = String(r.height_cm);
    return {
      measured_at: new Date(r.measured_at).toISOString(),
      height_cm: dec(r.height_cm),
      weight_kg: dec(r.weight_kg),
      bmi: r.weight_kg === null ? null : computeBmi(height, r.weight_kg),
      systolic: r.systolic,
      diastolic: r.diastolic,
      blood_sugar: dec(r.blood_sugar),
    };
  });
}

const profile = (m: HealthMemberRow) => ({
  family_member_id: m.id,
  name: m.name,
  gender: m.gender ?? '',
  age: m.age === null ? null : Number(m.age),
  allergy_history: m.allergy_history ?? [],
  family_medical_history: m.family_medical_history ?? [],
  past_medical_history: m.past_medical_history ?? [],
});

const memberNotFound = () => AppError.notFound(healthMessages.memberNotFound, 'Family member not found');
const formNotFound = () => AppError.notFound(healthMessages.formNotFound, 'Health form not found');

/** Health forms: the doctor's review and the patient's own forms and measurements. No Fastify types here. */
export class HealthService {
  constructor(private readonly repo: HealthRepository) {}

  // ------------------------------------------------------------ doctor

  async list(doctorId: number, query: HealthFormListQuery): Promise<HealthFormPage> {
    const { rows, counts, total } = await this.repo.page(doctorId, query);
    return { list: rows.map(toSummary), total, page: query.page, page_size: query.page_size, counts };
  }

  async detail(doctorId: number, id: number): Promise<HealthFormDetail> {
    const row = await this.repo.findForDoctor(doctorId, id);
    if (!row) throw formNotFound();
    const member = await this.repo.member(this.repo.db, row.family_member_id);
    if (!member) throw formNotFound();
    return { ...toSummary(row), answers: row.answers ?? {}, patient: profile(member) };
  }

  /**
   * approve or reset (reject): one guarded UPDATE … WHERE status = 'submitted', so of two decisions at once exactly
   * one wins; the patient's message is written in the same transaction.
   */
  async decide(doctorId: number, id: number, decision: 'approve' | 'reset', reason = ''): Promise<HealthDecision> {
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const decided = await this.repo.db.transaction((tx) =>
      decideHealthForm(tx, { id, scope: sql`h.doctor_id = ${doctorId}`, decision, reason, reviewer: '医生' }),
    );
    if (decided) return { id, status };
    if (!(await this.repo.exists(doctorId, id))) throw formNotFound();
    throw AppError.conflict(healthMessages.alreadyDecided, 'Health form already decided');
  }

  async chartForDoctor(doctorId: number, id: number): Promise<HealthChart> {
    const row = await this.repo.findForDoctor(doctorId, id);
    if (!row) throw formNotFound();
    return this.chart(row.family_member_id, row.name);
  }

  private async chart(memberId: number, name: string): Promise<HealthChart> {
    const since = chartSince();
    const { rows, heightBefore } = await this.repo.measurements(memberId, since);
    return { family_member_id: memberId, name, since, points: toPoints(rows, heightBefore) };
  }

  // ------------------------------------------------------------ patient

  async mine(accountId: number): Promise<MyHealthEntry[]> {
    const rows = await this.repo.mine(accountId);
    return rows.map((r) => ({
      family_member: {
        id: r.id,
        name: r.name,
        gender: r.gender ?? '',
        age: r.age === null ? null : Number(r.age),
        relation: r.relation,
        allergy_history: r.allergy_history ?? [],
      },
      form:
        r.form_id === null || r.status === null
          ? null
          : {
              id: r.form_id,
              status: r.status,
              submitted_at: iso(r.submitted_at),
              reviewed_at: iso(r.reviewed_at),
              reject_reason: r.reject_reason ?? '',
              answers: r.answers ?? {},
            },
    }));
  }

  /**
   * Submits a form for one of the account's family members: a pending one is replaced, otherwise (none yet, approved
   * or rejected) a new submission goes to a doctor. The form's measurements are written for the chart.
   */
  async submit(accountId: number, body: HealthSubmitBody) {
    const { answers } = body;
    return this.repo.db.transaction(async (tx) => {
      const member = await this.repo.lockOwnMember(tx, accountId, body.family_member_id);
      if (!member) throw memberNotFound();
      if (member.gender === 'male' && answers.pregnancy !== 'none')
        throw AppError.badParams('pregnancy', healthMessages.pregnancyMale);
      const latest = await this.repo.latestForm(tx, accountId, member.id);
      let id: number;
      let replaced = false;
      if (latest?.status === 'submitted' && (await this.repo.replacePending(tx, latest.id, answers))) {
        id = latest.id;
        replaced = true;
      } else {
        const doctorId = await this.repo.pickDoctor(tx, accountId);
        id = await this.repo.insertForm(tx, { accountId, memberId: member.id, doctorId, answers });
      }
      await this.repo.insertMeasurement(tx, accountId, member.id, null, answers);
      return { id, status: 'submitted' as const, replaced };
    });
  }

  async addMeasurement(accountId: number, body: HealthMeasurementBody) {
    const member = await this.repo.ownMember(accountId, body.family_member_id);
    if (!member) throw memberNotFound();
    const id = await this.repo.insertMeasurement(this.repo.db, accountId, member.id, body.measured_at, body);
    return { id };
  }

  async myChart(accountId: number, memberId: number): Promise<HealthChart> {
    const member = await this.repo.ownMember(accountId, memberId);
    if (!member) throw memberNotFound();
    return this.chart(member.id, member.name);
  }
}
