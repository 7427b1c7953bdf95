import Decimal from 'decimal.js';
import { z } from 'zod';
import { dateSchema, idNumber, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { clinicalPatientSchema, type HealthFormStatus, healthFormStatuses } from './clinical.schema';

// Schemas of the health part of the clinical module (docs/clinical.md "Health forms"); the shared core is
// clinical.schema.ts. The answers are one zod schema for the patient's form (web) and the server's validation.

// ---------------------------------------------------------------- vocabulary

export const smokingOptions = [
  { value: 'never', label: '从不' },
  { value: 'quit', label: '已戒' },
  { value: 'current', label: '吸烟' },
] as const;
export const drinkingOptions = [
  { value: 'never', label: '从不' },
  { value: 'sometimes', label: '偶尔' },
  { value: 'often', label: '经常' },
] as const;
export const exerciseOptions = [
  { value: 'none', label: '几乎不运动' },
  { value: 'weekly_1_2', label: '每周 1–2 次' },
  { value: 'weekly_3_5', label: '每周 3–5 次' },
  { value: 'daily', label: '每天' },
] as const;
export const chronicConditionOptions = [
  '高血压',
  '糖尿病',
  '高脂血症',
  '冠心病',
  '脑卒中',
  '慢性胃炎',
  '慢性肾病',
  '哮喘',
  '慢阻肺',
  '甲状腺疾病',
  '痛风',
  '骨质疏松',
] as const;
export const allergyConfirmOptions = [
  { value: 'none', label: '无' },
  { value: 'yes', label: '有' },
] as const;
export const pregnancyOptions = [
  { value: 'none', label: '无' },
  { value: 'preparing', label: '备孕中' },
  { value: 'pregnant', label: '妊娠期' },
  { value: 'lactating', label: '哺乳期' },
] as const;

type Options = readonly { value: string; label: string }[];
const values = <O extends Options>(o: O) =>
  o.map((x) => x.value) as unknown as [O[number]['value'], ...O[number]['value'][]];
/** The Chinese label of an option value ('-' when unknown). */
export const optionLabel = (options: Options, value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? '-';

export type Smoking = (typeof smokingOptions)[number]['value'];
export type Drinking = (typeof drinkingOptions)[number]['value'];
export type Exercise = (typeof exerciseOptions)[number]['value'];
export type ChronicCondition = (typeof chronicConditionOptions)[number];
export type Pregnancy = (typeof pregnancyOptions)[number]['value'];

// ---------------------------------------------------------------- ranges

/** The ranges a measurement may take (docs/clinical.md "Health forms"). */
export const healthRanges = {
  height_cm: { min: 30, max: 250, label: '身高', unit: 'cm' },
  weight_kg: { min: 2, max: 300, label: '体重', unit: 'kg' },
  systolic: { min: 60, max: 260, label: '收缩压', unit: 'mmHg' },
  diastolic: { min: 30, max: 160, label: '舒张压', unit: 'mmHg' },
  blood_sugar: { min: 1, max: 35, label: '空腹血糖', unit: 'mmol/L' },
} as const;
/** Reference lines of the blood pressure chart (hypertension thresholds). */
export const BP_SYSTOLIC_LIMIT = 140;
export const BP_DIASTOLIC_LIMIT = 90;

export const healthMessages = {
  diastolicBelowSystolic: '舒张压应低于收缩压',
  bothPressures: '收缩压和舒张压需同时填写',
  oneMeasurement: '请至少填写一项测量值',
  measuredInFuture: '测量时间不能晚于当前时间',
  measuredAt: '请选择测量时间',
  allergyDetail: '请填写过敏物质',
  pregnancyMale: '男性就诊人无需填写妊娠/哺乳情况',
  reason: '请填写驳回原因',
  reasonMax: '驳回原因最多 200 字',
  memberNotFound: '就诊人不存在',
  formNotFound: '健康表不存在',
  alreadyDecided: '该健康表已被审核，请刷新后查看',
} as const;

const oneDecimal = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-7;

/** A decimal measurement: within its range, at most one decimal place; Chinese messages name the field. */
const decimalMeasure = (key: 'height_cm' | 'weight_kg' | 'blood_sugar') => {
  const r = healthRanges[key];
  const range = `${r.label}应在 ${r.min}–${r.max} ${r.unit} 之间`;
  return z
    .number({ error: `请填写${r.label}` })
    .min(r.min, { error: range })
    .max(r.max, { error: range })
    .refine(oneDecimal, { error: `${r.label}最多保留 1 位小数` });
};
const intMeasure = (key: 'systolic' | 'diastolic') => {
  const r = healthRanges[key];
  const range = `${r.label}应在 ${r.min}–${r.max} ${r.unit} 之间`;
  return z
    .number({ error: `请填写${r.label}` })
    .int({ error: `${r.label}应为整数` })
    .min(r.min, { error: range })
    .max(r.max, { error: range });
};

const inRange = (key: 'systolic' | 'diastolic', v: number) =>
  typeof v === 'number' && v >= healthRanges[key].min && v <= healthRanges[key].max;

type Pressures = { systolic?: number | null; diastolic?: number | null };
/** Systolic and diastolic come together, and diastolic is below systolic. */
const checkPressures = (v: Pressures, ctx: z.RefinementCtx) => {
  const hasS = v.systolic != null;
  const hasD = v.diastolic != null;
  if (hasS !== hasD)
    ctx.addIssue({ code: 'custom', path: [hasS ? 'diastolic' : 'systolic'], message: healthMessages.bothPressures });
  // compared only when both are valid values (a value out of range already has its own message)
  else if (
    hasS &&
    hasD &&
    inRange('systolic', v.systolic!) &&
    inRange('diastolic', v.diastolic!) &&
    v.diastolic! >= v.systolic!
  )
    ctx.addIssue({ code: 'custom', path: ['diastolic'], message: healthMessages.diastolicBelowSystolic });
};

// ---------------------------------------------------------------- the form's answers

/** The answers of one health form, for one family member. */
export const healthAnswersSchema = z
  .object({
    height_cm: decimalMeasure('height_cm'),
    weight_kg: decimalMeasure('weight_kg'),
    systolic: intMeasure('systolic').nullish(),
    diastolic: intMeasure('diastolic').nullish(),
    blood_sugar: decimalMeasure('blood_sugar').nullish(),
    smoking: z.enum(values(smokingOptions), { error: '请选择吸烟情况' }),
    drinking: z.enum(values(drinkingOptions), { error: '请选择饮酒情况' }),
    exercise: z.enum(values(exerciseOptions), { error: '请选择运动频率' }),
    chronic_conditions: z
      .array(z.enum(chronicConditionOptions, { error: '慢性病选项不正确' }))
      .max(chronicConditionOptions.length)
      .default([])
      .transform((a) => [...new Set(a)]),
    medications: z.string().trim().max(500, { error: '正在使用的药物最多 500 字' }).default(''),
    allergy_confirm: z.enum(values(allergyConfirmOptions), { error: '请确认过敏史' }),
    allergy_detail: z.string().trim().max(200, { error: '过敏物质最多 200 字' }).default(''),
    /** Women only (the server refuses anything but 'none' for a male family member). */
    pregnancy: z.enum(values(pregnancyOptions), { error: '妊娠/哺乳情况选项不正确' }).default('none'),
    note: z.string().trim().max(500, { error: '备注最多 500 字' }).default(''),
  })
  .superRefine((v, ctx) => {
    checkPressures(v, ctx);
    if (v.allergy_confirm === 'yes' && !v.allergy_detail)
      ctx.addIssue({ code: 'custom', path: ['allergy_detail'], message: healthMessages.allergyDetail });
  });
export type HealthAnswers = z.output<typeof healthAnswersSchema>;
export type HealthAnswersInput = z.input<typeof healthAnswersSchema>;

/** The patient submits (or replaces a pending) form for one of their family members. */
export const healthSubmitBodySchema = z.object({
  family_member_id: idNumber('请选择就诊人'),
  answers: healthAnswersSchema,
});
export type HealthSubmitBody = z.output<typeof healthSubmitBodySchema>;

/** Clock skew allowed for "measured now" from a device whose clock runs slightly ahead. */
export const MEASURED_AT_SKEW_MS = 5 * 60_000;

/** A measurement the patient adds: when, and any of the four (blood pressure as a pair). */
export const healthMeasurementBodySchema = z
  .object({
    family_member_id: idNumber('请选择就诊人'),
    measured_at: z.iso
      .datetime({ offset: true, error: healthMessages.measuredAt })
      .refine((v) => Date.parse(v) <= Date.now() + MEASURED_AT_SKEW_MS, { error: healthMessages.measuredInFuture })
      .refine((v) => v >= '1900-01-01', { error: healthMessages.measuredAt }),
    height_cm: decimalMeasure('height_cm').nullish(),
    weight_kg: decimalMeasure('weight_kg').nullish(),
    systolic: intMeasure('systolic').nullish(),
    diastolic: intMeasure('diastolic').nullish(),
    blood_sugar: decimalMeasure('blood_sugar').nullish(),
  })
  .superRefine((v, ctx) => {
    checkPressures(v, ctx);
    if (v.height_cm == null && v.weight_kg == null && v.systolic == null && v.blood_sugar == null)
      ctx.addIssue({ code: 'custom', path: ['weight_kg'], message: healthMessages.oneMeasurement });
  });
export type HealthMeasurementBody = z.output<typeof healthMeasurementBodySchema>;

// ---------------------------------------------------------------- the doctor's list

export const healthFormTabs = healthFormStatuses;
export const healthFormTabLabels: Record<HealthFormStatus, string> = {
  submitted: '待审核',
  approved: '审核通过',
  rejected: '已驳回',
};

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;

export const healthFormListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(healthFormStatuses).catch('submitted').default('submitted'),
    name: z.string().trim().max(50, { error: '姓名最多 50 字' }).optional().catch(undefined),
    date_from: dateSchema.optional().catch(undefined),
    date_to: dateSchema.optional().catch(undefined),
  })
  .refine(datesInOrder, { error: '开始日期不能晚于结束日期', path: ['date_to'] });
export type HealthFormListQuery = z.infer<typeof healthFormListQuerySchema>;

/** A row of the doctor's review list: the patient, when, the form's key measurements. */
export const healthFormSummarySchema = z.object({
  id: z.number(),
  family_member_id: z.number(),
  patient_name: z.string(),
  /** 'male' | 'female' | '' */
  gender: z.string(),
  age: z.number().nullable(),
  status: z.enum(healthFormStatuses),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reject_reason: z.string(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  /** decimals as text, exact ('5.6') */
  blood_sugar: z.string().nullable(),
  height_cm: z.string().nullable(),
  weight_kg: z.string().nullable(),
  bmi: z.string().nullable(),
});
export type HealthFormSummary = z.infer<typeof healthFormSummarySchema>;

export const healthFormCountsSchema = z.object({
  submitted: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type HealthFormCounts = z.infer<typeof healthFormCountsSchema>;

export const healthFormPageSchema = z.object({
  list: z.array(healthFormSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: healthFormCountsSchema,
});
export type HealthFormPage = z.infer<typeof healthFormPageSchema>;

/** The form dialog: the row, all answers and the family member's profile. */
export const healthFormDetailSchema = healthFormSummarySchema.extend({
  answers: z.record(z.string(), z.unknown()),
  patient: clinicalPatientSchema,
});
export type HealthFormDetail = z.infer<typeof healthFormDetailSchema>;

export const healthResetBodySchema = z.object({
  reason: z.string({ error: healthMessages.reason }).trim().min(1, { error: healthMessages.reason }).max(200, {
    error: healthMessages.reasonMax,
  }),
});
export type HealthResetBody = z.infer<typeof healthResetBodySchema>;

export const healthDecisionSchema = z.object({ id: z.number(), status: z.enum(healthFormStatuses) });
export type HealthDecision = z.infer<typeof healthDecisionSchema>;

// ---------------------------------------------------------------- the chart

/**
 * Body mass index, exact: weight (kg) / height (m)², computed in decimals and rounded half up to one place ('22.9').
 * Null when either is missing or not a positive number.
 */
export function computeBmi(
  heightCm: string | number | null | undefined,
  weightKg: string | number | null | undefined,
): string | null {
  if (heightCm == null || weightKg == null || heightCm === '' || weightKg === '') return null;
  let h: Decimal;
  let w: Decimal;
  try {
    h = new Decimal(heightCm);
    w = new Decimal(weightKg);
  } catch {
    return null;
  }
  if (!h.isFinite() || !w.isFinite() || h.lte(0) || w.lte(0)) return null;
  const m = h.div(100);
  return w.div(m.mul(m)).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toFixed(1);
}

/** One measurement on the chart; BMI computed exactly from the weight and the height known at that time. */
export const healthPointSchema = z.object({
  measured_at: z.string(),
  height_cm: z.string().nullable(),
  weight_kg: z.string().nullable(),
  bmi: z.string().nullable(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  blood_sugar: z.string().nullable(),
});
export type HealthPoint = z.infer<typeof healthPointSchema>;

export const healthChartSchema = z.object({
  family_member_id: z.number(),
  name: z.string(),
  /** the first day the chart covers (one year back), YYYY-MM-DD */
  since: z.string(),
  points: z.array(healthPointSchema),
});
export type HealthChart = z.infer<typeof healthChartSchema>;

export const healthChartQuerySchema = z.object({ family_member_id: idTextSchema });

// ---------------------------------------------------------------- the patient's side

/** The latest form of one family member as the patient sees it. */
export const myHealthFormSchema = z.object({
  id: z.number(),
  status: z.enum(healthFormStatuses),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reject_reason: z.string(),
  answers: z.record(z.string(), z.unknown()),
});
export type MyHealthForm = z.infer<typeof myHealthFormSchema>;

export const myHealthEntrySchema = z.object({
  family_member: z.object({
    id: z.number(),
    name: z.string(),
    gender: z.string(),
    age: z.number().nullable(),
    relation: z.string(),
    allergy_history: z.array(z.string()),
  }),
  form: myHealthFormSchema.nullable(),
});
export type MyHealthEntry = z.infer<typeof myHealthEntrySchema>;

export const myHealthSubmitResultSchema = z.object({
  id: z.number(),
  status: z.enum(healthFormStatuses),
  /** true when a pending form was replaced instead of a new one added */
  replaced: z.boolean(),
});

// ---------------------------------------------------------------- reading answers

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A stored form's answers as label / value lines in Chinese (the doctor's form dialog, the patient's summary). Tolerant
 * of older or partial answers: a missing value reads '-'.
 */
export function describeHealthAnswers(
  answers: Record<string, unknown>,
  gender?: string | null,
): { key: string; label: string; value: string }[] {
  const h = num(answers.height_cm);
  const w = num(answers.weight_kg);
  const s = num(answers.systolic);
  const d = num(answers.diastolic);
  const sugar = num(answers.blood_sugar);
  const conditions = Array.isArray(answers.chronic_conditions) ? (answers.chronic_conditions as string[]) : [];
  const allergy = text(answers.allergy_confirm);
  const lines = [
    { key: 'height_cm', label: '身高', value: h === null ? '-' : `${h.toFixed(1)} cm` },
    { key: 'weight_kg', label: '体重', value: w === null ? '-' : `${w.toFixed(1)} kg` },
    { key: 'bmi', label: 'BMI', value: computeBmi(h, w) ?? '-' },
    { key: 'blood_pressure', label: '血压', value: s === null || d === null ? '-' : `${s}/${d} mmHg` },
    { key: 'blood_sugar', label: '空腹血糖', value: sugar === null ? '-' : `${sugar.toFixed(1)} mmol/L` },
    { key: 'smoking', label: '吸烟', value: optionLabel(smokingOptions, text(answers.smoking)) },
    { key: 'drinking', label: '饮酒', value: optionLabel(drinkingOptions, text(answers.drinking)) },
    { key: 'exercise', label: '运动频率', value: optionLabel(exerciseOptions, text(answers.exercise)) },
    { key: 'chronic_conditions', label: '慢性病', value: conditions.length ? conditions.join('、') : '无' },
    { key: 'medications', label: '正在使用的药物', value: text(answers.medications) || '无' },
    {
      key: 'allergy',
      label: '过敏史',
      value: allergy === 'yes' ? `有：${text(answers.allergy_detail) || '-'}` : allergy === 'none' ? '无' : '-',
    },
  ];
  if (gender !== 'male')
    lines.push({
      key: 'pregnancy',
      label: '妊娠/哺乳',
      value: optionLabel(pregnancyOptions, text(answers.pregnancy) || 'none'),
    });
  lines.push({ key: 'note', label: '备注', value: text(answers.note) || '-' });
  return lines;
}
