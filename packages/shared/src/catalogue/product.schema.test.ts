import { describe, expect, it } from 'vitest';
import { cmsContracts } from '../cms/cms.contracts';
import { contractUrl } from '../common/contract';
import { productImportContracts } from '../product-import/product-import.contracts';
import {
  commentAddBodySchema,
  commentVoteBodySchema,
  isPriceRangeReversed,
  medicineListQuerySchema,
  moneySchema,
  PRICE_RANGE_MESSAGE,
  productImportApplyBodySchema,
  productTypeLabels,
  productTypes,
} from './product.schema';

describe('catalogue contracts', () => {
  it('labels the four product types in Chinese', () => {
    expect(productTypes.map((t) => productTypeLabels[t])).toEqual(['处方药', 'OTC', '中药饮片', '非药品']);
  });

  it('falls back to defaults for a bad medicine-list URL instead of failing', () => {
    expect(medicineListQuerySchema.parse({ type: 'FOO', sort: 'x', min_price: 'abc', q: ' 布洛芬 ' })).toEqual({
      page: 1,
      page_size: 20,
      q: '布洛芬',
      sort: 'default',
    });
    expect(medicineListQuerySchema.parse({ type: 'HERBAL', page: '3', min_price: '9.9' })).toMatchObject({
      type: 'HERBAL',
      page: 3,
      min_price: '9.9',
    });
  });

  it('keeps money as two-place decimal strings', () => {
    expect(moneySchema.safeParse('12.50').success).toBe(true);
    expect(moneySchema.safeParse('12.5').success).toBe(false);
    expect(moneySchema.safeParse(12.5).success).toBe(false);
  });

  it('validates comments and votes with Chinese messages', () => {
    const r = commentAddBodySchema.safeParse({ product_id: 1, content: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('请输入评论内容');
    expect(commentAddBodySchema.parse({ product_id: 1, content: '效果不错' }).rating).toBe(5);
    expect(commentVoteBodySchema.parse({ kind: null })).toEqual({ kind: null });
    expect(commentVoteBodySchema.safeParse({ kind: 'like' }).success).toBe(false);
    expect(productImportApplyBodySchema.parse({ upload_id: 'u1' })).toEqual({ upload_id: 'u1', only_valid: false });
  });

  it('declares the content API under the cms base, the import template as a download', () => {
    expect(cmsContracts.items).toMatchObject({ method: 'GET', path: '/items/:collection', base: 'cms', kind: 'raw' });
    expect(contractUrl(cmsContracts.items)).toBe('/scms/items/:collection');
    expect(productImportContracts.template).toMatchObject({ kind: 'file' });
  });
});

describe('medicine list price range', () => {
  it('refuses a minimum above the maximum on max_price, in Chinese', () => {
    const r = medicineListQuerySchema.safeParse({ min_price: '50', max_price: '10.5' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['max_price'], message: PRICE_RANGE_MESSAGE })]);
    expect(PRICE_RANGE_MESSAGE).toBe('最高价不能低于最低价');
  });

  it('accepts an equal, open or ordered range', () => {
    for (const range of [
      { min_price: '10', max_price: '10.00' },
      { min_price: '9.99', max_price: '10' },
      { min_price: '50' },
      { max_price: '5' },
      { min_price: 'abc', max_price: '1' },
    ])
      expect(medicineListQuerySchema.safeParse(range).success, JSON.stringify(range)).toBe(true);
    expect(isPriceRangeReversed('100', '99.99')).toBe(true);
    expect(isPriceRangeReversed('', '1')).toBe(false);
  });
});
