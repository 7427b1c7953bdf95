import { z } from 'zod';
import { mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema, pageResultSchema } from '../common/paging';

// 黑名单 (issue 16): a pharmacy's black_user rows — a phone (and the account that has it, when there is one) and a
// reason. A blacklisted patient cannot order there, open or write a chat, enrol in a class (apps/server/src/lib/
// blacklist.ts holds the one rule: a row of the pharmacy with the account id, or with the account's phone).

export const BLACK_USER_REASON_MAX = 200;

export const blacklistMessages = {
  duplicate: '该手机号已在黑名单中',
  notFound: '黑名单记录不存在',
  reason: '请填写拉黑原因',
  reasonMax: `拉黑原因最多 ${BLACK_USER_REASON_MAX} 字`,
} as const;

export const blackUserBodySchema = z.object({
  phone: mobilePhoneSchema,
  reason: z
    .string({ error: blacklistMessages.reason })
    .trim()
    .min(1, { error: blacklistMessages.reason })
    .max(BLACK_USER_REASON_MAX, { error: blacklistMessages.reasonMax }),
});
export type BlackUserBody = z.infer<typeof blackUserBodySchema>;
export type BlackUserInput = z.input<typeof blackUserBodySchema>;

export const blackUserListQuerySchema = pageQuerySchema.extend({
  /** The full phone, its last four digits, or a part of the linked account's name. */
  keyword: z.string().trim().max(50).optional().catch(undefined),
});
export type BlackUserListQuery = z.infer<typeof blackUserListQuerySchema>;
export type BlackUserListInput = z.input<typeof blackUserListQuerySchema>;

export const blackUserSchema = z.object({
  id: z.number().int(),
  /** masked (138****0001) */
  phone: z.string(),
  /** the account that has the phone, when there is one */
  account_id: z.number().int().nullable(),
  account_name: z.string(),
  reason: z.string(),
  /** who added it (null for rows from before the console recorded it) */
  created_by: z.object({ account_id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type BlackUser = z.infer<typeof blackUserSchema>;

export const blackUserListSchema = pageResultSchema(blackUserSchema);
export type BlackUserList = z.infer<typeof blackUserListSchema>;
