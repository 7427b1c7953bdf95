import { taskContracts as c, type TaskDetail, type TaskSummary } from '@pharmacy/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import TaskPage from './task-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };
/** The signed-in staff member (testUser's id). */
const ME = 2;

const task = (id: number, title: string, extra: Partial<TaskSummary> = {}): TaskSummary => ({
  id,
  kind: 'follow_up',
  origin: 'pharmacy',
  title,
  status: 'pending',
  customer: { account_id: 50, name: '李小华', phone: '139****0001' },
  assignee: { account_id: ME, name: '王丽娟' },
  creator: { account_id: 3, name: '陈志强' },
  due_at: '2099-01-01T02:00:00.000Z',
  overdue: false,
  order_id: null,
  conversation_id: null,
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});

const detailOf = (t: TaskSummary): TaskDetail => ({
  ...t,
  content: '电话回访',
  address: '',
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
      actor: { account_id: 3, name: '陈志强' },
      from_status: null,
      to_status: 'pending',
      content: '负责人：王丽娟',
      created_at: t.created_at,
    },
  ],
  actions: t.assignee.account_id === ME ? ['start', 'done', 'cancel'] : [],
  can_edit: true,
  can_assign: false,
});

let tasks: TaskSummary[] = [];

function serve() {
  const handlers = new Map<unknown, (input: Record<string, unknown>) => unknown>([
    [
      c.list,
      () => ({
        list: tasks,
        total: tasks.length,
        page: 1,
        page_size: 20,
        counts: { all: tasks.length, pending: tasks.length, in_progress: 0, done: 0, cancelled: 0, overdue: 1 },
      }),
    ],
    [
      c.staffOptions,
      () => [
        { account_id: ME, name: '王丽娟', role: 'customer_service' },
        { account_id: 12, name: '吴婷婷', role: 'customer_service' },
      ],
    ],
    [c.customerOptions, () => [{ account_id: 50, name: '李小华', phone: '139****0001' }]],
    [c.detail, (input) => detailOf(tasks.find((t) => t.id === input.id) ?? task(99, '新任务', { id: 99 }))],
    [c.create, () => ({ id: 99 })],
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

function renderPage(url = '/marketManage/task') {
  return renderRoute(<TaskPage />, { path: '/marketManage/task', url, locale: null });
}
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

setupRouteTest();
beforeEach(() => {
  tasks = [
    task(1, '回访用药情况', { overdue: true, due_at: '2026-11-01T02:00:00.000Z' }),
    task(2, '提醒复诊', {
      origin: 'platform',
      assignee: { account_id: 12, name: '吴婷婷' },
      creator: { account_id: ME, name: '王丽娟' },
    }),
  ];
  serve();
  useSessionStore.setState({
    token: 't',
    userInfo: testUser({ roles: ['customer_service'] }),
    currentPharmacy: { ...testPharmacy(7), role: 'customer_service' },
  });
});

describe('task page', { timeout: 180_000 }, () => {
  it('overdue rows say 已逾期; customer service acts only on the tasks assigned to them', async () => {
    renderPage();
    await screen.findByText('回访用药情况', undefined, WAIT);
    expect(screen.getByRole('tab', { name: '全部 (2)' })).toBeTruthy();
    const overdue = within(rowOf('回访用药情况'));
    expect(overdue.getByText('已逾期')).toBeTruthy();
    expect(overdue.getByRole('button', { name: '开始处理' })).toBeTruthy();
    expect(overdue.getByRole('button', { name: '取消任务' })).toBeTruthy();
    const others = within(rowOf('提醒复诊'));
    expect(others.getByText('平台')).toBeTruthy(); // a platform task (set by the operator)
    expect(overdue.queryByText('平台')).toBeNull();
    expect(others.queryByText('已逾期')).toBeNull();
    expect(others.queryByRole('button', { name: '开始处理' })).toBeNull();
    expect(others.queryByRole('button', { name: '取消任务' })).toBeNull();
  });

  it('?id= opens the drawer with the log timeline', async () => {
    const router = renderPage('/marketManage/task?id=1');
    const drawer = await screen.findByRole('dialog', undefined, WAIT);
    await within(drawer).findByText('负责人：王丽娟', undefined, WAIT);
    expect(router.state.location.search).toContain('action=detail');
    expect(within(drawer).getByRole('button', { name: '开始处理' })).toBeTruthy();
  });

  it('?create=1&customer=&conversation= opens 新建任务 prefilled; the new task opens in the drawer', async () => {
    const router = renderPage('/marketManage/task?create=1&customer=50&conversation=9');
    const dialog = await screen.findByRole('dialog', { name: '新建任务' }, WAIT);
    await within(dialog).findByText('李小华（139****0001）', undefined, WAIT);
    await waitFor(() => expect(within(dialog).getByText('王丽娟（我）')).toBeTruthy(), WAIT);
    const title = within(dialog).getByLabelText('任务标题') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('跟进回访：李小华'), WAIT);
    fireEvent.change(title, { target: { value: '回访咨询情况' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^创\s*建$/ }));
    });
    await waitFor(() => expect(callsOf(c.create)).toHaveLength(1), WAIT);
    expect(callsOf(c.create)[0]).toMatchObject({
      kind: 'follow_up',
      title: '回访咨询情况',
      customer_account_id: 50,
      assignee_account_id: ME,
      conversation_id: 9,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?action=detail&id=99'), WAIT);
  });
});
