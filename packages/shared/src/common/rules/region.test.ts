import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RegionParts, splitRegion } from './region';

const parts = (province: string, city: string, district: string, rest = ''): RegionParts => ({
  province,
  city,
  district,
  rest,
});

describe('splitRegion', () => {
  it.each([
    ['广东省深圳市南山区科技园路1号', parts('广东省', '深圳市', '南山区', '科技园路1号')],
    ['浙江省杭州市西湖区', parts('浙江省', '杭州市', '西湖区')],
    ['江苏省苏州市昆山市花桥镇', parts('江苏省', '苏州市', '昆山市', '花桥镇')],
    ['湖北省恩施土家族苗族自治州利川市', parts('湖北省', '恩施土家族苗族自治州', '利川市')],
    ['黑龙江省大兴安岭地区漠河市', parts('黑龙江省', '大兴安岭地区', '漠河市')],
    ['内蒙古自治区阿拉善盟阿拉善左旗巴彦浩特镇', parts('内蒙古自治区', '阿拉善盟', '阿拉善左旗', '巴彦浩特镇')],
    ['广西壮族自治区南宁市青秀区民族大道', parts('广西壮族自治区', '南宁市', '青秀区', '民族大道')],
    ['新疆维吾尔自治区乌鲁木齐市天山区', parts('新疆维吾尔自治区', '乌鲁木齐市', '天山区')],
    ['湖北省宜昌市长阳土家族自治县龙舟坪镇', parts('湖北省', '宜昌市', '长阳土家族自治县', '龙舟坪镇')],
    ['山东省济南市市中区经十路', parts('山东省', '济南市', '市中区', '经十路')],
    ['上海市浦东新区世纪大道100号', parts('上海市', '上海市', '浦东新区', '世纪大道100号')],
  ])('splits %s by suffix', (text, expected) => {
    expect(splitRegion(text)).toEqual(expected);
  });

  it.each([
    ['北京市朝阳区建国路', parts('北京市', '北京市', '朝阳区', '建国路')],
    ['北京朝阳区', parts('北京市', '北京市', '朝阳区')],
    ['北京市北京市朝阳区', parts('北京市', '北京市', '朝阳区')],
    ['天津市和平区', parts('天津市', '天津市', '和平区')],
    ['重庆市巫山县', parts('重庆市', '重庆市', '巫山县')],
    ['上海市上海路1号', parts('上海市', '上海市', '', '上海路1号')],
    ['香港特别行政区九龙城区', parts('香港特别行政区', '香港特别行政区', '九龙城区')],
  ])('fills province and city for the municipality or special region in %s', (text, expected) => {
    expect(splitRegion(text)).toEqual(expected);
  });

  it.each([
    ['广东省 深圳市 南山区 科技园路1号', parts('广东省', '深圳市', '南山区', '科技园路1号')],
    ['广东 深圳 南山 科技园路1号', parts('广东', '深圳', '南山', '科技园路1号')],
    ['  广东省深圳市   南山区\t科技园 路1号 ', parts('广东省', '深圳市', '南山区', '科技园 路1号')],
    ['广东省 深圳 南山 科技园', parts('广东省', '深圳', '南山', '科技园')],
    ['广东省 深圳市 腾讯大厦', parts('广东省', '深圳市', '', '腾讯大厦')],
    ['北京 北京 朝阳 建国路', parts('北京市', '北京市', '朝阳', '建国路')],
    ['广东 深圳市南山区 科技园', parts('广东', '深圳市', '南山区', '科技园')],
  ])('splits %s by spaces', (text, expected) => {
    expect(splitRegion(text)).toEqual(expected);
  });

  it.each([
    ['深圳市南山区科技园', parts('', '深圳市', '南山区', '科技园')],
    ['广东省南山区', parts('广东省', '', '南山区')],
    ['科技园路1号', parts('', '', '', '科技园路1号')],
    ['', parts('', '', '')],
  ])('leaves a missing level empty in %s', (text, expected) => {
    expect(splitRegion(text)).toEqual(expected);
  });

  it('answers empty parts for anything that is not text', () => {
    expect(splitRegion(null)).toEqual(parts('', '', ''));
    expect(splitRegion(42)).toEqual(parts('', '', ''));
  });

  it('never loses or invents a character (spaces aside)', () => {
    const chinese = fc.constantFrom(...'广东省深圳市南山区北京朝阳县自治州盟旗地区香港特别行政路号大厦');
    const text = fc.array(fc.oneof(chinese, fc.constantFrom(' ', '1', 'A')), { maxLength: 30 }).map((c) => c.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const { province, city, district, rest } = splitRegion(t);
        const strip = (s: string) => s.replace(/\s+/g, '');
        const joined = strip(province + city + district + rest);
        const municipalityAdded = province !== '' && province === city;
        if (!municipalityAdded) expect(joined).toBe(strip(t));
        else expect(strip(t).endsWith(strip(district + rest))).toBe(true);
      }),
    );
  });
});
