import { formatShanghaiDateTime } from '@pharmacy/shared';

/** '12345.6' → '¥12,345.60' without a float on the way (the figure is the server's exact decimal text). */
export function yuan(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, part = ''] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}¥${grouped}.${part.padEnd(2, '0').slice(0, 2)}`;
}

export const count = (n: number) => n.toLocaleString('zh-CN');

/** HH:mm of an instant, Beijing time (更新于 …). */
export function clock(iso: string): string {
  const text = formatShanghaiDateTime(iso) ?? '';
  const match = /(\d{2}:\d{2})/.exec(text);
  return match ? match[1] : text;
}

/** Minutes as 25.5 分钟, or 1 小时 5 分钟 from an hour on. */
export function minutesText(minutes: string | null): string {
  if (minutes === null) return '—';
  const value = Number(minutes);
  if (value < 60) return `${minutes} 分钟`;
  const hours = Math.floor(value / 60);
  return `${hours} 小时 ${Math.round(value - hours * 60)} 分钟`;
}
