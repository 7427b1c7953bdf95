import { describe, expect, it } from 'vitest';
import { chatTime } from './chat-time';

// 2026-11-24 10:00 in Shanghai is 02:00 UTC
const now = new Date('2026-11-24T02:00:00Z');

describe('chatTime: Shanghai days whatever the browser zone', () => {
  it.each([
    ['2026-11-24T01:30:00Z', '09:30'],
    // 23:30 UTC on the 23rd is 07:30 on the 24th in Shanghai: today, not yesterday
    ['2026-11-23T23:30:00Z', '07:30'],
    ['2026-11-23T15:59:00Z', '昨天 23:59'],
    ['2026-11-22T16:00:00Z', '昨天 00:00'],
    ['2026-11-22T15:59:00Z', '11-22 23:59'],
    ['2025-12-31T16:30:00Z', '01-01 00:30'],
    ['2025-12-31T15:30:00Z', '2025-12-31'],
  ])('%s → %s', (value, shown) => {
    expect(chatTime(value, now)).toBe(shown);
  });

  it('empty or invalid gives an empty string', () => {
    expect(chatTime(null, now)).toBe('');
    expect(chatTime('not a time', now)).toBe('');
  });
});
