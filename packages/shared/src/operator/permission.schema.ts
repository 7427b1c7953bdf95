import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../auth/auth.schema';
import { idTextSchema, mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { type AdminPermissionKey, ALL_PERMISSIONS, adminPermissionKeys } from '../common/roles';

// 权限管理 (issue 17, docs/operator.md): operator accounts and their keys, a pharmacy manager's keys set by the
// operator (spec §7 `manager permission put`), and the rules both the server and the page apply.

// ---------------------------------------------------------------- operator keys

/** The keys an operator account can hold: `all` (every page, the platform-wide views included) or page keys. */
export const operatorGrantableKeys = [ALL_PERMISSIONS, ...adminPermissionKeys] as const;
export type OperatorGrantableKey = (typeof operatorGrantableKeys)[number];

/** Each key by the menu entry it opens (common/menus.ts). */
export const operatorKeyLabels: Record<OperatorGrantableKey, string> = {
  all: '全部权限',
  report: '投诉管理',
  group: '集团管理',
  viper: '会员管理',
  task: '任务管理',
  order: '订单管理',
  column: '平台专栏',
  pharmacy: '药店管理',
  product: '药品上传',
};

export const operatorKeyLabel = (key: string): string =>
  Object.hasOwn(operatorKeyLabels, key) ? operatorKeyLabels[key as OperatorGrantableKey] : key;

/** The explicit keys of a grant: `all` alone when present (it covers the rest), otherwise in the shared order. */
export function normalizeOperatorKeys(keys: readonly string[]): string[] {
  if (keys.includes(ALL_PERMISSIONS)) return [ALL_PERMISSIONS];
  const set = new Set(keys);
  return adminPermissionKeys.filter((k: AdminPermissionKey) => set.has(k));
}

export const operatorPermissionMessages = {
  alreadyOperator: '该手机号已是运营账号',
  accountDisabled: '该账号已被停用，不能设为运营账号',
  notSelfKeys: '不能修改自己的权限',
  notSelfStatus: '不能停用或启用自己',
  lastAll: '至少保留一个拥有「全部权限」的启用中运营账号',
  notManager: '该成员不是本药店的经理',
} as const;

/** Why an operator change is refused (403), or null when the actor may make it. */
export interface OperatorRefusal {
  msg: string;
}

/**
 * The rule of 权限管理, one function for the server and the page (which disables what it refuses):
 * - nobody grants a key they do not hold (`all` holds every key; keeping or removing a key the target holds already
 *   grants nothing);
 * - nobody changes their own keys or status.
 * The last active `all` rule needs every operator's state: the server checks it under its lock.
 */
export function operatorChangeRefusal(
  actor: { accountId: number; keys: readonly string[] },
  change:
    | { kind: 'create'; keys: readonly string[] }
    | { kind: 'keys'; targetAccountId: number; before: readonly string[]; keys: readonly string[] }
    | { kind: 'status'; targetAccountId: number },
): OperatorRefusal | null {
  if (change.kind !== 'create' && change.targetAccountId === actor.accountId) {
    return {
      msg: change.kind === 'keys' ? operatorPermissionMessages.notSelfKeys : operatorPermissionMessages.notSelfStatus,
    };
  }
  if (change.kind === 'status') return null;
  if (actor.keys.includes(ALL_PERMISSIONS)) return null;
  const before = change.kind === 'keys' ? normalizeOperatorKeys(change.before) : [];
  const kept = new Set(before.includes(ALL_PERMISSIONS) ? operatorGrantableKeys : before);
  for (const key of normalizeOperatorKeys(change.keys)) {
    if (!kept.has(key as OperatorGrantableKey) && !actor.keys.includes(key)) {
      return { msg: `不能授予自己没有的权限「${operatorKeyLabel(key)}」` };
    }
  }
  return null;
}

// ---------------------------------------------------------------- operator accounts

export const operatorStatuses = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof operatorStatuses)[number];
export const operatorStatusLabels: Record<OperatorStatus, string> = { active: '启用', disabled: '停用' };

const keysSchema = z
  .array(z.enum(operatorGrantableKeys, { error: '权限不正确' }), { error: '请选择权限' })
  .min(1, { error: '请至少选择一项权限' })
  .max(operatorGrantableKeys.length, { error: '权限不正确' });

export const operatorListQuerySchema = pageQuerySchema.extend({
  /** Name part or phone digits. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional(),
  status: z.enum(operatorStatuses, { error: '状态不正确' }).optional(),
});
export type OperatorListQuery = z.infer<typeof operatorListQuerySchema>;

export const operatorAccountSchema = z.object({
  /** admin_profile id. */
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  /** Masked (spec §5). */
  phone: z.string(),
  permissions: z.array(z.string()),
  status: z.enum(operatorStatuses),
  /** The account itself is disabled (no sign-in at all), whatever the operator status. */
  account_disabled: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** The signed-in operator's own row (not editable by them). */
  is_self: z.boolean(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

export const createOperatorBodySchema = z.object({
  phone: mobilePhoneSchema,
  name: z.string({ error: '请输入姓名' }).trim().min(1, { error: '请输入姓名' }).max(50, { error: '姓名最多 50 字' }),
  permissions: keysSchema,
  /** For a new account: its initial password; without one the server makes one and answers it once. */
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `初始密码至少 ${PASSWORD_MIN_LENGTH} 位` })
    .max(64, { error: '初始密码最多 64 位' })
    .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, { error: '初始密码需同时包含字母和数字' })
    .optional(),
});
export type CreateOperatorBody = z.infer<typeof createOperatorBodySchema>;

export const createOperatorResultSchema = z.object({
  operator: operatorAccountSchema,
  /** true when the phone had no account. */
  account_created: z.boolean(),
  /** The generated initial password, shown once (null when given by the operator or the account existed). */
  initial_password: z.string().nullable(),
});
export type CreateOperatorResult = z.infer<typeof createOperatorResultSchema>;

export const operatorKeysBodySchema = z.object({ permissions: keysSchema });
export type OperatorKeysBody = z.infer<typeof operatorKeysBodySchema>;

export const operatorStatusBodySchema = z.object({
  status: z.enum(operatorStatuses, { error: '状态不正确' }),
});
export type OperatorStatusBody = z.infer<typeof operatorStatusBodySchema>;

// ---------------------------------------------------------------- pharmacy managers (manager permission put)

export const managerListQuerySchema = pageQuerySchema.extend({
  /** Pharmacy name part. */
  pharmacy: z.string().trim().max(50, { error: '药店名称最多 50 字' }).optional(),
  /** Manager name part or phone digits. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional(),
});
export type ManagerListQuery = z.infer<typeof managerListQuerySchema>;

export const pharmacyManagerSchema = z.object({
  /** pharmacy_member id. */
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  account_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  permissions: z.array(z.string()),
  status: z.enum(['active', 'disabled']),
});
export type PharmacyManager = z.infer<typeof pharmacyManagerSchema>;

/** The pharmacy (:id, as every /admin/pharmacy/:id route names it) and its member. */
export const managerPermissionParamsSchema = z.object({ id: idTextSchema, memberId: idTextSchema });

export const managerPermissionBodySchema = z.object({
  permissions: z
    .array(z.string().max(32, { error: '权限不正确' }), { error: '请选择权限' })
    .max(20, { error: '权限不正确' }),
});
export type ManagerPermissionBody = z.infer<typeof managerPermissionBodySchema>;
