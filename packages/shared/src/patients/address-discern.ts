import type { DivisionCity, DivisionIndex, DivisionProvince, RegionChoice, RegionField } from './divisions';

/** What a pasted address splits into; a part that was not found is ''. */
export interface DiscernedAddress extends RegionChoice {
  name: string;
  /** A mobile number (13812345678), a landline (021-58881234, 0571-88886666-123) or a 400/800 number. */
  phone: string;
  detail: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// Labels ("收货人：张三 电话：138… 地址：…")

type LabelKind = 'name' | 'phone' | 'address' | 'postcode';

const LABELS: Record<LabelKind, readonly string[]> = {
  name: ['收货人姓名', '收件人姓名', '联系人姓名', '收货人', '收件人', '联系人', '姓名', '名字'],
  phone: [
    '收货人手机号',
    '收货人手机',
    '收货人电话',
    '手机号码',
    '手机号',
    '手机',
    '联系电话',
    '联系方式',
    '联系号码',
    '电话号码',
    '电话',
  ],
  address: [
    '所在地区',
    '所在地',
    '省市区县',
    '省市区',
    '省市县',
    '地区',
    '详细地址',
    '街道地址',
    '门牌号',
    '收货地址',
    '收件地址',
    '联系地址',
    '通讯地址',
    '地址',
    '住址',
  ],
  postcode: ['邮政编码', '邮编'],
};

const labelKind = new Map<string, LabelKind>();
for (const [kind, words] of Object.entries(LABELS) as [LabelKind, readonly string[]][]) {
  for (const w of words) labelKind.set(w, kind);
}
// Longest first, so that 收货人姓名 wins over 收货人 and 所在地区 over 所在地. A label starts the text or follows a
// separator, and may be followed by a colon.
const LABEL_RE = new RegExp(
  `(?<=^|[\\s,;:])(${[...labelKind.keys()].sort((a, b) => b.length - a.length).join('|')})\\s*:?\\s*`,
  'gu',
);

// ---------------------------------------------------------------------------------------------------------------------
// Phones

const MOBILE_RE = /(?<![\d*])(?:\(?\+?86\)?[\s-]?)?(1[3-9]\d)[\s-]?(\d{4}|\*{4})[\s-]?(\d{4})(?![\d*])/u;
const SERVICE_RE = /(?<!\d)([48]00)[\s-]?(\d{3})[\s-]?(\d{4})(?!\d)/u;
const LANDLINE_RE = /(?<!\d)\(?(0\d{2,3})\)?[\s-]?([2-9]\d{6,7})(?:\s?(?:-|转|ext\.?)\s?(\d{1,6}))?(?!\d)/u;

const PHONE_MARK = '\u0001';

/** Finds the first phone (mobiles before landlines) and puts a marker in its place. */
function takePhone(text: string): { phone: string; text: string } {
  const mobile = MOBILE_RE.exec(text);
  if (mobile) {
    return { phone: mobile.slice(1, 4).join(''), text: replaceAt(text, mobile.index, mobile[0].length) };
  }
  const service = SERVICE_RE.exec(text);
  if (service) {
    return { phone: service.slice(1, 4).join('-'), text: replaceAt(text, service.index, service[0].length) };
  }
  const landline = LANDLINE_RE.exec(text);
  if (landline) {
    const [, area, number, ext] = landline;
    const phone = ext ? `${area}-${number}-${ext}` : `${area}-${number}`;
    return { phone, text: replaceAt(text, landline.index, landline[0].length) };
  }
  return { phone: '', text };
}

const replaceAt = (text: string, at: number, length: number) =>
  `${text.slice(0, at)} ${PHONE_MARK} ${text.slice(at + length)}`;

// ---------------------------------------------------------------------------------------------------------------------
// Names

const NAME_RE = /^[\u4e00-\u9fff]{2,4}$/u;
/** A word ending like a place or a building is not taken for a name unless it stands beside the phone. */
const PLACE_WORD_END =
  /[路街道巷弄号楼栋幢座层室户村镇乡区县市省州盟旗园苑院城庄厦场湾里府寓馆店司厂校所局部站门坊岛桥寺塔组社屯港]$/u;

const isNameWord = (word: string, index: DivisionIndex) => NAME_RE.test(word) && !index.isPlaceName(word);

// ---------------------------------------------------------------------------------------------------------------------
// Region

const SEPARATOR = /[\s,;:]/u;
const skipSeparators = (s: string, i: number) => {
  let at = i;
  while (at < s.length && SEPARATOR.test(s[at])) at++;
  return at;
};
const atBoundary = (s: string, i: number) => i >= s.length || SEPARATOR.test(s[i]);

interface Step {
  level: RegionField;
  start: number;
  end: number;
  short: boolean;
}

interface RegionParse {
  values: RegionChoice;
  steps: Step[];
  score: number;
}

export interface RegionMatch extends RegionChoice {
  /** Where the text after the region starts. */
  end: number;
  /** How many of province / city / district were written (not inferred). */
  written: number;
  /** The first written part was spelled in full (with its 省 / 市 / 区 suffix). */
  firstFull: boolean;
}

interface Entry {
  province: DivisionProvince;
  city: DivisionCity | null;
  district: string;
  form: string;
  short: boolean;
}

interface Lookup {
  province: Map<string, Entry[]>;
  city: Map<string, Entry[]>;
  district: Map<string, Entry[]>;
}

/** Every spelling of every division, by its first character (one pass over the tree per index). */
const lookups = new WeakMap<DivisionIndex, Lookup>();
function lookupOf(index: DivisionIndex): Lookup {
  let lookup = lookups.get(index);
  if (lookup) return lookup;
  lookup = { province: new Map(), city: new Map(), district: new Map() };
  const put = (level: RegionField, name: string, entry: Omit<Entry, 'form' | 'short'>) => {
    index.forms(level, name).forEach((form, i) => {
      const map = lookup![level];
      const list = map.get(form[0]) ?? [];
      list.push({ ...entry, form, short: i > 0 });
      map.set(form[0], list);
    });
  };
  for (const p of index.divisions) {
    put('province', p.name, { province: p, city: null, district: '' });
    for (const c of p.cities) {
      put('city', c.name, { province: p, city: c, district: '' });
      for (const d of c.districts) put('district', d, { province: p, city: c, district: d });
    }
  }
  lookups.set(index, lookup);
  return lookup;
}

function matchesAt(s: string, at: number, map: Map<string, Entry[]>, keep: (e: Entry) => boolean) {
  return (map.get(s[at]) ?? []).filter((e) => keep(e) && s.startsWith(e.form, at));
}

/**
 * A short name (浙江, 杭州, 西湖) counts only where it cannot be the start of a street: it is followed by a separator,
 * by another written level, or comes after another short name ("浙江杭州西湖区", "杭州 西湖 文三路"). "中山路" has no
 * city in it. The last short name of a run ("上海浦东南路") gives its value but keeps its text in the detail.
 */
function scoreParse(s: string, steps: Step[]): { score: number; end: number } | null {
  if (steps.length === 0) return null;
  let score = 0;
  let end = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const last = i === steps.length - 1;
    if (step.short && last && !atBoundary(s, step.end)) {
      if (i === 0 || !steps[i - 1].short) return null;
      score += 1;
      continue;
    }
    score += step.end - step.start + (step.short ? 0 : 2);
    end = step.end;
  }
  return { score, end };
}

/**
 * Reads province, city and district from the start of `s`, written in full or short, with or without separators, any
 * of them missing (the missing upper levels are inferred from a lower one when that is unambiguous: 杭州市 → 浙江省,
 * 义乌市 → 浙江省 金华市; a municipality's city is the municipality). Every reading is scored (written characters, more
 * for full names); the best wins, and where the best readings disagree only the levels they agree on are kept.
 */
export function matchRegion(s: string, index: DivisionIndex): RegionMatch {
  const parses: RegionParse[] = [];
  const start = skipSeparators(s, 0);
  const add = (province: DivisionProvince | null, city: DivisionCity | null, district: string, steps: Step[]) => {
    const scored = scoreParse(s, steps);
    if (!scored) return;
    parses.push({
      values: { province: province?.name ?? '', city: city?.name ?? '', district },
      steps,
      score: scored.score,
    });
  };

  const lookup = lookupOf(index);
  const provinceOptions: { province: DivisionProvince | null; steps: Step[]; at: number }[] = [
    { province: null, steps: [], at: start },
  ];
  for (const e of matchesAt(s, start, lookup.province, () => true)) {
    const end = start + e.form.length;
    provinceOptions.push({
      province: e.province,
      steps: [{ level: 'province', start, end, short: e.short }],
      at: skipSeparators(s, end),
    });
  }

  for (const po of provinceOptions) {
    const cityOptions: {
      province: DivisionProvince | null;
      city: DivisionCity | null;
      steps: Step[];
      at: number;
    }[] = [{ province: po.province, city: null, steps: po.steps, at: po.at }];
    for (const e of matchesAt(s, po.at, lookup.city, (x) => !po.province || x.province === po.province)) {
      const end = po.at + e.form.length;
      cityOptions.push({
        province: e.province,
        city: e.city,
        steps: [...po.steps, { level: 'city', start: po.at, end, short: e.short }],
        at: skipSeparators(s, end),
      });
    }
    for (const co of cityOptions) {
      // A municipality (or special administrative region) has one city: it is implied.
      const city = !co.city && co.province?.cities.length === 1 ? co.province.cities[0] : co.city;
      add(co.province, city, '', co.steps);
      const keep = (x: Entry) => (city ? x.city === city : !co.province || x.province === co.province);
      for (const e of matchesAt(s, co.at, lookup.district, keep)) {
        const step: Step = { level: 'district', start: co.at, end: co.at + e.form.length, short: e.short };
        add(e.province, e.city, e.district, [...co.steps, step]);
      }
    }
  }

  const none: RegionMatch = { province: '', city: '', district: '', end: 0, written: 0, firstFull: false };
  if (parses.length === 0) return none;
  const best = Math.max(...parses.map((p) => p.score));
  const top = parses.filter((p) => p.score === best);
  const levels: RegionField[] = ['province', 'city', 'district'];
  let agreed = 0;
  while (agreed < 3 && top.every((p) => p.values[levels[agreed]] === top[0].values[levels[agreed]])) agreed++;
  if (agreed === 0) return none;
  const first = top[0];
  const kept = new Set(levels.slice(0, agreed));
  const steps = first.steps.filter((st) => kept.has(st.level));
  const consumed = scoreParse(s, steps);
  return {
    province: first.values.province,
    city: agreed >= 2 ? first.values.city : '',
    district: agreed >= 3 ? first.values.district : '',
    end: consumed?.end ?? 0,
    written: steps.length,
    firstFull: steps.length > 0 && !steps[0].short,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The whole text

const COUNTRY_PREFIX = /^(?:中华人民共和国|中国大陆|中国)\s*/u;
const POSTCODE_TOKEN = /^\d{6}$/u;
/** What a name stuck to the end of the detail follows: "…文三路90号张三", "…201室李四". */
const BEFORE_TRAILING_NAME = /[\dA-Za-z号室楼栋幢座层户#)]/u;

function trailingName(detail: string, index: DivisionIndex): string {
  for (let k = 2; k <= 4 && k < detail.length; k++) {
    const word = detail.slice(-k);
    if (!BEFORE_TRAILING_NAME.test(detail[detail.length - k - 1])) continue;
    if (isNameWord(word, index) && !PLACE_WORD_END.test(word)) return word;
    return '';
  }
  return '';
}

/**
 * Splits a pasted Chinese address into name, phone, province, city, district and detail: "张三 13812345678
 * 浙江省杭州市西湖区文三路90号", labelled forms ("收货人：张三 电话：… 地址：…", 姓名 / 手机 / 所在地区 / 详细地址, full-width
 * punctuation), the phone first, last or stuck to the name, provinces and cities with or without their suffixes,
 * municipalities, autonomous regions, county-level cities, landlines. Works on the division tree it is given.
 */
export function discernAddress(input: string, index: DivisionIndex): DiscernedAddress {
  // Full-width letters, digits and punctuation become ASCII (：→: ，→, （→( and the ideographic space → space).
  let text = input
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\ufeff]/gu, '')
    .replace(/[、|/\\。]/gu, ' ')
    .replace(/[【】[\]「」]/gu, ' ');

  // 1. labels: the value after a name label is the name; a postcode's value goes; the others become separators
  let name = '';
  const pieces: string[] = [];
  let last = 0;
  let pending: LabelKind | null = null;
  const flush = (chunk: string) => {
    let rest = chunk;
    if (pending === 'name' && !name) {
      const m = /^\s*([^\s,;:]+)/u.exec(rest);
      if (m && !/\d/.test(m[1])) {
        name = m[1].slice(0, 20);
        rest = rest.slice(m[0].length);
      }
    } else if (pending === 'postcode') {
      rest = rest.replace(/^\s*\d{6}(?!\d)/u, '');
    }
    pieces.push(rest);
  };
  for (const m of text.matchAll(LABEL_RE)) {
    flush(text.slice(last, m.index));
    pending = labelKind.get(m[1]) ?? null;
    last = m.index + m[0].length;
  }
  flush(text.slice(last));
  text = pieces.join(' , ');

  // 2. the phone, replaced by a marker so that the words beside it are known
  const taken = takePhone(text);
  const phone = taken.phone;
  const words = taken.text
    .split(/[\s,;:]+/u)
    .map((w) => w.trim())
    .filter((w) => w && !POSTCODE_TOKEN.test(w));

  // 3. the name: beside the phone first, then the first word, the last, any other
  if (!name) {
    const markAt = words.indexOf(PHONE_MARK);
    const order: number[] = [];
    if (markAt >= 0) order.push(markAt - 1, markAt + 1);
    const beside = new Set(order);
    order.push(0, words.length - 1, ...words.keys());
    for (const i of order) {
      const w = words[i];
      if (w === undefined || w === PHONE_MARK || !isNameWord(w, index)) continue;
      if (!beside.has(i) && PLACE_WORD_END.test(w)) continue;
      name = w;
      words.splice(i, 1);
      break;
    }
  }

  // 4. the region from the start of what is left; a name stuck before it ("张三浙江省…") or after the detail
  let address = words
    .filter((w) => w !== PHONE_MARK)
    .join(' ')
    .replace(COUNTRY_PREFIX, '');
  let region = matchRegion(address, index);
  if (region.written === 0 && !name) {
    for (let k = 2; k <= 4; k++) {
      const head = address.slice(0, k);
      if (!isNameWord(head, index)) continue;
      const rest = matchRegion(address.slice(k), index);
      if (rest.written >= 2 || rest.firstFull) {
        name = head;
        address = address.slice(k);
        region = rest;
        break;
      }
    }
  }
  let detail = address
    .slice(region.end)
    .replace(/^[\s,;:]+/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if (!name) {
    name = trailingName(detail, index);
    if (name) detail = detail.slice(0, -name.length).trim();
  }
  return {
    name,
    phone,
    province: region.province,
    city: region.city,
    district: region.district,
    detail: detail.slice(0, 200),
  };
}
