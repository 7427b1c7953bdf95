import { z } from 'zod';
import { healthFormStatuses } from '../clinical/clinical.schema';
import {
  healthFormCountsSchema,
  healthFormDetailSchema,
  healthFormSummarySchema,
  healthResetBodySchema,
} from '../clinical/health.schema';
import { dateSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

// 健康表审核 (issue 16, manager only): the health forms (health_collection) of the pharmacy's customers (accounts
// with a customer_info or a viper row at the pharmacy). The decision is the doctor's very guarded update
// (status = 'submitted'): a doctor and a manager deciding at once, exactly one wins. Shapes extend the doctor's.

export const healthReviewMessages = {
  /** The patient's message names who decided (the doctor's says 医生). */
  reviewerLabel: '药店',
} as const;

export const healthReviewListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(healthFormStatuses).catch('submitted').default('submitted'),
    /** The family member's or the account's name part, the account's full phone or its last 4 digits. */
    keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
    date_from: dateSchema.optional().catch(undefined),
    date_to: dateSchema.optional().catch(undefined),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    error: '开始日期不能晚于结束日期',
    path: ['date_to'],
  });
export type HealthReviewListQuery = z.infer<typeof healthReviewListQuerySchema>;
export type HealthReviewListInput = z.input<typeof healthReviewListQuerySchema>;

/** Who filled the form: the customer's account (phone masked), the family member's relation, the assigned doctor. */
const owner = {
  account_id: z.number().int(),
  account_name: z.string(),
  /** masked (139****0001) */
  account_phone: z.string(),
  relation: z.string(),
  doctor_name: z.string().nullable(),
};

export const healthReviewSummarySchema = healthFormSummarySchema.extend(owner);
export type HealthReviewSummary = z.infer<typeof healthReviewSummarySchema>;

export const healthReviewPageSchema = z.object({
  list: z.array(healthReviewSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: healthFormCountsSchema,
});
export type HealthReviewPage = z.infer<typeof healthReviewPageSchema>;

export const healthReviewDetailSchema = healthFormDetailSchema.extend(owner);
export type HealthReviewDetail = z.infer<typeof healthReviewDetailSchema>;

/** 驳回: the reason (1–200), as the doctor's reset. */
export const healthReviewRejectBodySchema = healthResetBodySchema;
export type HealthReviewRejectBody = z.infer<typeof healthReviewRejectBodySchema>;
