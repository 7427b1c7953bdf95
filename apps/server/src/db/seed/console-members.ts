import { idNumberCheckChar } from '@pharmacy/shared';
import { and, eq } from 'drizzle-orm';
import { account, address, channel, familyMember, viper } from '../schema/index';
import type { ConsoleSeedContext } from './console-context';

/** A small deterministic generator, so every fresh database gets the same members (tests and e2e rely on it). */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const between = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const some = <T>(rand: Rand, list: readonly T[], max: number): T[] => {
  const n = between(rand, 0, max);
  const out = new Set<T>();
  for (let i = 0; i < n; i++) out.add(pick(rand, list));
  return [...out];
};
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

type Gender = 'male' | 'female';
type Relation = 'self' | 'spouse' | 'father' | 'mother' | 'son' | 'daughter';

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋余杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏方白邹孟熊秦邱江尹薛段雷侯龙史陶贺顾毛郝龚邵钱严戴孔汤',
];
const GIVEN: Record<Gender, string[]> = {
  male: [
    ...['建华', '志刚', '伟', '强', '磊', '军', '勇', '杰', '涛', '明', '超', '俊', '国庆', '建平', '文斌', '海波'],
    ...['德明', '晓东', '振华', '永刚', '立新', '鹏', '斌', '家豪', '宏伟', '卫东', '正阳', '思远', '俊杰', '子健'],
  ],
  female: [
    ...['秀英', '丽', '敏', '静', '娟', '艳', '芳', '婷', '玉兰', '桂芳', '雪梅', '慧', '晓燕', '红霞', '淑珍'],
    ...['美玲', '佳怡', '梦瑶', '丽华', '春梅', '文静', '雅琴', '海燕', '凤英', '晓丽', '思雨', '欣然', '颖'],
  ],
};
const CHILD_GIVEN: Record<Gender, string[]> = {
  male: ['浩宇', '子轩', '宇航', '沐阳', '梓睿', '一鸣', '思源', '俊熙', '皓轩', '嘉乐'],
  female: ['子涵', '梓萱', '一诺', '若曦', '欣妍', '可馨', '语桐', '诗琪', '安然', '芊芊'],
};

// The content collections' vocabulary (allergy_history, family_medical_history, past_medical_history).
const ALLERGIES = ['青霉素类', '头孢类', '磺胺类', '阿司匹林', '链霉素', '海鲜', '花粉', '尘螨'];
const CHILD_ALLERGIES = ['鸡蛋', '牛奶', '尘螨', '花粉', '青霉素类', '海鲜'];
const FAMILY_HISTORY = ['高血压', '糖尿病', '冠心病', '脑卒中', '恶性肿瘤', '哮喘'];
const ELDER_HISTORY = ['高血压', '糖尿病', '高脂血症', '冠心病', '慢性胃炎', '慢性肾病', '甲状腺疾病', '手术史'];
const ADULT_HISTORY = ['慢性胃炎', '高脂血症', '甲状腺疾病', '哮喘', '慢性肝病'];

interface Region {
  /** The ID number's six-digit administrative code. */
  code: string;
  province: string;
  city: string;
  district: string;
  /** Road and housing estate. */
  places: [string, string][];
}

const SHANGHAI: Region[] = [
  {
    code: '310115',
    province: '上海市',
    city: '上海市',
    district: '浦东新区',
    places: [
      ['锦绣路 2580 弄', '联洋花园'],
      ['张杨路 1777 弄', '金杨新村'],
      ['杨高南路 2875 弄', '东方城市花园'],
      ['潍坊西路 1 弄', '世茂滨江花园'],
      ['川沙路 5558 弄', '川沙新苑'],
    ],
  },
  {
    code: '310112',
    province: '上海市',
    city: '上海市',
    district: '闵行区',
    places: [
      ['莘松路 1255 弄', '莘城苑'],
      ['都市路 3000 弄', '春申景城'],
      ['七莘路 3388 弄', '万科城市花园'],
    ],
  },
  {
    code: '310104',
    province: '上海市',
    city: '上海市',
    district: '徐汇区',
    places: [
      ['漕溪北路 88 弄', '汇成一村'],
      ['田林路 140 弄', '田林十二村'],
      ['龙华中路 600 弄', '徐汇新城'],
    ],
  },
  {
    code: '310106',
    province: '上海市',
    city: '上海市',
    district: '静安区',
    places: [
      ['共和新路 1999 弄', '大宁阳光'],
      ['延长中路 601 弄', '静安枫景'],
    ],
  },
  {
    code: '310110',
    province: '上海市',
    city: '上海市',
    district: '杨浦区',
    places: [
      ['国权北路 1566 弄', '国权北路小区'],
      ['鞍山路 55 弄', '鞍山四村'],
    ],
  },
  {
    code: '310105',
    province: '上海市',
    city: '上海市',
    district: '长宁区',
    places: [['仙霞路 301 弄', '虹桥新城']],
  },
];

const HANGZHOU: Region[] = [
  {
    code: '330106',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    places: [
      ['文三路 259 号', '翠苑一区'],
      ['古墩路 702 号', '西溪诚园'],
      ['天目山路 398 号', '古荡新村'],
    ],
  },
  {
    code: '330105',
    province: '浙江省',
    city: '杭州市',
    district: '拱墅区',
    places: [
      ['和睦路 455 号', '和睦新村'],
      ['大关路 100 号', '大关苑'],
    ],
  },
  {
    code: '330102',
    province: '浙江省',
    city: '杭州市',
    district: '上城区',
    places: [['秋涛路 258 号', '近江家园']],
  },
  {
    code: '330108',
    province: '浙江省',
    city: '杭州市',
    district: '滨江区',
    places: [
      ['江南大道 228 号', '江南春城'],
      ['闻涛路 1888 号', '白金海岸'],
    ],
  },
];

/** Where people who moved to the city were born (ID numbers keep the birthplace's code). */
const BIRTHPLACES = ['320102', '330106', '340104', '370102', '410105', '420106', '510104', '430102', '360102'];

const REMARKS = [
  '每月中旬来店取降压药，提前备货',
  '孩子对鸡蛋过敏，推荐儿童用药前需确认成分',
  '偏好顺丰配送，工作日白天不在家',
  '老人独居，送药上门需提前电话联系家属',
  '血糖试纸每月复购，关注优惠活动',
  '社区义诊登记的会员，血压偏高，建议定期随访',
  '对价格敏感，有满减活动时通知',
  '需要开具发票，抬头为个人',
];

type Persona = 'elder' | 'mother' | 'caregiver' | 'worker' | 'diabetic';
const PERSONAS: Persona[] = ['elder', 'elder', 'mother', 'mother', 'caregiver', 'caregiver', 'worker', 'diabetic'];

interface PersonSpec {
  name: string;
  gender: Gender;
  relation: Relation;
  birth: { year: number; month: number; day: number };
  birthplace: string;
  phone: string;
  allergy: string[];
  family: string[];
  past: string[];
}

interface MemberSpec {
  name: string;
  phone: string;
  level: number;
  points: number;
  tags: string[];
  remark: string;
  channel: number | null;
  joinedDaysAgo: number;
  family: PersonSpec[];
  region: Region;
  place: [string, string];
}

/** The first member of 仁心大药房(上海浦东店), fixed: the end-to-end test searches her by the phone's last four digits. */
export const DEMO_MEMBER = {
  name: '陈美玲',
  phone: '13917358826',
  childName: '周语桐',
  childBirth: '2019-06-18',
  spouseName: '周俊杰',
  spouseBirth: '1987-11-02',
  selfBirth: '1990-04-23',
} as const;

function birthOf(rand: Rand, age: number, now: Date) {
  return { year: now.getFullYear() - age, month: between(rand, 1, 12), day: between(rand, 1, 28) };
}

function idNumber(code: string, birth: PersonSpec['birth'], gender: Gender, rand: Rand) {
  // the 17th digit is odd for men and even for women (GB 11643)
  const seq =
    between(rand, 0, 99) * 10 + (gender === 'male' ? pick(rand, [1, 3, 5, 7, 9]) : pick(rand, [0, 2, 4, 6, 8]));
  const first17 = `${code}${birth.year}${pad(birth.month)}${pad(birth.day)}${pad(seq, 3)}`;
  return first17 + idNumberCheckChar(first17);
}

function generateMembers(
  rand: Rand,
  count: number,
  regions: Region[],
  channels: number[],
  now: Date,
  phones: Set<string>,
): MemberSpec[] {
  const phone = () => {
    for (;;) {
      const p = `139${between(rand, 1, 9)}${pad(between(rand, 0, 9_999_999), 7)}`;
      if (!phones.has(p) && !p.startsWith('1390000')) {
        phones.add(p);
        return p;
      }
    }
  };
  const person = (gender: Gender, relation: Relation, age: number, surname: string): PersonSpec => ({
    name: surname + pick(rand, age < 14 ? CHILD_GIVEN[gender] : GIVEN[gender]),
    gender,
    relation,
    birth: birthOf(rand, age, now),
    birthplace: age < 18 || rand() < 0.65 ? '' : pick(rand, BIRTHPLACES),
    phone: age >= 18 && relation !== 'self' && rand() < 0.5 ? phone() : '',
    allergy: [],
    family: [],
    past: [],
  });
  const out: MemberSpec[] = [];
  for (let i = 0; i < count; i++) {
    const persona = pick(rand, PERSONAS);
    const surname = pick(rand, SURNAMES);
    const region = pick(rand, regions);
    const tags = new Set<string>();
    let self: PersonSpec;
    const family: PersonSpec[] = [];
    if (persona === 'elder') {
      self = person(rand() < 0.5 ? 'male' : 'female', 'self', between(rand, 60, 82), surname);
      self.past = ['高血压', ...some(rand, ELDER_HISTORY, 2)].filter((v, k, a) => a.indexOf(v) === k);
      self.allergy = some(rand, ALLERGIES, 1);
      if (rand() < 0.6) {
        const spouse = person(
          self.gender === 'male' ? 'female' : 'male',
          'spouse',
          between(rand, 58, 80),
          pick(rand, SURNAMES),
        );
        spouse.past = some(rand, ELDER_HISTORY, 2);
        family.push(spouse);
      }
      tags.add('慢病').add('老年人');
      if (rand() < 0.6) tags.add('复购');
    } else if (persona === 'mother') {
      self = person('female', 'self', between(rand, 27, 38), surname);
      self.allergy = some(rand, ALLERGIES, 1);
      const husbandSurname = pick(rand, SURNAMES);
      const childAge = between(rand, 1, 10);
      const child = person(rand() < 0.5 ? 'male' : 'female', 'son', childAge, husbandSurname);
      child.relation = child.gender === 'male' ? 'son' : 'daughter';
      child.allergy = some(rand, CHILD_ALLERGIES, 2);
      if (rand() < 0.3) child.past = ['哮喘'];
      family.push(child);
      if (rand() < 0.5) family.push(person('male', 'spouse', between(rand, 29, 41), husbandSurname));
      tags.add('宝妈');
      if (rand() < 0.5) tags.add('母婴');
      if (child.allergy.length) tags.add('过敏体质');
    } else if (persona === 'caregiver') {
      self = person(rand() < 0.5 ? 'male' : 'female', 'self', between(rand, 32, 52), surname);
      const parent = person(rand() < 0.5 ? 'male' : 'female', 'father', between(rand, 62, 85), surname);
      parent.relation = parent.gender === 'male' ? 'father' : 'mother';
      if (parent.relation === 'mother') parent.name = pick(rand, SURNAMES) + pick(rand, GIVEN.female);
      parent.past = ['高血压', ...some(rand, ELDER_HISTORY, 2)].filter((v, k, a) => a.indexOf(v) === k);
      parent.allergy = some(rand, ALLERGIES, 1);
      self.family = ['高血压'];
      family.push(parent);
      tags.add('高血压家属');
      if (rand() < 0.7) tags.add('复购');
    } else if (persona === 'diabetic') {
      self = person(rand() < 0.6 ? 'male' : 'female', 'self', between(rand, 45, 62), surname);
      self.past = ['糖尿病', ...some(rand, ['高脂血症', '高血压'], 1)].filter((v, k, a) => a.indexOf(v) === k);
      self.family = ['糖尿病', ...some(rand, FAMILY_HISTORY, 1)].filter((v, k, a) => a.indexOf(v) === k);
      tags.add('慢病').add('糖尿病').add('复购');
    } else {
      self = person(rand() < 0.5 ? 'male' : 'female', 'self', between(rand, 24, 45), surname);
      self.past = some(rand, ADULT_HISTORY, 1);
      self.allergy = some(rand, ALLERGIES, 1);
      self.family = some(rand, FAMILY_HISTORY, 1);
      if (rand() < 0.4)
        family.push(
          person(self.gender === 'male' ? 'female' : 'male', 'spouse', between(rand, 24, 45), pick(rand, SURNAMES)),
        );
      if (rand() < 0.5) tags.add('新客');
    }
    self.phone = phone();
    const level = pick(rand, [1, 1, 1, 2, 2, 2, 3, 3, 4, 5]);
    const points = [
      0,
      between(rand, 0, 800),
      between(rand, 800, 3000),
      between(rand, 3000, 8000),
      between(rand, 8000, 20000),
      between(rand, 20000, 50000),
    ][level];
    if (level >= 4) tags.add('高价值');
    out.push({
      name: self.name,
      phone: self.phone,
      level,
      points,
      tags: [...tags],
      remark: rand() < 0.35 ? pick(rand, REMARKS) : '',
      channel: channels.length && rand() < 0.75 ? pick(rand, channels) : null,
      joinedDaysAgo: between(rand, 3, 540),
      family: [self, ...family],
      region,
      place: pick(rand, region.places),
    });
  }
  return out;
}

/** The fixed member of pharmacy 1 (DEMO_MEMBER): a mother with her husband and a daughter allergic to eggs. */
function demoMember(channels: number[]): MemberSpec {
  const d = (s: string) => {
    const [year, month, day] = s.split('-').map(Number);
    return { year, month, day };
  };
  return {
    name: DEMO_MEMBER.name,
    phone: DEMO_MEMBER.phone,
    level: 3,
    points: 4680,
    tags: ['宝妈', '复购'],
    remark: '孩子对鸡蛋过敏，推荐儿童用药前需确认成分',
    channel: channels[1] ?? channels[0] ?? null,
    joinedDaysAgo: 210,
    region: SHANGHAI[0],
    place: SHANGHAI[0].places[0],
    family: [
      {
        name: DEMO_MEMBER.name,
        gender: 'female',
        relation: 'self',
        birth: d(DEMO_MEMBER.selfBirth),
        birthplace: '',
        phone: DEMO_MEMBER.phone,
        allergy: ['磺胺类'],
        family: ['高血压'],
        past: [],
      },
      {
        name: DEMO_MEMBER.childName,
        gender: 'female',
        relation: 'daughter',
        birth: d(DEMO_MEMBER.childBirth),
        birthplace: '',
        phone: '',
        allergy: ['鸡蛋', '尘螨'],
        family: [],
        past: ['哮喘'],
      },
      {
        name: DEMO_MEMBER.spouseName,
        gender: 'male',
        relation: 'spouse',
        birth: d(DEMO_MEMBER.spouseBirth),
        birthplace: '340104',
        phone: '13916604417',
        allergy: [],
        family: ['糖尿病'],
        past: ['慢性胃炎'],
      },
    ],
  };
}

/**
 * Members (viper) of the first two demo pharmacies: patient accounts (no password) with 1–3 family members carrying
 * valid ID numbers and histories, addresses in real districts, levels, points, tags and the pharmacy's channels.
 * The demo patient 13900000001 is already a member of the first pharmacy (seed/index.ts).
 */
export async function seedConsoleMembers(ctx: ConsoleSeedContext): Promise<void> {
  const { tx, pharmacies, now } = ctx;
  const [pudong, xihu] = pharmacies;
  const rand = mulberry32(20261123);

  const channelIds = async (pharmacyId: number) =>
    (
      await tx.select({ id: channel.id }).from(channel).where(eq(channel.pharmacyId, pharmacyId)).orderBy(channel.id)
    ).map((c) => c.id);
  let xihuChannels = await channelIds(xihu.id);
  if (xihuChannels.length === 0) {
    xihuChannels = (
      await tx
        .insert(channel)
        .values([
          { pharmacyId: xihu.id, name: '门店海报', scene: 'xh-poster', scanCount: 142, memberCount: 9 },
          { pharmacyId: xihu.id, name: '线上直播', scene: 'xh-live', scanCount: 87, memberCount: 6 },
        ])
        .returning({ id: channel.id })
    ).map((c) => c.id);
  }

  const existing = new Set((await tx.select({ phone: account.phone }).from(account)).map((a) => a.phone));
  const phones = new Set([...existing, DEMO_MEMBER.phone, '13916604417']);
  const plan = [
    { pharmacyId: pudong.id, members: [demoMember(await channelIds(pudong.id))] },
    { pharmacyId: pudong.id, members: generateMembers(rand, 39, SHANGHAI, await channelIds(pudong.id), now, phones) },
    { pharmacyId: xihu.id, members: generateMembers(rand, 15, HANGZHOU, xihuChannels, now, phones) },
  ];

  for (const { pharmacyId, members } of plan) {
    for (const m of members) {
      if (existing.has(m.phone)) continue;
      // in opening hours, 08:00–21:59 in Shanghai (00:00–13:59 UTC)
      const joined = new Date(now.getTime() - m.joinedDaysAgo * 86_400_000);
      joined.setUTCHours(between(rand, 0, 13), between(rand, 0, 59), between(rand, 0, 59), 0);
      const [acc] = await tx
        .insert(account)
        .values({ phone: m.phone, phoneUserId: `pu_${m.phone}`, name: m.name, createdAt: joined, updatedAt: joined })
        .returning({ id: account.id });
      await tx.insert(familyMember).values(
        m.family.map((p) => ({
          accountId: acc.id,
          name: p.name,
          idNumber: idNumber(p.birthplace || m.region.code, p.birth, p.gender, rand),
          gender: p.gender,
          birthday: `${p.birth.year}-${pad(p.birth.month)}-${pad(p.birth.day)}`,
          phone: p.phone,
          relation: p.relation,
          isDefault: p.relation === 'self',
          allergyHistory: p.allergy,
          familyMedicalHistory: p.family,
          pastMedicalHistory: p.past,
          createdAt: joined,
          updatedAt: joined,
        })),
      );
      const [road, estate] = m.place;
      const addresses = [
        {
          accountId: acc.id,
          name: m.name,
          phone: m.phone,
          province: m.region.province,
          city: m.region.city,
          district: m.region.district,
          detail: `${road} ${estate} ${between(rand, 1, 36)} 号 ${between(rand, 1, 18)}0${between(rand, 1, 4)} 室`,
          isDefault: true,
        },
      ];
      const relative = m.family.find((p) => p.relation !== 'self' && p.phone);
      if (relative && rand() < 0.6) {
        const other = pick(rand, pharmacyId === pudong.id ? SHANGHAI : HANGZHOU);
        const [r2, e2] = pick(rand, other.places);
        addresses.push({
          accountId: acc.id,
          name: relative.name,
          phone: relative.phone,
          province: other.province,
          city: other.city,
          district: other.district,
          detail: `${r2} ${e2} ${between(rand, 1, 36)} 号 ${between(rand, 1, 18)}0${between(rand, 1, 4)} 室`,
          isDefault: false,
        });
      }
      await tx.insert(address).values(addresses);
      await tx.insert(viper).values({
        pharmacyId,
        accountId: acc.id,
        level: m.level,
        points: m.points,
        channelId: m.channel,
        tags: m.tags,
        remark: m.remark,
        createdAt: joined,
        updatedAt: joined,
      });
    }
  }

  // A few of the Pudong store's members also shop at the West Lake store (one account, two pharmacies' members).
  const shared = plan[1].members.slice(0, 3);
  for (const m of shared) {
    const [acc] = await tx.select({ id: account.id }).from(account).where(eq(account.phone, m.phone));
    const [already] = await tx
      .select({ id: viper.id })
      .from(viper)
      .where(and(eq(viper.pharmacyId, xihu.id), eq(viper.accountId, acc.id)));
    if (already) continue;
    await tx.insert(viper).values({
      pharmacyId: xihu.id,
      accountId: acc.id,
      level: 1,
      points: between(rand, 50, 600),
      channelId: xihuChannels[0] ?? null,
      tags: ['新客'],
      remark: '',
      // new here: joined in the last weeks (not at the seed's start, which would leave their follow-ups before it)
      createdAt: new Date(Date.now() - between(rand, 2, 20) * 86_400_000),
    });
  }
}
