import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, isRealDate } from './calendar';

describe('calendar', () => {
  it('knows leap years and month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1994, 12)).toBe(31);
    expect(isRealDate(1994, 12, 31)).toBe(true);
    expect(isRealDate(2025, 2, 29)).toBe(false);
    expect(isRealDate(2025, 0, 1)).toBe(false);
    expect(isRealDate(2025, 13, 1)).toBe(false);
  });

  it('agrees with the UTC calendar, which has no missing days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: -1, max: 14 }),
        fc.integer({ min: -1, max: 33 }),
        (y, m, d) => {
          const utc = new Date(0);
          utc.setUTCFullYear(y, m - 1, d);
          const real = utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
          expect(isRealDate(y, m, d)).toBe(real);
        },
      ),
    );
  });
});
