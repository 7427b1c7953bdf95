/**
 * Asia/Shanghai time, the one zone the console shows and counts days in (architecture.md: "shown in Asia/Shanghai").
 *
 * China Standard Time has been UTC+8 without daylight saving since 1992, so these helpers work by arithmetic on the
 * instant: creating an `Intl.DateTimeFormat` with a time zone loads ICU's zone data, tens of milliseconds on a phone
 * on the first list page, and formatting through it is many times slower than a few getUTC calls. Only instants
 * before 1992 (China kept summer time 1986–1991) ask Intl, through one formatter made when first needed.
 */

export const SHANGHAI_TIME_ZONE = 'Asia/Shanghai';
/** UTC+8. */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** From this instant on (1992-01-01 00:00 in Shanghai) the offset is always +08:00. */
const FIXED_OFFSET_SINCE = Date.UTC(1992, 0, 1) - SHANGHAI_OFFSET_MS;

/** The fields of a minute in Asia/Shanghai, for Intl (tests compare against it). */
export const shanghaiMinuteFields: Intl.DateTimeFormatOptions = {
  timeZone: SHANGHAI_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

let historicFormat: Intl.DateTimeFormat | null = null;

/** The offset of Asia/Shanghai from UTC at instant `ms`: 8 h, or 9 h in the summers of 1986–1991. */
export function shanghaiOffsetMs(ms: number): number {
  if (ms >= FIXED_OFFSET_SINCE || !Number.isFinite(ms)) return SHANGHAI_OFFSET_MS;
  historicFormat ??= new Intl.DateTimeFormat('en-US', { ...shanghaiMinuteFields, second: '2-digit' });
  const p: Record<string, number> = {};
  for (const part of historicFormat.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

const toMs = (value: Date | number | string): number =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : new Date(value).getTime();

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The wall-clock fields in Shanghai of an instant (as the UTC fields of a shifted Date). */
const shifted = (ms: number) => new Date(ms + shanghaiOffsetMs(ms));

const datePart = (d: Date) => {
  const y = d.getUTCFullYear();
  return `${y < 1000 ? String(y).padStart(4, '0') : y}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** `2025-03-01` in Shanghai for an instant (now by default); null for an invalid one. */
export function formatShanghaiDate(value: Date | number | string = Date.now()): string | null {
  const ms = toMs(value);
  return Number.isNaN(ms) ? null : datePart(shifted(ms));
}

/** `2025-03-01 14:05` (or with `seconds`, `2025-03-01 14:05:09`) in Shanghai; null for an invalid instant. */
export function formatShanghaiDateTime(value: Date | number | string, options: { seconds?: boolean } = {}) {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return null;
  const d = shifted(ms);
  const minute = `${datePart(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return options.seconds ? `${minute}:${pad(d.getUTCSeconds())}` : minute;
}

/** Today's date in Shanghai, `2025-03-01` (of `now` when given). */
export const shanghaiToday = (now: Date | number = Date.now()): string => datePart(shifted(toMs(now)));

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant of a Shanghai wall-clock time `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss` (a `T` may
 * stand for the space); null when the text is not such a time or names no real day (2025-02-30).
 */
export function parseShanghaiTime(text: string): Date | null {
  const m = WALL_TIME.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const wall = new Date(0);
  wall.setUTCFullYear(y, mo - 1, d);
  wall.setUTCHours(h, mi, s, 0);
  if (wall.getUTCDate() !== d) return null; // rolled over: no such day
  const wallMs = wall.getTime();
  let ms = wallMs - SHANGHAI_OFFSET_MS;
  if (ms < FIXED_OFFSET_SINCE + DAY_MS) {
    // summer time: the offset at the guessed instant decides (a wall time skipped by the change keeps +08:00)
    const offset = shanghaiOffsetMs(ms);
    if (offset !== SHANGHAI_OFFSET_MS && shanghaiOffsetMs(wallMs - offset) === offset) ms = wallMs - offset;
  }
  return new Date(ms);
}

/** The first instant of the Shanghai day `YYYY-MM-DD`; null for anything else. */
export function shanghaiDayStart(date: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseShanghaiTime(date) : null;
}

/** The first instant of the Shanghai day after `YYYY-MM-DD` (an exclusive upper bound); null for anything else. */
export function shanghaiDayEnd(date: string): Date | null {
  const start = shanghaiDayStart(date);
  if (!start) return null;
  return startOfShanghaiDay(new Date(start.getTime() + DAY_MS + 3 * 3600_000));
}

/** Midnight in Shanghai of the day that holds `at`, as an instant. */
export function startOfShanghaiDay(at: Date | number = Date.now()): Date {
  const ms = toMs(at);
  const offset = shanghaiOffsetMs(ms);
  const local = ms + offset;
  const midnightWall = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  if (ms >= FIXED_OFFSET_SINCE) return new Date(midnightWall - offset);
  return parseShanghaiTime(datePart(new Date(midnightWall))) ?? new Date(midnightWall - offset);
}
