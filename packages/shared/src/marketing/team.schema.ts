import { z } from 'zod';
import { idNumber, idTextSchema } from '../common/fields';

// 团队管理 (issue 16): customer-service teams, their members and each member's personal code. See docs/marketing.md.

/** The roles a team member may hold: the pharmacy's customer service and its managers (active members only). */
export const teamMemberRoles = ['manager', 'customer_service'] as const;
export type TeamMemberRole = (typeof teamMemberRoles)[number];

export const teamMessages = {
  notFound: '团队不存在',
  memberNotFound: '员工不存在或不在本药店',
  nameTaken: '团队名称已存在',
  hasMembers: '团队还有成员，请先移出成员再删除',
  notInTeam: '该员工不在此团队',
  leaderInvalid: '组长须为本药店在职的经理或客服',
  ownCodeOnly: '只能查看自己的二维码',
} as const;

const teamName = z
  .string({ error: '请输入团队名称' })
  .trim()
  .min(1, { error: '请输入团队名称' })
  .max(50, { error: '团队名称最多 50 字' });

/** One staff member as the team page lists them. The phone is masked (spec §5). */
export const teamMemberSchema = z.object({
  /** pharmacy_member id: the personal code's `staff` parameter. */
  member_id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  role: z.enum(teamMemberRoles),
  phone: z.string(),
  team_id: z.number().int().nullable(),
  /** customer_info rows of the pharmacy owned by the member. */
  customers: z.number().int(),
  /** Of those, the ones created this month (Shanghai calendar month). */
  new_customers_month: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  leader_account_id: z.number().int().nullable(),
  leader_name: z.string().nullable(),
  created_at: z.string(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

/**
 * The team page: the pharmacy's teams with their members, and the staff in no team (managers see the pharmacy; a
 * customer_service member sees their own team, or only themselves when in none). `me` is the caller's member id.
 */
export const teamListSchema = z.object({
  teams: z.array(teamSchema),
  unassigned: z.array(teamMemberSchema),
  me: z.number().int().nullable(),
});
export type TeamList = z.infer<typeof teamListSchema>;

export const teamBodySchema = z.object({
  name: teamName,
  /** The leader: an active manager or customer_service of the pharmacy; null clears it. */
  leader_account_id: idNumber('组长不正确').nullable().optional(),
});
export type TeamBody = z.infer<typeof teamBodySchema>;

export const teamMemberBodySchema = z.object({ member_id: idNumber('请选择员工') });
export type TeamMemberBody = z.infer<typeof teamMemberBodySchema>;

export const teamMemberParamsSchema = z.object({ id: idTextSchema, memberId: idTextSchema });
export const memberIdParamSchema = z.object({ memberId: idTextSchema });
