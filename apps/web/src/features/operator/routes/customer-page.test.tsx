import {
  type AdminCustomerCard,
  type AdminCustomerListItem,
  adminCustomerContracts,
  pharmacyDirectoryContracts,
} from '@pharmacy/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import CustomerPage from './customer-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const item: AdminCustomerListItem = {
  account_id: 51,
  name: '陈美玲',
  phone: '139****8826',
  head_img_url: '',
  pharmacies: [
    { id: 1, name: '仁心大药房（西湖店）' },
    { id: 2, name: '仁心大药房（滨江店）' },
    { id: 3, name: '康泰大药房' },
  ],
  joined_at: '2026-06-01T02:00:00.000Z',
  order_count: 3,
  paid_amount: '128.50',
  prescription_count: 1,
  first_order_at: '2026-06-02T02:00:00.000Z',
  last_order_at: '2026-11-20T02:00:00.000Z',
};

const card: AdminCustomerCard = {
  account_id: 51,
  name: '陈美玲',
  phone: '139****8826',
  head_img_url: '',
  status: 'active',
  registered_at: '2026-05-01T02:00:00.000Z',
  last_login_at: null,
  memberships: [
    {
      pharmacy_id: 1,
      pharmacy_name: '仁心大药房（西湖店）',
      member: { level: 2, points: 30, tags: [], joined_at: '2026-06-01T02:00:00.000Z' },
      crm: { owner_name: '王丽娟', tags: ['复购'], channel_name: null, source: '门店', last_contact_at: null },
    },
  ],
  family_members: [],
  addresses: [],
  order_count: 3,
  paid_amount: '128.50',
  first_order_at: '2026-06-02T02:00:00.000Z',
  last_order_at: '2026-11-20T02:00:00.000Z',
  orders: [
    {
      id: 9,
      order_no: 'O2026112000009',
      pharmacy_id: 1,
      pharmacy_name: '仁心大药房（西湖店）',
      status: 'completed',
      pay_amount: '36.50',
      created_at: '2026-11-20T02:00:00.000Z',
    },
  ],
  prescription_count: 1,
  prescriptions: [],
  complaint_count: 0,
  complaints: [],
};

function renderPage(url: string, keys: string[] = ['viper']) {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === adminCustomerContracts.list)
      return Promise.resolve({ list: [item], total: 1, page: 1, page_size: 20 });
    if (contract === adminCustomerContracts.card) return Promise.resolve(card);
    if (contract === adminCustomerContracts.phone) return Promise.resolve({ phone: '13912348826' });
    if (contract === pharmacyDirectoryContracts.list)
      return Promise.resolve({ list: [{ id: 1, name: '仁心大药房（西湖店）' }], total: 1, page: 1, page_size: 100 });
    return Promise.resolve(null);
  }) as typeof callApi);
  return renderRoute(<CustomerPage />, {
    path: '/website/customer',
    url,
    user: testUser({ roles: ['admin'], admin_permissions: keys }),
  });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('会员管理 (operator)', { timeout: 120_000 }, () => {
  it('reads its filters from the URL and shows the masked members with their pharmacies and figures', async () => {
    renderPage('/website/customer?keyword=8826&has_prescription=yes&joined_from=2026-06-01&page=1');
    await screen.findByText('陈美玲', {}, WAIT);
    expect(calls(adminCustomerContracts.list)[0]![1]).toMatchObject({
      keyword: '8826',
      has_prescription: 'yes',
      joined_from: '2026-06-01',
      page: 1,
    });
    expect(screen.getByText('139****8826')).toBeTruthy();
    expect(screen.getByText('¥128.50')).toBeTruthy();
    // two pharmacy tags, then 等 3 家
    expect(screen.getByText('等 3 家')).toBeTruthy();
    expect(screen.queryByText('康泰大药房')).toBeNull();
  });

  it('opens the card from the URL; 查看完整号码 asks the server and shows the full phone', async () => {
    renderPage('/website/customer?action=card&id=51');
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText('会员卡片 · 陈美玲', {}, WAIT);
    expect(calls(adminCustomerContracts.card)[0]![1]).toEqual({ id: 51 });
    for (const tab of ['概览', '家庭成员（0）', '收货地址（0）', '订单（3）', '处方（1）', '投诉（0）'])
      expect(within(drawer).getByRole('tab', { name: tab })).toBeTruthy();
    expect(within(drawer).queryByText('13912348826')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: '查看完整号码' }));
    expect(await within(drawer).findAllByText('13912348826')).not.toHaveLength(0);
    await waitFor(() => expect(calls(adminCustomerContracts.phone)).toHaveLength(1));
    expect(calls(adminCustomerContracts.phone)[0]![1]).toEqual({ id: 51 });
    expect(within(drawer).queryByRole('button', { name: '查看完整号码' })).toBeNull();
  });

  it('an operator without viper sees 无权访问 and calls nothing', async () => {
    renderPage('/website/customer', ['report']);
    expect(await screen.findByText('无权访问', {}, WAIT)).toBeTruthy();
    expect(calls(adminCustomerContracts.list)).toHaveLength(0);
  });
});
