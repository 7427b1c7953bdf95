import { z } from 'zod';
import { mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { ALL_PERMISSIONS, pharmacyPermissionKeys, pharmacyRoles } from '../common/roles';
import { assignableStaffRoles } from './grant-rules';

export const staffStatuses = ['active', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];
export const staffStatusLabels: Record<StaffStatus, string> = { active: '正常', disabled: '已停用' };

/** One member of a pharmacy's staff as /pharmacy/role lists it (the phone masked, spec §5). */
export const staffMemberSchema = z.object({
  /** The membership's id (pharmacy_member.id): what the edit routes take. */
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(pharmacyRoles),
  permissions: z.array(z.string()),
  status: z.enum(staffStatuses),
  /** The pharmacy's owner: never removed, disabled or demoted. */
  is_owner: z.boolean(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListQuerySchema = pageQuerySchema.extend({
  role: z.enum(pharmacyRoles).optional().catch(undefined),
  status: z.enum(staffStatuses).optional().catch(undefined),
  /** Name, or digits of the phone. */
  keyword: z
    .string()
    .trim()
    .max(50)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

const assignableRoleSchema = z.enum(assignableStaffRoles, { error: '请选择角色（店主不能被指定）' });
const nameSchema = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, { error: '请输入姓名' })
  .max(20, { error: '姓名最多 20 个字' })
  .refine((v) => ![...v].some((c) => c < ' ' || c === '\u007f'), { error: '姓名不能包含控制字符' });

/** A permission list: keys of the shared list, or 'all' (every key the member's role can hold). */
export const staffPermissionsSchema = z
  .array(z.enum([ALL_PERMISSIONS, ...pharmacyPermissionKeys], { error: '权限不正确' }), { error: '权限不正确' })
  .max(pharmacyPermissionKeys.length + 1, { error: '权限不正确' });

/** Add a member by phone: an unknown phone gets an account (no password; it signs in by SMS code). */
export const addStaffBodySchema = z.object({
  phone: mobilePhoneSchema,
  name: nameSchema,
  role: assignableRoleSchema,
  permissions: staffPermissionsSchema.default([]),
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

export const updateStaffBodySchema = z
  .object({ role: assignableRoleSchema.optional(), name: nameSchema.optional() })
  .refine((b) => b.role !== undefined || b.name !== undefined, { error: '请填写要修改的内容', path: ['role'] });
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

export const staffPermissionBodySchema = z.object({ permissions: staffPermissionsSchema });
export type StaffPermissionBody = z.infer<typeof staffPermissionBodySchema>;

export const staffStatusBodySchema = z.object({
  status: z.enum(staffStatuses, { error: '状态不正确' }),
});
export type StaffStatusBody = z.infer<typeof staffStatusBodySchema>;
