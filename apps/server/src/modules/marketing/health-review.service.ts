import {
  type HealthDecision,
  type HealthReviewDetail,
  type HealthReviewListQuery,
  type HealthReviewPage,
  type HealthReviewSummary,
  healthMessages,
  healthReviewMessages,
  maskPhone,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { decideHealthForm, healthFormSummary } from '../../lib/health-decision';
import { customerFormScope, type HealthReviewRepository, type HealthReviewRow } from './health-review.repository';

function toSummary(row: HealthReviewRow): HealthReviewSummary {
  return {
    ...healthFormSummary(row),
    account_id: row.account_id,
    account_name: row.account_name,
    account_phone: String(maskPhone(row.account_phone)),
    relation: row.relation ?? '',
    doctor_name: row.doctor_name,
  };
}

const formNotFound = () => AppError.notFound(healthMessages.formNotFound, 'Health form not found');

/** 健康表审核 (manager): the pharmacy's customers' health forms and the decision the doctor makes too. */
export class HealthReviewService {
  constructor(private readonly repo: HealthReviewRepository) {}

  async list(pharmacyId: number, query: HealthReviewListQuery): Promise<HealthReviewPage> {
    const { rows, counts, total } = await this.repo.page(pharmacyId, query);
    return { list: rows.map(toSummary), total, page: query.page, page_size: query.page_size, counts };
  }

  async detail(pharmacyId: number, id: number): Promise<HealthReviewDetail> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw formNotFound();
    return {
      ...toSummary(row),
      answers: row.answers ?? {},
      patient: {
        family_member_id: row.family_member_id,
        name: row.name,
        gender: row.gender ?? '',
        age: row.age === null ? null : Number(row.age),
        allergy_history: row.allergy_history ?? [],
        family_medical_history: row.family_medical_history ?? [],
        past_medical_history: row.past_medical_history ?? [],
      },
    };
  }

  /**
   * approve or reset (reject) through lib/health-decision.ts: the doctor's guarded UPDATE (status = 'submitted') and
   * the patient's message in one transaction; of a doctor and a manager at once exactly one wins, the other 409.
   */
  async decide(pharmacyId: number, id: number, decision: 'approve' | 'reset', reason = ''): Promise<HealthDecision> {
    const decided = await this.repo.db.transaction((tx) =>
      decideHealthForm(tx, {
        id,
        scope: customerFormScope(pharmacyId),
        decision,
        reason,
        reviewer: healthReviewMessages.reviewerLabel,
      }),
    );
    if (decided) return { id, status: decided.status };
    if (!(await this.repo.find(pharmacyId, id))) throw formNotFound();
    throw AppError.conflict(healthMessages.alreadyDecided, 'Health form already decided');
  }
}
