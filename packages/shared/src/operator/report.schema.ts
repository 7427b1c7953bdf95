import { z } from 'zod';
import { dateSchema, idNumber, idTextSchema, mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema, pageResultSchema } from '../common/paging';
import { isWellFormedText } from './pharmacy.schema';

// Complaints (投诉, issue 17 part "report", docs/operator.md): a patient complains about one of their own orders, a
// pharmacy they ordered from, a doctor of one of their prescriptions or a live they watched; the operator processes
// it with a result or rejects it with a reason, and the complainant gets a message either way.

export const reportTargetKinds = ['order', 'pharmacy', 'doctor', 'live'] as const;
export type ReportTargetKind = (typeof reportTargetKinds)[number];
export const reportTargetKindLabels: Record<ReportTargetKind, string> = {
  order: '订单',
  pharmacy: '药店',
  doctor: '医生',
  live: '直播',
};

export const reportStatuses = ['pending', 'processed', 'rejected'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const reportStatusLabels: Record<ReportStatus, string> = {
  pending: '待处理',
  processed: '已处理',
  rejected: '已驳回',
};
export const reportTabs = ['all', ...reportStatuses] as const;

/** The categories the form offers for each kind of target (the column is free text up to 32 characters). */
export const reportCategoriesByKind: Record<ReportTargetKind, readonly string[]> = {
  order: ['发货慢', '药品质量问题', '药品与描述不符', '退款问题', '包装破损', '其他'],
  pharmacy: ['服务态度差', '价格问题', '虚假宣传', '资质问题', '其他'],
  doctor: ['服务态度差', '处方问题', '回复不及时', '其他'],
  live: ['虚假宣传', '内容不当', '推销过度', '其他'],
};

export const REPORT_IMAGES_MAX = 6;
export const REPORT_CONTENT_MAX = 1000;
export const REPORT_RESULT_MAX = 500;
export const REPORT_CATEGORY_MAX = 32;

export const reportMessages = {
  notFound: '投诉不存在',
  targetNotFound: '投诉对象不存在或不属于您',
  imageInvalid: '图片地址不正确，请重新上传',
} as const;

/** An image of a complaint: a file of the complaint upload (`/api/v1/upload/<24 chars>.png|jpg|webp`). */
/** Half a surrogate pair is no character (the database's JSON refuses it): refused naming the field. */
const wellFormed = (label: string) => [isWellFormedText, { error: `${label}含有无法识别的字符` }] as const;

export const REPORT_IMAGE_PATTERN = /^\/api\/v1\/upload\/[A-Za-z0-9_-]{24}\.(png|jpg|webp)$/;

// ---------------------------------------------------------------- the patient

/** The complaint form (the patient). */
export const reportCreateBodySchema = z.object({
  target_kind: z.enum(reportTargetKinds, { error: '请选择投诉对象类型' }),
  target_id: idNumber('请选择投诉对象'),
  category: z
    .string({ error: '请选择投诉类型' })
    .trim()
    .min(1, { error: '请选择投诉类型' })
    .max(REPORT_CATEGORY_MAX, { error: `投诉类型最多 ${REPORT_CATEGORY_MAX} 字` })
    .refine(...wellFormed('投诉类型')),
  content: z
    .string({ error: '请填写投诉内容' })
    .trim()
    .min(5, { error: '投诉内容至少 5 个字' })
    .max(REPORT_CONTENT_MAX, { error: `投诉内容最多 ${REPORT_CONTENT_MAX} 字` })
    .refine(...wellFormed('投诉内容')),
  images: z
    .array(z.string().regex(REPORT_IMAGE_PATTERN, { error: reportMessages.imageInvalid }), {
      error: reportMessages.imageInvalid,
    })
    .max(REPORT_IMAGES_MAX, { error: `最多上传 ${REPORT_IMAGES_MAX} 张图片` })
    .default([]),
  /** Where the operator may reach the complainant; empty: the account's own phone. */
  contact_phone: z.union([z.literal(''), mobilePhoneSchema]).optional(),
});
export type ReportCreateBody = z.output<typeof reportCreateBodySchema>;
export type ReportCreateInput = z.input<typeof reportCreateBodySchema>;

/** Something the patient may complain about (their order, a pharmacy they ordered from, …). */
export const reportTargetOptionSchema = z.object({
  kind: z.enum(reportTargetKinds),
  id: z.number().int(),
  /** Order no, pharmacy name, doctor name, live title. */
  label: z.string(),
  /** A second line: the order's pharmacy and date, the doctor's hospital, the live's pharmacy and date. */
  description: z.string(),
});
export type ReportTargetOption = z.infer<typeof reportTargetOptionSchema>;
export const reportTargetsQuerySchema = z.object({
  kind: z.enum(reportTargetKinds, { error: '请选择投诉对象类型' }),
});
export const reportTargetsResultSchema = z.array(reportTargetOptionSchema);

/** One of my complaints. */
export const myReportSchema = z.object({
  id: z.number().int(),
  target_kind: z.enum(reportTargetKinds),
  target_id: z.number().int(),
  target_label: z.string(),
  category: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  contact_phone: z.string(),
  status: z.enum(reportStatuses),
  result: z.string(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportListQuerySchema = pageQuerySchema;
export const myReportListResultSchema = pageResultSchema(myReportSchema);

export const reportUploadResultSchema = z.object({ url: z.string() });

// ---------------------------------------------------------------- the operator

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** 投诉管理's filters: status tab, target kind, the pharmacy concerned, submitted between two Shanghai dates, keyword. */
export const adminReportListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(reportTabs).catch('all').default('all'),
    target_kind: z.enum(reportTargetKinds).optional().catch(undefined),
    pharmacy_id: idTextSchema.optional().catch(undefined),
    date_from: dateSchema.optional().catch(undefined),
    date_to: dateSchema.optional().catch(undefined),
    /** The content or category (part), the complainant's name (part) or phone (whole or last 4), an order no. */
    keyword: z
      .string()
      .trim()
      .max(50, { error: '关键词最多 50 字' })
      .refine(...wellFormed('关键词'))
      .optional()
      .catch(undefined),
  })
  .refine(datesInOrder, { path: ['date_to'], error: '结束日期不能早于开始日期' });
export type AdminReportListQuery = z.output<typeof adminReportListQuerySchema>;

export const adminReportSchema = z.object({
  id: z.number().int(),
  target_kind: z.enum(reportTargetKinds),
  target_id: z.number().int(),
  target_label: z.string(),
  pharmacy_id: z.number().int().nullable(),
  pharmacy_name: z.string().nullable(),
  category: z.string(),
  content: z.string(),
  image_count: z.number().int(),
  reporter_name: z.string(),
  /** Masked (spec §5). */
  reporter_phone: z.string(),
  status: z.enum(reportStatuses),
  result: z.string(),
  handler_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const reportTabCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  processed: z.number().int(),
  rejected: z.number().int(),
});
export type ReportTabCounts = z.infer<typeof reportTabCountsSchema>;

export const adminReportListResultSchema = z.object({
  list: z.array(adminReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Each tab's count under the other filters. */
  counts: reportTabCountsSchema,
});
export type AdminReportListResult = z.infer<typeof adminReportListResultSchema>;

/** What the complaint is about, as it is now (null fields do not apply to the kind). */
export const reportTargetSummarySchema = z.object({
  kind: z.enum(reportTargetKinds),
  id: z.number().int(),
  /** False when the target no longer exists. */
  exists: z.boolean(),
  label: z.string(),
  order_no: z.string().nullable(),
  order_status: z.string().nullable(),
  order_amount: z.string().nullable(),
  order_created_at: z.string().nullable(),
  pharmacy_name: z.string().nullable(),
  pharmacy_status: z.string().nullable(),
  doctor_name: z.string().nullable(),
  doctor_hospital: z.string().nullable(),
  doctor_department: z.string().nullable(),
  doctor_title: z.string().nullable(),
  live_title: z.string().nullable(),
  live_start_at: z.string().nullable(),
  live_lecturer: z.string().nullable(),
});
export type ReportTargetSummary = z.infer<typeof reportTargetSummarySchema>;

export const adminReportDetailSchema = adminReportSchema.extend({
  images: z.array(z.string()),
  /** Masked like the complainant's phone. */
  contact_phone: z.string(),
  target: reportTargetSummarySchema,
});
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>;

export const reportProcessBodySchema = z.object({
  result: z
    .string({ error: '请填写处理结果' })
    .trim()
    .min(1, { error: '请填写处理结果' })
    .max(REPORT_RESULT_MAX, { error: `处理结果最多 ${REPORT_RESULT_MAX} 字` })
    .refine(...wellFormed('处理结果')),
});
export const reportRejectBodySchema = z.object({
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(1, { error: '请填写驳回原因' })
    .max(REPORT_RESULT_MAX, { error: `驳回原因最多 ${REPORT_RESULT_MAX} 字` })
    .refine(...wellFormed('驳回原因')),
});
