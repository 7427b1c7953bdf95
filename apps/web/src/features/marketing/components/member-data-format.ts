/** '12345.6' → '¥12,345.60' (the text as the server sent it, grouped; never through a float). */
export function formatYuan(amount: string): string {
  const [int = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}¥${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

export const formatCount = (n: number) => n.toLocaleString('zh-CN');

/** Watch time as 1小时5分 / 12分30秒 / 45秒. */
export function formatWatchTime(seconds: number): string {
  if (seconds <= 0) return '0秒';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${formatCount(h)}小时${m}分`;
  if (m) return s ? `${m}分${s}秒` : `${m}分`;
  return `${s}秒`;
}

/** 11-24 for 2026-11-24. */
export const monthDay = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}`;
