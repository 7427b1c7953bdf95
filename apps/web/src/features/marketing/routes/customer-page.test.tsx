import { type CustomerCard, type CustomerListItem, type CustomerOptions, customerContracts } from '@pharmacy/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import CustomerPage from './customer-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };
const ME = 2;

const item: CustomerListItem = {
  id: 5,
  account_id: 51,
  name: '陈美玲',
  phone: '139****8826',
  head_img_url: '',
  level: 3,
  tags: ['宝妈', '复购'],
  source: '门店海报',
  channel_id: 1,
  channel_name: '门店海报',
  owner_account_id: null,
  owner_name: null,
  last_contact_at: '2026-08-01T02:00:00.000Z',
  created_at: '2026-06-01T02:00:00.000Z',
};

const card = (extra: Partial<CustomerCard> = {}): CustomerCard => ({
  ...item,
  points: 120,
  notes: '偏好下午联系。',
  can_edit: false,
  can_assign: false,
  family_members: [],
  addresses: [],
  orders: [
    {
      id: 9,
      order_no: 'O2026112400001',
      kind: 'proxy',
      status: 'pending_payment',
      pay_amount: '36.50',
      item_count: 2,
      first_item: '布洛芬缓释胶囊',
      created_at: '2026-11-20T02:00:00.000Z',
    },
  ],
  order_count: 1,
  prescriptions: [],
  chats: [],
  live: { total_seconds: 3900, watches: [], enrollments: [], exams: [] },
  follow_ups: [],
  follow_up_count: 0,
  tasks: [],
  task_open_count: 0,
  task_count: 0,
  ...extra,
});

const options = (manager: boolean): CustomerOptions => ({
  staff: [
    { account_id: ME, name: '王丽娟', role: 'customer_service', team_id: 1 },
    { account_id: 3, name: '陈志强', role: 'manager', team_id: 1 },
  ],
  channels: [{ id: 1, name: '门店海报' }],
  tags: ['复购'],
  me: { account_id: ME, role: manager ? 'manager' : 'customer_service', is_manager: manager },
});

function renderPage(role: 'manager' | 'customer_service', url: string, cardData: CustomerCard = card()) {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === customerContracts.list) return Promise.resolve({ list: [item], total: 1, page: 1, page_size: 20 });
    if (contract === customerContracts.options) return Promise.resolve(options(role === 'manager'));
    if (contract === customerContracts.card) return Promise.resolve(cardData);
    if (contract === customerContracts.followUps) return Promise.resolve([]);
    if (contract === customerContracts.phone) return Promise.resolve({ phone: '13912348826' });
    if (contract === customerContracts.assignOwner)
      return Promise.resolve({ ...cardData, owner_account_id: ME, owner_name: '王丽娟', can_edit: true });
    // the task dialog's pickers
    return Promise.resolve([]);
  }) as typeof callApi);
  return renderRoute(
    [
      { path: '/marketManage/customer', element: <CustomerPage /> },
      { path: '/marketManage/substituteOrder', element: <p>代下单页</p> },
    ],
    { url, user: testUser({ id: ME }), pharmacy: { ...testPharmacy(7), role } },
  );
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('会员管理', { timeout: 120_000 }, () => {
  it('customer service starts on 我的客户; a manager on the whole pharmacy; owner=all shows everyone', async () => {
    renderPage('customer_service', '/marketManage/customer');
    await screen.findByText('陈美玲', {}, WAIT);
    expect(calls(customerContracts.list)[0][1]).toMatchObject({ owner: 'me', page: 1 });
    cleanup();
    vi.mocked(callApi).mockReset();

    renderPage('customer_service', '/marketManage/customer?owner=all');
    await screen.findByText('陈美玲', {}, WAIT);
    expect(calls(customerContracts.list)[0][1]).toMatchObject({ owner: 'all' });
    cleanup();
    vi.mocked(callApi).mockReset();

    renderPage('manager', '/marketManage/customer?tag=%E5%A4%8D%E8%B4%AD&not_contacted_days=30');
    await screen.findByText('陈美玲', {}, WAIT);
    const query = calls(customerContracts.list)[0][1] as Record<string, unknown>;
    expect(query.owner).toBeUndefined();
    expect(query).toMatchObject({ tag: '复购', not_contacted_days: 30 });
    // 100+ days without contact reads red in the list
    expect(screen.getByText(/^1\d\d 天未联系$/)).toBeTruthy();
  });

  it("customer service opens another member's card from the URL: no phone reveal nor edit; takes an unowned customer", async () => {
    renderPage('customer_service', '/marketManage/customer?action=card&id=5');
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('客户卡片 · 陈美玲', {}, WAIT);
    expect(within(drawer).queryByRole('button', { name: '查看完整号码' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: '分配负责人' })).toBeNull();
    for (const tab of ['概览', '跟进记录（0）', '订单（1）', '处方（0）', '聊天（0）', '直播', '任务（0/0）'])
      expect(within(drawer).getByRole('tab', { name: tab })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('tab', { name: '订单（1）' }));
    expect(await within(drawer).findByText('布洛芬缓释胶囊 等 2 件')).toBeTruthy();
    expect(within(drawer).getByText('¥36.50')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: '认领客户' }));
    await waitFor(() => expect(calls(customerContracts.assignOwner)).toHaveLength(1));
    expect(calls(customerContracts.assignOwner)[0][1]).toEqual({ id: 5, owner_account_id: ME });
  });

  it('a manager reveals the phone (the server audits it) and 代下单 goes to the substitute order page', async () => {
    const router = renderPage(
      'manager',
      '/marketManage/customer?action=card&id=5',
      card({ can_edit: true, can_assign: true, owner_account_id: 3, owner_name: '陈志强' }),
    );
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(await within(drawer).findByRole('button', { name: '查看完整号码' }, WAIT));
    expect(await within(drawer).findAllByText('13912348826')).not.toHaveLength(0);
    expect(calls(customerContracts.phone)[0][1]).toEqual({ id: 5 });
    expect(within(drawer).getByRole('button', { name: '分配负责人' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: /代下单/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketManage/substituteOrder'));
    expect(router.state.location.search).toBe('?customer=51');
  });
});
