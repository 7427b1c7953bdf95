import { describe, expect, it } from 'vitest';
import { formatDateTime, shanghaiMinuteFields } from './format';

describe('formatDateTime', () => {
  it('shows times in Asia/Shanghai', () => {
    expect(formatDateTime('2025-03-01T06:05:00Z')).toBe('2025-03-01 14:05');
    expect(formatDateTime('2025-03-01T23:30:00+08:00')).toBe('2025-03-01 23:30');
    expect(formatDateTime('2024-12-31T16:00:00Z')).toBe('2025-01-01 00:00');
  });

  it('agrees with the time zone database, summer time of 1986–1991 included', () => {
    // sv-SE writes the same fields as `2025-03-01 14:05`.
    const reference = new Intl.DateTimeFormat('sv-SE', shanghaiMinuteFields);
    // Every 97 hours from 1985 to 2030: across summer time, year ends and leap days.
    for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2030, 0, 1); t += 97 * 3_600_000) {
      expect(formatDateTime(t)).toBe(reference.format(new Date(t)));
    }
    expect(formatDateTime('1988-07-01T00:00:00Z')).toBe('1988-07-01 09:00');
  });

  it('shows - for nothing or garbage', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
