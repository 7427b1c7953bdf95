/**
 * The Idempotency-Key of one checkout. The same order body always goes with the same key until the order is placed,
 * so a double click, a retry after a lost answer or a reload never creates a second order (the server answers the
 * first); a changed body (another address, another quantity) gets a new key, since the server refuses a key reused
 * with a different body. Kept in sessionStorage: one tab's checkout, surviving a reload.
 */

export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const storageKey = (scope: string) => `patient-checkout-key:${scope}`;

/** A key the server accepts (1–64 of A-Z a-z 0-9 _ -). */
export function newIdempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The key for this body in this checkout: the stored one when the body is the same, else a new one (stored). */
export function checkoutKeyFor(storage: KeyStorage, scope: string, body: unknown, create = newIdempotencyKey): string {
  const signature = JSON.stringify(body);
  try {
    const stored = JSON.parse(storage.getItem(storageKey(scope)) ?? 'null') as { signature?: string; key?: string };
    if (stored?.signature === signature && stored.key) return stored.key;
  } catch {
    // unreadable: start again
  }
  const key = create();
  storage.setItem(storageKey(scope), JSON.stringify({ signature, key }));
  return key;
}

/** Once the order is placed: the next checkout starts with a new key. */
export function forgetCheckoutKey(storage: KeyStorage, scope: string) {
  storage.removeItem(storageKey(scope));
}
