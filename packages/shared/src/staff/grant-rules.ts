import { hasPharmacyPermission } from '../common/permission';
import {
  ALL_PERMISSIONS,
  grantableKeysByRole,
  type PharmacyPermissionKey,
  type PharmacyRole,
  pharmacyPermissionKeys,
  roleLabels,
} from '../common/roles';

/**
 * Who may grant what through /pharmacy/role (账号与权限). One set of rules, used by the server on every staff route and
 * by the console to disable the options a user may not choose, so the two cannot disagree.
 */

/** The roles a member can be given (nobody assigns 'shop': a pharmacy's shop comes with the pharmacy). */
export const assignableStaffRoles = ['pharmacy_admin', 'manager', 'customer_service', 'pharmacist'] as const;
export type AssignableStaffRole = (typeof assignableStaffRoles)[number];

/** shop > pharmacy_admin > manager > customer_service = pharmacist. */
export const staffRoleRank: Record<PharmacyRole, number> = {
  shop: 4,
  pharmacy_admin: 3,
  manager: 2,
  customer_service: 1,
  pharmacist: 1,
};

/** The one making a change: their membership of the pharmacy in question. */
export interface StaffActor {
  accountId: number;
  role: PharmacyRole;
  permissions: readonly string[];
}

/** The member a change is about. */
export interface StaffTarget {
  accountId: number;
  role: PharmacyRole;
  /** The pharmacy's owner (pharmacy.owner_account_id). */
  isOwner: boolean;
  /** The keys the member holds now: keeping one is not granting it (only added keys must be the actor's). */
  permissions?: readonly string[];
}

const permissionKeyLabels: Record<PharmacyPermissionKey, string> = {
  quote_manage: '报价管理',
  viper_manage: '会员管理',
  order_read_pharmacy: '订单管理',
  order_statistics: '订单统计',
  finance: '财务对账',
  pharmacy_setting: '药店设置',
  account_permission: '账号与权限',
  channel_manage: '渠道管理',
  quote_set: '套餐管理',
};

export const isPharmacyPermissionKey = (key: string): key is PharmacyPermissionKey =>
  (pharmacyPermissionKeys as readonly string[]).includes(key);

/** A key's name as the console shows it ('all' is 全部权限). */
export function permissionKeyLabel(key: string): string {
  if (key === ALL_PERMISSIONS) return '全部权限';
  return isPharmacyPermissionKey(key) ? permissionKeyLabels[key] : key;
}

/** The keys a role can hold at all (the keys on its menu); none for pharmacist and shop. */
export function grantableKeysOf(role: PharmacyRole): readonly PharmacyPermissionKey[] {
  return role === 'pharmacy_admin' || role === 'manager' || role === 'customer_service'
    ? grantableKeysByRole[role]
    : [];
}

/** Whether the actor holds a key in this pharmacy: the very check every pharmacy route runs (shop holds all). */
export function actorHolds(actor: Pick<StaffActor, 'role' | 'permissions'>, key: string): boolean {
  const pid = 'p';
  return hasPharmacyPermission(
    {
      roles: [actor.role],
      permissions: { [pid]: actor.permissions },
      pharmacy_admin_permissions: { [pid]: actor.permissions },
      admin_permissions: [],
    },
    pid,
    key,
  );
}

/** The roles the actor may give: none above their own, never 'shop'. */
export function assignableRolesFor(actor: Pick<StaffActor, 'role'>): AssignableStaffRole[] {
  return assignableStaffRoles.filter((r) => staffRoleRank[r] <= staffRoleRank[actor.role]);
}

/** The keys the actor may grant to a member of `role`: grantable to that role and held by the actor. */
export function grantableKeysFor(
  actor: Pick<StaffActor, 'role' | 'permissions'>,
  role: PharmacyRole,
): PharmacyPermissionKey[] {
  return grantableKeysOf(role).filter((k) => actorHolds(actor, k));
}

/** The explicit keys a grant means: 'all' is every key the role can hold; duplicates dropped, in the shared order. */
export function expandGrant(role: PharmacyRole, requested: readonly string[]): string[] {
  const wanted = requested.includes(ALL_PERMISSIONS) ? [...grantableKeysOf(role)] : requested;
  const set = new Set(wanted);
  const known = pharmacyPermissionKeys.filter((k) => set.has(k));
  const unknown = [...set].filter((k) => !isPharmacyPermissionKey(k));
  return [...known, ...unknown];
}

/** The keys a member keeps when their role changes: those the new role can hold ('all' read as the old role's keys). */
export function keysAfterRoleChange(from: PharmacyRole, permissions: readonly string[], to: PharmacyRole): string[] {
  const held = permissions.includes(ALL_PERMISSIONS) ? grantableKeysOf(from) : permissions;
  const allowed = new Set<string>(grantableKeysOf(to));
  return expandGrant(to, held).filter((k) => allowed.has(k));
}

/** Why a change is refused: `forbidden` (403) for an escalation, `invalid` (400, on `field`) for a bad value. */
export interface StaffRefusal {
  kind: 'forbidden' | 'invalid';
  field?: 'role' | 'permissions' | 'status';
  msg: string;
}

export type StaffChange =
  | { kind: 'add'; role: PharmacyRole; permissions: readonly string[] }
  | { kind: 'edit'; target: StaffTarget; role?: PharmacyRole; name?: boolean }
  | { kind: 'permissions'; target: StaffTarget; permissions: readonly string[] }
  | { kind: 'status'; target: StaffTarget; status: 'active' | 'disabled' }
  | { kind: 'remove'; target: StaffTarget };

const forbidden = (msg: string): StaffRefusal => ({ kind: 'forbidden', msg });
const invalid = (field: StaffRefusal['field'], msg: string): StaffRefusal => ({ kind: 'invalid', field, msg });

/** Whether the actor may change this member at all (edit, keys, status, remove); the reason when not. */
export function manageRefusal(
  actor: StaffActor,
  target: StaffTarget,
  action: StaffChange['kind'],
): StaffRefusal | null {
  if (target.isOwner && action !== 'edit') {
    if (action === 'remove') return forbidden('店主不能被移除');
    if (action === 'status') return forbidden('店主不能被停用');
    return forbidden('不能修改店主的权限');
  }
  if (target.accountId === actor.accountId) {
    if (action === 'remove') return forbidden('不能移除自己');
    if (action === 'status') return forbidden('不能停用或启用自己');
    if (action === 'permissions') return forbidden('不能修改自己的权限');
  } else if (actor.role !== 'shop' && staffRoleRank[target.role] >= staffRoleRank[actor.role]) {
    return forbidden('不能操作与自己同级或更高级别的成员');
  }
  return null;
}

/** A role the actor may give: one of the assignable roles, not above their own. */
function roleRefusal(actor: StaffActor, role: PharmacyRole): StaffRefusal | null {
  if (!(assignableStaffRoles as readonly string[]).includes(role)) return invalid('role', '不能设置为该角色');
  if (staffRoleRank[role] > staffRoleRank[actor.role]) return forbidden('不能设置高于自己的角色');
  return null;
}

/**
 * Keys the actor may give a member of `role`: each fit for the role, and each one the member does not hold already
 * held by the actor (removing a key, or keeping one someone else granted, grants nothing).
 */
function keysRefusal(
  actor: StaffActor,
  role: PharmacyRole,
  permissions: readonly string[],
  already: readonly string[] = [],
): StaffRefusal | null {
  const fit = new Set<string>(grantableKeysOf(role));
  const kept = new Set(expandGrant(role, already));
  for (const key of expandGrant(role, permissions)) {
    if (!fit.has(key)) {
      return invalid('permissions', `${roleLabels[role]}不能拥有「${permissionKeyLabel(key)}」权限`);
    }
    if (!kept.has(key) && !actorHolds(actor, key)) {
      return forbidden(`不能授予自己没有的权限「${permissionKeyLabel(key)}」`);
    }
  }
  return null;
}

/**
 * The rule of /pharmacy/role, in one function: null when the actor may make the change, else why not.
 * - nobody grants a key they do not hold in this pharmacy ('all' counts as every key the target's role can hold);
 *   a key the member holds already may be kept or removed by whoever may change the member;
 * - a granted key must be one the target's role can hold;
 * - nobody assigns a role above their own, nor 'shop';
 * - nobody changes a member of their own rank or above, except the shop;
 * - the owner cannot be removed, disabled or demoted (nor have keys: a shop holds all);
 * - nobody changes their own role, keys or status (their name they may).
 */
export function staffChangeRefusal(actor: StaffActor, change: StaffChange): StaffRefusal | null {
  switch (change.kind) {
    case 'add':
      return roleRefusal(actor, change.role) ?? keysRefusal(actor, change.role, change.permissions);
    case 'edit': {
      const { target, role } = change;
      const roleChanges = role !== undefined && role !== target.role;
      if (roleChanges && target.isOwner) return forbidden('不能修改店主的角色');
      if (roleChanges && target.accountId === actor.accountId) return forbidden('不能修改自己的角色');
      const refusal = manageRefusal(actor, target, 'edit');
      if (refusal) return refusal;
      return roleChanges ? roleRefusal(actor, role) : null;
    }
    case 'permissions':
      return (
        manageRefusal(actor, change.target, 'permissions') ??
        keysRefusal(actor, change.target.role, change.permissions, change.target.permissions)
      );
    case 'status':
      return manageRefusal(actor, change.target, 'status');
    case 'remove':
      return manageRefusal(actor, change.target, 'remove');
  }
}
