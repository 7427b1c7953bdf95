import { z } from 'zod';
import { idSchema } from '../common/fields';

// The clinical module's shared core (docs/clinical.md): statuses, labels, the prescription item and its coded
// dosage, the inspection aids' warning shape, the pharmacist's structured reject reasons. Each part of the module
// (consultation, recipe, inspection, health) adds its own schema and contracts file beside this one.

// ---------------------------------------------------------------- statuses

export const consultationStatuses = ['pending', 'approved', 'rejected', 'prescribed', 'cancelled'] as const;
export type ConsultationStatus = (typeof consultationStatuses)[number];
export const consultationStatusLabels: Record<ConsultationStatus, string> = {
  pending: '待接诊',
  approved: '已接诊',
  rejected: '已拒绝',
  prescribed: '已开方',
  cancelled: '已取消',
};

export const recipeStatuses = ['pending_inspection', 'approved', 'rejected', 'void'] as const;
export type RecipeStatus = (typeof recipeStatuses)[number];
export const recipeStatusLabels: Record<RecipeStatus, string> = {
  pending_inspection: '待审方',
  approved: '审核通过',
  rejected: '审核驳回',
  void: '已作废',
};

export const healthFormStatuses = ['submitted', 'approved', 'rejected'] as const;
export type HealthFormStatus = (typeof healthFormStatuses)[number];
export const healthFormStatusLabels: Record<HealthFormStatus, string> = {
  submitted: '待审核',
  approved: '审核通过',
  rejected: '已驳回（待重新填写）',
};

// ---------------------------------------------------------------- dosage vocabulary

/** Frequencies as prescriptions write them; perDay feeds the quantity check (null: as needed, not checked). */
export const recipeFrequencies = [
  { code: 'qd', label: '每日1次', perDay: 1 },
  { code: 'bid', label: '每日2次', perDay: 2 },
  { code: 'tid', label: '每日3次', perDay: 3 },
  { code: 'qid', label: '每日4次', perDay: 4 },
  { code: 'qn', label: '每晚1次', perDay: 1 },
  { code: 'q12h', label: '每12小时1次', perDay: 2 },
  { code: 'q8h', label: '每8小时1次', perDay: 3 },
  { code: 'qw', label: '每周1次', perDay: 1 / 7 },
  { code: 'prn', label: '必要时', perDay: null },
] as const;
export type RecipeFrequency = (typeof recipeFrequencies)[number]['code'];
export const recipeFrequencyCodes = recipeFrequencies.map((f) => f.code) as [RecipeFrequency, ...RecipeFrequency[]];

export const recipeRoutes = [
  '口服',
  '含服',
  '舌下含服',
  '外用',
  '滴眼',
  '滴耳',
  '滴鼻',
  '吸入',
  '皮下注射',
  '肌内注射',
  '静脉滴注',
  '直肠给药',
] as const;
export type RecipeRoute = (typeof recipeRoutes)[number];

/** Units one dose is written in. */
export const recipeDoseUnits = [
  '片',
  '粒',
  '袋',
  '包',
  '丸',
  '支',
  '瓶',
  'ml',
  'mg',
  'g',
  '喷',
  '滴',
  '贴',
  '枚',
] as const;

/** 处方管理办法 art. 19: usually at most 7 days; chronic and geriatric conditions may be extended, here to 30. */
export const RECIPE_DAYS_USUAL = 7;
export const RECIPE_DAYS_MAX = 30;
export const RECIPE_QTY_MAX = 99;
export const RECIPE_ITEMS_MAX = 20;
export const RECIPE_DIAGNOSES_MAX = 10;
/** A child, for the weight rule (RX items for a patient under this age need a weight). */
export const CHILD_AGE_LIMIT = 14;

/** One line of a prescription as the doctor writes it. */
export const recipeItemInputSchema = z.object({
  product_id: idSchema,
  /** One dose, e.g. 1 (片), 0.5 (g): a positive decimal with at most 3 places. */
  dose_amount: z
    .string()
    .trim()
    .regex(/^(?:0|[1-9]\d{0,3})(?:\.\d{1,3})?$/, '单次用量格式不正确')
    .refine((v) => Number(v) > 0, '单次用量必须大于 0'),
  dose_unit: z.enum(recipeDoseUnits, { error: '请选择剂量单位' }),
  frequency: z.enum(recipeFrequencyCodes, { error: '请选择用药频次' }),
  route: z.enum(recipeRoutes, { error: '请选择给药途径' }),
  days: z
    .number({ error: '请填写用药天数' })
    .int('用药天数须为整数')
    .min(1, '用药天数至少 1 天')
    .max(RECIPE_DAYS_MAX, `用药天数不能超过 ${RECIPE_DAYS_MAX} 天`),
  qty: z
    .number({ error: '请填写数量' })
    .int('数量须为整数')
    .min(1, '数量必须大于 0')
    .max(RECIPE_QTY_MAX, `数量不能超过 ${RECIPE_QTY_MAX}`),
});
export type RecipeItemInput = z.infer<typeof recipeItemInputSchema>;

/** A prescription line as stored: the input plus the product as it was when written. */
export const recipeItemSchema = recipeItemInputSchema.extend({
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  type: z.string(),
  manufacturer: z.string(),
});
export type RecipeItem = z.infer<typeof recipeItemSchema>;

// ---------------------------------------------------------------- inspection aids

export const recipeWarningCodes = [
  'allergy',
  'duplicate_generic',
  'duplicate_class',
  'over_quantity',
  'child_weight',
  'over_days',
] as const;
export type RecipeWarningCode = (typeof recipeWarningCodes)[number];
export const recipeWarningLabels: Record<RecipeWarningCode, string> = {
  allergy: '过敏史冲突',
  duplicate_generic: '同一通用名重复',
  duplicate_class: '同类药物重复',
  over_quantity: '数量超过用量 × 天数',
  child_weight: '儿童用处方药未填体重',
  over_days: '超过 7 日用量',
};

/** One finding of the inspection aids: which lines (0-based), why, and the reason given to override it. */
export const recipeWarningSchema = z.object({
  code: z.enum(recipeWarningCodes),
  items: z.array(z.number().int().min(0)),
  message: z.string(),
  override_reason: z.string().default(''),
});
export type RecipeWarning = z.infer<typeof recipeWarningSchema>;

/** The aids' answer: `ok` with its warnings, or `unavailable` (the checks could not run: say so, never "no warnings"). */
export const recipeCheckResultSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  warnings: z.array(recipeWarningSchema),
  /** Why the checks could not run (status unavailable). */
  message: z.string().default(''),
});
export type RecipeCheckResult = z.infer<typeof recipeCheckResultSchema>;

// ---------------------------------------------------------------- the pharmacist's reject reasons

export const inspectionRejectReasons = [
  { code: 'diagnosis_mismatch', label: '诊断与用药不相符' },
  { code: 'dosage', label: '用法用量不适宜' },
  { code: 'duplicate', label: '重复用药或存在配伍禁忌' },
  { code: 'allergy', label: '与患者过敏史冲突' },
  { code: 'special_population', label: '特殊人群（儿童、孕妇、老人）用药不适宜' },
  { code: 'incomplete', label: '处方信息不完整' },
  { code: 'image_unclear', label: '处方图片不清晰或与订单不符' },
  { code: 'other', label: '其他' },
] as const;
export type InspectionRejectCode = (typeof inspectionRejectReasons)[number]['code'];
export const inspectionRejectCodes = inspectionRejectReasons.map((r) => r.code) as [
  InspectionRejectCode,
  ...InspectionRejectCode[],
];

/** The patient as a request or prescription shows them. */
export const clinicalPatientSchema = z.object({
  family_member_id: z.number().nullable(),
  name: z.string(),
  gender: z.string(),
  age: z.number().nullable(),
  allergy_history: z.array(z.string()),
  family_medical_history: z.array(z.string()),
  past_medical_history: z.array(z.string()),
});
export type ClinicalPatient = z.infer<typeof clinicalPatientSchema>;

/** A product the doctor wanted or wrote, as the consultation request keeps it. */
export const wantedItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  type: z.string(),
  qty: z.number(),
});
export type WantedItem = z.infer<typeof wantedItemSchema>;

// ---------------------------------------------------------------- the prescription as lists and dialogs show it

/** A row of the doctor's and the pharmacist's prescription lists. */
export const recipeSummarySchema = z.object({
  id: z.number(),
  recipe_no: z.string(),
  status: z.enum(recipeStatuses),
  patient_name: z.string(),
  patient_gender: z.string(),
  patient_age: z.number().nullable(),
  diagnoses: z.array(z.string()),
  /** e.g. 阿莫西林胶囊 ×2、布洛芬缓释胶囊 ×1 */
  items_text: z.string(),
  item_count: z.number(),
  warning_count: z.number(),
  doctor_name: z.string(),
  pharmacy_id: z.number(),
  pharmacy_name: z.string(),
  order_id: z.number().nullable(),
  order_no: z.string().nullable(),
  created_at: z.string(),
  inspected_at: z.string().nullable(),
});
export type RecipeSummary = z.infer<typeof recipeSummarySchema>;

export const recipeDoctorSchema = z.object({
  id: z.number(),
  name: z.string(),
  hospital: z.string(),
  department: z.string(),
  title: z.string(),
  licence_no: z.string(),
  signature_url: z.string(),
});
export type RecipeDoctor = z.infer<typeof recipeDoctorSchema>;

/** One inspection decision as kept (who, when, the decision, the reason). */
export const recipeInspectionRecordSchema = z.object({
  id: z.number(),
  pharmacist_name: z.string(),
  decision: z.enum(['approve', 'reject']),
  reject_code: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type RecipeInspectionRecord = z.infer<typeof recipeInspectionRecordSchema>;

/** A prescription whole: the write dialog's result, the inspect dialog, the PDF. */
export const recipeDetailSchema = recipeSummarySchema.extend({
  patient: clinicalPatientSchema.extend({ weight_kg: z.string().nullable() }),
  items: z.array(recipeItemSchema),
  /** The aids' findings when written, with the doctor's override reasons. */
  warnings: z.array(recipeWarningSchema),
  images: z.array(z.string()),
  signature_url: z.string(),
  doctor: recipeDoctorSchema,
  consultation_request_id: z.number().nullable(),
  pharmacist_name: z.string().nullable(),
  reject_code: z.string(),
  reject_reason: z.string(),
  inspections: z.array(recipeInspectionRecordSchema),
});
export type RecipeDetail = z.infer<typeof recipeDetailSchema>;
