import { type LiveListResult, type LiveSummary, liveContracts, liveStatusLabels } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import TopicListPage from './topic-list-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const live = (id: number, extra: Partial<LiveSummary> = {}): LiveSummary => ({
  id,
  title: `直播${id}`,
  cover_url: '',
  lecturer: '王药师',
  // 2026-11-25 11:00 UTC = 19:00 in Shanghai
  start_at: '2026-11-25T11:00:00.000Z',
  end_at: '2026-11-25T12:00:00.000Z',
  started_at: null,
  ended_at: null,
  status: 'draft',
  quote_set_id: null,
  quote_set_name: null,
  viewer_count: 0,
  question_count: 0,
  created_at: '2026-11-24T08:00:00.000Z',
  ...extra,
});

const page = (list: LiveSummary[]): LiveListResult => ({
  list,
  total: list.length,
  page: 1,
  page_size: 10,
  counts: { all: 12, draft: 3, scheduled: 4, live: 1, ended: 4 },
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

function renderPage(url = '/broadcast/topiclist') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/broadcast/topiclist', element: <TopicListPage /> }], {
    initialEntries: [url],
  });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
const buttonIn = (root: HTMLElement, name: string) =>
  within(root).queryByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) });

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

describe('课程列表', { timeout: 180_000 }, () => {
  it('shows the tabs with the answer’s counts and each live’s cover, lecturer, Shanghai start time, status, combo and figures', async () => {
    serve([
      [
        liveContracts.list,
        () =>
          page([
            live(1, { title: '高血压患者的日常用药' }),
            live(2, {
              title: '糖尿病饮食与用药',
              status: 'live',
              cover_url: '/uploads/cover.png',
              quote_set_id: 5,
              quote_set_name: '控糖套餐',
              viewer_count: 37,
              question_count: 5,
            }),
          ]),
      ],
    ]);
    renderPage();
    await screen.findByText('高血压患者的日常用药', undefined, WAIT);

    const tabs = [...document.querySelectorAll('.ant-tabs-tab-btn')].map((t) => t.textContent);
    expect(tabs).toEqual(['全部 (12)', '草稿 (3)', '未开始 (4)', '直播中 (1)', '已结束 (4)']);

    const first = rowOf('高血压患者的日常用药');
    expect(within(first).getByRole('img', { name: '高血压患者的日常用药：暂无封面' })).toBeTruthy();
    expect(within(first).getByText('王药师')).toBeTruthy();
    expect(within(first).getByText('2026-11-25 19:00')).toBeTruthy();
    expect(within(first).getByText(liveStatusLabels.draft)).toBeTruthy();
    expect(within(first).getByText('未绑定')).toBeTruthy();

    const second = rowOf('糖尿病饮食与用药');
    expect((within(second).getByRole('img', { name: '糖尿病饮食与用药封面' }) as HTMLImageElement).src).toContain(
      '/uploads/cover.png',
    );
    expect(within(second).getByText('直播中')).toBeTruthy();
    expect(within(second).getByText('控糖套餐')).toBeTruthy();
    expect(within(second).getByText('37')).toBeTruthy();
    expect(within(second).getByText('5')).toBeTruthy();
  });

  it('asks the server for the tab and the filters, kept in the URL', async () => {
    serve([[liveContracts.list, () => page([live(1)])]]);
    const router = renderPage('/broadcast/topiclist?lecturer=%E7%8E%8B%E8%8D%AF%E5%B8%88&date_from=2026-11-01');
    await screen.findByText('直播1', undefined, WAIT);
    expect(callsOf(liveContracts.list)[0]).toMatchObject({
      status: 'all',
      lecturer: '王药师',
      date_from: '2026-11-01',
    });
    expect((screen.getByLabelText('讲师') as HTMLInputElement).value).toBe('王药师');

    await act(async () => {
      fireEvent.click(screen.getByText('直播中 (1)'));
    });
    await waitFor(() => expect(callsOf(liveContracts.list).at(-1)).toMatchObject({ status: 'live' }), WAIT);
    expect(router.state.location.search).toContain('status=live');

    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '高血压' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    });
    await waitFor(
      () => expect(callsOf(liveContracts.list).at(-1)).toMatchObject({ status: 'live', title: '高血压', page: 1 }),
      WAIT,
    );

    // 重置 clears the filters, the start-date range too
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    });
    await waitFor(() => {
      const last = callsOf(liveContracts.list).at(-1) ?? {};
      expect(last.title).toBeUndefined();
      expect(last.lecturer).toBeUndefined();
      expect(last.date_from).toBeUndefined();
    }, WAIT);
  });

  it('offers each status its own flow buttons, and asks before publishing', async () => {
    serve([
      [
        liveContracts.list,
        () =>
          page([
            live(1, { title: '草稿直播' }),
            live(2, { title: '未开始直播', status: 'scheduled' }),
            live(3, { title: '进行中直播', status: 'live' }),
            live(4, { title: '结束的直播', status: 'ended' }),
          ]),
      ],
      [liveContracts.flow, (input) => ({ ...live(Number(input.id)), status: 'scheduled' })],
    ]);
    renderPage();
    await screen.findByText('草稿直播', undefined, WAIT);
    expect(screen.getByRole('button', { name: /新建直播/ })).toBeTruthy();

    const draft = rowOf('草稿直播');
    expect(buttonIn(draft, '发布')).toBeTruthy();
    expect(buttonIn(draft, '删除')).toBeTruthy();
    expect(buttonIn(draft, '开始直播')).toBeNull();
    const scheduled = rowOf('未开始直播');
    expect(buttonIn(scheduled, '撤回')).toBeTruthy();
    expect(buttonIn(scheduled, '开始直播')).toBeTruthy();
    expect(buttonIn(scheduled, '删除')).toBeNull();
    expect(buttonIn(rowOf('进行中直播'), '结束直播')).toBeTruthy();
    const ended = rowOf('结束的直播');
    for (const name of ['发布', '撤回', '开始直播', '结束直播', '删除']) expect(buttonIn(ended, name)).toBeNull();

    await act(async () => {
      fireEvent.click(buttonIn(draft, '发布') as HTMLElement);
    });
    await screen.findByText('发布后学员可在营期中看到该直播，确定发布？', undefined, WAIT);
    expect(callsOf(liveContracts.flow)).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(callsOf(liveContracts.flow)).toEqual([{ id: 1, action: 'publish' }]), WAIT);
  });

  it('shows customer service no write button (canManageLive), only 详情', async () => {
    useSessionStore.setState({ currentPharmacy: { ...testPharmacy(7), role: 'customer_service' } });
    serve([[liveContracts.list, () => page([live(1, { title: '草稿直播' }), live(2, { status: 'live' })])]]);
    renderPage();
    await screen.findByText('草稿直播', undefined, WAIT);
    expect(screen.queryByRole('button', { name: /新建直播/ })).toBeNull();
    for (const title of ['草稿直播', '直播2']) {
      const row = rowOf(title);
      expect(buttonIn(row, '详情')).toBeTruthy();
      for (const name of ['编辑', '发布', '结束直播', '同步', '删除']) expect(buttonIn(row, name)).toBeNull();
    }
    // a URL naming a write dialog opens nothing
    cleanup();
    renderPage('/broadcast/topiclist?action=create');
    await screen.findByText('草稿直播', undefined, WAIT);
    expect(screen.queryByText('新建直播')).toBeNull();
  });
});
