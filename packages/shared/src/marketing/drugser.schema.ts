import { z } from 'zod';
import { idText } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

// 用药人 (/marketManage/drugser, /drugser/edit, issue 16): the family members of a pharmacy's customers (accounts with
// a customer_info or a viper row at the pharmacy). The edit body is the patients module's familyMemberUpdateSchema
// (packages/shared/src/patients): the same rules for the patient and for staff.

export const DRUGSER_KEYWORD_MAX = 30;
/** The prescriptions shown on the edit page: the newest ones. */
export const DRUGSER_RECIPES_MAX = 100;
export const DRUGSER_AGE_MAX = 150;

export const drugserMessages = {
  notFound: '用药人不存在',
  ageOrder: '最大年龄不能小于最小年龄',
  duplicateIdNumber: '该客户已有相同身份证号的用药人',
  duplicateSelf: '该客户已有关系为「本人」的用药人',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

const age = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int({ error: `${label}不正确` })
    .min(0, { error: `${label}不正确` })
    .max(DRUGSER_AGE_MAX, { error: `${label}不正确` });

const listFields = {
  /** A full mobile number (exact, the member's or the customer's), its last four digits, or part of a name. */
  keyword: z
    .string()
    .trim()
    .max(DRUGSER_KEYWORD_MAX, { error: `关键词最多 ${DRUGSER_KEYWORD_MAX} 个字` })
    .refine((v) => !CONTROL_CHARS.test(v), { error: '关键词包含非法字符' })
    .optional(),
  gender: z.enum(['male', 'female'], { error: '性别不正确' }).optional(),
  age_min: age('最小年龄').optional(),
  age_max: age('最大年龄').optional(),
  /** 1: an allergy history other than 无; 0: none (empty or 无). */
  has_allergy: z.enum(['0', '1'], { error: '过敏史筛选不正确' }).optional(),
};
const ageInOrder = (q: { age_min?: number; age_max?: number }) =>
  q.age_min === undefined || q.age_max === undefined || q.age_min <= q.age_max;
const ageError = { path: ['age_max'], error: drugserMessages.ageOrder };

export const drugserListQuerySchema = pageQuerySchema.extend(listFields).refine(ageInOrder, ageError);
export type DrugserListQuery = z.infer<typeof drugserListQuerySchema>;
export const adminDrugserListQuerySchema = pageQuerySchema
  .extend({ ...listFields, pharmacy_id: idText('药店不正确').optional() })
  .refine(ageInOrder, ageError);
export type AdminDrugserListQuery = z.infer<typeof adminDrugserListQuerySchema>;

export const drugserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked (spec §5). */
  phone: z.string(),
  /** Masked: 3101**********7726. */
  id_number: z.string(),
  /** From the ID number (GB 11643), else the stored gender / birthday; null when unknown. */
  gender: z.enum(['male', 'female']).nullable(),
  age: z.number().int().nullable(),
  relation: z.string(),
  relation_label: z.string(),
  /** The customer: the account the member belongs to (name, masked phone). */
  customer_account_id: z.number().int(),
  customer_name: z.string(),
  customer_phone: z.string(),
  allergy_history: z.array(z.string()),
  family_medical_history: z.array(z.string()),
  past_medical_history: z.array(z.string()),
  /** Prescriptions written for the member (at the pharmacy; everywhere for the operator). */
  recipe_count: z.number().int(),
  created_at: z.string(),
});
export type Drugser = z.infer<typeof drugserSchema>;

export const drugserRecipeItemSchema = z.object({
  name: z.string(),
  spec: z.string(),
  qty: z.number().nullable(),
  /** One line: dose, frequency, route, days (e.g. 1片 每日3次 口服 7天). */
  usage: z.string(),
});
export const drugserRecipeSchema = z.object({
  id: z.number().int(),
  recipe_no: z.string(),
  status: z.string(),
  status_label: z.string(),
  pharmacy_name: z.string(),
  doctor_name: z.string(),
  diagnoses: z.array(z.string()),
  items: z.array(drugserRecipeItemSchema),
  created_at: z.string(),
});
export type DrugserRecipe = z.infer<typeof drugserRecipeSchema>;
export const drugserRecipeListSchema = z.array(drugserRecipeSchema);
