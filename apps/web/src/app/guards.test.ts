import type { Role } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { guardDecision } from './guards';

const guest = { isLoggedIn: false, userInfo: null };
const as = (...roles: Role[]) => ({ isLoggedIn: true, userInfo: { id: 7, roles } });

describe('route guards', () => {
  it('lets anyone open public pages, including public pages under protected prefixes', () => {
    for (const path of ['/', '/login', '/medicine/list', '/pharmacy/list', '/pharmacy/detail', '/website/contact']) {
      expect(guardDecision({ pathname: path }, guest)).toEqual({ kind: 'allow' });
    }
  });

  it('sends a visitor on a protected path to login with the encoded path and query', () => {
    expect(guardDecision({ pathname: '/pharmacy/order', search: '?page=2&status=shipped' }, guest)).toEqual({
      kind: 'login',
      to: `/login?redirect=${encodeURIComponent('/pharmacy/order?page=2&status=shipped')}`,
    });
    expect(guardDecision({ pathname: '/message' }, guest)).toEqual({ kind: 'login', to: '/login?redirect=%2Fmessage' });
  });

  it('treats a session without a user id as signed out', () => {
    expect(guardDecision({ pathname: '/doctor/census' }, { isLoggedIn: true, userInfo: null }).kind).toBe('login');
    expect(
      guardDecision({ pathname: '/doctor/census' }, { isLoggedIn: false, userInfo: { id: 1, roles: ['doctor'] } }).kind,
    ).toBe('login');
  });

  it('sends a user whose roles cannot open the path home', () => {
    expect(guardDecision({ pathname: '/website/dashboard' }, as('doctor'))).toEqual({ kind: 'home', to: '/' });
    expect(guardDecision({ pathname: '/pharmacy/finance' }, as('customer_service'))).toEqual({ kind: 'home', to: '/' });
    expect(guardDecision({ pathname: '/doctor/census' }, as('pharmacist'))).toEqual({ kind: 'home', to: '/' });
  });

  it('allows a path that starts with one of the user’s role prefixes', () => {
    expect(guardDecision({ pathname: '/doctor/census' }, as('doctor')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/chemist/prescription-approval' }, as('pharmacist')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/pharmacy/finance/orderDetail' }, as('shop')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/website/platformColumn/select-component' }, as('admin')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/marketManage/customer/data' }, as('admin')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/pharmacy/order' }, as('doctor', 'customer_service')).kind).toBe('allow');
  });

  it('treats the empty containers like any protected path', () => {
    expect(guardDecision({ pathname: '/marketManage/' }, guest).kind).toBe('login');
    expect(guardDecision({ pathname: '/marketManage' }, as('manager')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/website/' }, as('admin')).kind).toBe('allow');
    expect(guardDecision({ pathname: '/broadcast' }, as('customer_service')).kind).toBe('allow');
  });
});
