import { type BlackUserList, blacklistContracts } from '@pharmacy/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import BlackUserPage from './black-user-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const page: BlackUserList = {
  list: [
    {
      id: 11,
      phone: '139****0009',
      account_id: 501,
      account_name: '赵国强',
      reason: '多次下单后恶意拒收',
      created_by: { account_id: 3, name: '陈志强' },
      created_at: '2026-11-18T02:00:00.000Z',
    },
    {
      id: 10,
      phone: '137****0009',
      account_id: null,
      account_name: '',
      reason: '反复来电骚扰',
      created_by: null,
      created_at: '2026-10-01T02:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

function renderPage(role: 'manager' | 'customer_service', url = '/marketManage/blackUser') {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === blacklistContracts.list) return Promise.resolve(page);
    if (contract === blacklistContracts.add) return Promise.resolve(page.list[0]);
    if (contract === blacklistContracts.remove) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
  renderRoute(<BlackUserPage />, {
    path: '/marketManage/blackUser',
    url,
    user: testUser(),
    pharmacy: { ...testPharmacy(7), role },
  });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('black user page', { timeout: 120_000 }, () => {
  it('a manager sees the list and removes an entry after confirming', async () => {
    renderPage('manager', '/marketManage/blackUser?keyword=0009');
    const row = (await screen.findByText('139****0009', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByText('赵国强')).toBeTruthy();
    expect(within(row).getByText('陈志强')).toBeTruthy();
    expect(screen.getByText('未注册')).toBeTruthy();
    expect(calls(blacklistContracts.list)[0][1]).toMatchObject({ keyword: '0009', page: 1 });

    fireEvent.click(within(row).getByRole('button', { name: /移\s*出/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(blacklistContracts.remove)).toHaveLength(1));
    expect(calls(blacklistContracts.remove)[0][1]).toEqual({ id: 11 });
  });

  it('customer service may add (validated) but not remove', async () => {
    renderPage('customer_service');
    const row = (await screen.findByText('139****0009', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /移\s*出/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /添加黑名单/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入 11 位手机号'), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /加入黑名单/ }));
    expect(await within(dialog).findByText('手机号格式不正确')).toBeTruthy();
    expect(await within(dialog).findByText('请填写拉黑原因')).toBeTruthy();
    expect(calls(blacklistContracts.add)).toHaveLength(0);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入 11 位手机号'), { target: { value: '13612345678' } });
    fireEvent.change(within(dialog).getByPlaceholderText('例如：多次下单后恶意拒收'), { target: { value: ' 骚扰 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /加入黑名单/ }));
    await waitFor(() => expect(calls(blacklistContracts.add)).toHaveLength(1));
    expect(calls(blacklistContracts.add)[0][1]).toEqual({ phone: '13612345678', reason: '骚扰' });
  });
});
