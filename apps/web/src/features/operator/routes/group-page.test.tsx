import { type GroupDetail, type GroupListItem, groupContracts } from '@pharmacy/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import GroupPage from './group-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const group = (id: number, extra: Partial<GroupListItem> = {}): GroupListItem => ({
  id,
  name: `集团${id}`,
  remark: '',
  pharmacy_count: 0,
  cross_count: 0,
  order_count: 0,
  gmv: '0.00',
  member_count: 0,
  created_at: '2026-11-01T02:00:00.000Z',
  ...extra,
});

const chain = group(1, {
  name: '仁心大药房连锁',
  remark: '华东区域连锁门店',
  pharmacy_count: 2,
  cross_count: 1,
  order_count: 157,
  gmv: '24613.43',
  member_count: 217,
});
const empty = group(2, { name: '浙东医药集团' });

const detail = (crossFirst = false): GroupDetail => ({
  ...chain,
  since: '2026-10-27',
  cross_count: crossFirst ? 2 : 1,
  pharmacies: [
    {
      id: 11,
      name: '仁心大药房(上海浦东店)',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      status: 'active',
      cross_group: crossFirst,
      quote_count: 400,
      order_count: 120,
      gmv: '17268.57',
      member_count: 174,
    },
    {
      id: 12,
      name: '仁心大药房(杭州西湖店)',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      status: 'active',
      cross_group: true,
      quote_count: 397,
      order_count: 37,
      gmv: '7344.86',
      member_count: 77,
    },
  ],
});

const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage(url = '/website/group') {
  return renderRoute(<GroupPage />, { path: '/website/group', url });
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const button = (name: RegExp, scope: HTMLElement | Document = document) =>
  [...scope.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLElement;

setupRouteTest();
beforeEach(() => {
  useSessionStore.setState({
    token: 't',
    userInfo: testUser({ roles: ['admin'], admin_permissions: ['group'], pharmacy_admin_permissions: {} }),
    currentPharmacy: null,
  });
});

describe('集团管理', { timeout: 180_000 }, () => {
  it('is refused without the `group` key, before any call', async () => {
    useSessionStore.setState({ userInfo: testUser({ roles: ['admin'], admin_permissions: ['report'] }) });
    renderPage();
    expect(await screen.findByText('无权访问', undefined, WAIT)).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('lists groups with their figures; 删除 only for an empty one; the drawer switches sharing and removes', async () => {
    let crossFirst = false;
    vi.mocked(callApi).mockImplementation((async (contract: unknown) => {
      if (contract === groupContracts.list)
        return { list: [chain, empty], total: 2, page: 1, page_size: 20, since: '2026-10-27' };
      if (contract === groupContracts.detail) return detail(crossFirst);
      if (contract === groupContracts.setCross) {
        crossFirst = true;
        return detail(true);
      }
      if (contract === groupContracts.removeMember) return { ...detail(crossFirst), pharmacies: [] };
      throw new Error('unexpected call');
    }) as unknown as typeof callApi);
    const router = renderPage();
    await screen.findByText('仁心大药房连锁', undefined, WAIT);
    expect(
      screen.getByText('订单、GMV 为近 30 天（2026-10-27 起至今）的数据；删除集团前需先移出全部药店。'),
    ).toBeTruthy();
    expect(screen.getByText('¥24613.43')).toBeTruthy();
    const rows = [...document.querySelectorAll('tr.ant-table-row')] as HTMLElement[];
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).queryByText(/^删\s*除$/)).toBeNull();
    expect(within(rows[1]).getByText(/^删\s*除$/)).toBeTruthy();

    await click(button(/^仁心大药房连锁$/));
    await waitFor(() => expect(router.state.location.search).toBe('?action=detail&id=1'), WAIT);
    const drawer = (await screen.findByText('集团详情 · 仁心大药房连锁', undefined, WAIT)).closest(
      '.ant-drawer',
    ) as HTMLElement;
    await within(drawer).findByText('仁心大药房(上海浦东店)', undefined, WAIT);
    expect(within(drawer).getByText(/订单与 GMV 统计 2026-10-27 起至今/)).toBeTruthy();

    const toggle = within(drawer).getByRole('switch', { name: '集团共享报价：仁心大药房(上海浦东店)' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await click(toggle);
    await waitFor(
      () => expect(callsOf(groupContracts.setCross)).toEqual([{ id: 1, pharmacyId: 11, cross_group: true }]),
      WAIT,
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'), WAIT);

    const row = within(drawer).getByText('仁心大药房(杭州西湖店)').closest('tr') as HTMLElement;
    await click(button(/^移出$/, row));
    await click(button(/^移\s*出$/, document.querySelector('.ant-popconfirm') as HTMLElement));
    await waitFor(() => expect(callsOf(groupContracts.removeMember)).toEqual([{ id: 1, pharmacyId: 12 }]), WAIT);
    await within(drawer).findByText('暂无成员药店，点击“添加药店”加入', undefined, WAIT);
  });

  it('新建集团 sends the trimmed name; a taken name shows under the field', async () => {
    vi.mocked(callApi).mockImplementation((async (contract: unknown) => {
      if (contract === groupContracts.list) return { list: [], total: 0, page: 1, page_size: 20, since: '2026-10-27' };
      if (contract === groupContracts.create)
        throw new ApiError({
          httpCode: 409,
          message: 'Group name taken',
          msg: '集团名称已存在',
          responseData: { code: 409000, msg: '集团名称已存在', message: 'Group name taken', data: null },
        });
      throw new Error('unexpected call');
    }) as unknown as typeof callApi);
    renderPage();
    await screen.findByText('暂无集团', undefined, WAIT);
    await click(button(/^新建集团$/));
    const dialog = (await screen.findByText('新建集团', { selector: '.ant-modal-title' }, WAIT)).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('集团名称'), { target: { value: '  仁心大药房连锁 ' } });
    await click(button(/^保\s*存$/, dialog));
    await within(dialog).findByText('集团名称已存在', undefined, WAIT);
    expect(callsOf(groupContracts.create)).toEqual([{ name: '仁心大药房连锁', remark: '' }]);
  });
});
