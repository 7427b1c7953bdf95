import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows times in Asia/Shanghai', () => {
    expect(formatDateTime('2025-03-01T06:05:00Z')).toBe('2025-03-01 14:05');
    expect(formatDateTime('2025-03-01T23:30:00+08:00')).toBe('2025-03-01 23:30');
    expect(formatDateTime('2024-12-31T16:00:00Z')).toBe('2025-01-01 00:00');
  });

  it('shows - for nothing or garbage', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
