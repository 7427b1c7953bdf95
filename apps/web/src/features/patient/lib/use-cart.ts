import { useCallback, useSyncExternalStore } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { type Cart, cartStorageKey, emptyCart, parseCart } from './cart';

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab's change to the same cart
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith('patient-cart:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const read = (key: string | null): string | null => {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

// parseCart builds a new object each time: keep one per stored text so useSyncExternalStore sees a stable snapshot.
const parsed = new Map<string, Cart>();
const EMPTY = emptyCart();
function cartOf(text: string | null): Cart {
  if (!text) return EMPTY;
  let cart = parsed.get(text);
  if (!cart) {
    if (parsed.size > 20) parsed.clear();
    cart = parseCart(text);
    parsed.set(text, cart);
  }
  return cart;
}

/** The signed-in account's cart at one pharmacy, kept in localStorage; `update` writes it and re-renders readers. */
export function useCart(pharmacyId: number | null) {
  const accountId = useSessionStore((s) => s.userInfo?.id ?? null);
  const key = accountId && pharmacyId ? cartStorageKey(accountId, pharmacyId) : null;
  const text = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const cart = cartOf(text);
  const update = useCallback(
    (change: (cart: Cart) => Cart) => {
      if (!key) return;
      const next = change(cartOf(read(key)));
      try {
        if (next.lines.length === 0 && !next.combo) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or blocked: the cart lives only as long as this render
      }
      notify();
    },
    [key],
  );
  return { cart, update };
}
