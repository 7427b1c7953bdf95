import { z } from 'zod';
import { dateSchema } from '../common/fields';
import { consultationStatuses, recipeStatuses } from './clinical.schema';

/**
 * The doctor's prescription statistics (处方统计, docs/clinical.md "Statistics"): the doctor's prescriptions WRITTEN
 * (created_at) between two Shanghai days, as one cohort. What counts:
 * - 开具处方: every prescription written in the range, whatever its status; by status: their current status;
 * - per day: the prescriptions written that day, and of them the ones now approved / rejected;
 * - 审核通过率 = approved ÷ inspected (approved + rejected), exact decimal arithmetic, 2 places, null when none was
 *   inspected yet;
 * - top drugs and items per prescription: void (作废) prescriptions are left out, the others count whatever their
 *   inspection;
 * - consultation requests: those assigned to the doctor and created in the range, by their current status.
 */

/** The default range: the last 30 Shanghai days, today included. */
export const RECIPE_STATISTICS_DEFAULT_DAYS = 30;
/** The longest range (a leap year). */
export const RECIPE_STATISTICS_MAX_DAYS = 366;
export const RECIPE_STATISTICS_TOP = 10;
export const recipeStatisticsMessages = {
  tooLong: `统计时间范围不能超过 ${RECIPE_STATISTICS_MAX_DAYS} 天`,
  datesOrder: '结束日期不能早于开始日期',
} as const;

export const recipeStatisticsQuerySchema = z
  .object({
    date_from: dateSchema.optional(),
    date_to: dateSchema.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_to'],
    error: recipeStatisticsMessages.datesOrder,
  });
export type RecipeStatisticsQuery = z.infer<typeof recipeStatisticsQuerySchema>;

export const recipeStatisticsSummarySchema = z.object({
  /** prescriptions written in the range */
  written: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  pending_inspection: z.number().int(),
  void: z.number().int(),
  /** approved + rejected */
  inspected: z.number().int(),
  /** approved ÷ inspected as a percentage with 2 places ('85.71'); null when none was inspected */
  approval_rate: z.string().nullable(),
  /** prescription lines of the non-void prescriptions */
  item_lines: z.number().int(),
  /** item_lines ÷ non-void prescriptions, 2 places ('2.33'); null without any */
  avg_items: z.string().nullable(),
});
export type RecipeStatisticsSummary = z.infer<typeof recipeStatisticsSummarySchema>;

export const recipeStatisticsStatusRowSchema = z.object({ status: z.enum(recipeStatuses), count: z.number().int() });

/** One Shanghai day of the range (every day present, zeros included). */
export const recipeStatisticsDaySchema = z.object({
  date: z.string(),
  written: z.number().int(),
  /** of those written that day, now approved / rejected */
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type RecipeStatisticsDay = z.infer<typeof recipeStatisticsDaySchema>;

/** A drug of the top list: by prescription lines, then quantity. */
export const recipeTopDrugSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  /** prescription lines naming it */
  lines: z.number().int(),
  /** the quantity prescribed on them */
  qty: z.number().int(),
});
export type RecipeTopDrug = z.infer<typeof recipeTopDrugSchema>;

export const recipeStatisticsSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  summary: recipeStatisticsSummarySchema,
  /** every status, zeros included */
  by_status: z.array(recipeStatisticsStatusRowSchema),
  days: z.array(recipeStatisticsDaySchema),
  top_drugs: z.array(recipeTopDrugSchema),
  consultations: z.object({
    /** requests assigned to the doctor, created in the range */
    received: z.number().int(),
    /** of them, now prescribed (已开方) */
    prescribed: z.number().int(),
    /** every status, zeros included */
    by_status: z.array(z.object({ status: z.enum(consultationStatuses), count: z.number().int() })),
  }),
});
export type RecipeStatistics = z.infer<typeof recipeStatisticsSchema>;
