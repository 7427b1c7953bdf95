import { comboTotals, formatMoney, isComboPriceAboveTotal, subtract } from '@pharmacy/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { product, quote, quoteSet, quoteSetItem } from '../schema/index';
import type { ConsoleSeedContext } from './console-context';

interface DemoComboLine {
  /** The product's generic name; the pharmacy's first quote of it that is on shelf with stock to spare. */
  generic: string;
  qty: number;
  /** Take an off-shelf quote of it instead (the combo then shows 含已下架商品). */
  offShelf?: boolean;
}

interface DemoCombo {
  name: string;
  /** How much cheaper than the items' sum, roughly (the price is then rounded down to .90). */
  saving: number;
  status: 'on_sale' | 'off_sale';
  remark: string;
  daysAgo: number;
  lines: DemoComboLine[];
}

/** Pharmacy 1 (上海浦东店): one combo was on sale when its loquat syrup went off shelf. */
const pudong: DemoCombo[] = [
  {
    name: '感冒发烧家庭套餐',
    saving: 6,
    status: 'on_sale',
    remark: '退热、抗病毒、清热解毒，家庭常备一份，秋冬季节热卖。',
    daysAgo: 46,
    lines: [
      { generic: '布洛芬片', qty: 1 },
      { generic: '连花清瘟胶囊', qty: 1 },
      { generic: '医用退热贴', qty: 1 },
      { generic: '板蓝根颗粒', qty: 2 },
    ],
  },
  {
    name: '高血压慢病月度套餐',
    saving: 8,
    status: 'on_sale',
    remark: '一个月用量，适合已确诊高血压、遵医嘱长期服药的顾客；处方药需凭处方购买。',
    daysAgo: 38,
    lines: [
      { generic: '苯磺酸氨氯地平片', qty: 4 },
      { generic: '阿司匹林肠溶片', qty: 1 },
      { generic: '阿托伐他汀钙片', qty: 1 },
    ],
  },
  {
    name: '儿童腹泻护理套餐',
    saving: 5,
    status: 'on_sale',
    remark: '止泻、调节肠道菌群、补锌，适用于婴幼儿及儿童急性腹泻的家庭护理。',
    daysAgo: 27,
    lines: [
      { generic: '蒙脱石散', qty: 2 },
      { generic: '双歧杆菌三联活菌胶囊', qty: 1 },
      { generic: '葡萄糖酸钙锌口服溶液', qty: 1 },
    ],
  },
  {
    name: '止咳化痰三件套',
    saving: 4,
    status: 'on_sale',
    remark: '祛痰、止咳、润肺，咳嗽痰多时使用。枇杷膏已下架，待补货后恢复。',
    daysAgo: 19,
    lines: [
      { generic: '盐酸氨溴索片', qty: 1 },
      { generic: '蜜炼川贝枇杷膏', qty: 1, offShelf: true },
      { generic: '急支糖浆', qty: 1 },
    ],
  },
  {
    name: '糖尿病血糖监测套餐',
    saving: 12,
    status: 'off_sale',
    remark: '血糖仪配二甲双胍两盒，新确诊糖尿病顾客首购推荐；待药师复核后上架。',
    daysAgo: 9,
    lines: [
      { generic: '血糖仪', qty: 1 },
      { generic: '盐酸二甲双胍片', qty: 2 },
      { generic: '医用脱脂棉签', qty: 2 },
    ],
  },
  {
    name: '家庭外伤护理套餐',
    saving: 3,
    status: 'off_sale',
    remark: '擦伤、割伤的清创包扎用品。',
    daysAgo: 3,
    lines: [
      { generic: '医用弹性绷带', qty: 1 },
      { generic: '红霉素软膏', qty: 1 },
      { generic: '创可贴', qty: 1 },
    ],
  },
];

/** Pharmacy 2 (杭州西湖店): the hypertension combo holds a valsartan quote that has since gone off shelf. */
const xihu: DemoCombo[] = [
  {
    name: '感冒发烧家庭套餐',
    saving: 7,
    status: 'on_sale',
    remark: '退热、抗病毒，配电子体温计，家庭常备。',
    daysAgo: 52,
    lines: [
      { generic: '对乙酰氨基酚片', qty: 1 },
      { generic: '连花清瘟胶囊', qty: 1 },
      { generic: '医用退热贴', qty: 2 },
      { generic: '医用电子体温计', qty: 1 },
    ],
  },
  {
    name: '高血压慢病月度套餐',
    saving: 9,
    status: 'on_sale',
    remark: '一个月用量，处方药需凭处方购买。缬沙坦已下架，请尽快替换。',
    daysAgo: 41,
    lines: [
      { generic: '缬沙坦胶囊', qty: 2, offShelf: true },
      { generic: '阿司匹林肠溶片', qty: 1 },
      { generic: '阿托伐他汀钙片', qty: 1 },
    ],
  },
  {
    name: '儿童腹泻护理套餐',
    saving: 5,
    status: 'on_sale',
    remark: '止泻、益生菌、补锌，儿童腹泻家庭护理。',
    daysAgo: 30,
    lines: [
      { generic: '蒙脱石散', qty: 2 },
      { generic: '地衣芽孢杆菌活菌胶囊', qty: 1 },
      { generic: '葡萄糖酸钙锌口服溶液', qty: 1 },
    ],
  },
  {
    name: '肠胃调理套餐',
    saving: 4,
    status: 'off_sale',
    remark: '抑酸护胃、促进胃动力。',
    daysAgo: 12,
    lines: [
      { generic: '奥美拉唑肠溶胶囊', qty: 2 },
      { generic: '多潘立酮片', qty: 1 },
    ],
  },
  {
    name: '居家消毒防护套餐',
    saving: 3,
    status: 'on_sale',
    remark: '酒精、碘伏、口罩、创可贴，居家出行防护一次配齐。',
    daysAgo: 6,
    lines: [
      { generic: '75%酒精消毒液', qty: 2 },
      { generic: '碘伏消毒液', qty: 1 },
      { generic: '医用外科口罩', qty: 2 },
      { generic: '创可贴', qty: 1 },
    ],
  },
];

/** The package price: the items' sum less about `saving` yuan, ending in .90, never above the sum. */
function packagePrice(itemsTotal: string, saving: number): string {
  const target = subtract(itemsTotal, saving);
  if (target.startsWith('-') || /^0(\.|$)/.test(target)) return itemsTotal;
  const yuan = target.split('.')[0];
  const price = `${yuan}.90`;
  return isComboPriceAboveTotal(price, itemsTotal) ? formatMoney(yuan) : price;
}

/**
 * 4–6 combos for each of the first two foundation pharmacies over their own quotes (looked up by generic name), one
 * of each holding an off-shelf quote, so the list shows 含已下架商品 on first start.
 */
export async function seedConsoleCombos(ctx: ConsoleSeedContext): Promise<void> {
  const plans: [number, DemoCombo[]][] = [];
  if (ctx.pharmacies[0]) plans.push([ctx.pharmacies[0].id, pudong]);
  if (ctx.pharmacies[1]) plans.push([ctx.pharmacies[1].id, xihu]);

  for (const [pharmacyId, combos] of plans) {
    const generics = [...new Set(combos.flatMap((c) => c.lines.map((l) => l.generic)))];
    const quotes = await ctx.tx
      .select({
        id: quote.id,
        generic: product.genericName,
        price: quote.price,
        stock: quote.stock,
        status: quote.status,
      })
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .where(and(eq(quote.pharmacyId, pharmacyId), inArray(product.genericName, generics)))
      .orderBy(asc(quote.id));

    for (const combo of combos) {
      const used = new Set<number>();
      const picked = combo.lines.flatMap((line) => {
        const candidates = quotes.filter((q) => q.generic === line.generic && !used.has(q.id));
        const q = line.offShelf
          ? (candidates.find((c) => c.status === 'off_shelf') ?? candidates[0])
          : (candidates.find((c) => c.status === 'on_shelf' && c.stock >= line.qty * 10) ??
            candidates.find((c) => c.status === 'on_shelf'));
        if (!q) return [];
        used.add(q.id);
        return [{ quoteId: q.id, qty: line.qty, price: q.price, status: q.status }];
      });
      if (picked.length < 2) continue;
      const { items_total } = comboTotals(picked, '0');
      // A combo holding an off-shelf quote stays as it was (on sale), which is what the warning is about.
      const at = new Date(ctx.now.getTime() - combo.daysAgo * 86_400_000);
      const [set] = await ctx.tx
        .insert(quoteSet)
        .values({
          pharmacyId,
          name: combo.name,
          price: packagePrice(items_total, combo.saving),
          status: combo.status,
          remark: combo.remark,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: quoteSet.id });
      await ctx.tx
        .insert(quoteSetItem)
        .values(picked.map((p, sort) => ({ quoteSetId: set.id, quoteId: p.quoteId, qty: p.qty, sort, createdAt: at })));
    }
  }
}
