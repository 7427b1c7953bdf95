import type { CensusTopProduct } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { topProductLabels } from './census-format';

const product = (key: string, name: string, spec: string, manufacturer: string): CensusTopProduct => ({
  key,
  name,
  spec,
  manufacturer,
  product_type: 'OTC',
  qty: 1,
  amount: '1.00',
  orders: 1,
});

describe('topProductLabels', () => {
  it('adds the spec, then the maker, only as far as it takes to tell products of one name apart', () => {
    const rows = [
      product('product:1', '复方丹参滴丸', '27mg*180丸/瓶', '天士力医药集团股份有限公司'),
      product('product:2', '复方丹参滴丸', '27mg*150丸/瓶', '天士力医药集团股份有限公司'),
      product('product:3', '三七粉(饮片)', '100g/袋', '云南白药集团中药资源有限公司'),
      product('product:4', '三七粉(饮片)', '100g/袋', '康美药业股份有限公司'),
      product('product:5', '板蓝根颗粒', '5g*20袋/包', '广州白云山和记黄埔中药有限公司'),
      product('combo:1', '感冒发烧家庭套餐', '布洛芬片×1、连花清瘟胶囊×1', ''),
    ];
    const label = topProductLabels(rows);
    expect(rows.map(label)).toEqual([
      '复方丹参滴丸 27mg*180丸/瓶',
      '复方丹参滴丸 27mg*150丸/瓶',
      '三七粉(饮片) 100g/袋（云南白药集团中药资源有限公司）',
      '三七粉(饮片) 100g/袋（康美药业股份有限公司）',
      '板蓝根颗粒',
      '感冒发烧家庭套餐',
    ]);
    expect(new Set(rows.map(label)).size).toBe(rows.length);
  });
});
