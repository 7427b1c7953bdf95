import { healthDecisionSchema } from '../clinical/health.schema';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  healthReviewDetailSchema,
  healthReviewListQuerySchema,
  healthReviewPageSchema,
  healthReviewRejectBodySchema,
} from './health-review.schema';
import { healthReviewAccess } from './marketing.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './health-review.schema';

/** Marketing: 健康表审核 (issue 16) — the manager's review of the pharmacy's customers' health forms. */
export const healthReviewContracts = defineContracts('health-review', {
  list: {
    method: 'GET',
    path: '/marketing/health_collection',
    access: healthReviewAccess,
    summary: '健康表审核列表（待审核/审核通过/已驳回，含各状态数量）',
    description:
      "Forms of the pharmacy's customers (customer_info or viper at the pharmacy). keyword: a name part (family member or account), the full phone or its last 4 digits.",
    query: healthReviewListQuerySchema,
    response: healthReviewPageSchema,
  },
  detail: {
    method: 'GET',
    path: '/marketing/health_collection/:id',
    access: healthReviewAccess,
    summary: '健康表详情（全部答案与就诊人资料）',
    description: "A form of another pharmacy's customer answers 404 like a missing one.",
    params: idParamSchema,
    response: healthReviewDetailSchema,
  },
  approve: {
    method: 'PUT',
    path: '/marketing/health_collection/:id/approve',
    access: healthReviewAccess,
    summary: '审核通过健康表',
    description: "The doctor's guarded update (only a submitted form; a decided one answers 409). Audited.",
    params: idParamSchema,
    response: healthDecisionSchema,
  },
  reject: {
    method: 'PUT',
    path: '/marketing/health_collection/:id/reset',
    access: healthReviewAccess,
    summary: '驳回健康表（重置给患者重新填写）',
    description: 'Reason 1–200; the patient is notified with it. A decided form answers 409. Audited.',
    params: idParamSchema,
    body: healthReviewRejectBodySchema,
    response: healthDecisionSchema,
  },
});
