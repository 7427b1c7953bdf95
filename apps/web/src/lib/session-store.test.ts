import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session-store';
import { testPharmacy, testUser } from './testing/fixtures';

const user = (name = '演示') => testUser({ name });
const pharmacy = testPharmacy;

const stored = () => JSON.parse(localStorage.getItem('user-store') ?? 'null');

beforeEach(() => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('persists the session under localStorage user-store', () => {
    useSessionStore.getState().setSession('tok-1', user());
    useSessionStore.getState().setPharmacies([pharmacy(7), pharmacy(8)]);
    useSessionStore.getState().setCurrentPharmacy(pharmacy(8));
    expect(stored()).toEqual({
      state: {
        token: 'tok-1',
        userInfo: user(),
        isLoggedIn: true,
        pharmacies: [pharmacy(7), pharmacy(8)],
        currentPharmacy: pharmacy(8),
      },
      version: 0,
    });
  });

  it('writes the token cookie for 30 days on sign-in', () => {
    const set = vi.spyOn(Cookies, 'set');
    useSessionStore.getState().setSession('tok-2', user());
    expect(set).toHaveBeenCalledWith('token', 'tok-2', expect.objectContaining({ expires: 30, path: '/' }));
    expect(Cookies.get('token')).toBe('tok-2');
    expect(useSessionStore.getState().isLoggedIn).toBe(true);
  });

  it('loads the persisted state when hydrated (the root view mounting)', async () => {
    localStorage.setItem(
      'user-store',
      JSON.stringify({
        state: { token: 't9', userInfo: user('旧'), isLoggedIn: true, pharmacies: [], currentPharmacy: pharmacy(3) },
        version: 0,
      }),
    );
    useSessionStore.getState().hydrateSession();
    await Promise.resolve();
    expect(useSessionStore.getState()).toMatchObject({ token: 't9', isLoggedIn: true, currentPharmacy: pharmacy(3) });
    expect(useSessionStore.getState().userInfo?.name).toBe('旧');
  });

  it('clear wipes the store, its storage entry and the token cookie', () => {
    useSessionStore.getState().setSession('tok-3', user());
    useSessionStore.getState().setCurrentPharmacy(pharmacy(7));
    expect(Cookies.get('token')).toBe('tok-3');
    useSessionStore.getState().clear();
    expect(localStorage.getItem('user-store')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      userInfo: null,
      isLoggedIn: false,
      pharmacies: [],
      currentPharmacy: null,
    });
  });

  it('keeps the current pharmacy fresh when the list is reloaded', () => {
    useSessionStore.getState().setCurrentPharmacy(pharmacy(7, '旧名'));
    useSessionStore.getState().setPharmacies([pharmacy(7, '新名')]);
    expect(useSessionStore.getState().currentPharmacy?.name).toBe('新名');
  });

  it('keeps the stored objects when a refresh brings the same data, so subscribers do not re-render', () => {
    const store = useSessionStore.getState();
    store.setUserInfo(user());
    store.setPharmacies([pharmacy(7)]);
    store.setCurrentPharmacy(pharmacy(7));
    const before = useSessionStore.getState();
    store.setUserInfo(user());
    store.setPharmacies([pharmacy(7)]);
    const after = useSessionStore.getState();
    expect(after.userInfo).toBe(before.userInfo);
    expect(after.pharmacies).toBe(before.pharmacies);
    expect(after.currentPharmacy).toBe(before.currentPharmacy);
    store.setUserInfo(user('新名字'));
    expect(useSessionStore.getState().userInfo?.name).toBe('新名字');
  });
});
