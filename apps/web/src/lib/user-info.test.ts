import { authContracts } from '@pharmacy/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './http';
import { useSessionStore } from './session-store';
import { testUser } from './testing/fixtures';
import { refreshUserInfo, resetUserInfoRefreshThrottle } from './user-info';

vi.mock('./http', () => ({ callApi: vi.fn() }));
const callApiMock = vi.mocked(callApi);

const user = (name = '演示') => testUser({ name });

beforeEach(() => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  localStorage.clear();
  resetUserInfoRefreshThrottle();
  callApiMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('refreshUserInfo', () => {
  it('refreshes user info at most once per 3000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    useSessionStore.getState().setSession('tok-4', user('一'));
    callApiMock.mockResolvedValue(user('二'));

    const first = await refreshUserInfo();
    expect(first?.name).toBe('二');
    expect(useSessionStore.getState().userInfo?.name).toBe('二');
    expect(callApiMock).toHaveBeenCalledWith(authContracts.infoMe);

    vi.setSystemTime(new Date('2025-01-01T00:00:02.999Z'));
    callApiMock.mockResolvedValue(user('三'));
    const throttled = await refreshUserInfo();
    expect(throttled?.name).toBe('二');
    expect(callApiMock).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date('2025-01-01T00:00:03.000Z'));
    const again = await refreshUserInfo();
    expect(again?.name).toBe('三');
    expect(callApiMock).toHaveBeenCalledTimes(2);
  });

  it('does not call user.infoMe without a session, and survives a failed refresh', async () => {
    expect(await refreshUserInfo()).toBeNull();
    expect(callApiMock).not.toHaveBeenCalled();
    resetUserInfoRefreshThrottle();
    useSessionStore.getState().setSession('tok-5', user('一'));
    callApiMock.mockRejectedValue(new Error('boom'));
    expect(await refreshUserInfo()).toBeNull();
    expect(useSessionStore.getState().userInfo?.name).toBe('一');
  });

  it('does not serve a new session the previous session’s answer', async () => {
    useSessionStore.getState().setSession('tok-6', user('一'));
    callApiMock.mockResolvedValue(user('二'));
    await refreshUserInfo();
    useSessionStore.getState().setSession('tok-7', user('三'));
    callApiMock.mockResolvedValue(user('四'));
    expect((await refreshUserInfo())?.name).toBe('四');
    expect(callApiMock).toHaveBeenCalledTimes(2);
  });
});
