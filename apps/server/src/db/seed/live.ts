import { formatMoney, formatShanghaiDateTime, LIVE_HEARTBEAT_SECONDS, multiply, shanghaiToday } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { summarizeOrderLines } from '../../lib/order-lines';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';
import type { Database, DbExecutor } from '../client';
import {
  account,
  address,
  columnPeriod,
  columnPeriodLive,
  familyMember,
  live,
  liveAnswer,
  liveColumn,
  liveComment,
  liveEnrollment,
  liveExamResult,
  liveInvitation,
  liveMaterial,
  liveMute,
  liveQuestion,
  liveShare,
  orderItem,
  orders,
  question,
  questionCategory,
} from '../schema/index';
import { demoPharmacies } from './demo-data';
import { demoQuestionCategories, demoQuestions } from './live-questions';
import { birthdayOf, idNumber } from './orders';
import { int, mulberry32, pick, type Rand } from './random';

/** Serialises this seed across instances (accounts 72_011_002 … chat 72_011_007). */
const LIVE_LOCK_KEY = 72_011_008;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The demo replay the product serves (apps/web/public/live-demo, docs/live-demo-video.md). */
export const DEMO_REPLAY_URL = '/live-demo/replay/index.m3u8';
/** Cover pictures served beside it (apps/web/public/live-demo/covers). */
const cover = (name: string) => `/live-demo/covers/${name}.svg`;
/** Handouts served beside it (apps/web/public/live-demo/materials), with their sizes in bytes. */
export const demoMaterials = {
  hypertension: {
    name: '高血压家庭用药指南.pdf',
    url: '/live-demo/materials/hypertension-guide.pdf',
    size: 177_008,
  },
  cold: { name: '秋冬季感冒用药须知.pdf', url: '/live-demo/materials/cold-guide.pdf', size: 167_137 },
};

export const demoPlatformColumns = ['健康大讲堂', '名医公开课'] as const;

type Topic = 'hypertension' | 'diabetes' | 'cold' | 'child' | 'lipid' | 'heart' | 'allergy' | 'home';
type Status = 'draft' | 'scheduled' | 'live' | 'ended';

interface DemoLive {
  key: string;
  /** Index into the foundation stores. */
  store: 0 | 1;
  title: string;
  lecturer: string;
  intro: string;
  topic: Topic;
  status: Status;
  /** Shanghai day relative to today and the wall-clock start; a 'live' one started 20 minutes ago. */
  day: number;
  time: string;
  minutes: number;
  exam?: boolean;
  /** The bound combo (quote_set name of the store). */
  combo?: string;
  pinned?: boolean;
  material?: keyof typeof demoMaterials;
}

const LIVES: DemoLive[] = [
  {
    key: 'bp',
    store: 0,
    title: '高血压患者如何科学服用降压药',
    lecturer: '刘静怡',
    intro:
      '降压药什么时候吃最好？漏服了怎么办？血压正常了能不能停药？执业药师刘静怡结合门店常见问题，讲解常用降压药的服用方法、不良反应识别和家庭血压监测要点。课后有 5 道小测验，检验学习效果。',
    topic: 'hypertension',
    status: 'ended',
    day: -12,
    time: '19:30',
    minutes: 50,
    exam: true,
    combo: '高血压慢病月度套餐',
    material: 'hypertension',
  },
  {
    key: 'dm',
    store: 0,
    title: '糖尿病饮食与二甲双胍的正确用法',
    lecturer: '孙志华',
    intro: '二甲双胍饭前吃还是饭后吃？低血糖怎么处理？药师孙志华讲解口服降糖药的用法、血糖监测与糖尿病饮食的搭配原则。',
    topic: 'diabetes',
    status: 'ended',
    day: -9,
    time: '19:30',
    minutes: 45,
  },
  {
    key: 'cold',
    store: 0,
    title: '秋冬季感冒发烧，家庭用药怎么选',
    lecturer: '刘静怡',
    intro:
      '普通感冒和流感怎么区分？复方感冒药能不能一起吃？孩子和老人退热有哪些注意事项？一堂课讲清家庭常备感冒退热药的选择和使用。',
    topic: 'cold',
    status: 'ended',
    day: -6,
    time: '20:00',
    minutes: 45,
    combo: '感冒发烧家庭套餐',
    material: 'cold',
  },
  {
    key: 'child',
    store: 0,
    title: '儿童腹泻与口服补液盐的使用',
    lecturer: '孙志华',
    intro: '孩子腹泻要不要吃抗生素？口服补液盐怎么冲、喝多少？蒙脱石散和益生菌怎么搭配？给家长的实用护理课。',
    topic: 'child',
    status: 'ended',
    day: -4,
    time: '20:00',
    minutes: 40,
    combo: '儿童腹泻护理套餐',
  },
  {
    key: 'lipid',
    store: 0,
    title: '血脂异常与他汀类药物的长期管理',
    lecturer: '刘静怡',
    intro: '他汀要吃一辈子吗？肌肉酸痛是不是副作用？复查血脂和肝功能的时间点有哪些？药师带您读懂血脂化验单。',
    topic: 'lipid',
    status: 'ended',
    day: -2,
    time: '19:30',
    minutes: 45,
  },
  {
    key: 'heart',
    store: 0,
    title: '冬季心脑血管疾病预防与急救用药',
    lecturer: '刘静怡',
    intro: '天气转冷是心梗、脑卒中的高发季。哪些信号要立刻就医？硝酸甘油、阿司匹林怎么备、怎么用？现场答疑。',
    topic: 'heart',
    status: 'live',
    day: 0,
    time: '',
    minutes: 60,
    combo: '高血压慢病月度套餐',
    pinned: true,
  },
  {
    key: 'gout',
    store: 0,
    title: '痛风急性发作期怎么用药',
    lecturer: '孙志华',
    intro: '秋水仙碱、非甾体抗炎药怎么选？降尿酸药什么时候开始吃？饮食上有哪些误区？',
    topic: 'home',
    status: 'scheduled',
    day: 1,
    time: '19:30',
    minutes: 45,
  },
  {
    key: 'elderly',
    store: 0,
    title: '老年人多重用药的风险与药物重整',
    lecturer: '刘静怡',
    intro: '同时吃五六种药安全吗？哪些药不能一起吃？教您整理家中老人的用药清单，避免重复用药和相互作用。',
    topic: 'home',
    status: 'scheduled',
    day: 3,
    time: '15:00',
    minutes: 45,
  },
  {
    key: 'allergy',
    store: 0,
    title: '过敏性鼻炎的季节性防治',
    lecturer: '孙志华',
    intro: '鼻喷激素会不会有依赖？抗组胺药白天吃还是晚上吃？换季前如何提前预防？',
    topic: 'allergy',
    status: 'scheduled',
    day: 5,
    time: '19:30',
    minutes: 40,
  },
  {
    key: 'insulin',
    store: 0,
    title: '胰岛素注射的规范操作与保存',
    lecturer: '刘静怡',
    intro: '注射部位怎么轮换？针头能不能重复使用？出门旅行胰岛素怎么带？现场演示胰岛素笔的使用。',
    topic: 'diabetes',
    status: 'scheduled',
    day: 7,
    time: '19:30',
    minutes: 50,
  },
  {
    key: 'hp',
    store: 0,
    title: '幽门螺杆菌根除治疗答疑',
    lecturer: '孙志华',
    intro: '四联疗法 14 天怎么吃？吃药期间能喝酒吗？什么时候复查？',
    topic: 'home',
    status: 'draft',
    day: 10,
    time: '19:30',
    minutes: 40,
  },
  {
    key: 'box',
    store: 0,
    title: '家庭药箱整理与药品储存',
    lecturer: '刘静怡',
    intro: '家庭药箱应该常备哪些药？过期药怎么处理？“阴凉处”到底是多少度？',
    topic: 'home',
    status: 'draft',
    day: 14,
    time: '15:00',
    minutes: 40,
  },
  // the Hangzhou store
  {
    key: 'hz-bp',
    store: 1,
    title: '高血压用药的五个常见误区',
    lecturer: '何雨萱',
    intro: '“没症状就不用吃药”“降压药会上瘾”……药师何雨萱逐一破解高血压用药误区。',
    topic: 'hypertension',
    status: 'ended',
    day: -5,
    time: '19:30',
    minutes: 40,
  },
  {
    key: 'hz-allergy',
    store: 1,
    title: '换季皮肤过敏怎么办',
    lecturer: '何雨萱',
    intro: '湿疹、荨麻疹的家庭护理与外用药膏的正确用法。',
    topic: 'allergy',
    status: 'scheduled',
    day: 2,
    time: '19:30',
    minutes: 40,
  },
  {
    key: 'hz-draft',
    store: 1,
    title: '孕期与哺乳期用药安全',
    lecturer: '何雨萱',
    intro: '备孕、孕期和哺乳期能用哪些药？',
    topic: 'child',
    status: 'draft',
    day: 9,
    time: '19:30',
    minutes: 40,
  },
];

interface DemoPeriod {
  key: string;
  name: string;
  /** Shanghai days relative to today. */
  from: number;
  to: number;
  lives: string[];
  /** How many generated patients enrol. */
  patients: number;
}
interface DemoColumn {
  store: 0 | 1;
  title: string;
  intro: string;
  cover: string;
  status: 'draft' | 'pending' | 'approved';
  platform?: (typeof demoPlatformColumns)[number];
  periods: DemoPeriod[];
}

const COLUMNS: DemoColumn[] = [
  {
    store: 0,
    title: '慢病管理训练营',
    intro:
      '面向高血压、糖尿病、血脂异常患者及家属的系统课程：每期 3～4 节直播课，执业药师讲解规范用药、自我监测和生活方式管理，课后小测验与专属客服答疑。',
    cover: cover('column-chronic'),
    status: 'approved',
    platform: '健康大讲堂',
    periods: [
      { key: 'c1p1', name: '第一期', from: -16, to: -1, lives: ['bp', 'dm', 'lipid'], patients: 16 },
      { key: 'c1p2', name: '第二期', from: -1, to: 12, lives: ['heart', 'gout', 'insulin'], patients: 10 },
      { key: 'c1p3', name: '第三期', from: 14, to: 28, lives: ['elderly', 'hp'], patients: 0 },
    ],
  },
  {
    store: 0,
    title: '家庭用药课堂',
    intro: '感冒发烧、儿童腹泻、过敏、家庭药箱……每周一堂实用家庭用药课，让全家用药更安心。',
    cover: cover('column-family'),
    status: 'pending',
    platform: '名医公开课',
    periods: [
      { key: 'c2p1', name: '十一月营', from: -8, to: 6, lives: ['cold', 'child', 'heart', 'allergy'], patients: 14 },
      { key: 'c2p2', name: '十二月营', from: 7, to: 30, lives: ['elderly', 'box'], patients: 6 },
    ],
  },
  {
    store: 1,
    title: '西湖健康讲堂',
    intro: '杭州西湖店的药师公益课：常见病用药与慢病管理。',
    cover: cover('column-family'),
    status: 'draft',
    periods: [{ key: 'hz1', name: '第一期', from: -7, to: 10, lives: ['hz-bp', 'hz-allergy'], patients: 8 }],
  },
];

const coverOf: Record<Topic, string> = {
  hypertension: cover('hypertension'),
  diabetes: cover('diabetes'),
  cold: cover('cold'),
  child: cover('child'),
  lipid: cover('lipid'),
  heart: cover('heart'),
  allergy: cover('allergy'),
  home: cover('home'),
};

/** Who invites for each store (pharmacy_member of these phones), weighted; the first one also enrols by phone. */
const INVITERS: [string, number][][] = [
  [
    ['13800000004', 5],
    ['13800000013', 3],
    ['13800000012', 2],
    ['13800000003', 1],
  ],
  [
    ['13800000017', 3],
    ['13800000004', 2],
  ],
];

// ---------------------------------------------------------------------------------------------------------------------
// A deterministic random source (the same demo on every start)

function weighted<T>(r: Rand, entries: readonly (readonly [T, number])[]): T {
  let x = r() * entries.reduce((n, [, w]) => n + w, 0);
  for (const [value, w] of entries) {
    x -= w;
    if (x < 0) return value;
  }
  return entries[entries.length - 1][0];
}
function shuffled<T>(r: Rand, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋余杜叶程魏苏吕丁沈姚卢姜崔钟谭陆汪范金石廖贾夏';
const GIVEN = [
  '建华',
  '秀英',
  '志强',
  '桂兰',
  '国平',
  '玉珍',
  '德明',
  '美华',
  '卫东',
  '淑芬',
  '红梅',
  '建国',
  '丽娟',
  '海燕',
  '春生',
  '金凤',
  '晓明',
  '凤英',
  '永康',
  '雪芳',
  '文华',
  '慧敏',
  '宝根',
  '月琴',
  '振宇',
  '佩玲',
  '思远',
  '静',
  '敏',
  '涛',
];

const COMMENTS: Record<Topic, string[]> = {
  hypertension: [
    '我父亲吃氨氯地平脚踝有点肿，需要换药吗？',
    '早上起来血压偏高，晚上又正常，这种情况怎么吃药？',
    '血压计选上臂式还是手腕式的好？',
    '降压药可以和钙片一起吃吗？',
    '请问漏服了一次降压药怎么办？',
    '讲得太清楚了，原来血压正常也不能停药！',
  ],
  diabetes: [
    '二甲双胍吃了胃不舒服怎么办？',
    '空腹血糖 7.2 需要吃药吗？',
    '无糖饼干可以随便吃吗？',
    '低血糖的时候吃巧克力可以吗？',
    '糖化血红蛋白多久查一次？',
  ],
  cold: [
    '孩子发烧 38.5℃，布洛芬和对乙酰氨基酚能交替吃吗？',
    '感冒药和消炎药能一起吃吗？',
    '连花清瘟孕妇能吃吗？',
    '流感和普通感冒怎么区分？',
    '家里常备哪几种感冒药比较好？',
  ],
  child: [
    '宝宝一岁，补液盐喝不下去怎么办？',
    '益生菌要用凉开水冲吗？',
    '蒙脱石散吃完大便干了正常吗？',
    '腹泻期间还能喝奶吗？',
  ],
  lipid: [
    '他汀一定要晚上吃吗？',
    '吃了半年阿托伐他汀，血脂正常了能停吗？',
    '甘油三酯高也要吃他汀吗？',
    '鱼油能代替他汀吗？',
  ],
  heart: [
    '硝酸甘油放在哪里保存比较好？',
    '胸口闷是不是心梗的前兆？',
    '阿司匹林一直吃胃出血怎么办？',
    '冬天晨练要注意什么？',
    '家里老人有冠心病，需要常备哪些药？',
  ],
  allergy: ['鼻喷激素能长期用吗？', '氯雷他定白天吃会犯困吗？'],
  home: ['老师讲得很好，已经分享给家人了', '回放还能看吗？'],
};
const GENERAL_COMMENTS = [
  '打卡，第二次来听课了',
  '老师讲得很清楚，受益匪浅！',
  '谢谢药师！',
  '收藏了，回放还能看吗？',
  '这个套餐可以医保报销吗？',
  '已经转发给家里人了👍',
];
const HOST_WELCOME = '欢迎大家来到直播间！有用药问题可以在评论区留言，药师会在答疑环节统一解答～';
const SPAM = '加V信领取免费降压药，私聊我';

/**
 * The live classes' demo data (docs/live.md "Demo data"), on top of the orders and chat seeds. Two platform columns
 * (the operator's). At the Pudong store (and a little at Hangzhou): a dozen lives in every status (covers, stream and
 * replay addresses — the demo lives play the replay the product serves —, share cards, handouts, bound combos), a
 * question bank of about thirty questions in a category tree with an exam bound to an ended live, two columns
 * (「慢病管理训练营」 approved into 「健康大讲堂」, 「家庭用药课堂」 pending for 「名医公开课」) with camp periods and their
 * lives in order, generated patients invited and enrolled by the customer-service staff (王丽娟 13800000004 and the
 * team), invitations, heartbeats and the live_watch aggregates computed from them, exam results with answers,
 * comments (one hidden, its author muted) and paid orders of a bound combo by invited viewers. The demo patient
 * 13900000001 is enrolled in a period whose ended live has a replay and an exam she has not taken yet.
 * Runs once, in one transaction: skips when any live exists.
 */
export async function seedLive(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const exists = async (q: DbExecutor) => (await queryRows(q, sql`select 1 from live limit 1`)).rows.length > 0;
  if (await exists(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_LOCK_KEY})`);
    if (await exists(tx)) {
      seeded = false;
      return;
    }
    seeded = await seedInside(tx, (options.now ?? new Date()).getTime());
  });
  return seeded;
}

async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await queryRows<T>(tx, query)).rows;
}
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function seedInside(tx: Tx, now: number): Promise<boolean> {
  const r = mulberry32(20261124);
  const names = demoPharmacies.map((p) => p.name).slice(0, 2);
  const stores = await rowsOf<{ id: number; name: string }>(
    tx,
    sql`select id, name from pharmacy where name in (${list(names)})`,
  );
  const storeIds = names.map((n) => stores.find((s) => s.name === n)?.id);
  if (storeIds.some((id) => id === undefined)) return false;
  const storeId = (i: 0 | 1) => storeIds[i]!;

  const staff = await rowsOf<{
    pharmacy_id: number;
    member_id: number;
    account_id: number;
    phone: string;
    name: string;
  }>(
    tx,
    sql`select m.pharmacy_id, m.id as member_id, a.id as account_id, a.phone, a.name
      from pharmacy_member m join account a on a.id = m.account_id
      where m.pharmacy_id in (${list(storeIds as number[])}) and m.status = 'active'`,
  );
  const memberOf = (store: 0 | 1, phone: string) =>
    staff.find((s) => s.pharmacy_id === storeId(store) && s.phone === phone);
  const accountOf = async (phone: string) =>
    (await rowsOf<{ id: number; name: string }>(tx, sql`select id, name from account where phone = ${phone}`))[0];
  const demoPatient = await accountOf('13900000001');
  const operator = await accountOf('13800000007');
  const manager = memberOf(0, '13800000003');
  const host = memberOf(0, '13800000004');
  if (!demoPatient || !manager || !host) return false;

  const dayStart = Date.parse(`${shanghaiToday(now)}T00:00:00+08:00`);
  const wall = (day: number, time: string) => {
    const [h, m] = time.split(':').map(Number);
    return dayStart + day * DAY + h * HOUR + m * MINUTE;
  };

  // ------------------------------------------------------------------ platform columns (the operator's shelf)
  const platforms = await tx
    .insert(liveColumn)
    .values(
      demoPlatformColumns.map((title, i) => ({
        kind: 'platform' as const,
        title,
        status: 'approved' as const,
        sort: i + 1,
        intro: i === 0 ? '平台精选的药店健康直播专栏' : '执业药师与医生的公益公开课',
        createdAt: new Date(now - 60 * DAY),
        updatedAt: new Date(now - 60 * DAY),
      })),
    )
    .returning({ id: liveColumn.id, title: liveColumn.title });
  const platformId = (title: string) => platforms.find((p) => p.title === title)!.id;

  // ------------------------------------------------------------------ combos of the stores, by name
  const combos = await rowsOf<{ id: number; pharmacy_id: number; name: string; price: string }>(
    tx,
    sql`select id, pharmacy_id, name, price::text as price from quote_set where pharmacy_id in (${list(storeIds as number[])})`,
  );
  const comboOf = (store: 0 | 1, name?: string) =>
    name ? combos.find((c) => c.pharmacy_id === storeId(store) && c.name === name) : undefined;

  // ------------------------------------------------------------------ lives
  const plannedLives = LIVES.map((l, i) => {
    const start = l.status === 'live' ? Math.floor((now - 20 * MINUTE) / MINUTE) * MINUTE : wall(l.day, l.time);
    const end = start + l.minutes * MINUTE;
    const startedAt = l.status === 'live' || l.status === 'ended' ? start + 2 * MINUTE : null;
    const endedAt = l.status === 'ended' ? end + 4 * MINUTE : null;
    const streamed = l.status !== 'draft';
    return {
      ...l,
      start,
      end,
      startedAt,
      endedAt,
      created: Math.min(start, now) - int(r, 10, 20) * DAY,
      row: {
        pharmacyId: storeId(l.store),
        title: l.title,
        coverUrl: coverOf[l.topic],
        lecturer: l.lecturer,
        intro: l.intro,
        startAt: new Date(start),
        endAt: new Date(end),
        startedAt: startedAt === null ? null : new Date(startedAt),
        endedAt: endedAt === null ? null : new Date(endedAt),
        status: l.status,
        pushUrl: streamed ? `rtmp://push.renxin-live.example.com/live/${l.store === 0 ? 'pd' : 'hz'}-${1001 + i}` : '',
        pullUrl: streamed ? DEMO_REPLAY_URL : '',
        replayUrl: l.status === 'ended' ? DEMO_REPLAY_URL : '',
        config: {
          chat_enabled: true,
          exam_enabled: !!l.exam,
          replay_enabled: true,
          pass_score: 60,
        },
        quoteSetId: comboOf(l.store, l.combo)?.id ?? null,
        comboPinned: !!l.pinned && !!comboOf(l.store, l.combo),
        createdBy: manager.account_id,
      },
    };
  });
  const liveRows = await tx
    .insert(live)
    .values(
      plannedLives.map((l) => ({
        ...l.row,
        createdAt: new Date(l.created),
        updatedAt: new Date(l.endedAt ?? l.startedAt ?? l.created),
      })),
    )
    .returning({ id: live.id });
  const lives = plannedLives.map((l, i) => ({ ...l, id: liveRows[i].id }));
  const liveOf = (key: string) => lives.find((l) => l.key === key)!;

  // share cards and handouts
  await tx.insert(liveShare).values(
    lives
      .filter((l) => l.store === 0 && l.status !== 'draft')
      .map((l) => ({
        pharmacyId: l.row.pharmacyId,
        liveId: l.id,
        title: `【直播】${l.title}`,
        description: `${l.lecturer}药师主讲，${formatShanghaiDateTime(l.start)} 开播，点击报名观看`,
        imageUrl: l.row.coverUrl,
        createdAt: new Date(l.created + HOUR),
        updatedAt: new Date(l.created + HOUR),
      })),
  );
  const materialRows = lives.flatMap((l) =>
    l.material
      ? [
          {
            pharmacyId: l.row.pharmacyId,
            liveId: l.id,
            name: demoMaterials[l.material].name,
            url: demoMaterials[l.material].url,
            size: demoMaterials[l.material].size,
            mime: 'application/pdf',
            sort: 1,
            createdAt: new Date(l.created + 2 * HOUR),
            updatedAt: new Date(l.created + 2 * HOUR),
          },
        ]
      : [],
  );
  if (materialRows.length) await tx.insert(liveMaterial).values(materialRows);

  // ------------------------------------------------------------------ the question bank and the exam
  const bankCreated = new Date(now - 30 * DAY);
  const tops = await tx
    .insert(questionCategory)
    .values(
      demoQuestionCategories.map((c, i) => ({
        pharmacyId: storeId(0),
        name: c.name,
        sort: i + 1,
        createdAt: bankCreated,
        updatedAt: bankCreated,
      })),
    )
    .returning({ id: questionCategory.id, name: questionCategory.name });
  const children = await tx
    .insert(questionCategory)
    .values(
      demoQuestionCategories.flatMap((c) =>
        c.children.map((name, i) => ({
          pharmacyId: storeId(0),
          parentId: tops.find((t) => t.name === c.name)!.id,
          name,
          sort: i + 1,
          createdAt: bankCreated,
          updatedAt: bankCreated,
        })),
      ),
    )
    .returning({ id: questionCategory.id, name: questionCategory.name });
  const categoryId = (name: string) => [...tops, ...children].find((c) => c.name === name)!.id;
  const keys = ['A', 'B', 'C', 'D', 'E', 'F'];
  const questions = await tx
    .insert(question)
    .values(
      demoQuestions.map((q, i) => ({
        pharmacyId: storeId(0),
        categoryId: categoryId(q.category),
        type: q.type,
        stem: q.stem,
        options: q.options.map((text, k) => ({ key: keys[k], text })),
        answer: q.answer,
        analysis: q.analysis,
        score: q.score ?? (q.type === 'multiple' ? 15 : 10),
        createdAt: new Date(bankCreated.getTime() + i * MINUTE),
        updatedAt: new Date(bankCreated.getTime() + i * MINUTE),
      })),
    )
    .returning({ id: question.id });
  const exam = demoQuestions
    .map((q, i) => ({ ...q, id: questions[i].id, score: q.score ?? 10 }))
    .filter((q) => q.exam !== undefined)
    .sort((a, b) => a.exam! - b.exam!);
  const bp = liveOf('bp');
  await tx
    .insert(liveQuestion)
    .values(exam.map((q, i) => ({ pharmacyId: storeId(0), liveId: bp.id, questionId: q.id, sort: i + 1 })));

  // ------------------------------------------------------------------ columns, periods, their lives
  const periods: (DemoPeriod & { id: number; store: 0 | 1; start: number; end: number })[] = [];
  for (const c of COLUMNS) {
    const firstFrom = Math.min(...c.periods.map((p) => p.from));
    const created = dayStart + (firstFrom - 11) * DAY + 10 * HOUR;
    const submitted = c.status === 'draft' ? null : c.status === 'approved' ? created + 2 * DAY : now - 26 * HOUR;
    const [col] = await tx
      .insert(liveColumn)
      .values({
        pharmacyId: storeId(c.store),
        kind: 'pharmacy',
        title: c.title,
        coverUrl: c.cover,
        intro: c.intro,
        status: c.status,
        platformColumnId: c.platform ? platformId(c.platform) : null,
        submittedAt: submitted === null ? null : new Date(submitted),
        reviewedAt: c.status === 'approved' ? new Date(submitted! + 5 * HOUR) : null,
        reviewedBy: c.status === 'approved' ? (operator?.id ?? null) : null,
        createdAt: new Date(created),
        updatedAt: new Date(submitted ?? created),
      })
      .returning({ id: liveColumn.id });
    const rows = await tx
      .insert(columnPeriod)
      .values(
        c.periods.map((p, i) => ({
          pharmacyId: storeId(c.store),
          columnId: col.id,
          name: p.name,
          startAt: new Date(dayStart + p.from * DAY),
          endAt: new Date(dayStart + (p.to + 1) * DAY - 1000),
          sort: i + 1,
          createdAt: new Date(created + i * HOUR),
          updatedAt: new Date(created + i * HOUR),
        })),
      )
      .returning({ id: columnPeriod.id });
    for (const [i, p] of c.periods.entries())
      periods.push({
        ...p,
        id: rows[i].id,
        store: c.store,
        start: dayStart + p.from * DAY,
        end: dayStart + (p.to + 1) * DAY,
      });
    await tx.insert(columnPeriodLive).values(
      c.periods.flatMap((p, i) =>
        p.lives.map((key, k) => ({
          pharmacyId: storeId(c.store),
          periodId: rows[i].id,
          liveId: liveOf(key).id,
          sort: k + 1,
        })),
      ),
    );
  }

  // ------------------------------------------------------------------ generated patients
  const taken = new Set(
    (await rowsOf<{ phone: string }>(tx, sql`select phone from account where phone like '139%'`)).map((x) => x.phone),
  );
  const patientCount = 60;
  const people = Array.from({ length: patientCount }, () => {
    let phone: string;
    do phone = `139${String(int(r, 10_000_000, 99_999_999))}`;
    while (taken.has(phone));
    taken.add(phone);
    const name = pick(r, [...SURNAMES]) + pick(r, GIVEN);
    return { phone, name, joined: new Date(now - int(r, 40, 400) * DAY) };
  });
  const patientRows = await tx
    .insert(account)
    .values(
      people.map((p) => ({
        phone: p.phone,
        phoneUserId: `pu_${p.phone}`,
        name: p.name,
        createdAt: p.joined,
        updatedAt: p.joined,
      })),
    )
    .returning({ id: account.id, phone: account.phone, name: account.name });
  await tx.insert(familyMember).values(
    patientRows.map((p) => {
      // a stream of its own, so the rest of the demo data stays as it was
      const ir = mulberry32(Number(p.phone.slice(3)));
      const gender = ir() < 0.5 ? ('male' as const) : ('female' as const);
      const birthday = birthdayOf(ir, int(ir, 1950, 1995));
      // Pudong New Area's division code: the patients live in Shanghai (their addresses below)
      const id = idNumber(ir, '310115', birthday, gender);
      return {
        accountId: p.id,
        name: p.name,
        phone: p.phone,
        relation: 'self',
        isDefault: true,
        idNumber: id,
        gender,
        birthday,
      };
    }),
  );
  const districts = ['浦东新区', '徐汇区', '闵行区', '静安区', '杨浦区'];
  await tx.insert(address).values(
    patientRows.map((p, i) => ({
      accountId: p.id,
      name: p.name,
      phone: p.phone,
      province: '上海市',
      city: '上海市',
      district: districts[i % districts.length],
      detail: `${pick(r, ['张杨路', '世纪大道', '浦东南路', '东方路', '杨高中路', '龙阳路'])} ${int(r, 10, 1800)} 弄 ${int(r, 1, 30)} 号 ${int(r, 1, 20)}0${int(r, 1, 4)} 室`,
      isDefault: true,
    })),
  );
  const pudongPatients = patientRows.slice(0, 48);
  const hangzhouPatients = patientRows.slice(48);

  // ------------------------------------------------------------------ enrolments and invitations
  interface Enrol {
    periodId: number;
    store: 0 | 1;
    accountId: number;
    source: 'invite' | 'staff' | 'self';
    inviter: number | null;
    at: number;
  }
  const enrols: Enrol[] = [];
  const invitations: { periodId: number; store: 0 | 1; accountId: number; inviter: number; at: number }[] = [];
  for (const p of periods) {
    const bound = p.lives.map(liveOf);
    const firstLive = Math.min(...bound.map((l) => l.start));
    // enrolments open ten days before the period; past periods close before their first live
    const open = Math.max(p.start - 10 * DAY, now - 30 * DAY);
    const close = Math.min(firstLive - HOUR, now - 10 * MINUTE);
    const pool = shuffled(r, p.store === 0 ? pudongPatients : hangzhouPatients).slice(0, p.patients);
    const inviters = INVITERS[p.store]
      .map(([phone, w]) => [memberOf(p.store, phone), w] as const)
      .filter((x): x is readonly [NonNullable<(typeof x)[0]>, number] => x[0] !== undefined);
    for (const patient of pool) {
      const at = close > open ? open + Math.floor(r() * (close - open)) : close;
      const source = weighted(r, [
        ['invite', 7],
        ['staff', 2],
        ['self', 1],
      ] as const);
      const inviter =
        source === 'self' ? null : source === 'staff' ? inviters[0][0].member_id : weighted(r, inviters).member_id;
      enrols.push({ periodId: p.id, store: p.store, accountId: patient.id, source, inviter, at });
      if (source === 'invite' && inviter !== null)
        invitations.push({
          periodId: p.id,
          store: p.store,
          accountId: patient.id,
          inviter,
          at: at - int(r, 2, 90) * MINUTE,
        });
    }
    // a few opened an invitation and did not enrol
    const lookers = shuffled(
      r,
      (p.store === 0 ? pudongPatients : hangzhouPatients).filter((x) => !pool.includes(x)),
    );
    for (const patient of lookers.slice(0, p.patients ? 3 : 0)) {
      const at = close > open ? open + Math.floor(r() * (close - open)) : close;
      invitations.push({
        periodId: p.id,
        store: p.store,
        accountId: patient.id,
        inviter: weighted(r, inviters).member_id,
        at,
      });
    }
  }
  // the demo patient: invited by 王丽娟 into 慢病管理训练营 第一期 (its first live has a replay and an exam)
  const c1p1 = periods.find((p) => p.key === 'c1p1')!;
  const demoAt = bp.start - 2 * DAY + 3 * HOUR;
  enrols.push({
    periodId: c1p1.id,
    store: 0,
    accountId: demoPatient.id,
    source: 'invite',
    inviter: host.member_id,
    at: demoAt,
  });
  invitations.push({
    periodId: c1p1.id,
    store: 0,
    accountId: demoPatient.id,
    inviter: host.member_id,
    at: demoAt - 20 * MINUTE,
  });

  await tx.insert(liveEnrollment).values(
    enrols.map((e) => ({
      pharmacyId: storeId(e.store),
      periodId: e.periodId,
      accountId: e.accountId,
      source: e.source,
      inviterMemberId: e.inviter,
      createdAt: new Date(e.at),
      updatedAt: new Date(e.at),
    })),
  );
  await tx.insert(liveInvitation).values(
    invitations.map((v) => ({
      pharmacyId: storeId(v.store),
      periodId: v.periodId,
      accountId: v.accountId,
      inviterMemberId: v.inviter,
      createdAt: new Date(v.at),
      updatedAt: new Date(v.at),
    })),
  );

  // ------------------------------------------------------------------ heartbeats (raw) and watch time (aggregated)
  interface Session {
    pharmacy_id: number;
    live_id: number;
    account_id: number;
    start: string;
    beats: number;
    mode: 'live' | 'replay';
  }
  const sessions: Session[] = [];
  const watchers = new Map<number, number[]>();
  const step = LIVE_HEARTBEAT_SECONDS * 1000;
  for (const l of lives) {
    if (l.startedAt === null) continue;
    const enrolled = [
      ...new Set(
        enrols
          .filter((e) => periods.find((p) => p.id === e.periodId)!.lives.includes(l.key) && e.at < (l.endedAt ?? now))
          .map((e) => e.accountId),
      ),
    ];
    const seen: number[] = [];
    for (const accountId of enrolled) {
      const isDemo = accountId === demoPatient.id;
      const liveEnd = l.endedAt ?? now - 5 * 1000;
      if (!isDemo && r() < 0.66) {
        const join = l.startedAt + int(r, 0, 12) * MINUTE + int(r, 0, 59) * 1000;
        const maxBeats = Math.floor((liveEnd - join) / step);
        if (maxBeats > 0) {
          const beats =
            l.status === 'live'
              ? maxBeats
              : Math.max(12, Math.min(maxBeats, int(r, Math.floor(maxBeats / 5), Math.floor(maxBeats * 0.7))));
          sessions.push({
            pharmacy_id: l.row.pharmacyId,
            live_id: l.id,
            account_id: accountId,
            start: new Date(join).toISOString(),
            beats,
            mode: 'live',
          });
          seen.push(accountId);
        }
      }
      // replays: the demo patient watched part of the first class's replay two days after it
      if (l.status === 'ended' && (isDemo ? l.key === 'bp' : r() < 0.22)) {
        const day = l.endedAt! + int(r, 1, Math.max(1, Math.floor((now - l.endedAt!) / DAY) - 1)) * DAY;
        const startAt = isDemo ? l.endedAt! + 2 * DAY - 3 * HOUR : Math.min(day, now - 2 * HOUR);
        const beats = isDemo ? 156 : int(r, 60, 240);
        if (startAt + beats * step < now) {
          sessions.push({
            pharmacy_id: l.row.pharmacyId,
            live_id: l.id,
            account_id: accountId,
            start: new Date(startAt).toISOString(),
            beats,
            mode: 'replay',
          });
          if (!seen.includes(accountId)) seen.push(accountId);
        }
      }
    }
    watchers.set(l.id, seen);
  }
  await tx.execute(sql`
    insert into live_heartbeat (pharmacy_id, live_id, account_id, seconds, mode, beat_at)
    select s.pharmacy_id, s.live_id, s.account_id, ${LIVE_HEARTBEAT_SECONDS}, s.mode,
      s.start + make_interval(secs => g * ${LIVE_HEARTBEAT_SECONDS})
    from jsonb_to_recordset(${JSON.stringify(sessions)}::jsonb)
      as s(pharmacy_id int, live_id int, account_id int, start timestamptz, beats int, mode text),
      generate_series(0, s.beats - 1) as g`);
  const liveIds = lives.map((l) => l.id);
  await tx.execute(sql`
    insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
    select pharmacy_id, live_id, account_id, (beat_at at time zone 'Asia/Shanghai')::date,
      sum(seconds)::int, count(*)::int, min(beat_at), max(beat_at)
    from live_heartbeat where live_id in (${list(liveIds)})
    group by pharmacy_id, live_id, account_id, (beat_at at time zone 'Asia/Shanghai')::date`);

  // ------------------------------------------------------------------ exam results (the hypertension class)
  const results: (typeof liveExamResult.$inferInsert)[] = [];
  const answers: (typeof liveAnswer.$inferInsert)[] = [];
  for (const accountId of watchers.get(bp.id) ?? []) {
    if (accountId === demoPatient.id || r() > 0.7) continue;
    const submitted = new Date(Math.min(bp.endedAt! + int(r, 5, 60 * 60) * MINUTE, now - HOUR));
    let score = 0;
    let correctCount = 0;
    for (const q of exam) {
      const right = r() < 0.78;
      const optionKeys = q.type === 'judge' ? ['T', 'F'] : keys.slice(0, q.options.length);
      let given = q.answer;
      // a wrong answer: one key short of a multiple choice, another key otherwise
      if (!right)
        given =
          q.type === 'multiple'
            ? q.answer.slice(0, -1)
            : [
                pick(
                  r,
                  optionKeys.filter((k) => !q.answer.includes(k)),
                ),
              ];
      const correct = [...given].sort().join() === [...q.answer].sort().join();
      if (correct) {
        score += q.score;
        correctCount += 1;
      }
      answers.push({
        pharmacyId: storeId(0),
        liveId: bp.id,
        accountId,
        questionId: q.id,
        answer: given,
        correct,
        score: correct ? q.score : 0,
        createdAt: submitted,
      });
    }
    results.push({
      pharmacyId: storeId(0),
      liveId: bp.id,
      accountId,
      score,
      totalScore: exam.reduce((n, q) => n + q.score, 0),
      correctCount,
      questionCount: exam.length,
      submittedAt: submitted,
    });
  }
  if (results.length) {
    await tx.insert(liveExamResult).values(results);
    await tx.insert(liveAnswer).values(answers);
  }

  // ------------------------------------------------------------------ comments (one spam hidden, its author muted)
  const commentRows: (typeof liveComment.$inferInsert)[] = [];
  const mutes: (typeof liveMute.$inferInsert)[] = [];
  for (const l of lives) {
    const seen = watchers.get(l.id) ?? [];
    if (l.startedAt === null || seen.length === 0) continue;
    const until = l.endedAt ?? now - MINUTE;
    const span = until - l.startedAt;
    const timed: (typeof liveComment.$inferInsert)[] = [];
    if (l.store === 0)
      timed.push({
        pharmacyId: l.row.pharmacyId,
        liveId: l.id,
        accountId: host.account_id,
        staff: true,
        content: HOST_WELCOME,
        createdAt: new Date(l.startedAt + MINUTE),
      });
    const texts = shuffled(r, [...COMMENTS[l.topic], ...GENERAL_COMMENTS]).slice(
      0,
      Math.min(seen.length + 2, int(r, 6, 9)),
    );
    for (const content of texts) {
      timed.push({
        pharmacyId: l.row.pharmacyId,
        liveId: l.id,
        accountId: pick(r, seen),
        content,
        createdAt: new Date(l.startedAt + 3 * MINUTE + Math.floor(r() * (span - 4 * MINUTE))),
      });
    }
    // never the demo patient: she is the newcomer's viewer, and would find herself muted
    const spammer = [...seen].reverse().find((id) => id !== demoPatient.id);
    if ((l.key === 'bp' || l.key === 'heart') && spammer !== undefined) {
      timed.push({
        pharmacyId: l.row.pharmacyId,
        liveId: l.id,
        accountId: spammer,
        content: SPAM,
        status: 'hidden',
        hiddenBy: manager.account_id,
        createdAt: new Date(l.startedAt + Math.floor(span / 2)),
      });
      mutes.push({
        pharmacyId: l.row.pharmacyId,
        liveId: l.id,
        accountId: spammer,
        mutedBy: manager.account_id,
        createdAt: new Date(l.startedAt + Math.floor(span / 2) + MINUTE),
      });
    }
    timed.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    commentRows.push(...timed.map((c) => ({ ...c, updatedAt: c.createdAt })));
  }
  if (commentRows.length) await tx.insert(liveComment).values(commentRows);
  if (mutes.length) await tx.insert(liveMute).values(mutes);

  // ------------------------------------------------------------------ paid orders of the cold class's combo
  const cold = liveOf('cold');
  const coldCombo = comboOf(0, cold.combo);
  if (coldCombo) {
    const buyers = (watchers.get(cold.id) ?? []).filter((id) =>
      enrols.some((e) => e.accountId === id && e.inviter !== null && e.store === 0),
    );
    await comboOrders(tx, r, {
      pharmacyId: storeId(0),
      comboId: coldCombo.id,
      buyers: buyers.slice(0, 4),
      patients: patientRows,
      from: cold.startedAt! + 15 * MINUTE,
      until: Math.min(cold.endedAt! + 2 * DAY, now - HOUR),
      confirmedBy: manager.account_id,
    });
  }
  return true;
}

/** Orders of a combo (one combo line each), walked to paid through the state machine, timestamps set back. */
async function comboOrders(
  tx: Tx,
  r: Rand,
  o: {
    pharmacyId: number;
    comboId: number;
    buyers: number[];
    patients: { id: number; phone: string; name: string }[];
    from: number;
    until: number;
    confirmedBy: number;
  },
) {
  if (!o.buyers.length) return;
  const [combo] = await rowsOf<{ name: string; price: string; on_sale: boolean }>(
    tx,
    sql`select name, price::text as price, status = 'on_sale' as on_sale from quote_set where id = ${o.comboId}`,
  );
  const items = await rowsOf<{
    quote_id: number;
    product_id: number;
    name: string;
    spec: string;
    qty: number;
    stock: number;
    image: string;
    type: string;
  }>(
    tx,
    sql`select q.id as quote_id, q.product_id, p.name, p.spec, i.qty, q.stock, coalesce(p.images[1], '') as image, p.type
      from quote_set_item i join quote q on q.id = i.quote_id join product p on p.id = q.product_id
      where i.quote_set_id = ${o.comboId} and q.status = 'on_shelf' order by i.id`,
  );
  if (!combo?.on_sale || !items.length || items.some((i) => i.stock < i.qty * o.buyers.length + 5)) return;
  // live-room orders ship free
  const freight = '0.00';
  const hasRx = items.some((i) => i.type === 'RX');
  for (const [n, buyerId] of o.buyers.entries()) {
    const buyer = o.patients.find((p) => p.id === buyerId)!;
    const addr = await rowsOf<{ id: number; province: string; city: string; district: string; detail: string }>(
      tx,
      sql`select id, province, city, district, detail from address where account_id = ${buyerId} order by is_default desc, id limit 1`,
    );
    if (!addr.length) continue;
    const qty = n === 0 ? 2 : 1;
    const goods = multiply(combo.price, qty);
    const created = new Date(o.from + Math.floor(r() * Math.max(1, o.until - o.from)));
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: sql`to_char(${created.toISOString()}::timestamptz at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0')`,
        pharmacyId: o.pharmacyId,
        accountId: buyerId,
        addressId: addr[0].id,
        kind: hasRx ? 'rx' : 'normal',
        hasRx,
        status: 'pending_payment',
        goodsAmount: formatMoney(goods),
        freight,
        discount: '0.00',
        payAmount: formatMoney(goods),
        patientName: buyer.name,
        receiverName: buyer.name,
        receiverPhone: buyer.phone,
        province: addr[0].province,
        city: addr[0].city,
        district: addr[0].district,
        addressDetail: addr[0].detail,
        buyerRemark: n === 1 ? '直播间下单，麻烦尽快发货' : '',
        quoteSetId: o.comboId,
        payMethod: 'offline',
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItem).values({
      orderId: order.id,
      quoteSetId: o.comboId,
      name: combo.name,
      spec: items
        .map((i) => `${i.name}×${i.qty}`)
        .join('、')
        .slice(0, 200),
      productType: 'COMBO',
      image: items.find((i) => i.image)?.image ?? '',
      price: combo.price,
      qty,
      subtotal: formatMoney(goods),
      comboItems: items.map((i) => ({
        quote_id: i.quote_id,
        product_id: i.product_id,
        name: i.name,
        spec: i.spec,
        qty: i.qty,
      })),
      createdAt: created,
      updatedAt: created,
    });
    await summarizeOrderLines(tx, [order.id]);
    for (const i of items) {
      await tx.execute(
        sql`update quote set stock = stock - ${i.qty * qty}, sales_count = sales_count + ${i.qty * qty} where id = ${i.quote_id}`,
      );
    }
    await tx.execute(sql`
      insert into order_payment (order_id, pharmacy_id, provider, amount, status, created_at, updated_at)
      select id, pharmacy_id, 'offline', pay_amount, 'pending', created_at, created_at from orders where id = ${order.id}`);
    await transitionOrder(tx, order.id, 'pay', { confirmedBy: o.confirmedBy, payRef: `直播间订单${n + 1}` });
    const paid = new Date(created.getTime() + int(r, 3, 40) * MINUTE);
    await tx.execute(
      sql`update orders set paid_at = ${paid.toISOString()}, updated_at = ${paid.toISOString()} where id = ${order.id}`,
    );
    await tx.execute(
      sql`update order_payment set paid_at = ${paid.toISOString()}, updated_at = ${paid.toISOString()} where order_id = ${order.id}`,
    );
    await tx.execute(
      sql`update settlement set paid_at = ${paid.toISOString()}, created_at = ${paid.toISOString()}, updated_at = ${paid.toISOString()} where order_id = ${order.id}`,
    );
  }
}
