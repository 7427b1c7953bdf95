import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMBO_MAX_ITEMS,
  comboBodySchema,
  comboListQuerySchema,
  comboMessages,
  comboQuoteQuerySchema,
  comboStatusBodySchema,
  comboTotals,
  isComboPriceAboveTotal,
} from './combo.schema';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ quote_id: i + 1, qty: 1 }));
const body = (patch: Record<string, unknown> = {}) => ({
  name: '感冒发烧家庭套餐',
  price: '39.90',
  items: items(2),
  ...patch,
});

/** The first issue's path and message, as the server's envelope reports it. */
const firstIssue = (input: unknown) => {
  const r = comboBodySchema.safeParse(input);
  if (r.success) return null;
  return { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
};

describe('combo body', () => {
  it('accepts a valid combo and trims the name', () => {
    expect(comboBodySchema.parse(body({ name: '  高血压慢病月度套餐 ' })).name).toBe('高血压慢病月度套餐');
  });

  it('names 1–50 characters', () => {
    expect(firstIssue(body({ name: '  ' }))).toEqual({ path: 'name', message: comboMessages.nameRequired });
    expect(firstIssue(body({ name: '套'.repeat(51) }))).toEqual({ path: 'name', message: '套餐名称最多 50 字' });
    expect(firstIssue(body({ name: '套'.repeat(50) }))).toBeNull();
  });

  it('holds 2–20 items', () => {
    expect(firstIssue(body({ items: items(1) }))).toEqual({ path: 'items', message: '套餐至少包含 2 种商品' });
    expect(firstIssue(body({ items: items(COMBO_MAX_ITEMS + 1) }))).toEqual({
      path: 'items',
      message: '套餐最多包含 20 种商品',
    });
    expect(firstIssue(body({ items: items(COMBO_MAX_ITEMS) }))).toBeNull();
  });

  it('takes integer quantities 1–999', () => {
    for (const qty of [0, 1000, 1.5, -1, '2', null]) {
      const bad = body({
        items: [
          { quote_id: 1, qty },
          { quote_id: 2, qty: 1 },
        ],
      });
      expect(firstIssue(bad), String(qty)).toEqual({ path: 'items.0.qty', message: '数量须为 1–999 的整数' });
    }
    expect(
      firstIssue(
        body({
          items: [
            { quote_id: 1, qty: 999 },
            { quote_id: 2, qty: 1 },
          ],
        }),
      ),
    ).toBeNull();
  });

  it('refuses the same quote twice, on the repeated line', () => {
    const dup = body({
      items: [
        { quote_id: 7, qty: 1 },
        { quote_id: 8, qty: 2 },
        { quote_id: 7, qty: 3 },
      ],
    });
    expect(firstIssue(dup)).toEqual({ path: 'items.2.quote_id', message: '同一商品不能重复添加' });
  });

  it('takes a price above 0 with at most two decimals', () => {
    expect(firstIssue(body({ price: '0' }))).toEqual({ path: 'price', message: '套餐价须大于 0' });
    expect(firstIssue(body({ price: '0.00' }))).toEqual({ path: 'price', message: '套餐价须大于 0' });
    expect(firstIssue(body({ price: '1.234' }))).toEqual({ path: 'price', message: '套餐价须为数字，最多两位小数' });
    expect(firstIssue(body({ price: '-3' }))).toEqual({ path: 'price', message: '套餐价须为数字，最多两位小数' });
    expect(firstIssue(body({ price: 12.5 }))?.path).toBe('price');
    expect(firstIssue(body({ price: '' }))).toEqual({ path: 'price', message: '请输入套餐价' });
    for (const price of ['0.01', '12', '12.5', '99999.99']) expect(firstIssue(body({ price })), price).toBeNull();
  });

  it('takes on_sale or off_sale as a status', () => {
    expect(comboStatusBodySchema.safeParse({ status: 'on_sale' }).success).toBe(true);
    expect(comboStatusBodySchema.safeParse({ status: 'on_shelf' }).success).toBe(false);
  });
});

describe('combo list queries', () => {
  it('fall back to defaults for bad URL values', () => {
    expect(comboListQuerySchema.parse({ status: 'nope', keyword: ' 感冒 ' })).toEqual({
      page: 1,
      page_size: 20,
      status: 'all',
      keyword: '感冒',
    });
    expect(comboQuoteQuerySchema.parse({ type: 'FOO' })).toEqual({ page: 1, page_size: 20, type: undefined });
  });
});

describe('combo totals', () => {
  it('adds decimal strings exactly (0.1 + 0.2 is 0.30)', () => {
    expect(
      comboTotals(
        [
          { price: '0.10', qty: 1 },
          { price: '0.20', qty: 1 },
        ],
        '0.25',
      ),
    ).toEqual({ items_total: '0.30', saving: '0.05' });
    expect(
      comboTotals(
        [
          { price: '19.99', qty: 3 },
          { price: '0.07', qty: 10 },
        ],
        '58.00',
      ),
    ).toEqual({ items_total: '60.67', saving: '2.67' });
  });

  it('counts unfinished lines as 0', () => {
    expect(
      comboTotals(
        [
          { price: '12.50', qty: null },
          { price: undefined, qty: 2 },
          { price: '3.10', qty: 2 },
        ],
        '',
      ),
    ).toEqual({
      items_total: '6.20',
      saving: '6.20',
    });
  });

  it('is exact to the cent for any prices and quantities', () => {
    const cents = fc.integer({ min: 1, max: 99_999_99 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ cents, qty: fc.integer({ min: 1, max: 999 }) }), { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 1, max: 99_999_99 }),
        (lines, priceCents) => {
          const asMoney = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
          const sum = lines.reduce((s, l) => s + BigInt(l.cents) * BigInt(l.qty), 0n);
          const { items_total, saving } = comboTotals(
            lines.map((l) => ({ price: asMoney(BigInt(l.cents)), qty: l.qty })),
            asMoney(BigInt(priceCents)),
          );
          expect(items_total).toBe(asMoney(sum));
          const diff = sum - BigInt(priceCents);
          expect(saving).toBe(diff < 0n ? `-${asMoney(-diff)}` : asMoney(diff));
        },
      ),
    );
  });

  it('refuses only a price above the sum', () => {
    expect(isComboPriceAboveTotal('60.68', '60.67')).toBe(true);
    expect(isComboPriceAboveTotal('60.67', '60.67')).toBe(false);
    expect(isComboPriceAboveTotal('60.6', '60.67')).toBe(false);
  });
});
