import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBuildMeta, startBuildCheck } from './build-check';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('build check', () => {
  it('checks at start and every hour, announcing a new build id once', async () => {
    let latest = { id: 'b1', timestamp: 1 };
    const fetchLatest = vi.fn(async () => latest);
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ currentId: 'b1', fetchLatest, onNewBuild });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();

    latest = { id: 'b2', timestamp: 2 };
    await vi.advanceTimersByTimeAsync(36e5 - 1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(onNewBuild).toHaveBeenCalledWith({ id: 'b2', timestamp: 2 });

    await vi.advanceTimersByTimeAsync(36e5);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(36e5);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
  });

  it('does nothing for the dev build', async () => {
    const fetchLatest = vi.fn(async () => ({ id: 'x', timestamp: 0 }));
    startBuildCheck({ currentId: 'dev', fetchLatest, onNewBuild: vi.fn() });
    await vi.advanceTimersByTimeAsync(36e5);
    expect(fetchLatest).not.toHaveBeenCalled();
  });

  it('GETs /_build/latest.json without cache and tolerates failures', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ id: 'abc', timestamp: 5 }))) as typeof fetch;
    expect(await fetchBuildMeta('latest', fetchFn)).toEqual({ id: 'abc', timestamp: 5 });
    expect(vi.mocked(fetchFn).mock.calls[0][0]).toBe('/_build/latest.json');
    expect(vi.mocked(fetchFn).mock.calls[0][1]).toMatchObject({ cache: 'no-store' });
    const notFound = vi.fn(async () => new Response('nope', { status: 404 })) as typeof fetch;
    expect(await fetchBuildMeta('latest', notFound)).toBeNull();
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    expect(await fetchBuildMeta('latest', offline)).toBeNull();
  });
});
