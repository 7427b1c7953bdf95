import { describe, expect, it } from 'vitest';
import {
  formatShanghaiDate,
  formatShanghaiDateTime,
  parseShanghaiTime,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiMinuteFields,
  shanghaiOffsetMs,
  shanghaiToday,
  startOfShanghaiDay,
} from './time';

// sv-SE writes `2025-03-01 14:05:09`: the reference is the time zone database itself
const reference = new Intl.DateTimeFormat('sv-SE', { ...shanghaiMinuteFields, second: '2-digit' });
const HOUR = 3600_000;

describe('Asia/Shanghai time', () => {
  it('formats instants in Shanghai whatever the machine zone', () => {
    expect(formatShanghaiDateTime('2025-03-01T06:05:09Z')).toBe('2025-03-01 14:05');
    expect(formatShanghaiDateTime('2025-03-01T06:05:09Z', { seconds: true })).toBe('2025-03-01 14:05:09');
    expect(formatShanghaiDateTime('2024-12-31T16:00:00Z')).toBe('2025-01-01 00:00');
    expect(formatShanghaiDateTime(new Date('2025-03-01T23:30:00+08:00'))).toBe('2025-03-01 23:30');
    expect(formatShanghaiDate(Date.UTC(2024, 1, 28, 16))).toBe('2024-02-29');
    expect(formatShanghaiDate('2024-02-29T15:59:59.999Z')).toBe('2024-02-29');
    expect(formatShanghaiDateTime('not a date')).toBeNull();
    expect(formatShanghaiDate(Number.NaN)).toBeNull();
    expect(shanghaiToday(new Date('2025-03-01T16:00:00Z'))).toBe('2025-03-02');
  });

  it('agrees with the time zone database every 97 hours from 1985 to 2030, summer time of 1986–1991 included', () => {
    for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2030, 0, 1); t += 97 * HOUR + 61_000) {
      expect(formatShanghaiDateTime(t, { seconds: true })).toBe(reference.format(t));
    }
    expect(formatShanghaiDateTime('1988-07-01T00:00:00Z')).toBe('1988-07-01 09:00');
    expect(shanghaiOffsetMs(Date.UTC(1988, 6, 1))).toBe(9 * HOUR);
    expect(shanghaiOffsetMs(Date.UTC(2025, 6, 1))).toBe(8 * HOUR);
  });

  it('parses Shanghai wall-clock text to the instant, and back', () => {
    expect(parseShanghaiTime('2025-03-01 14:05')?.toISOString()).toBe('2025-03-01T06:05:00.000Z');
    expect(parseShanghaiTime('2025-03-01T14:05:09')?.toISOString()).toBe('2025-03-01T06:05:09.000Z');
    expect(parseShanghaiTime('1988-07-01 09:00')?.toISOString()).toBe('1988-07-01T00:00:00.000Z');
    for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2030, 0, 1); t += 101 * HOUR) {
      const text = formatShanghaiDateTime(t, { seconds: true })!;
      expect(formatShanghaiDateTime(parseShanghaiTime(text)!, { seconds: true })).toBe(text);
    }
    for (const bad of ['2025-02-30', '2025-13-01', '2025-1-1', '2025-03-01 24:00', '2025-03-01Z', '', 'x']) {
      expect(parseShanghaiTime(bad), bad).toBeNull();
    }
  });

  it('gives the bounds of a Shanghai day', () => {
    expect(shanghaiDayStart('2025-03-01')?.toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(shanghaiDayEnd('2025-03-01')?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(shanghaiDayEnd('2024-12-31')?.toISOString()).toBe('2024-12-31T16:00:00.000Z');
    // 1988-04-17 had 23 hours (clocks went from 02:00 to 03:00), 1988-09-11 had 25
    const spring = shanghaiDayStart('1988-04-17')!;
    expect(shanghaiDayEnd('1988-04-17')!.getTime() - spring.getTime()).toBe(23 * HOUR);
    const autumn = shanghaiDayStart('1988-09-11')!;
    expect(shanghaiDayEnd('1988-09-11')!.getTime() - autumn.getTime()).toBe(25 * HOUR);
    expect(shanghaiDayStart('2025-03-01 10:00')).toBeNull();
    expect(shanghaiDayEnd('2025-02-30')).toBeNull();
  });

  it('finds the Shanghai midnight of any instant', () => {
    expect(startOfShanghaiDay(new Date('2025-03-01T15:59:59Z')).toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(startOfShanghaiDay(new Date('2025-03-01T16:00:00Z')).toISOString()).toBe('2025-03-01T16:00:00.000Z');
    for (let t = Date.UTC(1985, 0, 1); t < Date.UTC(2030, 0, 1); t += 89 * HOUR) {
      const midnight = startOfShanghaiDay(t);
      expect(reference.format(midnight).slice(11)).toBe('00:00:00');
      expect(formatShanghaiDate(midnight)).toBe(formatShanghaiDate(t));
    }
  });
});
