import { formatShanghaiDate, formatShanghaiDateTime } from '@pharmacy/shared';

const DAY_MS = 86_400_000;

/**
 * A message's or a list row's time in Asia/Shanghai (as every time of the console, whatever the browser's zone):
 * HH:mm today, 昨天 HH:mm, MM-DD HH:mm this year, else YYYY-MM-DD.
 */
export function chatTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const full = formatShanghaiDateTime(value);
  if (!full) return '';
  const [day = '', time = ''] = full.split(' ');
  const today = formatShanghaiDate(now) ?? '';
  if (day >= today) return time;
  if (day === formatShanghaiDate(now.getTime() - DAY_MS)) return `昨天 ${time}`;
  if (day.slice(0, 4) === today.slice(0, 4)) return `${day.slice(5)} ${time}`;
  return day;
}
