import { type AuditLogQuery, auditContracts, type OperatorAccount, permissionContracts } from '@pharmacy/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import PermissionPage from './permission-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const operator = (o: Partial<OperatorAccount>): OperatorAccount => ({
  id: 1,
  account_id: 7,
  name: '赵运营',
  phone: '138****0007',
  permissions: ['all'],
  status: 'active',
  account_disabled: false,
  last_login_at: '2026-11-24T01:00:00.000Z',
  created_at: '2026-11-01T01:00:00.000Z',
  is_self: true,
  ...o,
});
const operators = [
  operator({}),
  operator({
    id: 2,
    account_id: 9,
    name: '孙投诉',
    phone: '138****0009',
    permissions: ['report', 'task'],
    is_self: false,
  }),
];

function renderPage(url: string, keys: string[] = ['all']) {
  vi.mocked(callApi).mockImplementation(((contract: unknown, input: unknown) => {
    if (contract === permissionContracts.list)
      return Promise.resolve({ list: operators, total: 2, page: 1, page_size: 20 });
    if (contract === permissionContracts.setKeys)
      return Promise.resolve({ ...operators[1], permissions: (input as { permissions: string[] }).permissions });
    if (contract === permissionContracts.create)
      return Promise.resolve({
        operator: operator({ id: 3, name: '钱新', phone: '137****0001', permissions: ['order'], is_self: false }),
        account_created: true,
        initial_password: 'Abcd123456',
      });
    if (contract === auditContracts.list)
      return Promise.resolve({
        list: [
          {
            id: 5,
            created_at: '2026-11-24T02:00:00.000Z',
            account_id: 7,
            account_phone: '13800000007',
            account_name: '赵运营',
            pharmacy_id: null,
            action: 'permission.keys',
            target: 'admin_profile:2',
            detail: { before: ['report'], after: ['report', 'task'] },
            ip: '127.0.0.1',
          },
        ],
        total: 1,
        page: 1,
        page_size: 20,
      });
    return Promise.resolve(null);
  }) as typeof callApi);
  return renderRoute(<PermissionPage />, {
    path: '/website/permission',
    url,
    user: testUser({ roles: ['admin'], admin_permissions: keys }),
  });
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

setupRouteTest();

describe('权限管理 (operator)', { timeout: 120_000 }, () => {
  it('lists operators with their keys; one’s own row has no actions; 修改权限 sends the ticked keys', async () => {
    renderPage('/website/permission');
    const sun = (await screen.findByText('孙投诉', {}, WAIT)).closest('tr')!;
    expect(within(sun).getByText('投诉管理')).toBeTruthy();
    expect(within(sun).getByText('任务管理')).toBeTruthy();
    const self = screen.getByText('赵运营').closest('tr')!;
    expect(within(self).getByText('本人')).toBeTruthy();
    expect(within(self).queryByRole('button', { name: '修改权限' })).toBeNull();
    expect(within(self).queryByRole('button', { name: '停用' })).toBeNull();

    fireEvent.click(within(sun).getByRole('button', { name: '修改权限' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '订单管理' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(permissionContracts.setKeys)).toHaveLength(1), WAIT);
    expect(calls(permissionContracts.setKeys)[0]![1]).toEqual({ id: 2, permissions: ['report', 'task', 'order'] });
  });

  it('全部权限 greys the other keys; a new account’s initial password is shown once', async () => {
    renderPage('/website/permission?action=create');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13700000001' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '钱新' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '全部权限' }));
    expect((within(dialog).getByRole('checkbox', { name: '订单管理' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '全部权限' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '订单管理' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(permissionContracts.create)).toHaveLength(1), WAIT);
    expect(calls(permissionContracts.create)[0]![1]).toEqual({
      phone: '13700000001',
      name: '钱新',
      permissions: ['order'],
      password: undefined,
    });
    expect(await screen.findByText('Abcd123456', {}, WAIT)).toBeTruthy();
    expect(screen.getByText(/初始密码仅显示这一次/)).toBeTruthy();
  });

  it('操作日志 reads its filters from the URL and shows who did what', async () => {
    renderPage(
      '/website/permission?tab=audit&phone=13800000007&operation=permission&target=admin_profile&date_from=2026-11-01',
    );
    await screen.findByText('修改运营权限', {}, WAIT);
    expect(calls(auditContracts.list)[0]![1]).toMatchObject({
      phone: '13800000007',
      action: 'permission',
      target: 'admin_profile',
      date_from: '2026-11-01',
    } satisfies Partial<AuditLogQuery>);
    expect(screen.getByText('138****0007')).toBeTruthy();
    expect(screen.getByText('admin_profile:2')).toBeTruthy();
  });

  it('an operator without all sees 无权访问 and calls nothing', async () => {
    renderPage('/website/permission', ['report', 'task']);
    expect(await screen.findByText('无权访问', {}, WAIT)).toBeTruthy();
    expect(calls(permissionContracts.list)).toHaveLength(0);
  });
});
