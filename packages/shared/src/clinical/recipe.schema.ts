import { z } from 'zod';
import { dateSchema, idSchema, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { uploadKeyPattern } from '../uploads/upload.schema';
import {
  clinicalPatientSchema,
  RECIPE_DIAGNOSES_MAX,
  RECIPE_ITEMS_MAX,
  type RecipeWarningCode,
  recipeItemInputSchema,
  recipeStatuses,
  recipeSummarySchema,
  recipeWarningCodes,
  recipeWarningLabels,
  wantedItemSchema,
} from './clinical.schema';

// Schemas of the recipe part of the clinical module (docs/clinical.md "Writing a prescription"); the shared core
// (statuses, the item and warning shapes, summary and detail) is clinical.schema.ts.

// ---------------------------------------------------------------- the doctor's list

/** The doctor's list tabs, in the order the page shows them. */
export const recipeDoctorTabs = ['all', 'pending_inspection', 'approved', 'rejected', 'void'] as const;
export type RecipeDoctorTab = (typeof recipeDoctorTabs)[number];

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** Tab, patient name keyword, a prescription number, created between two Shanghai dates; paged. */
export const recipeDoctorListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(recipeDoctorTabs).catch('all').default('all'),
    patient: z.string().trim().max(50, { error: '患者姓名最多 50 字' }).optional().catch(undefined),
    recipe_no: z.string().trim().max(32, { error: '处方编号最多 32 位' }).optional().catch(undefined),
    date_from: dateSchema.optional().catch(undefined),
    date_to: dateSchema.optional().catch(undefined),
  })
  .refine(datesInOrder, { path: ['date_to'], error: '结束日期不能早于开始日期' });
export type RecipeDoctorListQuery = z.infer<typeof recipeDoctorListQuerySchema>;

export const recipeTabCountsSchema = z.object({
  all: z.number().int(),
  pending_inspection: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  void: z.number().int(),
});
export type RecipeTabCounts = z.infer<typeof recipeTabCountsSchema>;

export const recipeDoctorListResultSchema = z.object({
  list: z.array(recipeSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: recipeTabCountsSchema,
});
export type RecipeDoctorListResult = z.infer<typeof recipeDoctorListResultSchema>;

// ---------------------------------------------------------------- writing

export const RECIPE_DIAGNOSIS_MAX_LENGTH = 50;
export const RECIPE_OVERRIDE_REASON_MIN = 2;
export const RECIPE_OVERRIDE_REASON_MAX = 200;
export const RECIPE_WEIGHT_MIN = 0.5;
export const RECIPE_WEIGHT_MAX = 300;

/** The patient's weight in kg as text with at most one decimal (numeric(5,1)), '' or absent for none. */
export const recipeWeightSchema = z
  .string({ error: '体重格式不正确' })
  .trim()
  .regex(/^(?:\d{1,3})(?:\.\d)?$/, { error: '体重须为数字，最多 1 位小数' })
  .refine((v) => Number(v) >= RECIPE_WEIGHT_MIN && Number(v) <= RECIPE_WEIGHT_MAX, {
    error: `体重须在 ${RECIPE_WEIGHT_MIN}–${RECIPE_WEIGHT_MAX} kg 之间`,
  });

const weightField = z
  .union([z.literal(''), recipeWeightSchema], { error: '体重格式不正确' })
  .optional()
  .transform((v) => (v ? v : undefined));

const itemsSchema = z
  .array(recipeItemInputSchema, { error: '请添加药品' })
  .min(1, { error: '请至少添加 1 个药品' })
  .max(RECIPE_ITEMS_MAX, { error: `药品最多 ${RECIPE_ITEMS_MAX} 个` });

/** What the aids run on as the doctor types: the patient (a request or a family member), the weight and the lines. */
export const recipeCheckBodySchema = z
  .object({
    consultation_request_id: idSchema.optional(),
    family_member_id: idSchema.optional(),
    weight_kg: weightField,
    items: itemsSchema,
  })
  .refine((b) => b.consultation_request_id !== undefined || b.family_member_id !== undefined, {
    path: ['family_member_id'],
    error: '请选择患者',
  });
export type RecipeCheckBody = z.infer<typeof recipeCheckBodySchema>;

export const recipeDiagnosisSchema = z
  .string({ error: '诊断格式不正确' })
  .trim()
  .min(1, { error: '诊断不能为空' })
  .max(RECIPE_DIAGNOSIS_MAX_LENGTH, { error: `每条诊断最多 ${RECIPE_DIAGNOSIS_MAX_LENGTH} 字` });

const overrideReasonSchema = z
  .string({ error: '请填写理由' })
  .trim()
  .max(RECIPE_OVERRIDE_REASON_MAX, { error: `理由最多 ${RECIPE_OVERRIDE_REASON_MAX} 字` });

/**
 * A prescription as the doctor submits it: from an approved consultation request of theirs (the patient, pharmacy
 * and order come from it), or for a family member directly at a pharmacy. `override_reasons` gives, per warning code
 * the inspection aids find, why the doctor writes it anyway (each at least 2 characters).
 */
export const recipeWriteBodySchema = z
  .object({
    consultation_request_id: idSchema.optional(),
    family_member_id: idSchema.optional(),
    pharmacy_id: idSchema.optional(),
    weight_kg: weightField,
    diagnoses: z
      .array(recipeDiagnosisSchema, { error: '请填写诊断' })
      .min(1, { error: '请至少填写 1 条诊断' })
      .max(RECIPE_DIAGNOSES_MAX, { error: `诊断最多 ${RECIPE_DIAGNOSES_MAX} 条` }),
    items: itemsSchema,
    override_reasons: z.partialRecord(z.enum(recipeWarningCodes), overrideReasonSchema).default({}),
  })
  .refine((b) => b.consultation_request_id !== undefined || b.family_member_id !== undefined, {
    path: ['family_member_id'],
    error: '请选择患者',
  })
  .refine((b) => b.consultation_request_id !== undefined || b.pharmacy_id !== undefined, {
    path: ['pharmacy_id'],
    error: '请选择药房',
  });
export type RecipeWriteBody = z.infer<typeof recipeWriteBodySchema>;
export type RecipeWriteInput = z.input<typeof recipeWriteBodySchema>;

export const recipeWrittenSchema = z.object({
  id: z.number().int(),
  recipe_no: z.string(),
  status: z.enum(recipeStatuses),
});
export type RecipeWritten = z.infer<typeof recipeWrittenSchema>;

/** The message naming a warning the doctor has not given a reason for. */
export const overrideRequiredMessage = (code: RecipeWarningCode) =>
  `「${recipeWarningLabels[code]}」须填写继续开具的理由（至少 ${RECIPE_OVERRIDE_REASON_MIN} 个字）`;

// ---------------------------------------------------------------- the request a prescription is written from

/** A consultation request as the write dialog reads it (the doctor's own, approved or already prescribed). */
export const recipeConsultationSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  patient: clinicalPatientSchema,
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  order_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  description: z.string(),
  wanted_items: z.array(wantedItemSchema),
  images: z.array(z.string()),
});
export type RecipeConsultation = z.infer<typeof recipeConsultationSchema>;

/** A product the write dialog's search offers (active catalogue products). */
export const recipeProductOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  type: z.string(),
  manufacturer: z.string(),
  category: z.string(),
});
export type RecipeProductOption = z.infer<typeof recipeProductOptionSchema>;

export const recipeProductQuerySchema = z.object({
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,19}$/, { error: 'ID 不正确' })
    .optional()
    .catch(undefined),
});
export type RecipeProductQuery = z.infer<typeof recipeProductQuerySchema>;

// ---------------------------------------------------------------- the doctor's profile and common diagnoses

/** An uploaded image (`/api/v1/upload/<key>`). */
export const isUploadUrl = (url: string) =>
  url.startsWith('/api/v1/upload/') && uploadKeyPattern.test(url.slice('/api/v1/upload/'.length));

export const doctorProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hospital: z.string(),
  department: z.string(),
  title: z.string(),
  licence_no: z.string(),
  intro: z.string(),
  signature_url: z.string(),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 字` });

/** The doctor edits their own profile; the signature is an uploaded image ('' removes it). */
export const doctorProfileUpdateSchema = z.object({
  hospital: text('医院', 100),
  department: text('科室', 50),
  title: text('职称', 50),
  licence_no: text('执业证号', 64),
  intro: text('简介', 1000),
  signature_url: z.string({ error: '签名图片不正确' }).trim().max(500, { error: '签名图片地址过长' }),
});
export type DoctorProfileUpdate = z.infer<typeof doctorProfileUpdateSchema>;

export const COMMON_DIAGNOSE_MAX = 50;
export const COMMON_DIAGNOSE_TEXT_MAX = 200;

export const commonDiagnoseSchema = z.object({ id: z.number().int(), text: z.string(), sort: z.number().int() });
export type CommonDiagnose = z.infer<typeof commonDiagnoseSchema>;

export const doctorIdParamSchema = z.object({ doctor_id: idTextSchema });
export const commonDiagnoseParamsSchema = z.object({ doctor_id: idTextSchema, id: idTextSchema });
export const commonDiagnoseBodySchema = z.object({
  text: z
    .string({ error: '请填写诊断' })
    .trim()
    .min(1, { error: '请填写诊断' })
    .max(COMMON_DIAGNOSE_TEXT_MAX, { error: `诊断最多 ${COMMON_DIAGNOSE_TEXT_MAX} 字` }),
});
export type CommonDiagnoseBody = z.infer<typeof commonDiagnoseBodySchema>;
