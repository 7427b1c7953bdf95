import {
  type ExamResult,
  LIVE_HEARTBEAT_SECONDS,
  liveViewerContracts,
  type UserInfo,
  type ViewerExam,
  type ViewerLive,
} from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError, callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import LiveWatchPage from './live-watch-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));
// The player stands in as two buttons that report playing / paused, as the real one does from its <video>.
vi.mock('../../../components/live-player/live-player', () => ({
  LivePlayer: ({ src, onPlayingChange }: { src: string; onPlayingChange?: (playing: boolean) => void }) => (
    <div data-testid="player" data-src={src}>
      <button type="button" onClick={() => onPlayingChange?.(true)}>
        模拟播放
      </button>
      <button type="button" onClick={() => onPlayingChange?.(false)}>
        模拟暂停
      </button>
    </div>
  ),
}));

const WAIT = { timeout: 20_000 };

const live = (extra: Partial<ViewerLive> = {}): ViewerLive => ({
  id: 31,
  pharmacy_id: 1,
  pharmacy_name: '康心大药房（北京店）',
  title: '高血压用药课堂',
  cover_url: '',
  lecturer: '王药师',
  intro: '',
  start_at: '2026-11-24T02:00:00.000Z',
  end_at: '2026-11-24T03:00:00.000Z',
  status: 'live',
  play_url: 'https://pull.example.com/live/31.m3u8',
  mode: 'live',
  chat_enabled: true,
  exam_enabled: false,
  quote_set: null,
  combo_pinned: false,
  materials: [],
  muted: false,
  viewers_now: 12,
  exam_result: null,
  ...extra,
});

type Handler = (input: Record<string, unknown>) => unknown;
function serveApi(routes: [contract: unknown, handler: Handler][]) {
  const handlers = new Map<unknown, Handler>(routes);
  vi.mocked(callApi).mockReset();
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    const h = handlers.get(contract);
    if (!h) return Promise.reject(new Error('unexpected call'));
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

function renderWatch(id = 31) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/patient/live/watch', element: <LiveWatchPage /> }], {
    initialEntries: [`/patient/live/watch?id=${id}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const warnings: string[] = [];
beforeAll(() => installDomStubs());
beforeEach(() => {
  useSessionStore.setState({ token: 't', userInfo: { id: 50, name: '王小明', phone: '13900000001' } as UserInfo });
  warnings.length = 0;
  const noop = () => undefined;
  bindFeedback({
    message: {
      success: noop,
      error: noop,
      info: noop,
      warning: (text: unknown) => void warnings.push(String(text)),
    } as never,
  });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  unbindFeedback();
});

const comments = () => ({ list: [], muted: false });
const BEAT_MS = LIVE_HEARTBEAT_SECONDS * 1000;

describe('watch page heartbeats', () => {
  it('beats every 5 s while the video plays, none while paused, and none after the page is left', async () => {
    serveApi([
      [liveViewerContracts.live, () => live()],
      [liveViewerContracts.comments, comments],
      [liveViewerContracts.heartbeat, () => ({ status: 'live', viewers_now: 40, combo_pinned: false })],
    ]);
    renderWatch();
    await screen.findByText('高血压用药课堂', undefined, WAIT);
    expect(screen.getByTestId('player').dataset.src).toBe('https://pull.example.com/live/31.m3u8');
    expect(screen.getByText('12 人在看')).toBeTruthy();

    vi.useFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(3 * BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(0); // not playing yet

    fireEvent.click(screen.getByText('模拟播放'));
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS - 100));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(callsOf(liveViewerContracts.heartbeat)).toEqual([{ id: 31, mode: 'live' }]);
    await act(() => vi.advanceTimersByTimeAsync(2 * BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(3);
    expect(screen.getByText('40 人在看')).toBeTruthy(); // viewers now from the beat's answer

    fireEvent.click(screen.getByText('模拟暂停'));
    await act(() => vi.advanceTimersByTimeAsync(4 * BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(3);

    fireEvent.click(screen.getByText('模拟播放'));
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(4);

    cleanup(); // the page is left while playing
    await act(() => vi.advanceTimersByTimeAsync(4 * BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(4);
  });

  it('stops beating while the page is hidden', async () => {
    serveApi([
      [liveViewerContracts.live, () => live()],
      [liveViewerContracts.comments, comments],
      [liveViewerContracts.heartbeat, () => ({ status: 'live', viewers_now: 3, combo_pinned: false })],
    ]);
    renderWatch();
    await screen.findByText('高血压用药课堂', undefined, WAIT);
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('模拟播放'));
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(1);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(3 * BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(1);

    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(2);
    visibility.mockRestore();
  });

  it('switches to the replay when a beat says the live has ended', async () => {
    let current = live();
    serveApi([
      [liveViewerContracts.live, () => current],
      [liveViewerContracts.comments, comments],
      [liveViewerContracts.heartbeat, () => ({ status: 'ended', viewers_now: 2, combo_pinned: false })],
    ]);
    renderWatch();
    await screen.findByText('正在直播', undefined, WAIT);
    current = live({ status: 'ended', mode: 'replay', play_url: '/live-demo/replay/index.m3u8' });
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('模拟播放'));
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS));
    vi.useRealTimers();
    await screen.findByText('正在播放回放', undefined, WAIT);
    expect(screen.getByTestId('player').dataset.src).toBe('/live-demo/replay/index.m3u8');
  });

  it('stops beating after a refusal and says why (blacklisted meanwhile)', async () => {
    let refuse = false;
    const refusal = () =>
      new ApiError({
        httpCode: 403,
        message: 'blacklisted',
        msg: '您暂时无法报名或观看该药店的直播',
        responseData: { code: 403, msg: '您暂时无法报名或观看该药店的直播' },
      });
    serveApi([
      [
        liveViewerContracts.live,
        () => {
          if (refuse) throw refusal();
          return live();
        },
      ],
      [liveViewerContracts.comments, comments],
      [
        liveViewerContracts.heartbeat,
        () => {
          if (refuse) throw refusal();
          return { status: 'live', viewers_now: 3, combo_pinned: false };
        },
      ],
    ]);
    renderWatch();
    await screen.findByText('高血压用药课堂', undefined, WAIT);
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('模拟播放'));
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(1);
    refuse = true;
    await act(() => vi.advanceTimersByTimeAsync(BEAT_MS));
    await act(() => vi.advanceTimersByTimeAsync(4 * BEAT_MS));
    expect(callsOf(liveViewerContracts.heartbeat)).toHaveLength(2);
    vi.useRealTimers();
    await screen.findByText('您暂时无法报名或观看该药店的直播', undefined, WAIT);
  });
});

describe('watch page exam', () => {
  const exam: ViewerExam = {
    open: true,
    result: null,
    questions: [
      {
        id: 1,
        type: 'single',
        stem: '高血压患者每日食盐摄入量应少于多少克？',
        options: [
          { key: 'A', text: '5 克' },
          { key: 'B', text: '10 克' },
        ],
        score: 40,
        sort: 1,
      },
      {
        id: 2,
        type: 'multiple',
        stem: '以下哪些属于降压药？',
        options: [
          { key: 'A', text: '氨氯地平' },
          { key: 'B', text: '阿莫西林' },
          { key: 'C', text: '缬沙坦' },
        ],
        score: 30,
        sort: 2,
      },
      { id: 3, type: 'judge', stem: '血压正常后可以自行停药。', options: [], score: 30, sort: 3 },
    ],
  };
  const result: ExamResult = {
    score: 70,
    total_score: 100,
    correct_count: 2,
    question_count: 3,
    passed: true,
    submitted_at: '2026-11-24T04:00:00.000Z',
    answers: [
      { question_id: 1, answer: ['A'], correct_answer: ['A'], correct: true, analysis: '每日食盐应少于 5 克。' },
      { question_id: 2, answer: ['A'], correct_answer: ['A', 'C'], correct: false, analysis: '缬沙坦也是降压药。' },
      { question_id: 3, answer: ['F'], correct_answer: ['F'], correct: true, analysis: '' },
    ],
  };

  it('asks for every answer, submits once, then shows the score, 及格 and each right answer with its analysis', async () => {
    serveApi([
      [
        liveViewerContracts.live,
        () => live({ status: 'ended', mode: 'replay', play_url: '/live-demo/replay/index.m3u8', exam_enabled: true }),
      ],
      [liveViewerContracts.comments, comments],
      [liveViewerContracts.exam, () => exam],
      [liveViewerContracts.submitExam, () => result],
    ]);
    renderWatch();
    await screen.findByText('高血压患者每日食盐摄入量应少于多少克？', { exact: false }, WAIT);

    fireEvent.click(screen.getByLabelText('A. 5 克'));
    fireEvent.click(screen.getByLabelText('A. 氨氯地平'));
    fireEvent.click(screen.getByRole('button', { name: /提交/ }));
    await waitFor(() => expect(warnings).toContain('请回答全部题目'), WAIT);
    expect(callsOf(liveViewerContracts.submitExam)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('错误'));
    fireEvent.click(screen.getByRole('button', { name: /提交/ }));
    await screen.findByText('及格', undefined, WAIT);
    expect(callsOf(liveViewerContracts.submitExam)).toEqual([
      {
        id: 31,
        answers: [
          { question_id: 1, answer: ['A'] },
          { question_id: 2, answer: ['A'] },
          { question_id: 3, answer: ['F'] },
        ],
      },
    ]);
    expect(screen.getByText('70')).toBeTruthy();
    expect(screen.getByText('解析：缬沙坦也是降压药。')).toBeTruthy();
    expect(screen.getByText('AC')).toBeTruthy(); // the multiple choice's right answer
    expect(screen.queryByRole('button', { name: /提交/ })).toBeNull(); // no second submission
  });

  it('shows a stored result instead of the questions', async () => {
    serveApi([
      [liveViewerContracts.live, () => live({ status: 'ended', mode: null, play_url: null, exam_enabled: true })],
      [liveViewerContracts.comments, comments],
      [liveViewerContracts.exam, () => ({ ...exam, result: { ...result, score: 40, passed: false } })],
    ]);
    renderWatch();
    await screen.findByText('未及格', undefined, WAIT);
    expect(screen.getByText('本场直播暂无回放')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交/ })).toBeNull();
  });
});
