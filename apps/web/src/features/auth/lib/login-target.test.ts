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

  it('sends an account with no console menu to the login-success page', () => {
    expect(loginTarget(subject([]), null, null)).toBe('/login/loginSuccess');
    expect(loginTarget(subject([]), null, '/message')).toBe('/login/loginSuccess');
  });
});
