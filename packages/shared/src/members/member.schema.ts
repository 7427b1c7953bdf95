import { z } from 'zod';
import { idText } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

/** Member levels 1–5 and how the console names them. */
export const MEMBER_LEVELS = [1, 2, 3, 4, 5] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];
export const memberLevelLabels: Record<MemberLevel, string> = {
  1: '普通会员',
  2: '银卡会员',
  3: '金卡会员',
  4: '铂金会员',
  5: '钻石会员',
};
export const memberLevelLabel = (level: number) => memberLevelLabels[level as MemberLevel] ?? `${level} 级会员`;

export const MEMBER_TAG_MAX = 10;
export const MEMBER_TAG_LENGTH_MAX = 10;
export const MEMBER_REMARK_MAX = 500;
export const MEMBER_KEYWORD_MAX = 30;

/** How a family member relates to the account holder (family_member.relation); other stored values show as they are. */
export const familyRelationLabels: Record<string, string> = {
  self: '本人',
  spouse: '配偶',
  father: '父亲',
  mother: '母亲',
  son: '儿子',
  daughter: '女儿',
  grandfather: '祖父',
  grandmother: '祖母',
  other: '其他',
};
export const familyRelationLabel = (relation: string) => familyRelationLabels[relation] ?? relation;

/** 310115199003077726 → 3101**********7726: the region's first four and the last four characters stay. */
export function maskIdNumber(id: string): string {
  if (id.length <= 8) return id ? '*'.repeat(id.length) : '';
  return `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const noControlChars = (v: string) => !CONTROL_CHARS.test(v);

export const memberSorts = ['points:asc', 'points:desc', 'joined_at:asc', 'joined_at:desc'] as const;

/**
 * The member list's query: the same schema validates the server's querystring and the console's URL.
 * keyword: a full phone number, the last 4 digits of one, or part of a name.
 */
export const memberListQuerySchema = pageQuerySchema.extend({
  keyword: z
    .string()
    .trim()
    .max(MEMBER_KEYWORD_MAX, { error: `关键词最多 ${MEMBER_KEYWORD_MAX} 个字` })
    .refine(noControlChars, { error: '关键词包含非法字符' })
    .optional(),
  level: z.coerce
    .number({ error: '会员等级不正确' })
    .int({ error: '会员等级不正确' })
    .min(1, { error: '会员等级不正确' })
    .max(5, { error: '会员等级不正确' })
    .optional(),
  tag: z
    .string()
    .trim()
    .max(MEMBER_TAG_LENGTH_MAX, { error: `标签最多 ${MEMBER_TAG_LENGTH_MAX} 个字` })
    .refine(noControlChars, { error: '标签包含非法字符' })
    .optional(),
  channel_id: idText('渠道不正确').optional(),
  /** `<field>:asc|desc` (the list page's sort form); none → newest members first. */
  sort: z.enum(memberSorts, { error: '排序字段不正确' }).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked (spec §5): 138****0001. */
  phone: z.string(),
  head_img_url: z.string(),
  level: z.number().int(),
  points: z.number().int(),
  tags: z.array(z.string()),
  channel_id: z.number().int().nullable(),
  channel_name: z.string().nullable(),
  family_count: z.number().int(),
  joined_at: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;

export const memberFamilySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.string(),
  /** From the ID number (spec §5), else the stored gender; null when neither is known. */
  gender: z.enum(['male', 'female']).nullable(),
  /** Full years from the ID number's birth date, else from the stored birthday; null when neither is known. */
  age: z.number().int().nullable(),
  /** Masked: 3101**********7726. */
  id_number: z.string(),
  /** Masked like every phone. */
  phone: z.string(),
  is_default: z.boolean(),
  allergy_history: z.array(z.string()),
  family_medical_history: z.array(z.string()),
  past_medical_history: z.array(z.string()),
});
export type MemberFamily = z.infer<typeof memberFamilySchema>;

export const memberAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked. */
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  is_default: z.boolean(),
});
export type MemberAddress = z.infer<typeof memberAddressSchema>;

/** The member card: the pharmacy's own fields, and the patient account's family and addresses (read-only here). */
export const memberCardSchema = memberListItemSchema.omit({ family_count: true }).extend({
  remark: z.string(),
  family_members: z.array(memberFamilySchema),
  addresses: z.array(memberAddressSchema),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

const memberTagSchema = z
  .string({ error: '标签须为文字' })
  .trim()
  .min(1, { error: '标签不能为空' })
  .max(MEMBER_TAG_LENGTH_MAX, { error: `每个标签最多 ${MEMBER_TAG_LENGTH_MAX} 个字` })
  .refine(noControlChars, { error: '标签包含非法字符' });

/** What the edit dialog sends: the whole editable part of a member. */
export const memberUpdateBodySchema = z.object({
  level: z
    .number({ error: '请选择会员等级' })
    .int({ error: '会员等级须为 1–5 级' })
    .min(1, { error: '会员等级须为 1–5 级' })
    .max(5, { error: '会员等级须为 1–5 级' }),
  tags: z
    .array(memberTagSchema, { error: '标签格式不正确' })
    // a generous bound before de-duplication, so a huge array is refused without work
    .max(MEMBER_TAG_MAX * 5, { error: `标签最多 ${MEMBER_TAG_MAX} 个` })
    .transform((tags) => [...new Set(tags)])
    .pipe(z.array(z.string()).max(MEMBER_TAG_MAX, { error: `标签最多 ${MEMBER_TAG_MAX} 个` })),
  remark: z
    .string({ error: '备注须为文字' })
    .trim()
    .max(MEMBER_REMARK_MAX, { error: `备注最多 ${MEMBER_REMARK_MAX} 个字` })
    .refine(noControlChars, { error: '备注包含非法字符' }),
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBodySchema>;
export type MemberUpdateInput = z.input<typeof memberUpdateBodySchema>;

/** What the list's filters offer: the pharmacy's channels and the tags its members carry (most used first). */
export const memberOptionsSchema = z.object({
  channels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tags: z.array(z.string()),
});
export type MemberOptions = z.infer<typeof memberOptionsSchema>;
