import { describe, expect, it } from 'vitest';
import {
  isOriginalBelowPrice,
  pharmacyQuoteListQuerySchema,
  quoteCreateBodySchema,
  quoteFieldError,
  quoteMessages,
  quoteUpdateBodySchema,
} from './quote.schema';

describe('quote form rules (the console and the server share them)', () => {
  it.each([
    ['12.5', null],
    ['12.50', null],
    ['0.01', null],
    ['999999.99', null],
    ['', '请输入售价'],
    ['12.345', '售价最多两位小数'],
    ['0', '售价须大于 0'],
    ['0.00', '售价须大于 0'],
    ['-1', '售价须为数字，如 12.50'],
    ['1e3', '售价须为数字，如 12.50'],
    ['1000000', '售价不能超过 999999.99'],
  ])('price %j → %s', (price, message) => {
    expect(quoteFieldError('price', { price })).toBe(message);
  });

  it.each([
    [0, null],
    [9_999_999, null],
    [undefined, '请输入库存'],
    [-1, '库存不能为负数'],
    [1.5, '库存须为整数'],
    [10_000_000, '库存不能超过 9999999'],
  ])('stock %j → %s', (stock, message) => {
    expect(quoteFieldError('stock', { stock })).toBe(message);
  });

  it('original price: empty means none; below the price is refused, compared exactly', () => {
    expect(quoteFieldError('original_price', { price: '10', original_price: '' })).toBeNull();
    expect(quoteFieldError('original_price', { price: '10', original_price: null })).toBeNull();
    expect(quoteFieldError('original_price', { price: '10', original_price: '10.00' })).toBeNull();
    expect(quoteFieldError('original_price', { price: '0.3', original_price: '0.29' })).toBe(
      quoteMessages.originalBelowPrice,
    );
    expect(quoteFieldError('original_price', { price: '10', original_price: '1.234' })).toBe('原价最多两位小数');
    // a malformed price is its own field's problem
    expect(isOriginalBelowPrice('abc', '1.00')).toBe(false);
  });

  it('the body schemas refuse what the fields refuse, on the same path', () => {
    const bad = quoteCreateBodySchema.safeParse({ product_id: 1, price: '10', original_price: '9', stock: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['original_price'], message: quoteMessages.originalBelowPrice });
    expect(quoteCreateBodySchema.parse({ product_id: 1, price: '10', stock: 1 }).status).toBe('on_shelf');
    expect(quoteUpdateBodySchema.safeParse({ price: '10', original_price: null, stock: 0 }).success).toBe(true);
  });

  it('list query: bad values fall back, a reversed price range is refused on price_max', () => {
    expect(pharmacyQuoteListQuerySchema.parse({ status: 'x', type: 'y', stock_below: '-2' })).toMatchObject({
      status: 'all',
      type: undefined,
      stock_below: undefined,
    });
    const reversed = pharmacyQuoteListQuerySchema.safeParse({ price_min: '10', price_max: '9.99' });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['price_max'], message: '最高价不能低于最低价' });
    expect(pharmacyQuoteListQuerySchema.safeParse({ price_min: '10', price_max: '10' }).success).toBe(true);
  });
});
