import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { menusByRole } from './menus';
import { type Role, roles } from './roles';
import {
  canOpenPath,
  isProtectedPath,
  isPublicPath,
  protectedPrefixes,
  publicPaths,
  safeRedirectTarget,
  signedInPrefixes,
} from './routes';

const staffRoles: Role[] = ['shop', 'pharmacy_admin', 'manager', 'customer_service'];
const rolesOpening = (path: string) => roles.filter((role) => canOpenPath([role], path));

describe('public and protected paths', () => {
  it('keeps the public pages open, also where they share a protected prefix', () => {
    for (const path of publicPaths) {
      expect(isPublicPath(path)).toBe(true);
      expect(isProtectedPath(path)).toBe(false);
      expect(rolesOpening(path)).toEqual([...roles]);
      expect(canOpenPath([], path)).toBe(true);
    }
    for (const path of [
      '/pharmacy/list?page=2',
      '/pharmacy/detail#top',
      '/website/contact/',
      '/login?redirect=%2Fmessage',
    ]) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });

  it('protects every area prefix, its pages and its bare container with or without a trailing slash', () => {
    for (const prefix of protectedPrefixes) {
      for (const path of [prefix, `${prefix}/`, `${prefix}/anything`, `${prefix}/anything?x=1`]) {
        expect(isProtectedPath(path), path).toBe(true);
        expect(canOpenPath([], path), path).toBe(false);
      }
    }
    for (const path of ['/', '/medicine/list', '/unknown', '/broadcasting', '/pharmacyx', '/messages']) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });

  it('reads the path as the router matches it: any case, percent-decoded, dot segments and extra slashes resolved', () => {
    for (const path of [
      '/Pharmacy/finance',
      '/PHARMACY/FINANCE',
      '/%70harmacy/finance',
      '/%50harmacy/finance',
      '//pharmacy/finance',
      '/pharmacy//finance',
      '/login/../pharmacy/finance',
      '/./pharmacy/finance',
      '/medicine/%2e%2e/pharmacy/finance',
    ]) {
      expect(isProtectedPath(path), path).toBe(true);
      expect(rolesOpening(path), path).toEqual(['shop', 'pharmacy_admin']);
    }
    expect(isPublicPath('/Pharmacy/List')).toBe(true);
    expect(isProtectedPath('/pharmacy/%2Ffinance')).toBe(true);
    expect(canOpenPath(['doctor'], '/doctor/%E0%A4%A')).toBe(true);
  });
});

describe('the patient area', () => {
  it('needs a sign-in and is open to every signed-in account, with roles or none', () => {
    expect(signedInPrefixes).toEqual(['/patient']);
    for (const path of ['/patient', '/patient/', '/patient/orders', '/Patient/checkout?pharmacy_id=1']) {
      expect(isProtectedPath(path), path).toBe(true);
      expect(canOpenPath([], path), path).toBe(true);
      expect(rolesOpening(path), path).toEqual([...roles]);
    }
    for (const path of ['/patients', '/patientx/orders']) expect(isProtectedPath(path), path).toBe(false);
  });
});

describe('canOpenPath: the role → path map', () => {
  it.each(roles)('lets %s open every path of its own menu', (role) => {
    for (const entry of menusByRole[role].flatMap((g) => g.children)) {
      expect(canOpenPath([role], entry.path), entry.path).toBe(true);
      expect(isProtectedPath(entry.path), entry.path).toBe(true);
    }
  });

  it.each<[string, Role[]]>([
    ['/broadcast/live', staffRoles],
    ['/broadcast/column/manage', staffRoles],
    ['/broadcast', staffRoles],
    ['/chatRoom/chatHistory', [...staffRoles, 'pharmacist']],
    ['/pharmacy/switch-pharmacy', staffRoles],
    ['/pharmacy/quote', ['shop', 'pharmacy_admin']],
    ['/pharmacy/finance/orderDetail', ['shop', 'pharmacy_admin']],
    ['/pharmacy/set', ['shop', 'pharmacy_admin']],
    ['/pharmacy/courier', ['shop', 'pharmacy_admin']],
    ['/pharmacy/order/census', staffRoles],
    ['/pharmacy/role', ['shop', 'pharmacy_admin', 'manager']],
    ['/pharmacy/combo', staffRoles],
    ['/marketManage', ['manager']],
    ['/marketManage/channel', ['manager']],
    ['/marketManage/healthFormReview', ['manager']],
    ['/marketManage/order', ['manager', 'customer_service']],
    ['/marketManage/substituteOrder/detail', ['manager', 'customer_service']],
    ['/marketManage/createOrder/detail', ['manager', 'customer_service']],
    ['/marketManage/blackUser', staffRoles],
    ['/marketManage/drugser/edit', ['shop', 'pharmacy_admin', 'manager', 'admin']],
    ['/marketManage/customer/data', [...staffRoles, 'admin']],
    ['/marketManage/customer/datas', [...staffRoles, 'admin']],
    ['/chemist/prescription-approval', ['pharmacist']],
    ['/doctor/addRequirements', ['doctor']],
    ['/website', ['admin']],
    ['/website/platformColumn/select-component', ['admin']],
    ['/message', [...roles]],
  ])('opens %s to %j only', (path, allowed) => {
    expect(rolesOpening(path)).toEqual(roles.filter((r) => allowed.includes(r)));
  });

  it('denies a user without roles every protected path, and any role a path outside its map', () => {
    expect(canOpenPath([], '/message')).toBe(false);
    expect(canOpenPath(['doctor'], '/pharmacy/order')).toBe(false);
    expect(canOpenPath(['pharmacist'], '/doctor/census')).toBe(false);
    expect(canOpenPath(['customer_service'], '/pharmacy/finance')).toBe(false);
    expect(canOpenPath(['admin'], '/marketManage/customer')).toBe(false);
    expect(canOpenPath(['doctor', 'pharmacist'], '/chemist/prescription-approval')).toBe(true);
  });

  it('does not let a path prefix stand for a longer name', () => {
    expect(canOpenPath(['customer_service'], '/pharmacy/orderx')).toBe(false);
    expect(canOpenPath(['doctor'], '/message-admin')).toBe(true);
    expect(isProtectedPath('/message-admin')).toBe(false);
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    for (const path of ['/', '/pharmacy/order', '/pharmacy/order?page=2&state=all#row-3', '/a%2Fb', '/a/../b']) {
      expect(safeRedirectTarget(path)).toBe(path);
    }
  });

  it.each([
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/..//evil.com',
    '/.//evil.com',
    '/%2e%2e//evil.com',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    '/%252F%252Fevil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    ' /pharmacy',
    'pharmacy/order',
    '',
    '/a\u0000b',
    '/a\\b',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (target) => {
    expect(safeRedirectTarget(target)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    for (const value of [null, undefined, 1, ['/message'], { path: '/message' }])
      expect(safeRedirectTarget(value)).toBeNull();
  });

  it('never hands back a target that leaves the origin or resolves to a protocol-relative path', () => {
    const origin = 'https://console.example.com';
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: fc.constantFrom(...'/\\.:%2eE@?#\t\n evil.com') }),
      fc.string({ unit: fc.constantFrom(...'/\\.%2fF@ evil') }).map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(hostile, (target) => {
        const kept = safeRedirectTarget(target);
        if (kept === null) return;
        expect(kept).toBe(target);
        const url = new URL(kept, origin);
        expect(url.origin).toBe(origin);
        expect(url.pathname.startsWith('//')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
