import { describe, expect, it } from 'vitest';
import { cartTotals, freightFor } from './patient-catalog.contracts';

const terms = { freight: '8.00', free_freight_threshold: '99.00' };

describe('freightFor', () => {
  it('charges the freight below the threshold and nothing at or above it', () => {
    expect(freightFor('98.99', terms)).toBe('8.00');
    expect(freightFor('99.00', terms)).toBe('0.00');
    expect(freightFor('120', terms)).toBe('0.00');
  });

  it('always charges when the pharmacy has no threshold', () => {
    expect(freightFor('100000', { freight: '6.50', free_freight_threshold: null })).toBe('6.50');
  });
});

describe('cartTotals', () => {
  it('adds price × qty exactly (no float drift) and the freight', () => {
    const lines = [
      { price: '0.10', qty: 3 },
      { price: '19.90', qty: 3 },
      { price: '0.20', qty: 1 },
    ];
    // 0.30 + 59.70 + 0.20 = 60.20 (floats give 60.199999…)
    expect(cartTotals(lines, terms)).toEqual({ goods: '60.20', freight: '8.00', total: '68.20' });
  });

  it('ships free once the goods reach the threshold', () => {
    expect(cartTotals([{ price: '33.00', qty: 3 }], terms)).toEqual({
      goods: '99.00',
      freight: '0.00',
      total: '99.00',
    });
  });

  it('charges nothing for an empty cart', () => {
    expect(cartTotals([], terms)).toEqual({ goods: '0.00', freight: '0.00', total: '0.00' });
  });
});
