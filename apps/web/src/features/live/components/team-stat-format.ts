import { shanghaiToday } from '@pharmacy/shared';

/** The longest range 团队统计 answers (days, inclusive; the server refuses more with the same text). */
export const TEAM_STAT_MAX_DAYS = 366;
export const TEAM_STAT_DEFAULT_DAYS = 30;
export const teamStatTooLong = `统计时间范围不能超过 ${TEAM_STAT_MAX_DAYS} 天`;

const DAY_MS = 86_400_000;
/** YYYY-MM-DD plus n days (calendar arithmetic on the date itself, no time zone involved). */
export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The default range: the last 30 Shanghai days up to today. */
export function defaultTeamStatRange(now: Date | number = Date.now()) {
  const to = shanghaiToday(now);
  return { date_from: addDays(to, 1 - TEAM_STAT_DEFAULT_DAYS), date_to: to };
}

/** Watch time in 时 and 分: 0分, 45分, 3时05分, 1,336时40分 (seconds under a minute are left out). */
export function formatHoursMinutes(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h.toLocaleString('zh-CN')}时${String(m).padStart(2, '0')}分` : `${m}分`;
}

/** '12345.6' → '¥12,345.60' (the text as the server sent it, grouped; never through a float). */
export function formatYuan(amount: string): string {
  const [int = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}¥${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** A count with thousands separators. */
export const formatCount = (n: number) => n.toLocaleString('zh-CN');
