import { z } from 'zod';
import { mobilePhoneSchema } from '../common/fields';
import { ID_NUMBER_INVALID_MESSAGE, isValidIdNumber } from '../common/rules/id-number';
import { familyRelationLabels } from '../members/member.schema';

/** The signed-in patient's family members (就诊人) and delivery addresses: limits per account. */
export const FAMILY_MEMBER_MAX = 20;
export const ADDRESS_MAX = 20;
/** Items per history list (allergy / family medical / past medical). */
export const HISTORY_ITEMS_MAX = 20;
/** The history value meaning "none"; always allowed, and only on its own. */
export const HISTORY_NONE = '无';

/** How a family member relates to the account holder; the labels are the members module's (member.schema.ts). */
export const patientRelations = ['self', 'spouse', 'father', 'mother', 'son', 'daughter', 'other'] as const;
export type PatientRelation = (typeof patientRelations)[number];
export const patientRelationLabels = Object.fromEntries(
  patientRelations.map((r) => [r, familyRelationLabels[r]]),
) as Record<PatientRelation, string>;

/** The three history lists, each picked from the content collection of the same name. */
export const historyFields = ['allergy_history', 'family_medical_history', 'past_medical_history'] as const;
export type HistoryField = (typeof historyFields)[number];
export const historyFieldLabels: Record<HistoryField, string> = {
  allergy_history: '过敏史',
  family_medical_history: '家族病史',
  past_medical_history: '既往病史',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const noControlChars = (v: string) => !CONTROL_CHARS.test(v);

const personName = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(2, { error: `${label}为 2–20 个字` })
    .max(20, { error: `${label}为 2–20 个字` })
    .refine(noControlChars, { error: `${label}包含非法字符` });

/** An 18-character resident ID number (GB 11643: check digit, real birth date); a lower-case x is read as X. */
export const idNumberSchema = z
  .string({ error: '请输入身份证号' })
  .trim()
  .toUpperCase()
  .refine(isValidIdNumber, { error: ID_NUMBER_INVALID_MESSAGE });

/** A phone that may be left empty ('' or omitted); when given, a mainland mobile number. */
const optionalMobile = z.union([z.literal(''), mobilePhoneSchema], { error: '手机号格式不正确' });

const historySchema = (field: HistoryField) => {
  const label = historyFieldLabels[field];
  return z
    .array(
      z
        .string({ error: `${label}不正确` })
        .trim()
        .min(1, { error: `${label}不能有空项` })
        .max(50, { error: `${label}每项最多 50 字` }),
      { error: `${label}应为列表` },
    )
    .max(HISTORY_ITEMS_MAX, { error: `${label}最多 ${HISTORY_ITEMS_MAX} 项` })
    .transform((items) => [...new Set(items)])
    .refine((items) => !items.includes(HISTORY_NONE) || items.length === 1, {
      error: `${label}选择「${HISTORY_NONE}」时不能再选其他项`,
    });
};

const familyMemberFields = {
  name: personName('姓名'),
  /** Gender, birth date and age are derived from it (spec §5), never sent. */
  id_number: idNumberSchema,
  relation: z.enum(patientRelations, { error: '请选择与本人的关系' }),
  phone: optionalMobile,
  allergy_history: historySchema('allergy_history'),
  family_medical_history: historySchema('family_medical_history'),
  past_medical_history: historySchema('past_medical_history'),
};

export const familyMemberCreateSchema = z.object({
  ...familyMemberFields,
  phone: optionalMobile.default(''),
  allergy_history: familyMemberFields.allergy_history.default([]),
  family_medical_history: familyMemberFields.family_medical_history.default([]),
  past_medical_history: familyMemberFields.past_medical_history.default([]),
});
export type FamilyMemberCreate = z.infer<typeof familyMemberCreateSchema>;

/** Only the fields sent change (the ID number is shown masked, so an edit that keeps it leaves it out). */
export const familyMemberUpdateSchema = z
  .object(familyMemberFields)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: '没有要修改的内容', path: ['name'] });
export type FamilyMemberUpdate = z.infer<typeof familyMemberUpdateSchema>;

export const familyMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.string(),
  relation_label: z.string(),
  /** From the ID number (spec §5). */
  gender: z.enum(['male', 'female']).nullable(),
  /** Full years from the ID number's birth date, today. */
  age: z.number().int().nullable(),
  birthday: z.string().nullable(),
  /** Masked: 3101**********7729. */
  id_number: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  allergy_history: z.array(z.string()),
  family_medical_history: z.array(z.string()),
  past_medical_history: z.array(z.string()),
  created_at: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Addresses

const regionName = (label: string, required: boolean) => {
  const text = z.string({ error: `请选择${label}` }).trim();
  return (required ? text.min(1, { error: `请选择${label}` }) : text).max(32, { error: `${label}不正确` });
};

const addressFields = {
  name: personName('收货人'),
  phone: mobilePhoneSchema,
  /** Checked against the division tree on the server: the city must be in the province, the district in the city. */
  province: regionName('省份', true),
  city: regionName('城市', false),
  district: regionName('区县', false),
  detail: z
    .string({ error: '请输入详细地址' })
    .trim()
    .min(2, { error: '详细地址为 2–100 个字' })
    .max(100, { error: '详细地址为 2–100 个字' })
    .refine(noControlChars, { error: '详细地址包含非法字符' }),
};

export const addressCreateSchema = z.object({
  ...addressFields,
  city: addressFields.city.default(''),
  district: addressFields.district.default(''),
});
export type AddressCreate = z.infer<typeof addressCreateSchema>;

/** Only the fields sent change; province, city and district are checked together as they end up. */
export const addressUpdateSchema = z
  .object(addressFields)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: '没有要修改的内容', path: ['name'] });
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  /** Province, city (unless it repeats the province), district and detail in one line. */
  full_address: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** 上海市 上海市 浦东新区 世纪大道 100 号 → 上海市浦东新区世纪大道 100 号. */
export const fullAddress = (a: { province: string; city: string; district: string; detail: string }) =>
  `${a.province}${a.city === a.province ? '' : a.city}${a.district}${a.detail}`;

export const addressDiscernBodySchema = z.object({
  text: z
    .string({ error: '请粘贴地址' })
    .trim()
    .min(1, { error: '请粘贴地址' })
    .max(500, { error: '地址文字最多 500 字' }),
});
export type AddressDiscernBody = z.infer<typeof addressDiscernBodySchema>;

/** The pasted text split; a part that was not found is ''. */
export const addressDiscernResultSchema = z.object({
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
});
