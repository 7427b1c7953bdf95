import dayjs from 'dayjs';

/** A message's or a list row's time: HH:mm today, 昨天 HH:mm, MM-DD HH:mm this year, else YYYY-MM-DD. */
export function chatTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const t = dayjs(value);
  if (!t.isValid()) return '';
  const today = dayjs(now).startOf('day');
  if (!t.isBefore(today)) return t.format('HH:mm');
  if (!t.isBefore(today.subtract(1, 'day'))) return `昨天 ${t.format('HH:mm')}`;
  if (t.year() === today.year()) return t.format('MM-DD HH:mm');
  return t.format('YYYY-MM-DD');
}
