import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LivePlayer } from './live-player';

// hls.js stands in as a class recording what the player asks of it; a test fires its events.
const instances: FakeHls[] = [];
class FakeHls {
  static Events = { ERROR: 'hlsError' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
  static isSupported = vi.fn(() => true);
  handlers = new Map<string, (event: string, data: unknown) => void>();
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  destroyed = false;
  recovered = 0;
  constructor() {
    instances.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, handler);
  }
  loadSource(src: string) {
    this.source = src;
  }
  attachMedia(video: HTMLVideoElement) {
    this.media = video;
  }
  recoverMediaError() {
    this.recovered++;
  }
  destroy() {
    this.destroyed = true;
  }
  fail(type: string, fatal = true) {
    this.handlers.get('hlsError')?.('hlsError', { type, fatal });
  }
}
vi.mock('hls.js/light', () => ({ default: FakeHls }));

// jsdom has no media playback
beforeAll(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  instances.length = 0;
});

const WAIT = { timeout: 20_000 };
const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

describe('LivePlayer', () => {
  it('plays through hls.js where the browser has no native HLS, and reports playing and paused', async () => {
    const onPlayingChange = vi.fn();
    render(<LivePlayer src="/live-demo/replay/index.m3u8" onPlayingChange={onPlayingChange} />);
    await vi.waitFor(() => expect(instances).toHaveLength(1), WAIT);
    const video = screen.getByLabelText('直播画面') as HTMLVideoElement;
    expect(instances[0].source).toBe('/live-demo/replay/index.m3u8');
    expect(instances[0].media).toBe(video);

    fireEvent(video, new Event('playing'));
    fireEvent(video, new Event('playing'));
    fireEvent(video, new Event('pause'));
    expect(onPlayingChange.mock.calls).toEqual([[true], [false]]);
  });

  it('shows 加载失败 on a fatal error (a media error is recovered once first), and 重试 starts again', async () => {
    render(<LivePlayer src="https://pull.example.com/live/1.m3u8" />);
    await vi.waitFor(() => expect(instances).toHaveLength(1), WAIT);
    const first = instances[0];

    act(() => first.fail('networkError', false)); // not fatal: hls.js retries by itself
    act(() => first.fail('mediaError'));
    expect(first.recovered).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => first.fail('mediaError'));
    expect(screen.getByRole('alert').textContent).toContain('加载失败');
    expect(first.destroyed).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await vi.waitFor(() => expect(instances).toHaveLength(2), WAIT);
    await flush();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(instances[1].source).toBe('https://pull.example.com/live/1.m3u8');
  });

  it('reports stopped when it goes away while playing, and lets hls.js go', async () => {
    const onPlayingChange = vi.fn();
    const { unmount } = render(<LivePlayer src="/a.m3u8" onPlayingChange={onPlayingChange} />);
    await vi.waitFor(() => expect(instances).toHaveLength(1), WAIT);
    fireEvent(screen.getByLabelText('直播画面'), new Event('playing'));
    unmount();
    expect(onPlayingChange.mock.calls).toEqual([[true], [false]]);
    expect(instances[0].destroyed).toBe(true);
  });

  it('says so when the browser can play neither way', async () => {
    FakeHls.isSupported.mockReturnValueOnce(false);
    render(<LivePlayer src="/a.m3u8" />);
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain('当前浏览器不支持播放');
  });
});
