import dayjs, { type Dayjs } from 'dayjs';
import { EXPIRY_WINDOW_DEFAULT_MONTHS } from '../constants';
import { isRealDate } from './calendar';
import { isEmpty } from './empty';

export type DateInput = Date | Dayjs | string | number;

// Date-only or date-time text as forms and APIs send it; anything looser is refused rather than guessed by Date().
const DATE_TEXT =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A local date-time; years below 100 are not shifted into the 1900s as the Date constructor would. */
function localDateTime(y: number, month: number, day: number, h: number, min: number, s: number, ms: number) {
  const d = new Date(2000, month - 1, day, h, min, s, ms);
  d.setFullYear(y, month - 1, day);
  return d;
}

function parseDateText(text: string): Dayjs | null {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0));
  const ms = Number((m[7] ?? '0').slice(0, 3).padEnd(3, '0'));
  const realDate = isRealDate(year, month, day);
  if (!realDate || hour > 23 || minute > 59 || second > 59) return null;
  const zone = m[8]?.toUpperCase();
  if (!zone) return dayjs(localDateTime(year, month, day, hour, minute, second, ms));
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}${offset}`;
  const d = dayjs(new Date(iso));
  return d.isValid() ? d : null;
}

/**
 * A date from a Date, a dayjs value, a millisecond timestamp or date text (YYYY-MM-DD, with / or . too, optionally a
 * time and a zone; without a zone it is local time); null when it is not a real date (2025-02-30 is not).
 */
export function toDayjs(value: unknown): Dayjs | null {
  if (value instanceof Date || dayjs.isDayjs(value)) {
    const d = dayjs(value);
    return d.isValid() ? d : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) && dayjs(value).isValid() ? dayjs(value) : null;
  if (typeof value === 'string') return parseDateText(value);
  return null;
}

export interface ExpiryWindowOptions {
  /** Length of the window in months; the spec's default is six. */
  months?: number;
  now?: DateInput;
}

/**
 * Whether the date lies between today and `months` months ahead, both ends included, compared by calendar day in
 * local time (a medicine expiring today is still inside). Anything that is not a date is outside.
 */
export function isWithinExpiryWindow(date: unknown, options: ExpiryWindowOptions = {}): boolean {
  const { months = EXPIRY_WINDOW_DEFAULT_MONTHS, now = new Date() } = options;
  if (!Number.isInteger(months) || months < 0) throw new RangeError('months must be a whole number ≥ 0');
  const today = toDayjs(now);
  if (!today) throw new RangeError('now must be a valid date');
  const d = toDayjs(date);
  if (!d) return false;
  return !d.isBefore(today, 'day') && !d.isAfter(today.add(months, 'month'), 'day');
}

/** Fields named with "expire" become ISO 8601 text or null. */
export type WithNormalisedExpireFields<T> = {
  [K in keyof T]: K extends string ? (Lowercase<K> extends `${string}expire${string}` ? string | null : T[K]) : T[K];
};

export const isExpireField = (name: string) => name.toLowerCase().includes('expire');

/**
 * A copy of the form where every field whose name contains "expire" (any case) is an ISO 8601 instant
 * (toISOString, UTC) or null when empty or not a real date; other fields are passed through untouched.
 */
export function normaliseExpireFields<T extends Record<string, unknown>>(form: T): WithNormalisedExpireFields<T> {
  const out: Record<string, unknown> = { ...form };
  for (const key of Object.keys(out)) {
    if (!isExpireField(key)) continue;
    const value = out[key];
    out[key] = isEmpty(value) ? null : (toDayjs(value)?.toISOString() ?? null);
  }
  return out as WithNormalisedExpireFields<T>;
}
