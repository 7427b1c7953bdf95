import { ALL_PERMISSIONS, type Role } from './roles';

/** What a permission check needs to know about a user (a subset of the session user info). */
export interface PermissionSubject {
  roles: readonly Role[];
  /** manager / customer_service keys, per pharmacy id. */
  permissions: Readonly<Record<string, readonly string[]>>;
  /** pharmacy_admin keys, per pharmacy id. */
  pharmacy_admin_permissions: Readonly<Record<string, readonly string[]>>;
  /** operator keys. */
  admin_permissions: readonly string[];
}

const grants = (list: unknown, key: string) =>
  Array.isArray(list) && (list.includes(ALL_PERMISSIONS) || list.includes(key));

/** Own keys only: a pharmacy id such as "constructor" or "__proto__" must not reach Object.prototype. */
const listFor = (byPharmacy: Readonly<Record<string, readonly string[]>> | undefined, pid: string) =>
  byPharmacy && Object.hasOwn(byPharmacy, pid) ? byPharmacy[pid] : undefined;

/**
 * The spec's §6 check on interface elements, used by the console (menus, buttons) and by every server route:
 * shop always passes; pharmacy_admin passes with "all" or the key for the current pharmacy; manager and
 * customer_service likewise against their permissions list; any other role is denied.
 * Without a key, holding one of the pharmacy roles is enough.
 */
export function hasPharmacyPermission(
  user: PermissionSubject,
  pharmacyId: number | string | null | undefined,
  key?: string,
): boolean {
  if (user.roles.includes('shop')) return true;
  if (pharmacyId === null || pharmacyId === undefined || pharmacyId === '') return false;
  const pid = String(pharmacyId);
  if (user.roles.includes('pharmacy_admin')) {
    if (!key) return true;
    if (grants(listFor(user.pharmacy_admin_permissions, pid), key)) return true;
  }
  if (user.roles.includes('manager') || user.roles.includes('customer_service')) {
    if (!key) return true;
    if (grants(listFor(user.permissions, pid), key)) return true;
  }
  return false;
}

/** The operator's check: admin with "all" or the key. */
export function hasAdminPermission(user: PermissionSubject, key?: string): boolean {
  if (!user.roles.includes('admin')) return false;
  if (!key) return true;
  return grants(user.admin_permissions, key);
}

/**
 * A pharmacy route's rule (contract access `{ pharmacy: key, roles? }`) for a member of that pharmacy: with `roles`,
 * the membership's role must be listed, and when a key is given too the §6 check must pass as well (channel
 * management: the manager holding channel_manage); without `roles`, the §6 check with the key.
 */
export function passesPharmacyAccess(
  subject: PermissionSubject,
  membershipRole: string,
  pharmacyId: number | string,
  key: string | null | undefined,
  roles: readonly string[] | undefined,
): boolean {
  if (roles) return roles.includes(membershipRole) && (!key || hasPharmacyPermission(subject, pharmacyId, key));
  return hasPharmacyPermission(subject, pharmacyId, key ?? undefined);
}
