import {
  type PermissionSubject,
  type PharmacyRole,
  pharmacyRoles,
  type Role,
  roles as roleOrder,
  type UserInfo,
} from '@pharmacy/shared';
import type { AccountAccessRow, MembershipRow } from './principal.repository';

/** The signed-in account as the server sees it: identity, memberships and the spec's permission maps. */
export interface Principal extends PermissionSubject {
  accountId: number;
  sessionId: number | null;
  phone: string;
  phoneUserId: string;
  name: string;
  headImgUrl: string;
  eCommerce: boolean;
  isDoctor: boolean;
  /** The active doctor profile (doctor routes act as this doctor). */
  doctorId: number | null;
  memberships: MembershipRow[];
  roles: Role[];
  permissions: Record<string, string[]>;
  pharmacy_admin_permissions: Record<string, string[]>;
  admin_permissions: string[];
}

const isPharmacyRole = (r: string): r is PharmacyRole => (pharmacyRoles as readonly string[]).includes(r);

export function toPrincipal(row: AccountAccessRow, sessionId: number | null): Principal {
  const held = new Set<Role>();
  const permissions: Record<string, string[]> = {};
  const pharmacyAdminPermissions: Record<string, string[]> = {};
  const memberships = row.memberships.filter((m) => isPharmacyRole(m.role));
  for (const m of memberships) {
    held.add(m.role);
    const pid = String(m.pharmacy_id);
    if (m.role === 'pharmacy_admin') pharmacyAdminPermissions[pid] = m.permissions ?? [];
    if (m.role === 'manager' || m.role === 'customer_service') permissions[pid] = m.permissions ?? [];
  }
  if (row.doctorId !== null) held.add('doctor');
  if (row.adminPermissions) held.add('admin');
  return {
    accountId: row.accountId,
    sessionId,
    phone: row.phone,
    phoneUserId: row.phoneUserId,
    name: row.name,
    headImgUrl: row.headImgUrl,
    eCommerce: row.eCommerce,
    isDoctor: row.doctorId !== null,
    doctorId: row.doctorId,
    memberships,
    roles: roleOrder.filter((r) => held.has(r)),
    permissions,
    pharmacy_admin_permissions: pharmacyAdminPermissions,
    admin_permissions: row.adminPermissions ?? [],
  };
}

/** The permission subject limited to one pharmacy: a shop of pharmacy A is nobody in pharmacy B. */
export function subjectForPharmacy(principal: Principal, membership: MembershipRow): PermissionSubject {
  const pid = String(membership.pharmacy_id);
  return {
    roles: [membership.role],
    permissions: { [pid]: membership.permissions },
    pharmacy_admin_permissions: { [pid]: membership.permissions },
    admin_permissions: principal.admin_permissions,
  };
}

/** GET user/info/me: the spec's session user info; pharmacy_info is the requested pharmacy when a member, else the first. */
export function toUserInfo(principal: Principal, pharmacyId?: number | null): UserInfo {
  const current =
    (pharmacyId ? principal.memberships.find((m) => m.pharmacy_id === pharmacyId) : undefined) ??
    principal.memberships[0];
  const has = (r: Role) => principal.roles.includes(r);
  return {
    id: principal.accountId,
    phone: principal.phone,
    phone_user_id: principal.phoneUserId,
    name: principal.name,
    head_img_url: principal.headImgUrl,
    e_commerce: principal.eCommerce,
    is_customer_service: has('customer_service'),
    is_doctor: has('doctor'),
    is_manager: has('manager'),
    is_pharmacist: has('pharmacist'),
    is_shop: has('shop'),
    roles: principal.roles,
    permissions: principal.permissions,
    pharmacy_admin_permissions: principal.pharmacy_admin_permissions,
    admin_permissions: principal.admin_permissions,
    pharmacy_info: current ? { id: current.pharmacy_id, name: current.name, logo_url: current.logo_url } : null,
  };
}
