import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinExpiryWindow, normaliseExpireFields, toDayjs } from './expiry';

const now = new Date(2025, 0, 15, 10, 30);

describe('isWithinExpiryWindow', () => {
  it('takes dates from today to six months ahead, both included, by calendar day', () => {
    expect(isWithinExpiryWindow(new Date(2025, 0, 15, 0, 0), { now })).toBe(true);
    expect(isWithinExpiryWindow('2025-01-15', { now })).toBe(true);
    expect(isWithinExpiryWindow('2025-07-15', { now })).toBe(true);
    expect(isWithinExpiryWindow('2025-07-15 23:59:59', { now })).toBe(true);
    expect(isWithinExpiryWindow('2025-03-01', { now })).toBe(true);
  });

  it('refuses yesterday, the day after the window and anything that is not a date', () => {
    expect(isWithinExpiryWindow('2025-01-14', { now })).toBe(false);
    expect(isWithinExpiryWindow('2025-07-16', { now })).toBe(false);
    for (const value of ['', 'soon', '2025-02-30', null, undefined, {}, Number.NaN]) {
      expect(isWithinExpiryWindow(value, { now })).toBe(false);
    }
  });

  it('uses the configured number of months', () => {
    expect(isWithinExpiryWindow('2025-04-15', { now, months: 3 })).toBe(true);
    expect(isWithinExpiryWindow('2025-04-16', { now, months: 3 })).toBe(false);
    expect(isWithinExpiryWindow('2026-01-15', { now, months: 12 })).toBe(true);
    expect(isWithinExpiryWindow('2025-01-15', { now, months: 0 })).toBe(true);
    expect(isWithinExpiryWindow('2025-01-16', { now, months: 0 })).toBe(false);
    expect(() => isWithinExpiryWindow('2025-01-16', { now, months: -1 })).toThrow(RangeError);
    expect(() => isWithinExpiryWindow('2025-01-16', { now, months: 1.5 })).toThrow(RangeError);
  });

  it('ends the window on the last day of a shorter month', () => {
    const endOfAugust = new Date(2024, 7, 31);
    expect(isWithinExpiryWindow('2025-02-28', { now: endOfAugust })).toBe(true);
    expect(isWithinExpiryWindow('2025-03-01', { now: endOfAugust })).toBe(false);
  });

  it('holds exactly for the days from today to today plus N months', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 800 }), fc.integer({ min: 0, max: 24 }), (offsetDays, months) => {
        const date = dayjs(now).add(offsetDays, 'day');
        const last = dayjs(now).add(months, 'month').startOf('day');
        const inside = offsetDays >= 0 && !date.startOf('day').isAfter(last);
        expect(isWithinExpiryWindow(date.toDate(), { now, months })).toBe(inside);
      }),
    );
  });
});

describe('toDayjs', () => {
  it('reads dates, timestamps, dayjs values and date text', () => {
    expect(toDayjs(new Date(2025, 0, 2))?.valueOf()).toBe(new Date(2025, 0, 2).valueOf());
    expect(toDayjs(0)?.valueOf()).toBe(0);
    expect(toDayjs(dayjs(1000))?.valueOf()).toBe(1000);
    expect(toDayjs('2025/1/2')?.valueOf()).toBe(new Date(2025, 0, 2).valueOf());
    expect(toDayjs('2025.01.02 08:05')?.valueOf()).toBe(new Date(2025, 0, 2, 8, 5).valueOf());
    expect(toDayjs('2025-01-02T08:05:06.789Z')?.toISOString()).toBe('2025-01-02T08:05:06.789Z');
    expect(toDayjs('2025-01-02 08:05:06+08:00')?.toISOString()).toBe('2025-01-02T00:05:06.000Z');
    expect(toDayjs('2024-02-29')?.valueOf()).toBe(new Date(2024, 1, 29).valueOf());
  });

  it('refuses text that is not a real date instead of letting Date() guess', () => {
    for (const text of ['2025-02-29', '2025-13-01', '2025-01-32', '2025-01-01 24:00', '1', 'Jan 2 2025', '20250102']) {
      expect(toDayjs(text), text).toBeNull();
    }
    expect(toDayjs(new Date(Number.NaN))).toBeNull();
    expect(toDayjs(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toDayjs(true)).toBeNull();
  });
});

describe('normaliseExpireFields', () => {
  it('turns every field named with "expire" into ISO 8601 or null and leaves the rest alone', () => {
    const tags = ['a'];
    const form = {
      name: '布洛芬',
      expire_date: '2025-06-30',
      license_expire_at: new Date(Date.UTC(2026, 0, 1)),
      ExpireTime: dayjs('2025-01-02T03:04:05.000Z'),
      business_expire: '',
      gsp_expire: null,
      bad_expire: 'not a date',
      expired_count: 3,
      start_date: '2025-06-30',
      tags,
    };
    const out = normaliseExpireFields(form);
    expect(out).toEqual({
      name: '布洛芬',
      expire_date: new Date(2025, 5, 30).toISOString(),
      license_expire_at: '2026-01-01T00:00:00.000Z',
      ExpireTime: '2025-01-02T03:04:05.000Z',
      business_expire: null,
      gsp_expire: null,
      bad_expire: null,
      expired_count: new Date(3).toISOString(),
      start_date: '2025-06-30',
      tags,
    });
    expect(out.tags).toBe(tags);
    expect(form.expire_date).toBe('2025-06-30');
  });

  it('gives ISO 8601 text that reads back to the same instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1970, 0, 1), max: new Date(2200, 0, 1), noInvalidDate: true }), (date) => {
        const { expire_at } = normaliseExpireFields({ expire_at: date });
        expect(expire_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(new Date(expire_at!).getTime()).toBe(date.getTime());
      }),
    );
  });

  it('never touches a field without "expire" in its name', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => !k.toLowerCase().includes('expire')),
          fc.anything(),
        ),
        (form) => {
          const out = normaliseExpireFields(form);
          for (const key of Object.keys(form)) expect(out[key]).toBe(form[key]);
        },
      ),
    );
  });
});
