import { type LiveDetail, liveContracts, liveMessages, parseShanghaiTime } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError, callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { LiveFormDialog, type LiveFormValues, liveBodyOf } from './live-form-dialog';
import { toPickerTime } from './live-format';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const detail = (extra: Partial<LiveDetail> = {}): LiveDetail => ({
  id: 9,
  title: '高血压患者的日常用药',
  cover_url: '',
  lecturer: '王药师',
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
  intro: '',
  push_url: '',
  pull_url: '',
  replay_url: '',
  config: { chat_enabled: true, exam_enabled: false, replay_enabled: true, pass_score: 60 },
  quote_set: null,
  combo_pinned: false,
  source_live_id: null,
  material_count: 0,
  share_count: 0,
  periods: [],
  actions: ['publish'],
  ...extra,
});

const onClose = vi.fn();

function renderDialog(live: LiveDetail | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <LiveFormDialog live={live} onClose={onClose} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const errorOf = (label: string) => {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
};

const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  });
};

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  onClose.mockReset();
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

describe('live form', { timeout: 180_000 }, () => {
  it('refuses an empty title and lecturer and a bad stream address with the shared schema’s messages, sending nothing', async () => {
    renderDialog(null);
    await screen.findByLabelText('直播标题', undefined, WAIT);
    fireEvent.change(screen.getByLabelText('直播标题'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('拉流地址'), { target: { value: 'ftp://example.com/live.m3u8' } });
    fireEvent.change(screen.getByLabelText('推流地址'), { target: { value: 'rtmp://push.example.com/live/1' } });
    await save();
    await waitFor(() => expect(errorOf('直播标题')).toBe('请填写直播标题'), WAIT);
    expect(errorOf('讲师')).toBe('请填写讲师');
    expect(errorOf('拉流地址')).toBe('拉流地址应以 http://、https://、rtmp:// 开头');
    expect(errorOf('推流地址')).toBe('');
    expect(callApi).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an end before the start', async () => {
    renderDialog(detail({ start_at: '2026-11-25T12:00:00.000Z', end_at: '2026-11-25T11:00:00.000Z' }));
    await screen.findByLabelText('直播标题', undefined, WAIT);
    await save();
    await waitFor(() => expect(errorOf('结束时间')).toBe(liveMessages.endBeforeStart), WAIT);
    expect(callApi).not.toHaveBeenCalled();
  });

  it('creates a draft with the schedule read as Shanghai time and the settings', async () => {
    vi.mocked(callApi).mockImplementation((async (_c: unknown, input: Record<string, unknown>) =>
      detail({ ...(input as object), id: 10 })) as unknown as typeof callApi);
    renderDialog(null);
    await screen.findByLabelText('直播标题', undefined, WAIT);
    fireEvent.change(screen.getByLabelText('直播标题'), { target: { value: ' 糖尿病饮食与用药 ' } });
    fireEvent.change(screen.getByLabelText('讲师'), { target: { value: '李药师' } });
    fireEvent.change(screen.getByLabelText('拉流地址'), { target: { value: '/live-demo/replay/index.m3u8' } });
    fireEvent.click(screen.getByRole('switch', { name: '开启考试' }));
    await save();
    await waitFor(() => expect(callApi).toHaveBeenCalledTimes(1), WAIT);
    const [contract, body] = vi.mocked(callApi).mock.calls[0] as [unknown, Record<string, unknown>];
    expect(contract).toBe(liveContracts.create);
    // the new live's default schedule: tomorrow 19:00–20:00 on the picker, meant in Shanghai
    const day = dayjs().add(1, 'day').format('YYYY-MM-DD');
    expect(body).toMatchObject({
      title: '糖尿病饮食与用药',
      lecturer: '李药师',
      pull_url: '/live-demo/replay/index.m3u8',
      start_at: parseShanghaiTime(`${day} 19:00`)?.toISOString(),
      end_at: parseShanghaiTime(`${day} 20:00`)?.toISOString(),
      config: { chat_enabled: true, exam_enabled: true, replay_enabled: true, pass_score: 60 },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
  });

  it('shows a refusal naming a field under that field', async () => {
    vi.mocked(callApi).mockRejectedValue(
      new ApiError({
        httpCode: 400,
        message: 'Invalid parameter: pull_url',
        msg: 'pull_url 拉流地址不能访问',
        responseData: { code: 400, msg: 'pull_url 拉流地址不能访问', message: 'Invalid parameter', data: null },
      }),
    );
    renderDialog(detail());
    await screen.findByLabelText('直播标题', undefined, WAIT);
    await save();
    await waitFor(() => expect(errorOf('拉流地址')).toBe('拉流地址不能访问'), WAIT);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps a time through the picker whatever the browser’s zone: Shanghai wall time in, the same instant out', () => {
    const values: LiveFormValues = {
      title: '直播',
      cover_url: '',
      lecturer: '讲师',
      intro: '',
      start_at: toPickerTime('2026-11-25T11:00:00.000Z'),
      end_at: toPickerTime('2026-11-25T12:30:00.000Z'),
      push_url: '',
      pull_url: '',
      replay_url: '',
      config: { chat_enabled: false, exam_enabled: false, replay_enabled: false, pass_score: null },
    };
    expect(values.start_at?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 19:00');
    const body = liveBodyOf(values);
    expect(body.start_at).toBe('2026-11-25T11:00:00.000Z');
    expect(body.end_at).toBe('2026-11-25T12:30:00.000Z');
    expect(body.config.pass_score).toBe(0);
  });
});
