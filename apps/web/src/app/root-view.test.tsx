import type { UserInfo } from '@pharmacy/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import type { AppRouteDef } from './route-meta';
import { createAppRoutes } from './router';
import { beginSignOut } from './sign-out';

const page = (text: string) => async () => ({ default: () => <p>{text}</p> });

const table: AppRouteDef[] = [
  { path: '/', title: '首页', page: page('home page') },
  { path: '/login', title: '登录', layout: 'none', page: page('login page') },
  { path: '/pharmacy/order', title: '订单管理', layout: 'staff', page: page('orders page') },
  { path: '/doctor/census', title: '处方统计', layout: 'staff', page: page('census page') },
  { path: '/marketManage', title: '营销', layout: 'staff', container: true },
];

const layouts = {
  staff: () => (
    <div data-testid="staff-layout">
      <Outlet />
    </div>
  ),
  default: () => (
    <div data-testid="default-layout">
      <Outlet />
    </div>
  ),
};

const doctor: UserInfo = {
  id: 5,
  phone: '13800000005',
  phone_user_id: 'u5',
  name: '王医生',
  head_img_url: '',
  e_commerce: false,
  is_customer_service: false,
  is_doctor: true,
  is_manager: false,
  is_pharmacist: false,
  is_shop: false,
  roles: ['doctor'],
  permissions: {},
  pharmacy_admin_permissions: {},
  admin_permissions: [],
  pharmacy_info: null,
};

function persistSession(userInfo: UserInfo | null) {
  const state = {
    token: userInfo ? 'opaque-token' : null,
    userInfo,
    isLoggedIn: !!userInfo,
    pharmacies: [],
    currentPharmacy: null,
  };
  localStorage.setItem('user-store', JSON.stringify({ state, version: 0 }));
}

async function open(path: string) {
  const router = createMemoryRouter(createAppRoutes(table, { layouts }), { initialEntries: [path] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ token: null, userInfo: null, isLoggedIn: false, pharmacies: [], currentPharmacy: null });
});
afterEach(cleanup);

describe('root view', () => {
  it('sends a visitor on a protected page to login with the redirect parameter', async () => {
    const router = await open('/pharmacy/order?page=2');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/pharmacy/order?page=2')}`);
  });

  it('loads the persisted session when it mounts, then lets the user in', async () => {
    persistSession(doctor);
    const router = await open('/doctor/census');
    expect(await screen.findByText('census page')).toBeTruthy();
    expect(screen.getByTestId('staff-layout')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/doctor/census');
    expect(useSessionStore.getState().userInfo?.name).toBe('王医生');
  });

  it('sends a signed-in user to home from a path outside their roles', async () => {
    persistSession(doctor);
    const router = await open('/pharmacy/order');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the 404 page inside the default layout for an unknown path', async () => {
    await open('/nowhere');
    expect(await screen.findByText('Page Not Found: /nowhere')).toBeTruthy();
    expect(screen.getByTestId('default-layout')).toBeTruthy();
  });

  it('signing out from a protected page lands on home, not on the login page', async () => {
    persistSession(doctor);
    const router = await open('/doctor/census');
    await screen.findByText('census page');
    const finish = vi.fn(async () => useSessionStore.getState().clear());
    await act(async () => {
      beginSignOut(() => router.navigate('/', { replace: true }), finish);
    });
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(finish).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(localStorage.getItem('user-store')).toBeNull();
  });

  it('sets the document title from the route title', async () => {
    await open('/');
    await screen.findByText('home page');
    expect(document.title).toBe('首页 - 药房平台运营后台');
  });
});
