import {
  type BlackUserList,
  blacklistContracts,
  type Drugser,
  drugserContracts,
  type MyPharmacy,
  pharmacyDirectoryContracts,
  type Role,
  type UserInfo,
} from '@pharmacy/shared';
import { fireEvent, screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../lib/http';
import { useSessionStore } from '../lib/session-store';
import { testPharmacy, testUser } from '../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../lib/testing/render-route';
import { needsPharmacyChoice } from './guards';
import { createAppRoutes } from './router';
import { routeTable } from './routes';

vi.mock('../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

/** The operator's paths that work without a pharmacy (their platform view, `{ admin: 'viper' }` contracts). */
const operatorPaths = [
  '/marketManage/customer/data',
  '/marketManage/customer/datas',
  '/marketManage/drugser',
  '/marketManage/drugser/edit',
];

describe('needsPharmacyChoice', () => {
  const ask = (path: string, roles: Role[], pharmacyId: number | null = null, scoped = true) =>
    needsPharmacyChoice(path, scoped, roles, pharmacyId);

  it('asks only on a pharmacy-scoped page while no pharmacy is chosen', () => {
    expect(ask('/marketManage/task', ['customer_service'])).toBe(true);
    expect(ask('/marketManage/task', ['customer_service'], 7)).toBe(false);
    expect(ask('/pharmacy/switch-pharmacy', ['customer_service'], null, false)).toBe(false);
  });

  it("lets the operator open 用药人 and 会员数据 without a pharmacy, but not a pharmacy role's user", () => {
    for (const path of operatorPaths) {
      expect(ask(path, ['admin'])).toBe(false);
      // someone holding both kinds of role works on the platform until they choose a pharmacy (useMarketingScope)
      expect(ask(path, ['shop', 'admin'])).toBe(false);
      expect(ask(path, ['shop'])).toBe(true);
      expect(ask(path, ['manager'])).toBe(true);
    }
    expect(ask('/marketManage/customer', ['admin'])).toBe(true);
  });

  it('the route table marks every marketing page, and only the operator paths need no pharmacy for the operator', () => {
    const pages = routeTable.filter((r) => r.path.startsWith('/marketManage/') && !r.container);
    expect(pages.length).toBeGreaterThan(10);
    for (const route of pages) expect(route.pharmacyScoped, route.path).toBe(true);
    const openToOperator = pages.filter((r) => !needsPharmacyChoice(r.path, r.pharmacyScoped, ['admin'], null));
    expect(openToOperator.map((r) => r.path).sort()).toEqual(operatorPaths);
  });
});

// ---------------------------------------------------------------- through the router, with the real pages

const blacklist: BlackUserList = {
  list: [
    {
      id: 11,
      phone: '139****0009',
      account_id: 501,
      account_name: '赵国强',
      reason: '多次下单后恶意拒收',
      created_by: null,
      created_at: '2026-11-18T02:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
};

const member: Drugser = {
  id: 75,
  name: '田海燕',
  phone: '139****5768',
  id_number: '3101**********6146',
  gender: 'female',
  age: 79,
  relation: 'self',
  relation_label: '本人',
  customer_account_id: 9,
  customer_name: '田海燕',
  customer_phone: '139****5768',
  allergy_history: [],
  family_medical_history: [],
  past_medical_history: [],
  recipe_count: 1,
  created_at: '2025-07-10T03:10:00.000Z',
};

function answer() {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === blacklistContracts.list) return Promise.resolve(blacklist);
    if (contract === drugserContracts.adminList)
      return Promise.resolve({ list: [member], total: 1, page: 1, page_size: 20 });
    if (contract === pharmacyDirectoryContracts.list)
      return Promise.resolve({ list: [], total: 0, page: 1, page_size: 100 });
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
}

const staffLayout = () => (
  <main data-testid="staff-layout">
    <Outlet />
  </main>
);

/** The app's route tree for a few real routes (root view and layout replaced: the session is set directly). */
function appRoutes(paths: string[]): RouteObject[] {
  const table = routeTable.filter((r) => paths.includes(r.path));
  const [root] = createAppRoutes(table, { layouts: { staff: staffLayout } });
  const switchPage = { path: '/pharmacy/switch-pharmacy', element: <p>我的药店列表</p> };
  return [
    {
      id: 'root',
      Component: Outlet,
      HydrateFallback: root?.HydrateFallback,
      children: [...(root?.children ?? []), switchPage],
    },
  ];
}

const twoPharmacies: MyPharmacy[] = [
  { ...testPharmacy(7, '仁心大药房(上海浦东店)'), role: 'manager' },
  { ...testPharmacy(8, '仁心大药房(杭州店)'), role: 'customer_service' },
];

function open(url: string, user: UserInfo, pharmacies: MyPharmacy[] = []) {
  answer();
  useSessionStore.setState({ pharmacies });
  return renderRoute(
    appRoutes(['/marketManage/blackUser', '/marketManage/customer', '/marketManage/team', '/marketManage/drugser']),
    { url, user, pharmacy: null },
  );
}

const staff = testUser({
  id: 3,
  roles: ['manager', 'customer_service'],
  pharmacy_admin_permissions: { '7': ['all'], '8': ['all'] },
});
const operator = testUser({ id: 7, roles: ['admin'], admin_permissions: ['viper'], pharmacy_admin_permissions: {} });

setupRouteTest();

describe('a pharmacy-scoped page without a chosen pharmacy', { timeout: 120_000 }, () => {
  it('shows 请先选择药店 instead of 黑名单 and sends nothing; choosing a pharmacy there opens the page', async () => {
    open('/marketManage/blackUser', staff, twoPharmacies);
    expect(await screen.findByText('请先选择药店', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '黑名单' })).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '切换到 仁心大药房(上海浦东店)' }));
    expect(await screen.findByText('赵国强', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('请先选择药店')).toBeNull();
    expect(useSessionStore.getState().currentPharmacy?.id).toBe(7);
    expect(vi.mocked(callApi).mock.calls.map(([c]) => c)).toEqual([blacklistContracts.list]);
  });

  it('会员管理 and 团队管理 get the same guard (no page of their own asks any more); 切换药店 opens the pharmacy list', async () => {
    const router = open('/marketManage/customer', staff, twoPharmacies);
    expect(await screen.findByText('请先选择药店', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '会员管理' })).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();

    await router.navigate('/marketManage/team');
    expect(await screen.findByRole('heading', { name: '团队管理' }, WAIT)).toBeTruthy();
    expect(screen.getByText('请先选择药店')).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: '切换药店' }));
    expect(await screen.findByText('我的药店列表')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pharmacy/switch-pharmacy');
  });

  it("用药人 also asks a pharmacy role's user (its staff contracts need the pharmacy)", async () => {
    open('/marketManage/drugser', testUser({ roles: ['shop'], pharmacy_admin_permissions: {} }), twoPharmacies);
    expect(await screen.findByText('请先选择药店', {}, WAIT)).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();
  });
});

describe('a page the operator opens without a pharmacy', { timeout: 120_000 }, () => {
  it('用药人 renders its platform list', async () => {
    open('/marketManage/drugser', operator);
    expect(await screen.findByRole('heading', { name: '用药人' }, WAIT)).toBeTruthy();
    expect((await screen.findAllByText('田海燕', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.queryByText('请先选择药店')).toBeNull();
    expect(vi.mocked(callApi).mock.calls.some(([c]) => c === drugserContracts.adminList)).toBe(true);
    expect(vi.mocked(callApi).mock.calls.some(([c]) => c === drugserContracts.list)).toBe(false);
  });
});
