import { formatMoney } from '@pharmacy/shared';

/** One row of the demo table: clearly sample data (示例数据), built in the page from a fixed seed. */
export interface DemoRow {
  id: number;
  name: string;
  category: DemoCategory;
  spec: string;
  price: string;
  stock: number;
  status: DemoStatus;
  updated_at: string;
}

export const demoCategories = ['rx', 'otc', 'herbal', 'non_drug'] as const;
export type DemoCategory = (typeof demoCategories)[number];
export const demoCategoryLabels: Record<DemoCategory, string> = {
  rx: '处方药',
  otc: '非处方药',
  herbal: '中药饮片',
  non_drug: '非药品',
};
export const demoStatuses = ['on_sale', 'off_sale'] as const;
export type DemoStatus = (typeof demoStatuses)[number];
export const demoStatusLabels: Record<DemoStatus, string> = { on_sale: '在售', off_sale: '已下架' };

export const DEMO_ROW_COUNT = 200;
export const DEMO_SEED = 20240601;

/** mulberry32: a tiny deterministic generator, so the demo shows the same 200 rows on every visit. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stems = ['示例片', '示例胶囊', '示例颗粒', '示例口服液', '示例软膏', '示例滴眼液', '示例喷雾', '示例贴'];
const prefixes = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'];
const specs = ['0.25g×24片', '10ml×6支', '5g×10袋', '20g/支', '0.3g×36粒', '15ml/瓶'];

export function buildDemoRows(count = DEMO_ROW_COUNT, seed = DEMO_SEED): DemoRow[] {
  const next = generator(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const cents = 150 + Math.floor(next() * 29_850);
    return {
      id: i + 1,
      name: `${pick(prefixes)}${pick(stems)} ${String(i + 1).padStart(3, '0')}`,
      category: pick(demoCategories),
      spec: pick(specs),
      price: formatMoney((cents / 100).toFixed(2)),
      stock: Math.floor(next() * 500),
      status: next() < 0.8 ? 'on_sale' : 'off_sale',
      updated_at: new Date(start + Math.floor(next() * 365 * 24 * 3600) * 1000).toISOString(),
    };
  });
}

export interface DemoQuery {
  page: number;
  page_size: number;
  sort?: string;
  keyword?: string;
  category?: DemoCategory;
  status?: DemoStatus;
}

/** What a server would do with the list query: filter, sort, count, slice one page. */
export function queryDemoRows(rows: readonly DemoRow[], q: DemoQuery): { list: DemoRow[]; total: number } {
  const keyword = q.keyword?.trim();
  let result = rows.filter(
    (r) =>
      (!keyword || r.name.includes(keyword)) &&
      (!q.category || r.category === q.category) &&
      (!q.status || r.status === q.status),
  );
  const [field, order] = (q.sort ?? '').split(':');
  if (field === 'price' || field === 'stock' || field === 'updated_at') {
    const dir = order === 'desc' ? -1 : 1;
    const value = (r: DemoRow) => (field === 'price' ? Number(r.price) : field === 'stock' ? r.stock : r.updated_at);
    result = [...result].sort((a, b) => (value(a) < value(b) ? -dir : value(a) > value(b) ? dir : a.id - b.id));
  }
  const from = (q.page - 1) * q.page_size;
  return { list: result.slice(from, from + q.page_size), total: result.length };
}
