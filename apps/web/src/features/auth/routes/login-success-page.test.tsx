import type { UserInfo } from '@pharmacy/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consoleHomePath } from '../../../app/console-home';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import LoginPage from './login-page';
import LoginSuccessPage from './login-success-page';

const account = (phone: string, roles: UserInfo['roles']): UserInfo => ({
  id: 9,
  phone,
  phone_user_id: `pu_${phone}`,
  name: '',
  head_img_url: '',
  e_commerce: false,
  is_customer_service: false,
  is_doctor: roles.includes('doctor'),
  is_manager: false,
  is_pharmacist: false,
  is_shop: false,
  roles,
  permissions: {},
  pharmacy_admin_permissions: {},
  admin_permissions: [],
  pharmacy_info: null,
});
const patient = account('13900000001', []);
const doctor = account('13800000005', ['doctor']);

beforeAll(() => installDomStubs());
beforeEach(() => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
});
afterEach(() => cleanup());

function Landed() {
  const location = useLocation();
  return <p>landed at {location.pathname}</p>;
}

/** The public header's 进入控制台 link, as it is worked out there, leading into the app's real pages. */
function render_(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/login/loginSuccess', element: <LoginSuccessPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('/login/loginSuccess', () => {
  it('sends a visitor without a session to the sign-in page, never tells them they signed in', async () => {
    const router = render_('/login/loginSuccess');
    expect(await screen.findByRole('heading', { name: '药房平台运营后台' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('登录成功')).toBeNull();
  });

  it('sends a signed-in patient on to the patient area', async () => {
    useSessionStore.getState().setSession('tok', patient);
    render_('/login/loginSuccess');
    expect(await screen.findByText('landed at /patient')).toBeTruthy();
  });

  it('sends staff who open it to their console', async () => {
    useSessionStore.getState().setSession('tok', doctor);
    render_('/login/loginSuccess');
    expect(await screen.findByText('landed at /doctor/census')).toBeTruthy();
  });
});

describe('a patient and 进入控制台', () => {
  it('leads through the login-success page to the patient area, not to a console page that bounces home', async () => {
    useSessionStore.getState().setSession('tok', patient);
    const target = consoleHomePath(patient, null);
    expect(target).toBe('/login/loginSuccess');
    const router = render_(target);
    expect(await screen.findByText('landed at /patient')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/patient');
  });
});

describe('the sign-in page', () => {
  it('says that a patient has no console here', async () => {
    render_('/login');
    expect(await screen.findByText(/患者账号没有后台功能/)).toBeTruthy();
  });
});
