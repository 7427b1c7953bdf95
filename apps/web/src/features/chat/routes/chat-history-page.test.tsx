import {
  type ChatHistoryRow,
  type ChatMessage,
  chatContracts,
  chatDeskContracts,
  type PageResult,
} from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import ChatHistoryPage from './chat-history-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const row = (id: number, extra: Partial<ChatHistoryRow> = {}): ChatHistoryRow => ({
  id,
  pharmacy_id: 7,
  pharmacy_name: '康心大药房',
  pharmacy_logo: '',
  patient_account_id: 100 + id,
  patient_name: `患者${id}`,
  patient_phone: '139****0001',
  patient_avatar: '',
  assignee_id: 4,
  assignee_name: '李客服',
  status: 'closed',
  queued_at: null,
  last_seq: 40,
  last_message_at: '2026-11-23T08:00:00.000Z',
  last_message_preview: '本次会话已结束',
  staff_unread: 0,
  patient_unread: 0,
  staff_read_seq: 40,
  patient_read_seq: 40,
  created_at: '2026-11-23T07:00:00.000Z',
  updated_at: '2026-11-23T08:00:00.000Z',
  closed_at: '2026-11-23T08:00:00.000Z',
  message_count: 40,
  matched_text: null,
  ...extra,
});

const message = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1000 + seq,
  conversation_id: 7,
  seq,
  sender_side: seq % 2 ? 'patient' : 'staff',
  sender_id: seq % 2 ? 107 : 4,
  sender_name: seq % 2 ? '患者7' : '李客服',
  client_id: null,
  kind: 'text',
  body: `第${seq}条消息`,
  image: null,
  product: null,
  order: null,
  created_at: '2026-11-23T07:30:00.000Z',
  ...extra,
});

type Handler = (input: Record<string, unknown>) => unknown;

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

/** The history answers every query with the rows given; the transcript of 7 is seq 1…40 in pages of 30. */
function serveHistory(rows: ChatHistoryRow[], total = rows.length) {
  const all = Array.from({ length: 40 }, (_, i) => message(i + 1));
  serve([
    [
      chatDeskContracts.history,
      (q): PageResult<ChatHistoryRow> => ({
        list: rows,
        total,
        page: Number(q.page),
        page_size: Number(q.page_size),
      }),
    ],
    [
      chatDeskContracts.colleagues,
      () => [
        {
          account_id: 4,
          name: '李客服',
          role: 'customer_service',
          role_label: '客服',
          status: 'online',
          open_count: 1,
        },
        { account_id: 6, name: '王药师', role: 'pharmacist', role_label: '药师', status: 'away', open_count: 0 },
      ],
    ],
    [
      chatContracts.messages,
      (q) => {
        const before = q.before_seq ? Number(q.before_seq) : 41;
        const older = all.filter((m) => m.seq < before);
        const list = older.slice(-Number(q.limit));
        return { list, has_more: older.length > list.length };
      },
    ],
    [chatContracts.detail, (q) => row(Number(q.id), { patient_name: `链接患者${q.id}` })],
  ]);
}

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/chatRoom/chatHistory', element: <ChatHistoryPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const params = (router: ReturnType<typeof renderPage>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  useSessionStore.setState({
    token: 't',
    userInfo: testUser(),
    currentPharmacy: { ...testPharmacy(7), role: 'customer_service' },
  });
});
afterEach(() => {
  cleanup();
  useSessionStore.getState().clear();
});

describe('chat history page', { timeout: 180_000 }, () => {
  it('reads its filters from the URL, writes 查询 back to it (page 1) and 重置 clears them; matched words are marked', async () => {
    serveHistory(
      [
        row(7, { matched_text: '医生说布洛芬饭后吃，每天两次', last_message_preview: '好的' }),
        row(8, { patient_name: '张三', status: 'open' }),
      ],
      45,
    );
    const router = renderPage('/chatRoom/chatHistory?patient=张&status=closed&staff_id=4&date_from=2026-11-20&page=2');
    await screen.findByText('患者7', undefined, WAIT);
    await waitFor(() =>
      expect(callsOf(chatDeskContracts.history).at(-1)).toEqual({
        page: 2,
        page_size: 20,
        date_from: '2026-11-20',
        patient: '张',
        staff_id: 4,
        status: 'closed',
      }),
    );
    expect((screen.getByLabelText('患者') as HTMLInputElement).value).toBe('张');
    expect((screen.getByPlaceholderText('会话开始日期') as HTMLInputElement).value).toBe('2026-11-20');
    const filters = screen.getByLabelText('患者').closest('form') as HTMLElement;
    await within(filters).findByText('李客服', undefined, WAIT);
    expect(within(filters).getByText('已结束')).toBeTruthy();
    // without a text search the column shows the last message
    expect(screen.getByRole('columnheader', { name: '最后一条消息' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('消息内容'), { target: { value: '布洛芬' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    });
    await waitFor(
      () =>
        expect(params(router)).toEqual({
          patient: '张',
          staff_id: '4',
          status: 'closed',
          date_from: '2026-11-20',
          text: '布洛芬',
        }),
      WAIT,
    );
    await waitFor(() => expect(callsOf(chatDeskContracts.history).at(-1)).toMatchObject({ page: 1, text: '布洛芬' }));
    // the matched message, its words marked
    await screen.findByRole('columnheader', { name: '匹配内容' }, WAIT);
    const marks = (await screen.findAllByText('布洛芬', { selector: 'mark' }, WAIT)).filter(
      (m) => !m.closest('.ant-tooltip'),
    );
    expect(marks[0].parentElement?.textContent).toBe('医生说布洛芬饭后吃，每天两次');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^重\s*置$/ }));
    });
    await waitFor(() => expect(router.state.location.search).toBe(''), WAIT);
    await waitFor(() => expect((screen.getByLabelText('消息内容') as HTMLInputElement).value).toBe(''), WAIT);
    expect((screen.getByPlaceholderText('会话开始日期') as HTMLInputElement).value).toBe('');

    // back restores the filters (the URL is the state)
    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect((screen.getByLabelText('消息内容') as HTMLInputElement).value).toBe('布洛芬'), WAIT);
  });

  it('查看 opens the transcript from the URL, read-only, older messages on demand; a link opens one off the page', async () => {
    serveHistory([row(7)]);
    const router = renderPage('/chatRoom/chatHistory');
    await screen.findByText('患者7', undefined, WAIT);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^查\s*看$/ }));
    });
    await waitFor(() => expect(params(router)).toEqual({ action: 'view', id: '7' }), WAIT);
    const drawer = await screen.findByRole('dialog', undefined, WAIT);
    const log = await within(drawer).findByRole('log', { name: '消息列表' }, WAIT);
    await within(log).findByText('第40条消息', undefined, WAIT);
    expect(within(drawer).getByText('聊天记录 · 患者7')).toBeTruthy();
    // the newest 30 (11…40); no composer in a transcript
    expect(within(log).queryByText('第10条消息')).toBeNull();
    expect(within(drawer).queryByRole('textbox')).toBeNull();

    await act(async () => {
      fireEvent.click(within(log).getByRole('button', { name: '查看更早的消息' }));
    });
    await within(log).findByText('第1条消息', undefined, WAIT);
    expect(callsOf(chatContracts.messages).at(-1)).toEqual({ id: 7, limit: 30, before_seq: 11 });
    await within(log).findByText('没有更早的消息了', undefined, WAIT);
    const texts = [...log.querySelectorAll('[data-seq]')].map((e) => Number(e.getAttribute('data-seq')));
    expect(texts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    cleanup();

    // a link to a conversation that is not on the current page reads it by id
    renderPage('/chatRoom/chatHistory?action=view&id=9');
    await screen.findByText('聊天记录 · 链接患者9', undefined, WAIT);
    expect(callsOf(chatContracts.detail).at(-1)).toEqual({ id: 9 });
  });
});
