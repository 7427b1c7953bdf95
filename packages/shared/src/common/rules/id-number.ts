import validatorIsIdentityCard from 'validator/lib/isIdentityCard';
import { isRealDate } from './calendar';
import { cjsDefault } from './cjs-default';

const isIdentityCardZh = /* @__PURE__ */ cjsDefault(validatorIsIdentityCard);

export const ID_NUMBER_INVALID_MESSAGE = '身份证号格式不正确';
export const TIMESTAMP_INVALID_MESSAGE = '时间戳不正确';

/** GB 11643-1999 (ISO 7064 MOD 11-2) weights of the first 17 digits and the check characters by remainder. */
export const ID_NUMBER_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
export const ID_NUMBER_CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

const ID_NUMBER_FORMAT = /^\d{17}[\dXx]$/;

export type Gender = 'male' | 'female';
export const genderLabels: Record<Gender, string> = { male: '男', female: '女' };

/** The check character for the first 17 digits of an ID number. */
export function idNumberCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error(ID_NUMBER_INVALID_MESSAGE);
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_NUMBER_WEIGHTS[i];
  return ID_NUMBER_CHECK_CHARS[sum % 11];
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function birthDateOf(id: string): CalendarDate | null {
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  if (year < 1800 || !isRealDate(year, month, day)) return null;
  return { year, month, day };
}

const localDate = (d: Date): CalendarDate => ({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() });

const compareDates = (a: CalendarDate, b: CalendarDate) => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * An 18-character resident ID number: 17 digits and a check digit or X, a real birth date not in the future and the
 * GB 11643-1999 checksum. validator's zh-CN check runs as well: it adds the province-code table (and would also take
 * 15-digit numbers, which the length check excludes).
 */
export function isValidIdNumber(id: unknown): id is string {
  if (typeof id !== 'string' || !ID_NUMBER_FORMAT.test(id)) return false;
  const birth = birthDateOf(id);
  if (!birth || compareDates(birth, localDate(new Date())) > 0) return false;
  if (idNumberCheckChar(id.slice(0, 17)) !== id[17].toUpperCase()) return false;
  return isIdentityCardZh(id, 'zh-CN');
}

function assertIdNumber(id: unknown): asserts id is string {
  if (!isValidIdNumber(id)) throw new Error(ID_NUMBER_INVALID_MESSAGE);
}

/** The 17th digit: odd → male, even → female. An invalid ID number throws 身份证号格式不正确. */
export function genderFromIdNumber(id: unknown): Gender {
  assertIdNumber(id);
  return Number(id[16]) % 2 === 1 ? 'male' : 'female';
}

/** The birth date an ID number carries, as YYYY-MM-DD. An invalid ID number throws. */
export function birthDateFromIdNumber(id: unknown): string {
  assertIdNumber(id);
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/** Full years from birth to `now` (local calendar; a 29 February birthday falls on 1 March in other years). */
function fullYears(birth: CalendarDate, now: Date): number {
  const today = localDate(now);
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return Math.max(0, today.year - birth.year - (hadBirthday ? 0 : 1));
}

const assertValidNow = (now: Date) => {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date');
};

/** Age in full years from the ID number's birth date. An invalid ID number throws 身份证号格式不正确. */
export function ageFromIdNumber(id: unknown, now: Date = new Date()): number {
  assertIdNumber(id);
  assertValidNow(now);
  return fullYears(birthDateOf(id)!, now);
}

/** Age in full years from a birth timestamp in milliseconds (or a Date); a birth after `now` gives 0. */
export function ageFromTimestamp(timestamp: number | Date, now: Date = new Date()): number {
  const ms = timestamp instanceof Date ? timestamp.getTime() : timestamp;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) {
    throw new Error(TIMESTAMP_INVALID_MESSAGE);
  }
  assertValidNow(now);
  return fullYears(localDate(new Date(ms)), now);
}
