/**
 * Times are shown in Asia/Shanghai whatever the browser's zone (architecture.md: "shown in Asia/Shanghai").
 * China Standard Time has been UTC+8 without daylight saving since 1992, so those times are formatted by arithmetic:
 * creating an `Intl.DateTimeFormat` with a time zone loads ICU's locale and zone data, tens of milliseconds on a phone,
 * on the first list page. Earlier times (China kept summer time 1986–1991) go through Intl, created when first needed.
 */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const FIXED_OFFSET_SINCE = Date.UTC(1992, 0, 1) - SHANGHAI_OFFSET_MS;

/** Minutes in Asia/Shanghai, the fields `formatDateTime` shows. */
export const shanghaiMinuteFields: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

let historicFormat: Intl.DateTimeFormat | null = null;

const pad = (n: number) => String(n).padStart(2, '0');

function historicParts(date: Date) {
  historicFormat ??= new Intl.DateTimeFormat('zh-CN', shanghaiMinuteFields);
  return Object.fromEntries(historicFormat.formatToParts(date).map((p) => [p.type, p.value]));
}

/** `2025-03-01 14:05` for an ISO 8601 time; an empty or invalid value gives '-'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  if (date.getTime() < FIXED_OFFSET_SINCE) {
    const parts = historicParts(date);
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  }
  const local = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
