import { z } from 'zod';
import { dateSchema, idNumber, idTextSchema, mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { uploadKeyPattern } from '../uploads/upload.schema';
import {
  type ConsultationStatus,
  clinicalPatientSchema,
  consultationStatuses,
  consultationStatusLabels,
  wantedItemSchema,
} from './clinical.schema';

// Schemas of the consultation part of the clinical module (docs/clinical.md "Consultation requests"); the shared
// core (statuses, labels, the patient and wanted-item shapes) is clinical.schema.ts.

export const consultationSources = ['order', 'staff'] as const;
export type ConsultationSource = (typeof consultationSources)[number];
export const consultationSourceLabels: Record<ConsultationSource, string> = { order: '订单', staff: '医生添加' };

/** The doctor's list tabs, in the order the page shows them. */
export const consultationTabs = ['pending', 'approved', 'prescribed', 'rejected', 'all'] as const;
export type ConsultationTab = (typeof consultationTabs)[number];

export const CONSULTATION_IMAGES_MAX = 9;
export const CONSULTATION_ITEMS_MAX = 20;
export const CONSULTATION_ITEM_QTY_MAX = 99;
export const CONSULTATION_DESCRIPTION_MAX = 1000;
export const CONSULTATION_REJECT_REASON_MAX = 200;

/** An uploaded image as the upload endpoint answers it (`/api/v1/upload/<key>`). */
export const consultationImageSchema = z
  .string({ error: '图片地址不正确' })
  .refine((url) => url.startsWith('/api/v1/upload/') && uploadKeyPattern.test(url.slice('/api/v1/upload/'.length)), {
    error: '图片须为本站上传的图片',
  });
const imagesSchema = z
  .array(consultationImageSchema, { error: '图片格式不正确' })
  .max(CONSULTATION_IMAGES_MAX, { error: `图片最多 ${CONSULTATION_IMAGES_MAX} 张` });
const descriptionSchema = z
  .string({ error: '病情描述格式不正确' })
  .trim()
  .max(CONSULTATION_DESCRIPTION_MAX, { error: `病情描述最多 ${CONSULTATION_DESCRIPTION_MAX} 字` });

// ---------------------------------------------------------------- the doctor's list

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** Tab, patient name or phone keyword, created between two Shanghai dates; paged. */
export const consultationListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(consultationTabs).catch('pending').default('pending'),
    keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
    date_from: dateSchema.optional().catch(undefined),
    date_to: dateSchema.optional().catch(undefined),
  })
  .refine(datesInOrder, { path: ['date_to'], error: '结束日期不能早于开始日期' });
export type ConsultationListQuery = z.infer<typeof consultationListQuerySchema>;

/** A row of the doctor's list. */
export const consultationSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(consultationStatuses),
  source: z.enum(consultationSources),
  patient_name: z.string(),
  /** male | female | '' */
  patient_gender: z.string(),
  patient_age: z.number().int().nullable(),
  /** The patient account's phone, masked (spec §5). */
  phone: z.string(),
  wanted_items: z.array(wantedItemSchema),
  image_count: z.number().int(),
  description: z.string(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  order_status: z.string().nullable(),
  reject_reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ConsultationSummary = z.infer<typeof consultationSummarySchema>;

export const consultationTabCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  prescribed: z.number().int(),
  rejected: z.number().int(),
  cancelled: z.number().int(),
});
export type ConsultationTabCounts = z.infer<typeof consultationTabCountsSchema>;

export const consultationListResultSchema = z.object({
  list: z.array(consultationSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: consultationTabCountsSchema,
});
export type ConsultationListResult = z.infer<typeof consultationListResultSchema>;

/** One request whole: the family member with their histories, the images, the prescription once written. */
export const consultationDetailSchema = consultationSummarySchema.extend({
  patient: clinicalPatientSchema,
  images: z.array(z.string()),
  doctor_name: z.string(),
  recipe_id: z.number().int().nullable(),
  recipe_no: z.string().nullable(),
});
export type ConsultationDetail = z.infer<typeof consultationDetailSchema>;

export const consultationRejectBodySchema = z.object({
  reason: z
    .string({ error: '请填写拒绝原因' })
    .trim()
    .min(1, { error: '请填写拒绝原因' })
    .max(CONSULTATION_REJECT_REASON_MAX, { error: `拒绝原因最多 ${CONSULTATION_REJECT_REASON_MAX} 字` }),
});
export type ConsultationRejectBody = z.infer<typeof consultationRejectBodySchema>;

/** What a decision answers: the request's new state. */
export const consultationDecisionSchema = z.object({
  id: z.number().int(),
  status: z.enum(consultationStatuses),
  /** The linked order's state after the decision (a rejection cancels a pending_review order). */
  order_status: z.string().nullable(),
});
export type ConsultationDecision = z.infer<typeof consultationDecisionSchema>;

// ---------------------------------------------------------------- the doctor adds one for a patient

export const consultationPatientQuerySchema = z.object({ phone: mobilePhoneSchema });

export const consultationFamilyMemberSchema = clinicalPatientSchema.omit({ family_member_id: true }).extend({
  id: z.number().int(),
  relation: z.string(),
  is_default: z.boolean(),
});
export type ConsultationFamilyMember = z.infer<typeof consultationFamilyMemberSchema>;

/** The account found by exact phone: its family members (the phone masked). */
export const consultationPatientLookupSchema = z.object({
  phone: z.string(),
  name: z.string(),
  members: z.array(consultationFamilyMemberSchema),
});
export type ConsultationPatientLookup = z.infer<typeof consultationPatientLookupSchema>;

export const consultationWantedInputSchema = z.object({
  product_id: idNumber('请选择药品'),
  qty: z
    .number({ error: '请填写数量' })
    .int({ error: '数量须为整数' })
    .min(1, { error: '数量必须大于 0' })
    .max(CONSULTATION_ITEM_QTY_MAX, { error: `数量不能超过 ${CONSULTATION_ITEM_QTY_MAX}` }),
});

export const consultationCreateBodySchema = z.object({
  phone: mobilePhoneSchema,
  family_member_id: idNumber('请选择就诊人'),
  pharmacy_id: idNumber('请选择发药药店'),
  description: descriptionSchema.default(''),
  wanted_items: z
    .array(consultationWantedInputSchema, { error: '请添加需要的药品' })
    .min(1, { error: '请添加需要的药品' })
    .max(CONSULTATION_ITEMS_MAX, { error: `药品最多 ${CONSULTATION_ITEMS_MAX} 种` })
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, {
      error: '同一药品请勿重复添加',
    }),
  images: imagesSchema.default([]),
});
export type ConsultationCreateBody = z.infer<typeof consultationCreateBodySchema>;
export type ConsultationCreateInput = z.input<typeof consultationCreateBodySchema>;

export const consultationCreatedSchema = z.object({ id: z.number().int() });

// ---------------------------------------------------------------- the patient's own

export const consultationMineQuerySchema = pageQuerySchema;

export const consultationMineSchema = z.object({
  id: z.number().int(),
  status: z.enum(consultationStatuses),
  source: z.enum(consultationSources),
  patient_name: z.string(),
  wanted_items: z.array(wantedItemSchema),
  description: z.string(),
  images: z.array(z.string()),
  pharmacy_name: z.string(),
  doctor_name: z.string(),
  order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  reject_reason: z.string(),
  /** The prescription's number once the doctor wrote it. */
  recipe_no: z.string().nullable(),
  created_at: z.string(),
});
export type ConsultationMine = z.infer<typeof consultationMineSchema>;

export const consultationMineParamsSchema = z.object({ id: idTextSchema });

/** The patient adds prescription / medical-record photos or edits the description while the request is pending. */
export const consultationMineUpdateBodySchema = z
  .object({ images: imagesSchema.optional(), description: descriptionSchema.optional() })
  .refine((b) => b.images !== undefined || b.description !== undefined, {
    path: ['images'],
    error: '请上传图片或填写病情描述',
  });
export type ConsultationMineUpdateBody = z.infer<typeof consultationMineUpdateBodySchema>;

// ---------------------------------------------------------------- messages

const actionLabels = { approve: '接诊', reject: '拒绝', update: '修改' } as const;
export type ConsultationAction = keyof typeof actionLabels;

/** The 409 message when a request is no longer in a state the action accepts, e.g. 问诊需求已拒绝，不能接诊. */
export const consultationStateConflict = (action: ConsultationAction, status: ConsultationStatus) => {
  const labels = consultationStatusLabels;
  const repeated = (action === 'approve' && status === 'approved') || (action === 'reject' && status === 'rejected');
  return repeated
    ? `问诊需求${labels[status]}，请勿重复操作`
    : `问诊需求${labels[status]}，不能${actionLabels[action]}`;
};

export const consultationMessages = {
  notFound: '问诊需求不存在',
  accountNotFound: '该手机号未注册',
  memberNotFound: '就诊人不存在',
  pharmacyNotFound: '药店不存在或未营业',
  productNotFound: '药品不存在或已下架',
} as const;
