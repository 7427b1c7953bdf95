import type { PermissionSubject, Role } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { loginTarget } from './login-target';

const subject = (roles: Role[], extra: Partial<PermissionSubject> = {}): PermissionSubject => ({
  roles,
  permissions: {},
  pharmacy_admin_permissions: {},
  admin_permissions: [],
  ...extra,
});

describe('loginTarget', () => {
  const admin = subject(['pharmacy_admin'], { pharmacy_admin_permissions: { '1': ['all'] } });

  it('honours a redirect the user may open, with its query', () => {
    expect(loginTarget(admin, 1, '/pharmacy/order?page=2')).toBe('/pharmacy/order?page=2');
    expect(loginTarget(admin, 1, '/message')).toBe('/message');
  });

  it('refuses off-site, protocol-relative and login-page redirects', () => {
    expect(loginTarget(admin, 1, 'https://evil.example/x')).toBe('/broadcast/topiclist');
    expect(loginTarget(admin, 1, '//evil.example')).toBe('/broadcast/topiclist');
    expect(loginTarget(admin, 1, '/\\evil.example')).toBe('/broadcast/topiclist');
    // percent-encoded spellings, refused by the same isSitePath rule as a message's link
    for (const target of ['/%2F%2Fevil.example', '/%5Cevil.example', '/%252F%252Fevil.example'])
      expect(loginTarget(admin, 1, target)).toBe('/broadcast/topiclist');
    expect(loginTarget(admin, 1, '/login?redirect=/x')).toBe('/broadcast/topiclist');
  });

  it('ignores a redirect outside the user roles and goes to the first menu entry', () => {
    const doctor = subject(['doctor']);
    expect(loginTarget(doctor, null, '/website/dashboard')).toBe('/doctor/census');
    expect(loginTarget(subject(['pharmacist']), null, null)).toBe('/chemist/prescription-approval');
    expect(loginTarget(subject(['admin'], { admin_permissions: ['all'] }), null, undefined)).toBe('/website/dashboard');
  });

  it('sends a patient (no role) to the patient area, or to the patient page it asked for', () => {
    expect(loginTarget(subject([]), null, null)).toBe('/patient');
    expect(loginTarget(subject([]), null, '/message')).toBe('/patient');
    expect(loginTarget(subject([]), null, '/patient/orders?status=shipped')).toBe('/patient/orders?status=shipped');
  });

  it('never sends staff to the patient area unasked, though they may open it', () => {
    const staffRoles: Role[] = [
      'shop',
      'pharmacy_admin',
      'manager',
      'customer_service',
      'doctor',
      'pharmacist',
      'admin',
    ];
    for (const role of staffRoles) {
      for (const pharmacyId of [null, 1]) {
        expect(loginTarget(subject([role]), pharmacyId, null), role).not.toMatch(/^\/patient/);
      }
    }
    expect(loginTarget(admin, 1, '/patient')).toBe('/patient');
  });
});
