import {
  categoryTree,
  chemicalMakers,
  type DemoProductType,
  type DrugTemplate,
  deviceMakers,
  devices,
  drugTemplates,
  herbalMakers,
  herbSpecs,
  herbs,
  pharmacySources,
  provinces,
  tcmMakers,
} from './demo-catalogue-data';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness: the same seed always gives the same catalogue (no Math.random anywhere).

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: small, fast, good enough for demo data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Codes

/** EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export const isValidEan13 = (code: string) =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_CODE_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** Check character of an organisation code (GB 11714-1997) from its first eight characters (A = 10 … Z = 35). */
export function organizationCodeCheck(body8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number.parseInt(body8[i], 36) * ORG_CODE_WEIGHTS[i];
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

/** Check character of a unified social credit code (GB 32100-2015) from its first seventeen characters. */
export function usccCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]) * USCC_WEIGHTS[i];
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

/**
 * 统一社会信用代码 of a company (GB 32100-2015): 9 (registered by market regulation) 1 (enterprise), the six-digit
 * division code, the nine-character organisation code with its own GB 11714 check character, then the GB 32100
 * check character. The organisation code is either a newer "MA…" code or an older all-digit one.
 */
export function unifiedSocialCreditCode(areaCode: string, rng: Rng): string {
  const modern = rng.chance(0.6);
  const drawn = Array.from({ length: 8 }, () => rng.int(0, USCC_CHARS.length - 1));
  const body = modern
    ? `MA${drawn
        .slice(2)
        .map((i) => USCC_CHARS[i])
        .join('')}`
    : drawn.map((i) => String(i % 10)).join('');
  const first17 = `91${areaCode}${body}${organizationCodeCheck(body)}`;
  return first17 + usccCheck(first17);
}

/** Both check characters hold: the organisation code's (GB 11714) and the whole code's (GB 32100). */
export const isValidUscc = (code: string) =>
  /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code) &&
  organizationCodeCheck(code.slice(8, 16)) === code[16] &&
  usccCheck(code.slice(0, 17)) === code[17];

/** Price in cents → "12.50" (integers only, so no float error can creep in). */
export const centsToYuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

// ---------------------------------------------------------------------------------------------------------------
// Output shapes (field names are the tables' columns)

export const demoProductTypes = ['RX', 'OTC', 'HERBAL', 'NON_DRUG'] as const;

export interface DemoCategory {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
}

export interface DemoInstructions {
  indications: string;
  usage: string;
  contraindications: string;
  adverse_reactions: string;
  storage: string;
}

export interface DemoProduct {
  id: number;
  name: string;
  generic_name: string;
  spec: string;
  dosage_form: string;
  manufacturer: string;
  approval_no: string;
  barcode: string;
  type: DemoProductType;
  category_id: number;
  images: string[];
  instructions: DemoInstructions;
  status: 'active';
}

export interface DemoAptitude {
  kind: 'drug_licence' | 'business_licence' | 'device_filing' | 'pharmacist';
  title: string;
  number: string;
  expire_at: string | null;
  /** Where the seed stores the rendered certificate image. */
  url: string;
}

export interface DemoPharmacy {
  key: string;
  name: string;
  /** A generated logo served under /demo (demoPharmacyLogoSvg). */
  logo_url: string;
  province: string;
  city: string;
  district: string;
  address: string;
  phone: string;
  business_hours: string;
  business_licence_no: string;
  business_licence_expire_at: string;
  drug_licence_no: string;
  drug_licence_expire_at: string;
  aptitude: DemoAptitude[];
  status: 'active';
}

export interface DemoQuote {
  pharmacy_key: string;
  product_id: number;
  price: string;
  original_price: string | null;
  stock: number;
  status: 'on_shelf' | 'off_shelf';
  is_top: boolean;
  sort: number;
  sales_count: number;
}

type Cms<T> = T & { id: number; status: 'published' | 'draft'; sort: number };

export interface DemoContent {
  top_sales: Cms<{ product_id: number; title: string; image: string }>[];
  home_swiper: Cms<{ title: string; image: string; link: string }>[];
  home_entry: Cms<{ title: string; icon: string; link: string }>[];
  home_contact_us: Cms<{
    title: string;
    phone: string;
    wechat: string;
    email: string;
    address: string;
    work_time: string;
  }>[];
  express_company: Cms<{ code: string; name: string }>[];
  allergy_history: Cms<{ name: string }>[];
  family_medical_history: Cms<{ name: string }>[];
  past_medical_history: Cms<{ name: string }>[];
  entry1_category: Cms<{ name: string }>[];
  entry_1: Cms<{ category_id: number; title: string; icon: string; link: string }>[];
  entry_2: Cms<{ title: string; subtitle: string; image: string; link: string }>[];
}

export interface DemoCatalogue {
  /** Served as the CMS `category` (top level) and `sub_category` (children) collections. */
  categories: DemoCategory[];
  products: DemoProduct[];
  pharmacies: DemoPharmacy[];
  quotes: DemoQuote[];
  content: DemoContent;
}

export interface DemoCatalogueOptions {
  seed?: number;
  /** Licence expiry dates are placed relative to this day (YYYY-MM-DD); one falls inside the 6-month warning window. */
  today?: string;
  /** Pharmacy keys to quote for besides the six generated ones (e.g. the foundation seed's stores). */
  extraPharmacyKeys?: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Categories

export function demoCategories(): DemoCategory[] {
  const out: DemoCategory[] = [];
  categoryTree.forEach(([top], i) => {
    out.push({ id: i + 1, parent_id: null, name: top, sort: i + 1 });
  });
  let id = categoryTree.length;
  categoryTree.forEach(([, children], i) => {
    children.forEach((name, j) => {
      id += 1;
      out.push({ id, parent_id: i + 1, name, sort: j + 1 });
    });
  });
  return out;
}

const leafId = (categories: DemoCategory[], name: string) => {
  const c = categories.find((x) => x.parent_id !== null && x.name === name);
  if (!c) throw new Error(`demo data names an unknown category "${name}"`);
  return c.id;
};

// ---------------------------------------------------------------------------------------------------------------
// Instructions text

function usageFor(form: string, dose?: string): string {
  if (dose) return dose;
  if (/膏|乳胶剂|凝胶/.test(form)) return '外用。取适量涂于患处，一日2～3次。';
  if (/颗粒|散|干混悬剂/.test(form)) return '温开水冲服。成人一次1袋，一日2～3次；儿童用量请咨询医师或药师。';
  if (/口服溶液|糖浆|合剂|混悬液|煎膏剂|酊剂/.test(form)) return '口服。成人一次10毫升，一日3次；用前摇匀。';
  if (/滴剂/.test(form)) return '口服。一次1粒，一日1次；或遵医嘱。';
  if (/丸/.test(form)) return '口服。一次8丸，一日3次；或遵医嘱。';
  if (/注射/.test(form)) return '遵医嘱使用。';
  return '口服。成人一次1～2粒（片），一日2～3次；或遵医嘱。';
}

function storageFor(form: string): string {
  if (/注射/.test(form)) return '2℃～8℃避光冷藏，不得冷冻。';
  if (/膏|乳胶剂|凝胶|栓/.test(form)) return '密闭，在阴凉处（不超过20℃）保存。';
  if (/活菌/.test(form)) return '2℃～8℃避光保存。';
  return '密封，在干燥处保存。';
}

const defaultContra = (type: 'RX' | 'OTC') =>
  type === 'RX' ? '对本品及其成分过敏者禁用。' : '对本品过敏者禁用，过敏体质者慎用。';
const defaultAdverse = '偶见恶心、头晕、皮疹等，停药后可自行消失；如症状持续请咨询医师。';

// ---------------------------------------------------------------------------------------------------------------
// Products

interface CodeBook {
  approvals: Set<string>;
  barcodes: Set<string>;
  makerCodes: Map<string, number>;
  makerItems: Map<string, number>;
}

function approvalNo(rng: Rng, letter: string, book: CodeBook): string {
  for (;;) {
    const digits = rng.chance(0.6)
      ? `20${pad(rng.int(0, 24), 2)}${pad(rng.int(0, 9999), 4)}`
      : `${rng.pick(['11', '13', '31', '32', '33', '37', '44', '51'])}0${pad(rng.int(20000, 99999), 5)}`;
    const code = `国药准字${letter}${digits}`;
    if (!book.approvals.has(code)) {
      book.approvals.add(code);
      return code;
    }
  }
}

function deviceRegistration(rng: Rng, kind: string, book: CodeBook): string {
  if (kind === 'none') return '';
  for (;;) {
    const p = rng.pick(provinces);
    const year = rng.int(2015, 2024);
    let code: string;
    if (kind === 'device') {
      const prefix = rng.chance(0.3) ? '国' : p.short;
      code = `${prefix}械注准${year}${rng.int(2, 3)}${pad(rng.int(1, 22), 2)}${pad(rng.int(1, 9999), 4)}`;
    } else if (kind === 'device_filing') code = `${p.short}械备${year}${pad(rng.int(1, 9999), 4)}号`;
    else code = `卫消证字(${year})第${pad(rng.int(1, 9999), 4)}号`;
    if (!book.approvals.has(code)) {
      book.approvals.add(code);
      return code;
    }
  }
}

function barcode(maker: string, book: CodeBook): string {
  let makerCode = book.makerCodes.get(maker);
  if (makerCode === undefined) {
    makerCode = 10_000 + book.makerCodes.size * 337;
    book.makerCodes.set(maker, makerCode);
  }
  const item = (book.makerItems.get(maker) ?? 0) + 1;
  book.makerItems.set(maker, item);
  const first12 = `69${pad(makerCode, 5)}${pad(item * 7 + 100, 5)}`;
  const code = first12 + ean13CheckDigit(first12);
  book.barcodes.add(code);
  return code;
}

function makersFor(rng: Rng, t: DrugTemplate): string[] {
  if (t.makers) return t.makers;
  const pool = t.letter === 'Z' ? tcmMakers : chemicalMakers;
  const n = rng.int(2, 3);
  const chosen = new Set<string>();
  while (chosen.size < n) chosen.add(rng.pick(pool));
  return [...chosen];
}

const priceCents = (rng: Rng, [min, max]: [number, number]) => rng.int(min * 100, max * 100);

export function demoProducts(rng: Rng, categories: DemoCategory[]): { products: DemoProduct[]; basePrice: number[] } {
  const products: DemoProduct[] = [];
  const basePrice: number[] = [];
  const book: CodeBook = { approvals: new Set(), barcodes: new Set(), makerCodes: new Map(), makerItems: new Map() };
  const add = (p: Omit<DemoProduct, 'id' | 'images' | 'status'>, cents: number) => {
    const id = products.length + 1;
    products.push({ id, ...p, images: [`/demo/product/${id}-1.svg`, `/demo/product/${id}-2.svg`], status: 'active' });
    basePrice.push(cents);
  };

  for (const t of drugTemplates) {
    const makers = makersFor(rng, t);
    for (const maker of makers) {
      for (const [form, specs] of t.forms) {
        const approval = approvalNo(rng, t.letter, book);
        const generic = t.fullName ? t.generic : `${t.generic}${form}`;
        for (const spec of specs) {
          add(
            {
              name: generic,
              generic_name: generic,
              spec,
              dosage_form: form,
              manufacturer: maker,
              approval_no: approval,
              barcode: barcode(maker, book),
              type: t.type,
              category_id: leafId(categories, t.category),
              instructions: {
                indications: t.indications,
                usage: usageFor(form, t.dose),
                contraindications: t.contraindications ?? defaultContra(t.type),
                adverse_reactions: t.adverse ?? defaultAdverse,
                storage: storageFor(form),
              },
            },
            priceCents(rng, t.price),
          );
        }
      }
    }
  }

  for (const h of herbs) {
    const makers = [rng.pick(herbalMakers), rng.pick(herbalMakers)].filter((m, i, a) => a.indexOf(m) === i);
    for (const maker of makers) {
      for (const spec of herbSpecs) {
        const grams = Number.parseInt(spec, 10);
        const per100 = priceCents(rng, h.price);
        add(
          {
            name: `${h.name}(饮片)`,
            generic_name: h.name,
            spec,
            dosage_form: '饮片',
            manufacturer: maker,
            approval_no: '',
            barcode: barcode(maker, book),
            type: 'HERBAL',
            category_id: leafId(categories, h.category),
            instructions: {
              indications: h.indications,
              usage: '煎服，用量请遵医嘱或咨询执业药师。',
              contraindications: '孕妇及过敏体质者请在医师指导下使用。',
              adverse_reactions: '尚不明确。',
              storage: '置阴凉干燥处，防霉，防蛀。',
            },
          },
          Math.round((per100 * grams) / 100),
        );
      }
    }
  }

  for (const d of devices) {
    const makers = [rng.pick(deviceMakers), rng.pick(deviceMakers)].filter((m, i, a) => a.indexOf(m) === i);
    for (const maker of makers) {
      const registration = deviceRegistration(rng, d.registration, book);
      for (const spec of d.specs) {
        add(
          {
            name: d.name,
            generic_name: d.name,
            spec,
            dosage_form: d.form,
            manufacturer: maker,
            approval_no: registration,
            barcode: barcode(maker, book),
            type: 'NON_DRUG',
            category_id: leafId(categories, d.category),
            instructions: {
              indications: d.usage,
              usage: '使用前请仔细阅读说明书。',
              contraindications: d.registration === 'none' ? '无。' : '对本品材料过敏者禁用。',
              adverse_reactions: '尚不明确。',
              storage: '置阴凉干燥、通风处保存，避免阳光直射。',
            },
          },
          priceCents(rng, d.price),
        );
      }
    }
  }
  return { products, basePrice };
}

// ---------------------------------------------------------------------------------------------------------------
// Pharmacies

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * 《药品经营许可证》 number of a chain store: province, CB (零售连锁门店, not a legal person of its own), the city's
 * three-digit area code (0755 → 755, 021 stays 021) and a four-digit serial, e.g. 粤CB7550123.
 */
export function drugLicenceNo(provinceShort: string, phonePrefix: string, serial: number): string {
  const area = phonePrefix.length > 3 ? phonePrefix.slice(1) : phonePrefix;
  return `${provinceShort}CB${area}${pad(serial, 4)}`;
}

/** 第二类医疗器械经营备案凭证 number (a pharmacy selling masks and test strips has one), e.g. 粤穗药监械经营备20210456号. */
export const deviceFilingNo = (provinceShort: string, cityShort: string, year: number, serial: number) =>
  `${provinceShort}${cityShort}药监械经营备${year}${pad(serial, 4)}号`;

/** Where a pharmacy's demo logo is served (the demo image route's `aptitude` folder holds the pharmacy's images). */
export const demoPharmacyLogoUrl = (key: string) => `/demo/aptitude/${key}-logo.svg`;

export function demoPharmacies(rng: Rng, today: string): DemoPharmacy[] {
  return pharmacySources.map((s, i) => {
    const key = `demo-${i + 1}`;
    // The fourth store's drug licence runs out in 75 days: inside the 6-month expiry warning.
    const drugExpire = i === 3 ? addDays(today, 75) : addDays(today, rng.int(400, 1600));
    const businessExpire = addDays(today, rng.int(3000, 7000));
    const drugNo = drugLicenceNo(s.provinceShort, s.phonePrefix, rng.int(1, 9999));
    const businessNo = unifiedSocialCreditCode(s.areaCode, rng);
    const filingNo = deviceFilingNo(s.provinceShort, s.cityShort, rng.int(2019, 2024), rng.int(1, 9999));
    const phone = `${s.phonePrefix}-${pad(rng.int(20000000, 89999999), 8)}`;
    // A filing has no expiry; the draw the GSP certificate's expiry took is kept, so the rest of the catalogue stays.
    rng.int(200, 1500);
    const img = (kind: string) => `/demo/aptitude/${key}-${kind}.svg`;
    return {
      key,
      name: s.name,
      logo_url: demoPharmacyLogoUrl(key),
      province: s.province,
      city: s.city,
      district: s.district,
      address: s.address,
      phone,
      business_hours: s.businessHours,
      business_licence_no: businessNo,
      business_licence_expire_at: businessExpire,
      drug_licence_no: drugNo,
      drug_licence_expire_at: drugExpire,
      aptitude: [
        {
          kind: 'drug_licence',
          title: '药品经营许可证',
          number: drugNo,
          expire_at: drugExpire,
          url: img('drug-licence'),
        },
        {
          kind: 'business_licence',
          title: '营业执照',
          number: businessNo,
          expire_at: businessExpire,
          url: img('business-licence'),
        },
        {
          kind: 'device_filing',
          title: '第二类医疗器械经营备案凭证',
          number: filingNo,
          expire_at: null,
          url: img('device-filing'),
        },
        {
          kind: 'pharmacist',
          title: '执业药师注册证',
          number: `${s.provinceShort}${pad(rng.int(10000000, 99999999), 8)}`,
          expire_at: null,
          url: img('pharmacist'),
        },
      ],
      status: 'active',
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Quotes

export function demoQuotes(
  rng: Rng,
  products: DemoProduct[],
  basePrice: number[],
  pharmacyKeys: string[],
): DemoQuote[] {
  const quotes: DemoQuote[] = [];
  for (const key of pharmacyKeys) {
    const markup = 0.92 + rng.next() * 0.16;
    let sort = 0;
    for (const p of products) {
      if (!rng.chance(0.72)) continue;
      const price = Math.max(100, Math.round(basePrice[p.id - 1] * markup * (0.95 + rng.next() * 0.1)));
      const original = rng.chance(0.6) ? Math.round(price * (1.1 + rng.next() * 0.25)) : null;
      // Sales follow a long tail: most items sell a little, a few sell a lot.
      const sales = Math.floor(rng.next() ** 4 * 5000);
      sort += 1;
      quotes.push({
        pharmacy_key: key,
        product_id: p.id,
        price: centsToYuan(price),
        original_price: original === null ? null : centsToYuan(original),
        stock: rng.chance(0.08) ? 0 : rng.int(5, 800),
        status: rng.chance(0.93) ? 'on_shelf' : 'off_shelf',
        is_top: rng.chance(0.03),
        sort,
        sales_count: sales,
      });
    }
  }
  return quotes;
}

// ---------------------------------------------------------------------------------------------------------------
// Home content

const cms = <T>(rows: T[]) => rows.map((row, i) => ({ id: i + 1, status: 'published' as const, sort: i + 1, ...row }));

export function demoContent(products: DemoProduct[], quotes: DemoQuote[]): DemoContent {
  const sold = new Map<number, number>();
  for (const q of quotes) sold.set(q.product_id, (sold.get(q.product_id) ?? 0) + q.sales_count);
  const top = [...sold.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 10)
    .map(([id]) => products[id - 1]);
  const entry1Category = cms([{ name: '常见病' }, { name: '慢病管理' }, { name: '健康服务' }]);
  return {
    top_sales: cms(top.map((p) => ({ product_id: p.id, title: p.name, image: p.images[0] }))),
    home_swiper: cms([
      { title: '秋冬感冒季 常备药品低至 8 折', image: '/demo/swiper/1.svg', link: '/medicine/list?category=感冒发烧' },
      { title: '慢病用药 在线续方 送药上门', image: '/demo/swiper/2.svg', link: '/medicine/list?type=RX' },
      { title: '执业药师 在线免费咨询', image: '/demo/swiper/3.svg', link: '/website/services' },
      { title: '道地药材 中药饮片专区', image: '/demo/swiper/4.svg', link: '/medicine/list?type=HERBAL' },
    ]),
    home_entry: cms([
      { title: '感冒发烧', icon: '/demo/entry/cold.svg', link: '/medicine/list?category=1' },
      { title: '肠胃用药', icon: '/demo/entry/stomach.svg', link: '/medicine/list?category=2' },
      { title: '心脑血管', icon: '/demo/entry/heart.svg', link: '/medicine/list?category=3' },
      { title: '维生素钙', icon: '/demo/entry/vitamin.svg', link: '/medicine/list?category=5' },
      { title: '中药饮片', icon: '/demo/entry/herbal.svg', link: '/medicine/list?type=HERBAL' },
      { title: '医疗器械', icon: '/demo/entry/device.svg', link: '/medicine/list?type=NON_DRUG' },
      { title: '附近药房', icon: '/demo/entry/pharmacy.svg', link: '/pharmacy/list' },
      { title: '资质证照', icon: '/demo/entry/certificate.svg', link: '/website/certificate' },
    ]),
    home_contact_us: cms([
      {
        title: '客服热线',
        phone: '400-820-1234',
        wechat: 'yaofang_kefu',
        email: 'service@example.com',
        address: '上海市浦东新区张江高科技园区碧波路 690 号',
        work_time: '每日 08:00-22:00',
      },
      {
        title: '商务合作',
        phone: '021-50801234',
        wechat: 'yaofang_bd',
        email: 'bd@example.com',
        address: '上海市浦东新区张江高科技园区碧波路 690 号',
        work_time: '工作日 09:00-18:00',
      },
    ]),
    express_company: cms([
      { code: 'SF', name: '顺丰速运' },
      { code: 'EMS', name: '中国邮政EMS' },
      { code: 'YZPY', name: '邮政快递包裹' },
      { code: 'ZTO', name: '中通快递' },
      { code: 'YTO', name: '圆通速递' },
      { code: 'STO', name: '申通快递' },
      { code: 'YD', name: '韵达快递' },
      { code: 'JD', name: '京东物流' },
      { code: 'DBL', name: '德邦快递' },
      { code: 'HTKY', name: '百世快递' },
    ]),
    allergy_history: cms(
      ['青霉素类', '头孢类', '磺胺类', '阿司匹林', '链霉素', '海鲜', '花粉', '尘螨', '鸡蛋', '牛奶', '酒精', '无'].map(
        (name) => ({ name }),
      ),
    ),
    family_medical_history: cms(
      ['高血压', '糖尿病', '冠心病', '脑卒中', '恶性肿瘤', '哮喘', '精神疾病', '遗传性疾病', '无'].map((name) => ({
        name,
      })),
    ),
    past_medical_history: cms(
      [
        '高血压',
        '糖尿病',
        '高脂血症',
        '冠心病',
        '慢性胃炎',
        '哮喘',
        '慢性肝病',
        '慢性肾病',
        '甲状腺疾病',
        '手术史',
        '无',
      ].map((name) => ({ name })),
    ),
    entry1_category: entry1Category,
    entry_1: cms([
      { category_id: 1, title: '感冒咳嗽', icon: '/demo/entry1/cough.svg', link: '/medicine/list?q=感冒' },
      { category_id: 1, title: '发烧头痛', icon: '/demo/entry1/fever.svg', link: '/medicine/list?q=布洛芬' },
      { category_id: 1, title: '腹泻便秘', icon: '/demo/entry1/diarrhea.svg', link: '/medicine/list?q=蒙脱石' },
      { category_id: 2, title: '高血压', icon: '/demo/entry1/bp.svg', link: '/medicine/list?category=3' },
      { category_id: 2, title: '糖尿病', icon: '/demo/entry1/dm.svg', link: '/medicine/list?q=二甲双胍' },
      { category_id: 2, title: '高血脂', icon: '/demo/entry1/lipid.svg', link: '/medicine/list?q=他汀' },
      { category_id: 3, title: '用药咨询', icon: '/demo/entry1/consult.svg', link: '/website/services' },
      { category_id: 3, title: '联系我们', icon: '/demo/entry1/contact.svg', link: '/website/contact' },
    ]),
    entry_2: cms([
      {
        title: '家庭常备药箱',
        subtitle: '感冒、肠胃、外伤一站配齐',
        image: '/demo/entry2/1.svg',
        link: '/medicine/list?type=OTC',
      },
      {
        title: '慢病关怀计划',
        subtitle: '按时续方，药师随访',
        image: '/demo/entry2/2.svg',
        link: '/medicine/list?type=RX',
      },
      {
        title: '滋补养生',
        subtitle: '道地药材，品质可溯',
        image: '/demo/entry2/3.svg',
        link: '/medicine/list?type=HERBAL',
      },
    ]),
  };
}

/** The whole demo catalogue. Ids are 1-based positions; quotes point at pharmacies by key. */
export function generateDemoCatalogue(options: DemoCatalogueOptions = {}): DemoCatalogue {
  const rng = createRng(options.seed ?? 20_261_122);
  const today = options.today ?? '2026-11-01';
  const categories = demoCategories();
  const { products, basePrice } = demoProducts(rng, categories);
  const pharmacies = demoPharmacies(rng, today);
  const keys = [...pharmacies.map((p) => p.key), ...(options.extraPharmacyKeys ?? [])];
  const quotes = demoQuotes(rng, products, basePrice, keys);
  return { categories, products, pharmacies, quotes, content: demoContent(products, quotes) };
}

// ---------------------------------------------------------------------------------------------------------------
// Placeholder images (the seed writes them to storage so the zoom viewer has something real to show)

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const palette = ['#1677ff', '#13a8a8', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1'];

export function demoProductSvg(p: Pick<DemoProduct, 'id' | 'name' | 'spec' | 'manufacturer'>, side = 1): string {
  const color = palette[(p.id + side) % palette.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="#f5f7fa"/><rect x="120" y="200" width="560" height="400" rx="24" fill="${color}"/><text x="400" y="380" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(p.name)}</text><text x="400" y="450" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(p.spec)}</text><text x="400" y="700" font-size="24" text-anchor="middle" fill="#595959" font-family="sans-serif">${escapeXml(p.manufacturer)}${side > 1 ? ' · 背面' : ''}</text></svg>`;
}

/** The brand of a store's name: 仁心大药房(上海浦东店) → 仁心, 百草堂大药房(广州天河店) → 百草堂. */
export function pharmacyBrand(name: string): string {
  const chain = name.replace(/[(（].*$/, '').trim();
  const brand = chain.replace(/(大药房|药房|药店|大药店)$/, '');
  return brand || chain || name;
}

const logoColors = ['#0b8f4d', '#1565c0', '#c62828', '#00897b', '#6a1b9a', '#ef6c00', '#2e7d32', '#ad1457'];

/**
 * A pharmacy's logo: the brand's mark (a white cross in a ring on the brand colour) over its name. Stores of one
 * brand share it; the colour follows the brand's characters, so it is the same on every start.
 */
export function demoPharmacyLogoSvg(name: string): string {
  const brand = pharmacyBrand(name);
  let h = 0;
  for (const ch of brand) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const color = logoColors[h % logoColors.length];
  const size = [...brand].length <= 2 ? 56 : [...brand].length === 3 ? 46 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><title>${escapeXml(brand)}</title><rect width="240" height="240" rx="40" fill="${color}"/><circle cx="120" cy="88" r="52" fill="none" stroke="#fff" stroke-width="8"/><path d="M108 52h24v24h24v24h-24v24h-24v-24H84V76h24z" fill="#fff"/><text x="120" y="${190 + size / 3}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(brand)}</text></svg>`;
}

export function demoCertificateSvg(
  pharmacyName: string,
  a: Pick<DemoAptitude, 'title' | 'number' | 'expire_at'>,
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="850" viewBox="0 0 1200 850"><rect width="1200" height="850" fill="#fffdf5" stroke="#c8102e" stroke-width="16"/><text x="600" y="170" font-size="64" text-anchor="middle" fill="#c8102e" font-family="serif">${escapeXml(a.title)}</text><text x="600" y="330" font-size="36" text-anchor="middle" fill="#262626" font-family="serif">企业名称：${escapeXml(pharmacyName)}</text><text x="600" y="420" font-size="36" text-anchor="middle" fill="#262626" font-family="serif">证书编号：${escapeXml(a.number)}</text><text x="600" y="510" font-size="36" text-anchor="middle" fill="#262626" font-family="serif">有效期至：${a.expire_at ?? '长期'}</text><text x="600" y="760" font-size="24" text-anchor="middle" fill="#8c8c8c" font-family="sans-serif">演示数据 · 非真实证照</text></svg>`;
}

// ---------------------------------------------------------------------------------------------------------------
// Large data for benchmarks: streamed in batches so a loader never holds 1,000,000 rows.

export interface LargeProductRow extends Omit<DemoProduct, 'images' | 'instructions'> {
  images: string[];
  instructions: Pick<DemoInstructions, 'indications' | 'storage'>;
}

export interface LargeQuoteRow {
  pharmacy_id: number;
  product_id: number;
  price: string;
  original_price: string | null;
  stock: number;
  status: 'on_shelf' | 'off_shelf';
  is_top: boolean;
  sort: number;
  sales_count: number;
}

export interface LargeProductOptions {
  count?: number;
  batchSize?: number;
  seed?: number;
  /** First id; ids are consecutive. */
  firstId?: number;
}

const largeForms: [string, string[]][] = [
  ['片', ['0.1g*24片/盒', '0.25g*12片/盒', '10mg*30片/盒', '5mg*14片/盒']],
  ['胶囊', ['0.25g*24粒/盒', '0.3g*20粒/盒', '20mg*14粒/盒']],
  ['颗粒', ['10g*10袋/盒', '5g*12袋/盒']],
  ['口服溶液', ['100ml/瓶', '10ml*12支/盒']],
  ['乳膏', ['10g/支', '20g/支']],
];

/** 100,000 products by default, `batchSize` rows at a time, each id's row the same on every run. */
export async function* largeProductBatches(options: LargeProductOptions = {}): AsyncGenerator<LargeProductRow[]> {
  const { count = 100_000, batchSize = 5_000, seed = 7, firstId = 1 } = options;
  const rng = createRng(seed);
  const categories = demoCategories().filter((c) => c.parent_id !== null);
  const generics = drugTemplates.filter((t) => !t.fullName);
  const patents = drugTemplates.filter((t) => t.fullName);
  const makers = [...chemicalMakers, ...tcmMakers];
  let batch: LargeProductRow[] = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const roll = rng.next();
    let row: LargeProductRow;
    const base = {
      id,
      manufacturer: rng.pick(makers),
      category_id: rng.pick(categories).id,
      images: [] as string[],
      status: 'active' as const,
    };
    // Codes derive from the id, so they are unique at any size.
    const first12 = `69${pad(id % 10_000_000_000, 10)}`;
    const code = first12 + ean13CheckDigit(first12);
    if (roll < 0.12) {
      const h = rng.pick(herbs);
      row = {
        ...base,
        name: `${h.name}(饮片)`,
        generic_name: h.name,
        spec: rng.pick(herbSpecs),
        dosage_form: '饮片',
        approval_no: '',
        barcode: code,
        type: 'HERBAL',
        instructions: { indications: h.indications, storage: '置阴凉干燥处，防霉，防蛀。' },
      };
    } else if (roll < 0.2) {
      const d = rng.pick(devices);
      row = {
        ...base,
        name: d.name,
        generic_name: d.name,
        spec: rng.pick(d.specs),
        dosage_form: d.form,
        approval_no: `国械注准${pad(20_000_000_000 + id, 11)}`,
        barcode: code,
        type: 'NON_DRUG',
        instructions: { indications: d.usage, storage: '置阴凉干燥处保存。' },
      };
    } else {
      const patent = roll < 0.35;
      const t = patent ? rng.pick(patents) : rng.pick(generics);
      const [form, specs] = patent ? t.forms[0] : rng.pick(largeForms);
      const name = patent ? t.generic : `${t.generic}${form}`;
      row = {
        ...base,
        name,
        generic_name: name,
        spec: rng.pick(specs),
        dosage_form: form,
        approval_no: `国药准字${t.letter}${pad(10_000_000 + (id % 90_000_000), 8)}`,
        barcode: code,
        type: t.type,
        instructions: { indications: t.indications, storage: storageFor(form) },
      };
    }
    batch.push(row);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export interface LargeQuoteOptions {
  productIds: { first: number; count: number };
  pharmacyIds: number[];
  /** Quotes in total; spread evenly so each product gets count / products of them. */
  count?: number;
  batchSize?: number;
  seed?: number;
}

/** 1,000,000 quotes by default: each product quoted by `count / products` distinct pharmacies. */
export async function* largeQuoteBatches(options: LargeQuoteOptions): AsyncGenerator<LargeQuoteRow[]> {
  const { productIds, pharmacyIds, count = 1_000_000, batchSize = 10_000, seed = 11 } = options;
  const perProduct = Math.ceil(count / productIds.count);
  const P = pharmacyIds.length;
  if (perProduct > P) throw new Error(`${perProduct} quotes per product need at least that many pharmacies, got ${P}`);
  const step = Math.floor(P / perProduct);
  const rng = createRng(seed);
  let emitted = 0;
  let batch: LargeQuoteRow[] = [];
  for (let i = 0; i < productIds.count && emitted < count; i++) {
    const base = rng.int(300, 30_000);
    const start = (i * 7919) % P;
    for (let j = 0; j < perProduct && emitted < count; j++) {
      const price = Math.max(100, Math.round(base * (0.9 + rng.next() * 0.2)));
      batch.push({
        pharmacy_id: pharmacyIds[(start + j * step) % P],
        product_id: productIds.first + i,
        price: centsToYuan(price),
        original_price: rng.chance(0.5) ? centsToYuan(Math.round(price * 1.2)) : null,
        stock: rng.int(0, 999),
        status: rng.chance(0.95) ? 'on_shelf' : 'off_shelf',
        is_top: rng.chance(0.01),
        sort: j,
        sales_count: Math.floor(rng.next() ** 4 * 5000),
      });
      emitted += 1;
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
