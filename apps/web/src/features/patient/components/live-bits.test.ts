import { describe, expect, it } from 'vitest';
import { periodDates } from './live-bits';

describe('periodDates', () => {
  it('gives the first and last days in Asia/Shanghai, not the UTC dates of the ISO times', () => {
    // 2026-11-26 00:00 to 23:59 in Shanghai is 2026-11-25T16:00Z to 2026-11-26T15:59Z
    expect(periodDates({ start_at: '2026-11-25T16:00:00.000Z', end_at: '2026-11-26T15:59:59.000Z' })).toBe(
      '2026-11-26 至 2026-11-26',
    );
    expect(periodDates({ start_at: '2026-12-09T00:00:00.000Z', end_at: '2026-12-22T16:30:00.000Z' })).toBe(
      '2026-12-09 至 2026-12-23',
    );
  });
});
