import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MyPharmacy } from '@pharmacy/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { LAST_PHARMACY_KEY, useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testUser } from '../../../lib/testing/fixtures';
import LoginPage from './login-page';

const user = testUser({
  id: 1,
  phone: '13800000001',
  phone_user_id: 'u1',
  name: '店主',
  is_shop: true,
  roles: ['shop'],
  pharmacy_admin_permissions: {},
});
const pharmacy = (id: number, name: string): MyPharmacy => ({
  id,
  name,
  logo_url: '',
  city: '上海市',
  role: 'shop',
  permissions: [],
});
const pharmacies = [pharmacy(1, '浦东店'), pharmacy(2, '西湖店')];

/** A small stand-in for the API: right password Demo@12345, anything else refused with a captcha demand. */
let server: Server;
let seenPharmacyHeaders: (string | undefined)[] = [];
beforeAll(async () => {
  installDomStubs();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const url = req.url ?? '';
      if (url.startsWith('/api/v1/user/admin/login')) {
        const { password } = JSON.parse(body);
        if (password === 'Demo@12345')
          return send(200, { code: 0, msg: 'ok', data: { token: 'tok', user_info: user } });
        return send(400, {
          code: 400111,
          msg: '手机号或密码错误',
          message: 'Wrong credentials',
          data: { captcha_required: true },
        });
      }
      if (url.startsWith('/api/v1/admin/captcha')) {
        return send(200, {
          code: 0,
          msg: 'ok',
          data: { captcha_id: 'c1', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
        });
      }
      if (url.startsWith('/api/v1/pharmacy/me')) return send(200, { code: 0, msg: 'ok', data: pharmacies });
      if (url.startsWith('/api/v1/user/info/me')) {
        seenPharmacyHeaders.push(req.headers.pharmacyid as string | undefined);
        return send(200, { code: 0, msg: 'ok', data: user });
      }
      send(404, { code: 404000, msg: '接口不存在', message: 'not found', data: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seenPharmacyHeaders = [];
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  localStorage.removeItem(LAST_PHARMACY_KEY);
  configureHttp({
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    retryDelayMs: 0,
    toastError: () => undefined,
  });
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
});

function Landed() {
  const location = useLocation();
  return <p>landed at {location.pathname + location.search}</p>;
}

function renderLogin(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function signIn(password: string) {
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000001' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  await act(async () => {
    fireEvent.submit(document.querySelector('form#password-login') as HTMLFormElement);
  });
}

describe('login page', { timeout: 30_000 }, () => {
  it('waits on the 请选择药店 dialog when several pharmacies and none stored, then follows the redirect', async () => {
    const router = renderLogin('/login?redirect=%2Fpharmacy%2Forder%3Fpage%3D2');
    await signIn('Demo@12345');
    await screen.findByText('请选择药店');
    expect(router.state.location.pathname).toBe('/login');
    expect(useSessionStore.getState().token).toBe('tok');
    expect(useSessionStore.getState().currentPharmacy).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByText('西湖店'));
    });
    await screen.findByText('landed at /pharmacy/order?page=2');
    expect(useSessionStore.getState().currentPharmacy?.id).toBe(2);
    expect(seenPharmacyHeaders).toEqual(['2']);
  });

  it('reuses the stored pharmacy without a dialog and refuses an off-site redirect', async () => {
    useSessionStore.getState().setCurrentPharmacy(pharmacies[0]);
    renderLogin('/login?redirect=https%3A%2F%2Fevil.example');
    await signIn('Demo@12345');
    await screen.findByText('landed at /broadcast/topiclist');
    expect(screen.queryByText('请选择药店')).toBeNull();
    expect(useSessionStore.getState().currentPharmacy?.id).toBe(1);
  });

  it('reuses the pharmacy this account chose before signing out (spec §4), without a dialog', async () => {
    useSessionStore.getState().setSession('old-token', user);
    useSessionStore.getState().setCurrentPharmacy(pharmacies[1]);
    useSessionStore.getState().clear();
    renderLogin('/login');
    await signIn('Demo@12345');
    await screen.findByText('landed at /broadcast/topiclist', undefined, { timeout: 10_000 });
    expect(screen.queryByText('请选择药店')).toBeNull();
    expect(useSessionStore.getState().currentPharmacy?.id).toBe(2);
  });

  it('shows the server message inline and the captcha when a refusal asks for it', async () => {
    renderLogin('/login');
    await signIn('wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('手机号或密码错误');
    expect(await screen.findByAltText('图形验证码')).toBeTruthy();
    expect(screen.getByLabelText('图形验证码')).toBeTruthy();
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
  });
});
