import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECIPE_DAYS_USUAL, recipeFrequencyCodes, recipeWarningCodes } from './clinical.schema';
import { type AidItem, type AidPatient, neededPacks, parseSpec, runInspectionAids } from './inspection-aids';

const line = (over: Partial<AidItem> = {}): AidItem => ({
  name: '阿莫西林胶囊',
  generic_name: '阿莫西林胶囊',
  type: 'RX',
  category: '抗生素',
  dose_amount: '2',
  dose_unit: '粒',
  frequency: 'tid',
  days: 3,
  qty: 1,
  spec: '0.25g*24粒/盒',
  ...over,
});
const adult: AidPatient = { age: 40, weight_kg: null, allergies: [] };
const codes = (items: AidItem[], patient: AidPatient = adult) => runInspectionAids(items, patient).map((w) => w.code);

describe('parseSpec', () => {
  it.each([
    ['0.25g×24粒/盒', '盒', { 粒: '24', g: '6', mg: '6000', 盒: '1' }],
    ['0.35g*24粒/盒', '盒', { 粒: '24', g: '8.4', 盒: '1' }],
    ['10ml×6支/盒', '盒', { 支: '6', ml: '60', 盒: '1' }],
    ['200ml/瓶', '瓶', { ml: '200', 瓶: '1' }],
    ['40mg*60粒*3瓶/盒', '盒', { 瓶: '3', 粒: '180', mg: '7200', g: '7.2' }],
    ['10粒/盒', '盒', { 粒: '10' }],
    ['200丸/瓶', '瓶', { 丸: '200' }],
  ])('%s', (spec, pack, expected) => {
    const parsed = parseSpec(spec);
    expect(parsed.pack).toBe(pack);
    for (const [unit, n] of Object.entries(expected)) expect(parsed.perPack.get(unit)?.toString()).toBe(n);
  });

  it.each(['', '适量', '1盒', 'abc/盒', '0g*10粒/盒'])('reads nothing of %j', (spec) => {
    expect(parseSpec(spec).perPack.has('粒')).toBe(false);
  });
});

describe('neededPacks', () => {
  it('dose × per day × days over units per pack, rounded up', () => {
    expect(neededPacks(line())).toBe(1); // 2 × 3 × 3 = 18 capsules of 24
    expect(neededPacks(line({ days: 5 }))).toBe(2); // 30 capsules
    expect(neededPacks(line({ dose_amount: '500', dose_unit: 'mg', frequency: 'bid', days: 7 }))).toBe(2); // 7000 mg of 6000
    expect(neededPacks(line({ dose_amount: '10', dose_unit: 'ml', spec: '10ml×6支/盒', days: 7 }))).toBe(4); // 21 支
    expect(neededPacks(line({ frequency: 'qw', dose_amount: '1', days: 7 }))).toBe(1);
  });

  it('as needed, a unit the spec does not hold or an unreadable spec: not checked', () => {
    expect(neededPacks(line({ frequency: 'prn' }))).toBeNull();
    expect(neededPacks(line({ dose_unit: '片' }))).toBeNull();
    expect(neededPacks(line({ spec: '适量' }))).toBeNull();
  });
});

describe('runInspectionAids', () => {
  it('finds nothing in a plain prescription', () => {
    expect(
      runInspectionAids(
        [
          line(),
          line({
            name: '布洛芬缓释胶囊',
            generic_name: '布洛芬缓释胶囊',
            category: '退烧镇痛',
            type: 'OTC',
            spec: '0.3g*20粒/盒',
          }),
        ],
        adult,
      ),
    ).toEqual([]);
  });

  it.each([
    ['青霉素类', line()],
    ['青霉素', line()],
    ['青霉素类过敏', line({ name: '氨苄西林胶囊', generic_name: '氨苄西林胶囊' })],
    ['头孢类', line({ name: '头孢克肟分散片', generic_name: '头孢克肟分散片' })],
    ['磺胺类', line({ name: '复方磺胺甲噁唑片', generic_name: '复方磺胺甲噁唑片' })],
    ['阿司匹林', line({ name: '阿司匹林肠溶片', generic_name: '阿司匹林肠溶片', category: '抗血栓' })],
    ['布洛芬', line({ name: '双氯芬酸钠缓释片', generic_name: '双氯芬酸钠缓释片', category: '退烧镇痛' })],
    ['非甾体抗炎药', line({ name: '萘普生片', generic_name: '萘普生片', category: '退烧镇痛' })],
    ['链霉素', line({ name: '硫酸庆大霉素片', generic_name: '硫酸庆大霉素片' })],
    ['抗生素', line()], // the category itself
    ['阿莫西林胶囊过敏', line()], // the generic name inside the entry
  ])('allergy %s matches %o', (allergy, item) => {
    const [w] = runInspectionAids([item], { ...adult, allergies: [allergy] });
    expect(w?.code).toBe('allergy');
    expect(w.items).toEqual([0]);
    expect(w.message).toContain(allergy);
  });

  it('names the drug of the class it matched', () => {
    const [w] = runInspectionAids([line()], { ...adult, allergies: ['青霉素类'] });
    expect(w.message).toContain('属青霉素类（含「阿莫西林」）');
  });

  it.each([['海鲜'], ['花粉'], ['头孢类'], ['类'], ['药'], ['']])(
    'allergy %j does not match amoxicillin',
    (allergy) => {
      expect(codes([line()], { ...adult, allergies: [allergy] })).toEqual([]);
    },
  );

  it('duplicate generic and duplicate class', () => {
    const a = line();
    const b = line({ name: '头孢克肟胶囊', generic_name: '头孢克肟胶囊', spec: '0.1g*6粒/盒' });
    expect(codes([a, a])).toEqual(['duplicate_generic']);
    const [w] = runInspectionAids([a, line({ category: '退烧镇痛', name: 'x', generic_name: 'x' }), b], adult);
    expect(w).toMatchObject({ code: 'duplicate_class', items: [0, 2] });
    expect(w.message).toContain('抗生素');
    // herbal pieces of one class combine by design
    const herb = (g: string) => line({ type: 'HERBAL', category: '补益类', name: g, generic_name: g, spec: '100g/袋' });
    expect(codes([herb('黄芪'), herb('党参')])).toEqual([]);
  });

  it('over quantity: more packs than the dosage needs', () => {
    expect(codes([line({ qty: 1 })])).toEqual([]);
    const [w] = runInspectionAids([line({ qty: 2 })], adult);
    expect(w.code).toBe('over_quantity');
    expect(w.message).toContain('只需 1盒');
    expect(codes([line({ qty: 9, frequency: 'prn' })])).toEqual([]);
  });

  it('a child with RX lines needs a weight', () => {
    const otc = line({ type: 'OTC', name: '维生素C', generic_name: '维生素C', category: '维生素' });
    const [w] = runInspectionAids([otc, line()], { age: 6, weight_kg: null, allergies: [] });
    expect(w).toMatchObject({ code: 'child_weight', items: [1] });
    expect(codes([otc, line()], { age: 6, weight_kg: '21.5', allergies: [] })).toEqual([]);
    expect(codes([otc], { age: 6, weight_kg: null, allergies: [] })).toEqual([]);
    expect(codes([line()], { age: null, weight_kg: null, allergies: [] })).toEqual([]);
  });

  it('over days', () => {
    expect(codes([line({ days: RECIPE_DAYS_USUAL, qty: 2 })])).toEqual([]);
    const [w] = runInspectionAids([line({ days: RECIPE_DAYS_USUAL + 1, qty: 2 })], adult);
    expect(w).toMatchObject({ code: 'over_days', items: [0] });
  });
});

// ---------------------------------------------------------------- properties

const drugs: [string, string, string, string, string][] = [
  ['阿莫西林胶囊', '抗生素', 'RX', '0.25g*24粒/盒', '粒'],
  ['头孢克肟胶囊', '抗生素', 'RX', '0.1g*6粒/盒', '粒'],
  ['布洛芬缓释胶囊', '退烧镇痛', 'OTC', '0.3g*20粒/盒', '粒'],
  ['对乙酰氨基酚片', '退烧镇痛', 'OTC', '0.5g*12片/盒', '片'],
  ['阿司匹林肠溶片', '抗血栓', 'RX', '100mg*30片/盒', 'mg'],
  ['复方磺胺甲噁唑片', '抗生素', 'RX', '0.48g*100片/瓶', '片'],
  ['双黄连口服液', '感冒用药', 'OTC', '10ml*10支/盒', 'ml'],
  ['黄芪', '补益类', 'HERBAL', '100g/袋', 'g'],
  ['医用口罩', '防护用品', 'NON_DRUG', '10只/包', '片'],
];
const allergyPool = ['青霉素类', '头孢类', '磺胺类', '阿司匹林', '布洛芬', '非甾体', '海鲜', '花粉', '链霉素', '碘'];

const itemArb: fc.Arbitrary<AidItem> = fc
  .record({
    drug: fc.constantFrom(...drugs),
    dose: fc.constantFrom('0.5', '1', '2', '250', '10'),
    frequency: fc.constantFrom(...recipeFrequencyCodes),
    days: fc.integer({ min: 1, max: 30 }),
    qty: fc.integer({ min: 1, max: 99 }),
  })
  .map(({ drug: [name, category, type, spec, unit], dose, frequency, days, qty }) => ({
    name,
    generic_name: name,
    category,
    type,
    spec,
    dose_amount: dose,
    dose_unit: unit,
    frequency,
    days,
    qty,
  }));
const patientArb: fc.Arbitrary<AidPatient> = fc.record({
  age: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  weight_kg: fc.option(fc.constantFrom('', '18.5', '60'), { nil: null }),
  allergies: fc.uniqueArray(fc.constantFrom(...allergyPool), { maxLength: 4 }),
});
const itemsArb = fc.array(itemArb, { minLength: 1, maxLength: 8 });

describe('runInspectionAids properties', () => {
  it('warnings are well formed: known codes in order, once each, lines in range, sorted, with a reason', () => {
    fc.assert(
      fc.property(itemsArb, patientArb, (items, patient) => {
        const warnings = runInspectionAids(items, patient);
        const order = warnings.map((w) => recipeWarningCodes.indexOf(w.code));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(new Set(order).size).toBe(order.length);
        for (const w of warnings) {
          expect(w.items.length).toBeGreaterThan(0);
          expect(w.items).toEqual([...new Set(w.items)].sort((a, b) => a - b));
          for (const i of w.items) expect(i >= 0 && i < items.length).toBe(true);
          expect(w.message.length).toBeGreaterThan(0);
          expect(w.override_reason).toBe('');
        }
      }),
    );
  });

  it('reordering the lines reorders the findings and changes nothing else', () => {
    fc.assert(
      fc.property(
        itemsArb.chain((items) =>
          fc.tuple(
            fc.constant(items),
            fc.shuffledSubarray(
              items.map((_, i) => i),
              { minLength: items.length },
            ),
          ),
        ),
        patientArb,
        ([items, perm], patient) => {
          const before = runInspectionAids(items, patient);
          const after = runInspectionAids(
            perm.map((i) => items[i]),
            patient,
          );
          expect(after.map((w) => w.code)).toEqual(before.map((w) => w.code));
          after.forEach((w, k) => {
            const mapped = w.items.map((i) => perm[i]).sort((a, b) => a - b);
            expect(mapped).toEqual(before[k].items);
          });
        },
      ),
    );
  });

  it('each code fires exactly on its rule', () => {
    fc.assert(
      fc.property(itemsArb, patientArb, (items, patient) => {
        const byCode = new Map(runInspectionAids(items, patient).map((w) => [w.code, w.items]));
        // over_days: exactly the lines beyond the usual days
        const long = items.flatMap((it, i) => (it.days > RECIPE_DAYS_USUAL ? [i] : []));
        expect(byCode.get('over_days') ?? []).toEqual(long);
        // duplicate_generic: exactly the lines whose generic name appears twice
        const dup = items.flatMap((it, i) =>
          items.some((o, j) => j !== i && o.generic_name === it.generic_name) ? [i] : [],
        );
        expect(byCode.get('duplicate_generic') ?? []).toEqual(dup);
        // over_quantity: exactly the lines with more packs than they need
        const over = items.flatMap((it, i) => {
          const n = neededPacks(it);
          return n !== null && it.qty > n ? [i] : [];
        });
        expect(byCode.get('over_quantity') ?? []).toEqual(over);
        // child_weight: a child, no weight, and the RX lines
        const weighed = patient.weight_kg !== null && Number(patient.weight_kg) > 0;
        const rx = items.flatMap((it, i) => (it.type === 'RX' ? [i] : []));
        const child = patient.age !== null && patient.age < 14 && !weighed && rx.length > 0;
        expect(byCode.get('child_weight') ?? []).toEqual(child ? rx : []);
        // no allergies recorded: never an allergy warning
        if (patient.allergies.length === 0) expect(byCode.has('allergy')).toBe(false);
      }),
    );
  });

  it('another allergy entry never takes a warning away', () => {
    fc.assert(
      fc.property(itemsArb, patientArb, fc.constantFrom(...allergyPool), (items, patient, extra) => {
        const before = runInspectionAids(items, patient).find((w) => w.code === 'allergy')?.items ?? [];
        const after =
          runInspectionAids(items, { ...patient, allergies: [...patient.allergies, extra] }).find(
            (w) => w.code === 'allergy',
          )?.items ?? [];
        for (const i of before) expect(after).toContain(i);
      }),
    );
  });

  it('needed packs cover the dose and one pack fewer would not', () => {
    fc.assert(
      fc.property(itemArb, (item) => {
        const n = neededPacks(item);
        if (n === null) return;
        const perPack = parseSpec(item.spec).perPack.get(item.dose_unit) as Decimal;
        const freq = { qd: 1, bid: 2, tid: 3, qid: 4, qn: 1, q12h: 2, q8h: 3 } as Record<string, number>;
        const total =
          item.frequency === 'qw'
            ? new Decimal(item.dose_amount).times(item.days).div(7)
            : new Decimal(item.dose_amount).times(freq[item.frequency]).times(item.days);
        expect(perPack.times(n).gte(total)).toBe(true);
        expect(perPack.times(n - 1).lt(total)).toBe(true);
      }),
    );
  });
});
