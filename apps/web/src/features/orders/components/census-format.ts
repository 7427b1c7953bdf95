import type { CensusBucket, CensusGranularity, CensusTopProduct } from '@pharmacy/shared';

/** '12345.6' → '¥12,345.60' (the text as the server sent it, grouped; never through a float). */
export function formatYuan(amount: string): string {
  const [int = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}¥${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** A count with thousands separators. */
export const formatCount = (n: number) => n.toLocaleString('zh-CN');

const md = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}`;

/** How a bucket is named: 11-24 (day), 11-17~11-23 (week, the part inside the range), 2026年11月 (month). */
export function bucketLabel(bucket: Pick<CensusBucket, 'bucket' | 'start' | 'end'>, granularity: CensusGranularity) {
  if (granularity === 'day') return md(bucket.bucket);
  if (granularity === 'week') return `${md(bucket.start)}~${md(bucket.end)}`;
  return `${bucket.bucket.slice(0, 4)}年${Number(bucket.bucket.slice(5, 7))}月`;
}

/** The table's fuller name: 2026-11-24 (周二), 2026-11-17 至 11-23, 2026年11月. */
export function bucketTitle(bucket: Pick<CensusBucket, 'bucket' | 'start' | 'end'>, granularity: CensusGranularity) {
  if (granularity === 'day') {
    const weekday = '日一二三四五六'[new Date(`${bucket.bucket}T00:00:00Z`).getUTCDay()];
    return `${bucket.bucket}（周${weekday}）`;
  }
  if (granularity === 'week') return `${bucket.start} 至 ${md(bucket.end)}`;
  return bucketLabel(bucket, granularity);
}

/**
 * The chart's axis labels: the name, and for products sharing a name (two specs of 复方丹参滴丸, or 三七粉(饮片) of one
 * spec by two makers) the spec, then the maker, as far as it takes to tell them apart.
 */
export function topProductLabels(rows: readonly CensusTopProduct[]): (p: CensusTopProduct) => string {
  const repeated = (label: (p: CensusTopProduct) => string) => {
    const seen = rows.map(label);
    return new Set(seen.filter((l, i) => seen.indexOf(l) !== i));
  };
  const names = repeated((p) => p.name);
  const withSpec = (p: CensusTopProduct) => (names.has(p.name) && p.spec ? `${p.name} ${p.spec}` : p.name);
  const specs = repeated(withSpec);
  return (p) => (specs.has(withSpec(p)) && p.manufacturer ? `${withSpec(p)}（${p.manufacturer}）` : withSpec(p));
}
