import { idempotencyKeyPattern } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { checkoutKeyFor, forgetCheckoutKey, type KeyStorage, newIdempotencyKey } from './checkout-key';

function memoryStorage(): KeyStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const body = { pharmacy_id: 1, family_member_id: 2, address_id: 3, lines: [{ quote_id: 9, qty: 1 }] };

describe('the checkout idempotency key', () => {
  it('is one the server accepts', () => {
    expect(newIdempotencyKey()).toMatch(idempotencyKeyPattern);
  });

  it('stays the same for the same body: a double click or a retry sends the same key', () => {
    const storage = memoryStorage();
    const first = checkoutKeyFor(storage, '1', body);
    expect(checkoutKeyFor(storage, '1', { ...body })).toBe(first);
    expect(checkoutKeyFor(storage, '1', JSON.parse(JSON.stringify(body)))).toBe(first);
  });

  it('changes when the body changes (the server refuses a key reused with another body)', () => {
    const storage = memoryStorage();
    const first = checkoutKeyFor(storage, '1', body);
    const other = checkoutKeyFor(storage, '1', { ...body, address_id: 4 });
    expect(other).not.toBe(first);
    expect(checkoutKeyFor(storage, '1', { ...body, address_id: 4 })).toBe(other);
  });

  it('is new for the next checkout once the order is placed', () => {
    const storage = memoryStorage();
    const first = checkoutKeyFor(storage, '1', body);
    forgetCheckoutKey(storage, '1');
    expect(checkoutKeyFor(storage, '1', body)).not.toBe(first);
  });

  it('keeps checkouts at different pharmacies apart', () => {
    const storage = memoryStorage();
    const a = checkoutKeyFor(storage, '1', body);
    const b = checkoutKeyFor(storage, '2', body);
    expect(a).not.toBe(b);
    expect(checkoutKeyFor(storage, '1', body)).toBe(a);
  });
});
