import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasAdminPermission, hasPharmacyPermission, type PermissionSubject, passesPharmacyAccess } from './permission';
import {
  ALL_PERMISSIONS,
  adminPermissionKeys,
  grantableKeysByRole,
  pharmacyPermissionKeys,
  type Role,
  roles,
} from './roles';

const CURRENT = 7;
const OTHER = 8;

const subject = (userRoles: Role[], lists: Partial<Omit<PermissionSubject, 'roles'>> = {}): PermissionSubject => ({
  roles: userRoles,
  permissions: {},
  pharmacy_admin_permissions: {},
  admin_permissions: [],
  ...lists,
});

/** Where each checked role keeps its keys (spec §6). */
const listOf = {
  pharmacy_admin: 'pharmacy_admin_permissions',
  manager: 'permissions',
  customer_service: 'permissions',
} as const;
const keyedRoles = Object.keys(listOf) as (keyof typeof listOf)[];
const holding = (role: keyof typeof listOf, byPharmacy: Record<string, string[]>) =>
  subject([role], { [listOf[role]]: byPharmacy });

describe('hasPharmacyPermission (spec §6)', () => {
  it('lets shop pass every key, for any pharmacy, even without one', () => {
    const shop = subject(['shop']);
    for (const key of [...pharmacyPermissionKeys, undefined, 'anything']) {
      expect(hasPharmacyPermission(shop, CURRENT, key)).toBe(true);
      expect(hasPharmacyPermission(shop, null, key)).toBe(true);
    }
  });

  describe.each(keyedRoles)('%s', (role) => {
    it.each(pharmacyPermissionKeys)('passes %s only when held for the current pharmacy', (key) => {
      expect(hasPharmacyPermission(holding(role, { [CURRENT]: [key] }), CURRENT, key)).toBe(true);
      expect(hasPharmacyPermission(holding(role, { [CURRENT]: [key] }), String(CURRENT), key)).toBe(true);
      expect(hasPharmacyPermission(holding(role, { [CURRENT]: [] }), CURRENT, key)).toBe(false);
      expect(hasPharmacyPermission(holding(role, {}), CURRENT, key)).toBe(false);
      expect(hasPharmacyPermission(holding(role, { [OTHER]: [key] }), CURRENT, key)).toBe(false);
      const others = pharmacyPermissionKeys.filter((k) => k !== key);
      expect(hasPharmacyPermission(holding(role, { [CURRENT]: others }), CURRENT, key)).toBe(false);
    });

    it('passes every key with "all" for the current pharmacy, none with "all" for another', () => {
      for (const key of pharmacyPermissionKeys) {
        expect(hasPharmacyPermission(holding(role, { [CURRENT]: [ALL_PERMISSIONS] }), CURRENT, key)).toBe(true);
        expect(hasPharmacyPermission(holding(role, { [OTHER]: [ALL_PERMISSIONS] }), CURRENT, key)).toBe(false);
      }
    });

    it('passes a check without a key when a pharmacy is chosen, and nothing without a pharmacy', () => {
      expect(hasPharmacyPermission(holding(role, {}), CURRENT)).toBe(true);
      for (const pid of [null, undefined, '']) {
        expect(hasPharmacyPermission(holding(role, { [CURRENT]: [ALL_PERMISSIONS] }), pid)).toBe(false);
        expect(hasPharmacyPermission(holding(role, { [CURRENT]: [ALL_PERMISSIONS] }), pid, 'finance')).toBe(false);
      }
    });

    it('reads only its own list', () => {
      const wrongList = listOf[role] === 'permissions' ? 'pharmacy_admin_permissions' : 'permissions';
      const user = subject([role], { [wrongList]: { [CURRENT]: [ALL_PERMISSIONS] } });
      for (const key of pharmacyPermissionKeys) expect(hasPharmacyPermission(user, CURRENT, key)).toBe(false);
    });
  });

  it('combines roles: a pharmacy_admin who is also a manager passes with either list', () => {
    const user = subject(['pharmacy_admin', 'manager'], {
      pharmacy_admin_permissions: { [CURRENT]: ['finance'] },
      permissions: { [CURRENT]: ['channel_manage'] },
    });
    expect(hasPharmacyPermission(user, CURRENT, 'finance')).toBe(true);
    expect(hasPharmacyPermission(user, CURRENT, 'channel_manage')).toBe(true);
    expect(hasPharmacyPermission(user, CURRENT, 'pharmacy_setting')).toBe(false);
  });

  it.each<[string, Role[]]>([
    ['doctor', ['doctor']],
    ['pharmacist', ['pharmacist']],
    ['admin', ['admin']],
    ['a patient with no roles', []],
  ])('denies %s, whatever its lists hold', (_, userRoles) => {
    const everything = { [CURRENT]: [ALL_PERMISSIONS, ...pharmacyPermissionKeys] };
    const user = subject(userRoles, {
      permissions: everything,
      pharmacy_admin_permissions: everything,
      admin_permissions: [ALL_PERMISSIONS],
    });
    for (const key of [...pharmacyPermissionKeys, undefined])
      expect(hasPharmacyPermission(user, CURRENT, key)).toBe(false);
  });

  it('does not reach Object.prototype through a pharmacy id', () => {
    for (const role of keyedRoles) {
      for (const pid of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        expect(() => hasPharmacyPermission(holding(role, {}), pid, 'finance')).not.toThrow();
        expect(hasPharmacyPermission(holding(role, {}), pid, 'finance')).toBe(false);
      }
    }
  });

  it('passes a keyed role exactly when its list for that pharmacy has the key or "all"', () => {
    const key = fc.constantFrom(...pharmacyPermissionKeys);
    const list = fc.uniqueArray(fc.constantFrom(ALL_PERMISSIONS, ...pharmacyPermissionKeys));
    fc.assert(
      fc.property(fc.constantFrom(...keyedRoles), key, list, list, (role, k, current, other) => {
        const user = holding(role, { [CURRENT]: current, [OTHER]: other });
        expect(hasPharmacyPermission(user, CURRENT, k)).toBe(current.includes(k) || current.includes(ALL_PERMISSIONS));
      }),
    );
  });

  it('only grants keys the role can be granted in the seeded "every key" accounts', () => {
    for (const role of keyedRoles) {
      const user = holding(role, { [CURRENT]: [...grantableKeysByRole[role]] });
      for (const key of pharmacyPermissionKeys) {
        expect(hasPharmacyPermission(user, CURRENT, key)).toBe(grantableKeysByRole[role].includes(key));
      }
    }
  });
});

describe('hasAdminPermission', () => {
  it.each(adminPermissionKeys)('passes the operator with %s or "all", not without it', (key) => {
    expect(hasAdminPermission(subject(['admin'], { admin_permissions: [key] }), key)).toBe(true);
    expect(hasAdminPermission(subject(['admin'], { admin_permissions: [ALL_PERMISSIONS] }), key)).toBe(true);
    expect(hasAdminPermission(subject(['admin'], { admin_permissions: [] }), key)).toBe(false);
    const others = adminPermissionKeys.filter((k) => k !== key);
    expect(hasAdminPermission(subject(['admin'], { admin_permissions: others }), key)).toBe(false);
  });

  it('passes the operator without a key and denies every other role', () => {
    expect(hasAdminPermission(subject(['admin']))).toBe(true);
    for (const role of roles.filter((r) => r !== 'admin')) {
      expect(hasAdminPermission(subject([role], { admin_permissions: [ALL_PERMISSIONS] }))).toBe(false);
      expect(hasAdminPermission(subject([role], { admin_permissions: [ALL_PERMISSIONS] }), 'report')).toBe(false);
    }
    expect(hasAdminPermission(subject([]), 'report')).toBe(false);
  });
});

describe('passesPharmacyAccess (a route rule for a member of the pharmacy)', () => {
  const manager = (keys: string[]) => subject(['manager'], { permissions: { [CURRENT]: keys } });
  it('with roles and a key, needs both: channel management is the manager holding channel_manage, never the shop', () => {
    const roles = ['manager'];
    expect(passesPharmacyAccess(manager(['channel_manage']), 'manager', CURRENT, 'channel_manage', roles)).toBe(true);
    expect(passesPharmacyAccess(manager([]), 'manager', CURRENT, 'channel_manage', roles)).toBe(false);
    expect(passesPharmacyAccess(subject(['shop']), 'shop', CURRENT, 'channel_manage', roles)).toBe(false);
    expect(passesPharmacyAccess(manager(['channel_manage']), 'manager', OTHER, 'channel_manage', roles)).toBe(false);
  });
  it('with roles only, the role decides; with a key only, the §6 check', () => {
    expect(passesPharmacyAccess(subject(['pharmacist']), 'pharmacist', CURRENT, null, ['pharmacist'])).toBe(true);
    expect(passesPharmacyAccess(subject(['customer_service']), 'customer_service', CURRENT, null, ['manager'])).toBe(
      false,
    );
    expect(passesPharmacyAccess(subject(['shop']), 'shop', CURRENT, 'finance', undefined)).toBe(true);
    expect(passesPharmacyAccess(manager([]), 'manager', CURRENT, 'finance', undefined)).toBe(false);
  });
});
