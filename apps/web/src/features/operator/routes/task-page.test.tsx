import {
  type AdminTaskDetail,
  type AdminTaskSummary,
  adminTaskContracts as c,
  patientContracts,
} from '@pharmacy/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import TaskPage from './task-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const task = (id: number, title: string, extra: Partial<AdminTaskSummary> = {}): AdminTaskSummary => ({
  id,
  kind: 'delivery_check',
  origin: 'platform',
  title,
  status: 'pending',
  pharmacy: { id: 1, name: '仁心大药房(上海浦东店)' },
  customer: { account_id: 50, name: '李小华', phone: '139****0001' },
  assignee: { account_id: 4, name: '王丽娟' },
  creator: { account_id: 7, name: '赵运营' },
  due_at: '2099-01-01T02:00:00.000Z',
  overdue: false,
  order_id: null,
  conversation_id: null,
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});

const detailOf = (t: AdminTaskSummary): AdminTaskDetail => ({
  ...t,
  content: '请电话核实签收时间',
  address: '李小华 13900000001 上海市浦东新区张江路88号',
  order_no: null,
  result: '',
  cancel_reason: '',
  started_at: null,
  done_at: null,
  cancelled_at: null,
  logs: [
    {
      id: 1,
      action: 'create',
      actor: { account_id: 7, name: '赵运营' },
      from_status: null,
      to_status: 'pending',
      content: '负责人：王丽娟',
      created_at: t.created_at,
    },
  ],
  can_cancel: t.origin === 'platform' && (t.status === 'pending' || t.status === 'in_progress'),
});

let tasks: AdminTaskSummary[] = [];

function serve() {
  const handlers = new Map<unknown, (input: Record<string, unknown>) => unknown>([
    [
      c.list,
      () => ({
        list: tasks,
        total: tasks.length,
        page: 1,
        page_size: 20,
        counts: { all: tasks.length, pending: 2, in_progress: 0, done: 1, cancelled: 0, overdue: 1 },
      }),
    ],
    [c.pharmacyOptions, () => [{ id: 1, name: '仁心大药房(上海浦东店)', active: true }]],
    [c.staffOptions, () => [{ account_id: 4, name: '王丽娟', role: 'customer_service' }]],
    [c.customerOptions, () => [{ account_id: 50, name: '李小华', phone: '139****0001' }]],
    [c.log, (input) => detailOf(tasks.find((t) => t.id === input.id) ?? task(99, '新任务'))],
    [c.cancel, (input) => detailOf({ ...task(Number(input.id), 'x'), status: 'cancelled' })],
    [
      patientContracts.discernAddress,
      () => ({
        name: '张三',
        phone: '13812345678',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        detail: '张江路88号2号楼301室',
      }),
    ],
  ]);
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    const h = handlers.get(contract);
    if (!h) return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
    return Promise.resolve(h(input ?? {}));
  }) as typeof callApi);
}
const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([k]) => k === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage(url = '/website/task') {
  return renderRoute(<TaskPage />, { path: '/website/task', url, locale: null });
}
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

setupRouteTest();
beforeEach(() => {
  tasks = [
    task(1, '平台回访：核实配送时效', { overdue: true, due_at: '2026-11-01T02:00:00.000Z' }),
    task(2, '提醒复诊', { origin: 'pharmacy', kind: 'revisit' }),
    task(3, '平台回访：确认送达', { status: 'done' }),
  ];
  serve();
  useSessionStore.setState({
    token: 't',
    userInfo: testUser({ id: 7, roles: ['admin'], pharmacy_admin_permissions: {}, admin_permissions: ['task'] }),
    currentPharmacy: null,
  });
});

describe('operator task page', { timeout: 180_000 }, () => {
  it('tags origins, marks overdue rows, offers 取消任务 only on open platform tasks', async () => {
    renderPage();
    await screen.findByText('平台回访：核实配送时效', undefined, WAIT);
    expect(screen.getByRole('tab', { name: '全部 (3)' })).toBeTruthy();
    const open = within(rowOf('平台回访：核实配送时效'));
    expect(open.getByText('平台')).toBeTruthy();
    expect(open.getByText('已逾期')).toBeTruthy();
    expect(open.getByRole('button', { name: '取消任务' })).toBeTruthy();
    const own = within(rowOf('提醒复诊'));
    expect(own.getByText('药店')).toBeTruthy();
    expect(own.queryByRole('button', { name: '取消任务' })).toBeNull();
    expect(within(rowOf('平台回访：确认送达')).queryByRole('button', { name: '取消任务' })).toBeNull();
  });

  it('cancel asks for a reason, then sends it', async () => {
    renderPage('/website/task?action=cancel&id=1');
    const dialog = await screen.findByRole('dialog', { name: '取消任务' }, WAIT);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^确\s*定$/ }));
    });
    await within(dialog).findByText('请填写取消原因', undefined, WAIT);
    expect(callsOf(c.cancel)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '客户已撤回投诉' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^确\s*定$/ }));
    });
    await waitFor(() => expect(callsOf(c.cancel)).toEqual([{ id: 1, reason: '客户已撤回投诉' }]), WAIT);
  });

  it('the address dialog discerns a pasted address into editable parts and gives the form one line', async () => {
    renderPage('/website/task?action=create');
    const form = await screen.findByRole('dialog', { name: '新建平台任务' }, WAIT);
    // customer and assignee wait for the pharmacy
    expect(within(form).getAllByText('请先选择药店', { selector: '.ant-select-placeholder' })).toHaveLength(2);
    fireEvent.click(within(form).getByRole('button', { name: '粘贴识别' }));
    // both dialogs share the test DOM's stubbed label id: find the address dialog by its title
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText('填写地址'));
      if (!found) throw new Error('no address dialog');
      return found;
    }, WAIT);
    fireEvent.change(within(dialog).getByLabelText('粘贴地址'), {
      target: { value: '收货人：张三 电话：13812345678 地址：上海市浦东新区张江路88号2号楼301室' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /智能识别/ }));
    });
    await waitFor(
      () => expect((within(dialog).getByLabelText('详细地址') as HTMLInputElement).value).toBe('张江路88号2号楼301室'),
      WAIT,
    );
    fireEvent.change(within(dialog).getByLabelText('收货人'), { target: { value: '张三丰' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^确\s*定$/ }));
    });
    await waitFor(
      () =>
        expect((within(form).getByLabelText('地址') as HTMLInputElement).value).toBe(
          '张三丰 13812345678 上海市浦东新区张江路88号2号楼301室',
        ),
      WAIT,
    );
  });

  it('an operator without `task` is refused the page', async () => {
    useSessionStore.setState({ userInfo: testUser({ id: 8, roles: ['admin'], admin_permissions: ['report'] }) });
    renderPage();
    await screen.findByText('无权访问', undefined, WAIT);
    expect(callsOf(c.list)).toHaveLength(0);
  });
});
