import {
  type MyPharmacy,
  TOKEN_COOKIE_NAME,
  TOKEN_LIFETIME_DAYS,
  USER_STORE_KEY,
  type UserInfo,
} from '@pharmacy/shared';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  isLoggedIn: boolean;
  pharmacies: MyPharmacy[];
  currentPharmacy: MyPharmacy | null;
}

export interface SessionActions {
  /** Signs in: keeps the token and user info, and writes the `token` cookie (30 days). */
  setSession: (token: string, userInfo: UserInfo) => void;
  setUserInfo: (userInfo: UserInfo) => void;
  setPharmacies: (list: MyPharmacy[]) => void;
  setCurrentPharmacy: (pharmacy: MyPharmacy | null) => void;
  /** Signs out locally: wipes the store, its localStorage entry and the token cookie. Callers then go home. */
  clear: () => void;
  /** Loads the persisted state (the shell calls it when the root view mounts). */
  hydrateSession: () => void;
}

export type SessionStore = SessionState & SessionActions;

/**
 * localStorage entry that outlives sign-out (`clear()` leaves it): the pharmacy each account last worked in, so the
 * next sign-in reuses it (spec §4: with several pharmacies, the previously stored one if still present). Ids only.
 */
export const LAST_PHARMACY_KEY = 'pharmacy:last';
const LAST_PHARMACY_ACCOUNTS = 20;

function readLastPharmacies(): [number, number][] {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_PHARMACY_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((e): e is [number, number] => Array.isArray(e) && e.every((n) => Number.isSafeInteger(n)))
      : [];
  } catch {
    return [];
  }
}

/** The pharmacy this account chose last on this browser, or null. */
export function rememberedPharmacyId(accountId: number): number | null {
  return readLastPharmacies().find(([a]) => a === accountId)?.[1] ?? null;
}

function rememberPharmacy(accountId: number, pharmacyId: number) {
  const rest = readLastPharmacies().filter(([a]) => a !== accountId);
  try {
    localStorage.setItem(
      LAST_PHARMACY_KEY,
      JSON.stringify([[accountId, pharmacyId], ...rest].slice(0, LAST_PHARMACY_ACCOUNTS)),
    );
  } catch {
    // storage full or blocked: the choice is simply not remembered
  }
}

const initialState: SessionState = {
  token: null,
  userInfo: null,
  isLoggedIn: false,
  pharmacies: [],
  currentPharmacy: null,
};

const cookieAttributes = (): Cookies.CookieAttributes => ({
  expires: TOKEN_LIFETIME_DAYS,
  path: '/',
  sameSite: 'lax',
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});

/**
 * The stored value when the fresh one carries the same data: subscribers (the whole console layout among them) are
 * then not re-rendered by a refresh that changed nothing.
 */
function sameData<T>(stored: T, fresh: T): T {
  return JSON.stringify(stored) === JSON.stringify(fresh) ? stored : fresh;
}

export const useSessionStore = create<SessionStore>()(
  persist(
    (set, get) => ({
      ...initialState,
      setSession: (token, userInfo) => {
        Cookies.set(TOKEN_COOKIE_NAME, token, cookieAttributes());
        set({ token, userInfo, isLoggedIn: true });
      },
      setUserInfo: (userInfo) =>
        set({ userInfo: sameData(get().userInfo, userInfo), isLoggedIn: get().token !== null }),
      setPharmacies: (next) => {
        const pharmacies = sameData(get().pharmacies, next);
        const current = get().currentPharmacy;
        // Keep the current pharmacy's entry fresh (name, permissions); one no longer in the list is no longer current.
        const fresh = current ? (pharmacies.find((p) => p.id === current.id) ?? null) : null;
        set({ pharmacies, currentPharmacy: sameData(current, fresh) });
      },
      setCurrentPharmacy: (currentPharmacy) => {
        const accountId = get().userInfo?.id;
        if (currentPharmacy && accountId !== undefined) rememberPharmacy(accountId, currentPharmacy.id);
        set({ currentPharmacy });
      },
      clear: () => {
        set({ ...initialState });
        useSessionStore.persist.clearStorage();
        Cookies.remove(TOKEN_COOKIE_NAME, { path: '/' });
      },
      hydrateSession: () => {
        void useSessionStore.persist.rehydrate();
      },
    }),
    {
      name: USER_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (s): SessionState => ({
        token: s.token,
        userInfo: s.userInfo,
        isLoggedIn: s.isLoggedIn,
        pharmacies: s.pharmacies,
        currentPharmacy: s.currentPharmacy,
      }),
    },
  ),
);

/** The session's state, loading the persisted copy first if the shell has not done so yet (calls made at start-up). */
export function sessionSnapshot(): SessionState {
  if (!useSessionStore.persist.hasHydrated()) useSessionStore.getState().hydrateSession();
  return useSessionStore.getState();
}
