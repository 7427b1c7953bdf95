import { z } from 'zod';
import { dateSchema, idText } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

// 会员数据 (/marketManage/customer/datas and /customer/data, issue 16). Per Shanghai day over an inclusive range:
// - new customers: customer_info rows created that day at the pharmacy;
// - active customers: distinct accounts that, that day at the pharmacy, had a paid order (paid_at that day), sent a
//   chat message (sender_side patient) or watched a live (a live_watch row of that day);
// - orders / amount: the pharmacy's paid orders by paid_at day (paid_at set, not cancelled, not deleted), pay_amount;
// - watch seconds: live_watch seconds of that day; enrolments: live_enrollment rows of the pharmacy made that day.
// Totals are the sums of the days, except active customers: distinct accounts over the whole range.

/** The default range: the last 30 Shanghai days, today included. */
export const MEMBER_DATA_DEFAULT_DAYS = 30;
/** The longest range (a leap year). */
export const MEMBER_DATA_MAX_DAYS = 366;

export const memberDataMessages = {
  tooLong: `统计时间范围不能超过 ${MEMBER_DATA_MAX_DAYS} 天`,
  datesOrder: '结束日期不能早于开始日期',
} as const;

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: memberDataMessages.datesOrder };

const rangeFields = {
  date_from: dateSchema.optional(),
  date_to: dateSchema.optional(),
};
/** The operator may narrow the platform's figures to one pharmacy. */
const pharmacyFilter = { pharmacy_id: idText('药店不正确').optional() };

export const memberDataQuerySchema = z.object(rangeFields).refine(datesInOrder, datesError);
export type MemberDataQuery = z.infer<typeof memberDataQuerySchema>;
export const adminMemberDataQuerySchema = z
  .object({ ...rangeFields, ...pharmacyFilter })
  .refine(datesInOrder, datesError);
export type AdminMemberDataQuery = z.infer<typeof adminMemberDataQuerySchema>;

export const memberDataFiguresSchema = z.object({
  new_customers: z.number().int(),
  active_customers: z.number().int(),
  orders: z.number().int(),
  /** Money: a string with two decimals. */
  amount: z.string(),
  watch_seconds: z.number().int(),
  enrollments: z.number().int(),
});
export type MemberDataFigures = z.infer<typeof memberDataFiguresSchema>;

/** One Shanghai day of the range (every day present, zeros included). */
export const memberDataDaySchema = memberDataFiguresSchema.extend({ date: z.string() });
export type MemberDataDay = z.infer<typeof memberDataDaySchema>;

export const memberDataSchema = z.object({
  /** The range the figures cover (defaults filled in). */
  date_from: z.string(),
  date_to: z.string(),
  /** The pharmacy the figures are of (the operator's filter; null: the whole platform). */
  pharmacy_id: z.number().int().nullable(),
  days: z.array(memberDataDaySchema),
  /** Sums of the days; active_customers is the distinct accounts over the whole range (not a sum). */
  totals: memberDataFiguresSchema,
});
export type MemberData = z.infer<typeof memberDataSchema>;

// ---------------------------------------------------------------- per live (marketing/viper/live_data)

export const liveDataQuerySchema = pageQuerySchema.extend(rangeFields).refine(datesInOrder, datesError);
export type LiveDataQuery = z.infer<typeof liveDataQuerySchema>;
export const adminLiveDataQuerySchema = pageQuerySchema
  .extend({ ...rangeFields, ...pharmacyFilter })
  .refine(datesInOrder, datesError);
export type AdminLiveDataQuery = z.infer<typeof adminLiveDataQuerySchema>;

/**
 * One live with its figures in the range: the lives planned to start in the range or watched in it. viewers and
 * watch_seconds count live_watch rows of days in the range (so the lives' watch seconds add up to the days' total),
 * enrolled the distinct patients enrolled (before the range's end) in a camp period that binds the live, exam_submitted
 * the exams submitted in the range.
 */
export const liveDataRowSchema = z.object({
  live_id: z.number().int(),
  title: z.string(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  status: z.string(),
  start_at: z.string(),
  viewers: z.number().int(),
  watch_seconds: z.number().int(),
  enrolled: z.number().int(),
  exam_submitted: z.number().int(),
});
export type LiveDataRow = z.infer<typeof liveDataRowSchema>;

export const liveDataSchema = z.object({
  list: z.array(liveDataRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  date_from: z.string(),
  date_to: z.string(),
});
export type LiveData = z.infer<typeof liveDataSchema>;
