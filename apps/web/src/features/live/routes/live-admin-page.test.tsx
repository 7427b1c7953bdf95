import { type LiveComment, type LiveControlRow, liveContracts } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { mergeComments } from '../api/live-control';
import LiveAdminPage from './live-admin-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));
// the HLS player is not what this page test is about
vi.mock('../../../components/live-player/live-player', () => ({
  LivePlayer: ({ src }: { src: string }) => <div data-testid="player">{src}</div>,
}));

const WAIT = { timeout: 60_000 };

const row = (id: number, extra: Partial<LiveControlRow> = {}): LiveControlRow => ({
  id,
  title: `直播${id}`,
  cover_url: '',
  lecturer: '王药师',
  start_at: '2026-11-24T11:00:00.000Z',
  end_at: '2026-11-24T12:00:00.000Z',
  started_at: null,
  ended_at: null,
  status: 'scheduled',
  quote_set_id: null,
  quote_set_name: null,
  viewer_count: 0,
  question_count: 0,
  created_at: '2026-11-20T08:00:00.000Z',
  intro: '',
  push_url: '',
  pull_url: '/live-demo/replay/index.m3u8',
  replay_url: '',
  config: { chat_enabled: true, exam_enabled: false, replay_enabled: true, pass_score: 60 },
  quote_set: null,
  combo_pinned: false,
  source_live_id: null,
  material_count: 0,
  share_count: 0,
  periods: [],
  actions: [],
  viewers_now: 0,
  comment_count: 0,
  ...extra,
});

const comment = (id: number, extra: Partial<LiveComment> = {}): LiveComment => ({
  id,
  live_id: 2,
  account_id: 100 + id,
  name: `观众${id}`,
  staff: false,
  content: `评论${id}`,
  status: 'visible',
  muted: false,
  created_at: '2026-11-24T11:10:00.000Z',
  ...extra,
});

const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <LiveAdminPage />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
  useSessionStore.setState({ token: 't', userInfo: testUser(), currentPharmacy: { ...testPharmacy(7), role: 'shop' } });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  useSessionStore.getState().clear();
});

describe('直播后台', { timeout: 180_000 }, () => {
  it('is the shop’s only', async () => {
    useSessionStore.setState({ currentPharmacy: { ...testPharmacy(7), role: 'manager' } });
    renderPage();
    expect(await screen.findByText('直播后台仅店主可用。', undefined, WAIT)).toBeTruthy();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('shows today’s lives, selects the one on air, and moderates its comments', async () => {
    const comments = [comment(1), comment(2, { status: 'hidden' }), comment(3, { staff: true, name: '王药师' })];
    vi.mocked(callApi).mockImplementation((async (contract: unknown, input: Record<string, unknown>) => {
      if (contract === liveContracts.today)
        return [
          row(1, { title: '早间用药课' }),
          row(2, { title: '冬季心脑血管', status: 'live', viewers_now: 37, comment_count: 3 }),
        ];
      if (contract === liveContracts.comments) return input.after_id ? [] : comments;
      if (contract === liveContracts.hideComment) return { ...comments[0], status: 'hidden' };
      if (contract === liveContracts.mute) return null;
      throw new Error('unexpected call');
    }) as unknown as typeof callApi);
    renderPage();
    await screen.findByText('冬季心脑血管', { selector: '.ant-card-head *' }, WAIT);
    expect(screen.getByText('共 2 场，直播中 1 场')).toBeTruthy();
    expect(screen.getByTestId('player').textContent).toBe('/live-demo/replay/index.m3u8');
    // the scheduled live offers 开始直播, the one on air 结束直播
    expect(screen.getByRole('button', { name: /开始直播/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /结束直播/ })).toBeTruthy();
    expect(screen.getByText('37')).toBeTruthy();

    const list = await screen.findByRole('list', { name: '直播互动' }, WAIT);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), WAIT);
    expect(callsOf(liveContracts.comments)[0]).toMatchObject({ id: 2 });
    const first = within(list).getByRole('listitem', { name: '观众1：评论1' });
    // the host's own comment cannot be muted
    const host = within(list).getByRole('listitem', { name: '王药师：评论3' });
    expect(within(host).queryByRole('button', { name: /禁\s*言/ })).toBeNull();

    await act(async () => {
      fireEvent.click(within(first).getByRole('button', { name: /隐\s*藏/ }));
    });
    await waitFor(() => expect(callsOf(liveContracts.hideComment)).toEqual([{ id: 1 }]), WAIT);
    await waitFor(() => expect(within(first).getByText('已隐藏')).toBeTruthy(), WAIT);

    await act(async () => {
      fireEvent.click(within(first).getByRole('button', { name: /禁\s*言/ }));
    });
    await waitFor(() => expect(callsOf(liveContracts.mute)).toEqual([{ id: 2, account_id: 101 }]), WAIT);
    await waitFor(() => expect(within(first).getByRole('button', { name: /解除禁言/ })).toBeTruthy(), WAIT);
  });

  it('merges polled comments by id: a fresh copy replaces the known one, in id order', () => {
    const merged = mergeComments([comment(1), comment(3)], [comment(2), comment(3, { status: 'hidden' })]);
    expect(merged.map((c) => [c.id, c.status])).toEqual([
      [1, 'visible'],
      [2, 'visible'],
      [3, 'hidden'],
    ]);
  });
});
