import { type ChatCannedReply, type ChatSettings, chatDefaults, chatDeskContracts } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError, callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import ChatSettingsPage from './chat-settings-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const settings = (extra: Partial<ChatSettings> = {}): ChatSettings => ({
  ...chatDefaults,
  work_days: [1, 2, 3, 4, 5],
  editable: true,
  ...extra,
});

const reply = (id: number, shortcut: string, content: string): ChatCannedReply => ({
  id,
  shortcut,
  content,
  sort: id,
  updated_at: '2026-11-24T08:00:00.000Z',
});

type Handler = (input: Record<string, unknown>) => unknown;

/** Answers callApi by contract; an unexpected call fails the test. */
function serve(routes: [unknown, Handler][]) {
  const handlers = new Map(routes);
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    const h = handlers.get(contract);
    if (!h) return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
    try {
      return Promise.resolve(h(input ?? {}));
    } catch (error) {
      return Promise.reject(error);
    }
  }) as typeof callApi);
}

const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

/** A refusal as the HTTP layer throws it. */
const refusal = (httpCode: number, code: number, msg: string, data: unknown = null) =>
  new ApiError({ httpCode, message: 'refused', msg, responseData: { code, msg, message: 'refused', data } });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/chatRoom/settings', element: <ChatSettingsPage /> }], {
    initialEntries: ['/chatRoom/settings'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const errorOf = (label: string) => {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
};

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
  useSessionStore.setState({
    token: 't',
    userInfo: testUser(),
    currentPharmacy: { ...testPharmacy(7), role: 'manager' },
  });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  useSessionStore.getState().clear();
});

const base = (s: ChatSettings, replies: ChatCannedReply[] = []): [unknown, Handler][] => [
  [chatDeskContracts.settings, () => s],
  [chatDeskContracts.cannedReplies, () => replies],
  [chatDeskContracts.myStatus, () => ({ status: 'online', online: true })],
];

describe('chat settings page', { timeout: 180_000 }, () => {
  it('checks the reception form before sending: empty greeting, no work day, limit out of range, end before start', async () => {
    serve(base(settings({ work_start: '21:00', work_end: '08:00' })));
    renderPage();
    const greeting = await screen.findByLabelText('欢迎语', undefined, WAIT);
    expect((greeting as HTMLTextAreaElement).value).toBe(chatDefaults.greeting);
    // 周一…周五 checked, 周六 / 周日 not
    expect((screen.getByRole('checkbox', { name: '周一' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: '周日' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.change(greeting, { target: { value: '   ' } });
    for (const day of ['周一', '周二', '周三', '周四', '周五'])
      fireEvent.click(screen.getByRole('checkbox', { name: day }));
    fireEvent.change(screen.getByLabelText('每人接待上限'), { target: { value: '0' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    });
    await waitFor(() => expect(errorOf('欢迎语')).toBe('请输入欢迎语'), WAIT);
    expect(errorOf('每人接待上限')).toBe('接待上限至少为 1');
    expect(errorOf('下班时间')).toBe('下班时间须晚于上班时间');
    expect(screen.getByText('请至少选择一个工作日')).toBeTruthy();
    expect(callsOf(chatDeskContracts.saveSettings)).toEqual([]);
  });

  it('saves the settings and puts a field error the server names under its field', async () => {
    let saved: Record<string, unknown> | null = null;
    serve([
      ...base(settings()),
      [
        chatDeskContracts.saveSettings,
        (input) => {
          if (String(input.off_hours_reply).includes('违规'))
            throw refusal(400, 400000, 'off_hours_reply 含有不允许的内容');
          saved = input;
          return { ...settings(), ...input, editable: true };
        },
      ],
    ]);
    renderPage();
    const reply = await screen.findByLabelText('非工作时间自动回复', undefined, WAIT);
    fireEvent.change(reply, { target: { value: '违规内容' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    });
    await waitFor(() => expect(errorOf('非工作时间自动回复')).toBe('含有不允许的内容'), WAIT);
    expect(saved).toBeNull();

    fireEvent.change(reply, { target: { value: '下班啦，明早回复您' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '周六' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    });
    await waitFor(() => expect(saved).not.toBeNull(), WAIT);
    expect(saved).toEqual({
      greeting: chatDefaults.greeting,
      off_hours_reply: '下班啦，明早回复您',
      work_days: [1, 2, 3, 4, 5, 6],
      work_start: chatDefaults.work_start,
      work_end: chatDefaults.work_end,
      per_staff_limit: chatDefaults.per_staff_limit,
    });
  });

  it('shows the settings read-only with whom to ask when the member may not change them', async () => {
    useSessionStore.setState({ currentPharmacy: { ...testPharmacy(7), role: 'customer_service' } });
    serve(base(settings({ editable: false })));
    renderPage();
    await screen.findByText('接待设置仅店主、药店管理员、经理可以修改，如需调整请联系他们', undefined, WAIT);
    expect((screen.getByLabelText('欢迎语') as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: '周一' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('每人接待上限') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存设置' })).toBeNull();
    // canned replies and the status stay theirs to use
    expect(screen.getByRole('button', { name: '新增快捷回复' })).toBeTruthy();
  });

  it('adds a canned reply; a shortcut the pharmacy has comes back under the field', async () => {
    const replies = [reply(1, '用法', '饭后服用，每日三次')];
    serve([
      ...base(settings(), replies),
      [
        chatDeskContracts.createCannedReply,
        (input) => {
          if (replies.some((r) => r.shortcut === input.shortcut))
            throw refusal(409, 409000, '快捷短语已存在', { field: 'shortcut' });
          const created = reply(replies.length + 1, String(input.shortcut), String(input.content));
          replies.push(created);
          return created;
        },
      ],
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: '快捷回复列表' }, WAIT);
    await within(table).findByText('饭后服用，每日三次', undefined, WAIT);

    fireEvent.click(screen.getByRole('button', { name: '新增快捷回复' }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    fireEvent.change(within(dialog).getByLabelText('快捷短语'), { target: { value: '用 法' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    });
    await waitFor(() => expect(errorOf('快捷短语')).toBe('快捷短语不能包含空格或 /'), WAIT);
    expect(errorOf('回复内容')).toBe('请输入回复内容');

    fireEvent.change(within(dialog).getByLabelText('快捷短语'), { target: { value: '用法' } });
    fireEvent.change(within(dialog).getByLabelText('回复内容'), { target: { value: '请遵医嘱' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    });
    await waitFor(() => expect(errorOf('快捷短语')).toBe('快捷短语已存在'), WAIT);

    fireEvent.change(within(dialog).getByLabelText('快捷短语'), { target: { value: '禁忌' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    });
    await within(table).findByText('请遵医嘱', undefined, WAIT);
    expect(callsOf(chatDeskContracts.createCannedReply).at(-1)).toEqual({
      shortcut: '禁忌',
      content: '请遵医嘱',
      sort: 0,
    });
  });

  it('sets my status to 离开 and shows whether I am counted online', async () => {
    let status: 'online' | 'away' = 'online';
    serve([
      ...base(settings()).filter(([c]) => c !== chatDeskContracts.myStatus),
      [chatDeskContracts.myStatus, () => ({ status, online: status === 'online' })],
      [
        chatDeskContracts.setMyStatus,
        (input) => {
          status = input.status as typeof status;
          return { status, online: status === 'online' };
        },
      ],
    ]);
    renderPage();
    const state = await screen.findByRole('status', { name: '当前接待状态' }, WAIT);
    await waitFor(() => expect(state.textContent).toContain('当前计为在线'), WAIT);
    fireEvent.click(screen.getByText('离开'));
    await waitFor(() => expect(state.textContent).toContain('已离开'), WAIT);
    expect(callsOf(chatDeskContracts.setMyStatus)).toEqual([{ status: 'away' }]);
  });
});
