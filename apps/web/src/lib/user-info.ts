import { authContracts, USER_INFO_REFRESH_MIN_INTERVAL_MS, type UserInfo } from '@pharmacy/shared';
import { callApi } from './http';
import { useSessionStore } from './session-store';

let lastRefresh: { at: number; token: string; result: Promise<UserInfo | null> } | null = null;

/** The refresh throttle's clock; tests reset it between cases. */
export function resetUserInfoRefreshThrottle() {
  lastRefresh = null;
}

/**
 * Reloads the signed-in user's info (user/info/me) into the session store; calls within 3000 ms of the last one for
 * the same session share its result. Resolves to null without a session or when the call failed (the HTTP layer has
 * already told the user).
 */
export function refreshUserInfo(): Promise<UserInfo | null> {
  const { token } = useSessionStore.getState();
  if (!token) return Promise.resolve(null);
  const now = Date.now();
  if (lastRefresh && lastRefresh.token === token && now - lastRefresh.at < USER_INFO_REFRESH_MIN_INTERVAL_MS) {
    return lastRefresh.result;
  }
  const result = callApi(authContracts.infoMe).then(
    (info) => {
      useSessionStore.getState().setUserInfo(info);
      return info;
    },
    () => null,
  );
  lastRefresh = { at: now, token, result };
  return result;
}
