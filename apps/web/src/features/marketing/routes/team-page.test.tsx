import { type TeamList, teamContracts } from '@pharmacy/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import TeamPage from './team-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const member = (id: number, name: string, role: 'manager' | 'customer_service', teamId: number | null) => ({
  member_id: id,
  account_id: 100 + id,
  name,
  role,
  phone: `138****00${String(id).padStart(2, '0')}`,
  team_id: teamId,
  customers: id * 3,
  new_customers_month: id,
});

const managerView: TeamList = {
  teams: [
    {
      id: 1,
      name: '浦东客服一组',
      leader_account_id: 103,
      leader_name: '陈志强',
      created_at: '2026-11-01T00:00:00.000Z',
      members: [member(3, '陈志强', 'manager', 1), member(4, '王丽娟', 'customer_service', 1)],
    },
    {
      id: 2,
      name: '浦东客服二组',
      leader_account_id: null,
      leader_name: null,
      created_at: '2026-11-02T00:00:00.000Z',
      members: [],
    },
  ],
  unassigned: [member(9, '周晓敏', 'customer_service', null)],
  me: 3,
};

const csView: TeamList = { teams: [managerView.teams[0]], unassigned: [], me: 4 };

function renderPage(role: 'manager' | 'customer_service', data: TeamList) {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === teamContracts.list) return Promise.resolve(data);
    if (contract === teamContracts.qrcode) return Promise.resolve(new Blob(['png'], { type: 'image/png' }));
    if (contract === teamContracts.removeMember) return Promise.resolve(managerView.teams[0]);
    if (contract === teamContracts.addMember) return Promise.resolve(managerView.teams[1]);
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
  renderRoute(<TeamPage />, { path: '/marketManage/team', user: testUser(), pharmacy: { ...testPharmacy(7), role } });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();
beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:code';
  URL.revokeObjectURL ??= () => undefined;
});

describe('team page', { timeout: 120_000 }, () => {
  it('a manager manages teams: every member has a code, members can be removed', async () => {
    renderPage('manager', managerView);
    const one = await screen.findByRole('region', { name: '浦东客服一组' }, WAIT);
    expect(within(one).getByText('组长：陈志强 · 2 人')).toBeTruthy();
    const row = within(one).getByText('王丽娟').closest('tr') as HTMLElement;
    expect(within(row).getByText('138****0004')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '王丽娟的专属二维码' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /新建团队/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: '未分组' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /移\s*出/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls(teamContracts.removeMember)).toHaveLength(1));
    expect(calls(teamContracts.removeMember)[0][1]).toEqual({ id: 1, memberId: 4 });

    // the code opens in a dialog from the server's PNG, with 下载 and the invitation link
    fireEvent.click(within(row).getByRole('button', { name: '王丽娟的专属二维码' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(calls(teamContracts.qrcode).at(-1)?.[1]).toEqual({ memberId: 4 }));
    expect((within(dialog).getByLabelText('二维码链接') as HTMLInputElement).value).toBe(
      `${window.location.origin}/patient/invite?staff=4`,
    );
    await within(dialog).findByRole('img', { name: '王丽娟的专属二维码' });
  });

  it('customer service sees their team read-only, with only their own code', async () => {
    renderPage('customer_service', csView);
    const one = await screen.findByRole('region', { name: '浦东客服一组' }, WAIT);
    expect(screen.queryByRole('button', { name: /新建团队/ })).toBeNull();
    expect(within(one).queryByRole('button', { name: /移\s*出/ })).toBeNull();
    expect(within(one).queryByRole('button', { name: '添加成员' })).toBeNull();
    expect(within(one).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(one).queryByRole('button', { name: '陈志强的专属二维码' })).toBeNull();
    expect(within(one).getByRole('button', { name: '王丽娟的专属二维码' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /我的专属二维码/ })).toBeTruthy();
  });
});
