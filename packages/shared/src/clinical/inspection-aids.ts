import Decimal from 'decimal.js';
import {
  CHILD_AGE_LIMIT,
  RECIPE_DAYS_USUAL,
  type RecipeWarning,
  type RecipeWarningCode,
  recipeFrequencies,
  recipeWarningCodes,
} from './clinical.schema';

/** A prescription line with what the aids need of its product. */
export interface AidItem {
  name: string;
  generic_name: string;
  /** The product's type (RX, OTC, HERBAL, NON_DRUG). */
  type: string;
  /** The therapeutic class: the product's category name. */
  category: string;
  dose_amount: string;
  dose_unit: string;
  frequency: string;
  days: number;
  qty: number;
  /** The product's spec (e.g. 0.3g×24粒/盒), for units per pack. */
  spec: string;
}

export interface AidPatient {
  age: number | null;
  weight_kg: string | null;
  /** The family member's allergy history entries (e.g. 青霉素类, 头孢类, 磺胺类). */
  allergies: readonly string[];
}

// ---------------------------------------------------------------- allergy classes

/**
 * Common allergy classes as patients' records name them, with the drug-name fragments that belong to each class.
 * An allergy entry names a class when, stripped of 类 / 过敏 / 药物 / 药, it equals one of `names`.
 * Every entry is also matched directly (the entry inside the drug's generic name, name or category).
 */
export const allergyClasses: readonly { label: string; names: readonly string[]; fragments: readonly string[] }[] = [
  {
    label: '青霉素类',
    names: ['青霉素', 'β-内酰胺', '内酰胺'],
    fragments: [
      '青霉素',
      '阿莫西林',
      '氨苄西林',
      '哌拉西林',
      '苯唑西林',
      '氯唑西林',
      '阿洛西林',
      '美洛西林',
      '替卡西林',
      '磺苄西林',
      '羧苄西林',
      '西林', // the penicillins' stem, last so a named drug is reported by its name
    ],
  },
  { label: '头孢类', names: ['头孢', '头孢菌素', '头孢霉素'], fragments: ['头孢'] },
  { label: '磺胺类', names: ['磺胺'], fragments: ['磺胺', '复方新诺明'] },
  { label: '阿司匹林', names: ['阿司匹林', '乙酰水杨酸', '水杨酸'], fragments: ['阿司匹林', '乙酰水杨酸'] },
  {
    label: '非甾体抗炎药',
    names: ['布洛芬', '非甾体', '非甾体抗炎', '非甾体类抗炎', 'NSAIDs', 'NSAID', '解热镇痛'],
    fragments: [
      '布洛芬',
      '双氯芬酸',
      '萘普生',
      '洛索洛芬',
      '酮洛芬',
      '吲哚美辛',
      '美洛昔康',
      '塞来昔布',
      '尼美舒利',
      '阿司匹林',
    ],
  },
  {
    label: '氨基糖苷类',
    names: ['链霉素', '氨基糖苷', '庆大霉素'],
    fragments: ['链霉素', '庆大霉素', '阿米卡星', '妥布霉素', '卡那霉素', '新霉素', '依替米星'],
  },
  {
    label: '大环内酯类',
    names: ['大环内酯', '红霉素'],
    fragments: ['红霉素', '阿奇霉素', '克拉霉素', '罗红霉素', '地红霉素'],
  },
  { label: '喹诺酮类', names: ['喹诺酮', '氟喹诺酮'], fragments: ['沙星'] },
  { label: '四环素类', names: ['四环素'], fragments: ['四环素', '多西环素', '米诺环素', '土霉素'] },
  { label: '含碘制剂', names: ['碘', '碘剂', '碘造影剂'], fragments: ['碘'] },
];

/** An allergy entry as compared: spaces, 过敏 and a trailing 类 / 药物 / 药 dropped (「青霉素类过敏」 → 青霉素). */
const allergyKey = (entry: string) =>
  entry
    .replace(/\s+/g, '')
    .replace(/过敏$/, '')
    .replace(/(?:类药物|类药|药物|类|药)$/, '');

/** Why a line matches an allergy entry (null: it does not). */
function allergyMatch(item: AidItem, entry: string): string | null {
  const raw = entry.trim();
  if (!raw) return null;
  const key = allergyKey(raw);
  const texts = [item.generic_name, item.name, item.category].filter((t) => t.trim() !== '');
  for (const candidate of [raw, key]) {
    // one character (「类」, 「药」) would match nearly anything; a one-character class (碘) matches by its class below
    if (candidate.length < 2) continue;
    if (texts.some((t) => t.includes(candidate))) return `含「${candidate}」`;
  }
  const generic = item.generic_name.trim();
  if (generic.length >= 2 && raw.includes(generic)) return `即「${generic}」`;
  for (const cls of allergyClasses) {
    if (!cls.names.some((n) => n === key || n === raw)) continue;
    const fragment = cls.fragments.find((f) => item.generic_name.includes(f) || item.name.includes(f));
    if (fragment) return `属${cls.label}（含「${fragment}」）`;
  }
  return null;
}

// ---------------------------------------------------------------- packs

const MASS_UNITS: Record<string, number> = { mg: 1, g: 1000 };
const normUnit = (unit: string) => (/^[a-z]+$/i.test(unit) ? unit.toLowerCase() : unit);

/**
 * A spec read as packs: the pack's unit and how much one pack holds, per unit. '0.25g×24粒/盒' → 盒, { 粒: 24, g: 6,
 * mg: 6000, 盒: 1 }; '10ml*6支/盒' → 盒, { 支: 6, ml: 60, 盒: 1 }; '200ml/瓶' → 瓶, { ml: 200, 瓶: 1 };
 * '40mg*60粒*3瓶/盒' → 盒, { 瓶: 3, 粒: 180, mg: 7200, g: 7.2, 盒: 1 }. An unreadable spec holds nothing (the
 * quantity is then not checked).
 */
export function parseSpec(spec: string): { pack: string; perPack: Map<string, Decimal> } {
  const perPack = new Map<string, Decimal>();
  const normalised = spec
    .replace(/\s+/g, '')
    .replace(/[×xX＊*]/g, '*')
    .replace(/／/g, '/');
  const slash = normalised.lastIndexOf('/');
  const body = slash >= 0 ? normalised.slice(0, slash) : normalised;
  const pack = slash >= 0 ? normalised.slice(slash + 1) : '';
  const unreadable = { pack: /^[^\d.*/]+$/.test(pack) ? pack : '', perPack: new Map<string, Decimal>() };
  const tokens: { n: Decimal; unit: string }[] = [];
  for (const part of body.split('*').filter((p) => p !== '')) {
    const m = /^(\d+(?:\.\d+)?)([^\d.]+)$/.exec(part);
    if (!m) return unreadable;
    const n = new Decimal(m[1]);
    if (n.lte(0)) return unreadable;
    tokens.push({ n, unit: normUnit(m[2]) });
  }
  if (tokens.length === 0) return unreadable;
  let running = new Decimal(1);
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    running = running.times(tokens[i].n);
    if (!perPack.has(tokens[i].unit)) perPack.set(tokens[i].unit, running);
  }
  // mass units convert into each other (a 0.25g capsule's dose may be written in mg)
  for (const [unit, factor] of Object.entries(MASS_UNITS)) {
    if (perPack.has(unit)) continue;
    const other = Object.entries(MASS_UNITS).find(([u]) => u !== unit && perPack.has(u));
    if (other) perPack.set(unit, (perPack.get(other[0]) as Decimal).times(other[1]).div(factor));
  }
  if (unreadable.pack && !perPack.has(unreadable.pack)) perPack.set(unreadable.pack, new Decimal(1));
  return { pack: unreadable.pack, perPack };
}

/** Doses per day as an exact decimal (qw is 1/7), null for as needed. */
function dosesPerDay(frequency: string): Decimal | null {
  const f = recipeFrequencies.find((x) => x.code === frequency);
  if (!f || f.perDay === null) return null;
  if (Number.isInteger(f.perDay)) return new Decimal(f.perDay);
  return new Decimal(1).div(Math.round(1 / f.perDay));
}

/**
 * The packs a line needs: ceil(dose × per day × days / units per pack), or null when it cannot be told (as needed,
 * a dose unit the spec does not hold, an unreadable dose or spec).
 */
export function neededPacks(item: Pick<AidItem, 'dose_amount' | 'dose_unit' | 'frequency' | 'days' | 'spec'>) {
  const perDay = dosesPerDay(item.frequency);
  if (perDay === null) return null;
  let dose: Decimal;
  try {
    dose = new Decimal(item.dose_amount);
  } catch {
    return null;
  }
  if (!dose.isFinite() || dose.lte(0) || !Number.isInteger(item.days) || item.days < 1) return null;
  const perPack = parseSpec(item.spec).perPack.get(normUnit(item.dose_unit));
  if (!perPack) return null;
  return dose.times(perDay).times(item.days).div(perPack).ceil().toNumber();
}

// ---------------------------------------------------------------- the aids

const frequencyLabel = (code: string) => recipeFrequencies.find((f) => f.code === code)?.label ?? code;
const lineNos = (indexes: readonly number[]) => `第${indexes.map((i) => i + 1).join('、')}行`;
const itemLabel = (item: AidItem) => item.name.trim() || item.generic_name.trim() || '药品';

/** Lines grouped by a key (empty keys skipped), only the groups of two or more. */
function groupsOf(items: readonly AidItem[], keyOf: (item: AidItem) => string, include = (_: AidItem) => true) {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    const key = keyOf(item).trim();
    if (!key || !include(item)) return;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return [...groups].filter(([, lines]) => lines.length > 1);
}

/** Medicines a therapeutic-class duplicate is looked for in (herbal pieces combine by design, devices are no drug). */
const CLASS_CHECKED_TYPES = new Set(['RX', 'OTC']);

/**
 * The inspection aids (issue 13, docs/clinical.md "Inspection aids"): pure, the same on the server (authoritative,
 * run when the doctor writes and again when the pharmacist inspects) and in the dialogs. One warning per code that
 * finds anything, in the order of recipeWarningCodes; `items` are the 0-based lines concerned (ascending), `message`
 * the reasons in Chinese (several findings of one code joined by ；). Override reasons are the caller's business.
 */
export function runInspectionAids(items: readonly AidItem[], patient: AidPatient): RecipeWarning[] {
  const found = new Map<RecipeWarningCode, { items: Set<number>; reasons: string[] }>();
  const add = (code: RecipeWarningCode, lines: readonly number[], reason: string) => {
    const entry = found.get(code) ?? { items: new Set<number>(), reasons: [] };
    for (const l of lines) entry.items.add(l);
    entry.reasons.push(reason);
    found.set(code, entry);
  };

  // allergy: a line whose generic name, name or category matches an allergy entry (directly or by class)
  const allergies = patient.allergies.map((a) => a.trim()).filter((a) => a !== '');
  items.forEach((item, i) => {
    const hits: string[] = [];
    for (const entry of allergies) {
      const why = allergyMatch(item, entry);
      if (why) hits.push(`过敏史「${entry}」（${why}）`);
    }
    if (hits.length > 0) add('allergy', [i], `${lineNos([i])}「${itemLabel(item)}」与患者${hits.join('、')}冲突`);
  });

  // duplicate_generic: the same generic name on two lines
  for (const [generic, lines] of groupsOf(items, (item) => item.generic_name)) {
    add('duplicate_generic', lines, `${lineNos(lines)}通用名均为「${generic}」`);
  }

  // duplicate_class: two different medicines of one therapeutic class (category)
  for (const [category, lines] of groupsOf(
    items,
    (item) => item.category,
    (item) => CLASS_CHECKED_TYPES.has(item.type),
  )) {
    const generics = new Set(lines.map((l) => items[l].generic_name.trim()));
    if (generics.size < 2) continue;
    add('duplicate_class', lines, `${lineNos(lines)}同属「${category}」类药物`);
  }

  // over_quantity: more packs than dose × frequency × days needs
  items.forEach((item, i) => {
    const needed = neededPacks(item);
    if (needed === null || item.qty <= needed) return;
    const pack = parseSpec(item.spec).pack || '件';
    add(
      'over_quantity',
      [i],
      `${lineNos([i])}「${itemLabel(item)}」开具 ${item.qty}${pack}，按单次 ${item.dose_amount}${item.dose_unit}、${frequencyLabel(item.frequency)}、${item.days} 天只需 ${needed}${pack}`,
    );
  });

  // child_weight: RX lines for a child without a weight
  const weight = patient.weight_kg?.trim() ?? '';
  const weightGiven = weight !== '' && Number(weight) > 0;
  if (patient.age !== null && patient.age < CHILD_AGE_LIMIT && !weightGiven) {
    const rx = items.flatMap((item, i) => (item.type === 'RX' ? [i] : []));
    if (rx.length > 0) {
      add(
        'child_weight',
        rx,
        `患者 ${patient.age} 岁（未满 ${CHILD_AGE_LIMIT} 岁），${lineNos(rx)}为处方药，须填写体重`,
      );
    }
  }

  // over_days: beyond the usual limit (处方管理办法 art. 19)
  items.forEach((item, i) => {
    if (item.days > RECIPE_DAYS_USUAL) {
      add(
        'over_days',
        [i],
        `${lineNos([i])}「${itemLabel(item)}」用药 ${item.days} 天，超过 ${RECIPE_DAYS_USUAL} 日常规用量（慢性病、老年病等特殊情况须注明理由）`,
      );
    }
  });

  return recipeWarningCodes.flatMap((code) => {
    const entry = found.get(code);
    if (!entry) return [];
    return [
      { code, items: [...entry.items].sort((a, b) => a - b), message: entry.reasons.join('；'), override_reason: '' },
    ];
  });
}
