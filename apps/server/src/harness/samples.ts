import fc from 'fast-check';
import type { JsonSchema } from './openapi';

export const typeOf = (s: JsonSchema): string | undefined => {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
};

const branches = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? null;

/** One deterministic value the schema accepts as far as its shape goes (patterns are honoured where simple). */
export function sampleValue(s: JsonSchema | undefined): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = branches(s);
  if (alt?.length) return sampleValue(alt.find((b) => b.type !== 'null') ?? alt[0]);
  if (s.allOf?.length) return sampleValue(Object.assign({}, ...s.allOf));
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleValue(s.properties?.[key]);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sampleValue(s.items));
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (s.pattern) {
        try {
          return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { numRuns: 1, seed: 1 })[0];
        } catch {
          // fall through to a plain string
        }
      }
      return 'a'.repeat(Math.max(s.minLength ?? 0, 8));
    }
  }
}

/**
 * Integers at the edges of what the database's columns hold: an `integer` column stops at 2³¹−1, a `bigint` at 2⁶³−1,
 * and JavaScript's exact integers at 2⁵³−1. A schema that states no bound of its own must refuse or survive them all.
 */
export const edgeIntegers = [2 ** 31 - 1, 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER, -(2 ** 31) - 1];

/** Dates at the edges: PostgreSQL has no year 0, JavaScript's Date shifts years below 100, and year 10000 is 6 digits. */
export const edgeDates = ['0000-01-01', '0001-01-01', '0099-12-31', '1899-12-31', '2101-01-01', '9999-12-31'];

const isDateFormat = (s: JsonSchema) => s.format === 'date' || s.format === 'date-time';
const asFormat = (s: JsonSchema, date: string) => (s.format === 'date-time' ? `${date}T00:00:00Z` : date);

/** The lowest and highest integer a schema accepts (JSON Schema's exclusive bounds included), unclamped. */
function integerBounds(s: JsonSchema): { min: number; max: number } {
  const lower = [
    typeof s.minimum === 'number' ? s.minimum : undefined,
    typeof s.exclusiveMinimum === 'number' ? Math.floor(s.exclusiveMinimum) + 1 : undefined,
  ].filter((n): n is number => n !== undefined);
  const upper = [
    typeof s.maximum === 'number' ? s.maximum : undefined,
    typeof s.exclusiveMaximum === 'number' ? Math.ceil(s.exclusiveMaximum) - 1 : undefined,
  ].filter((n): n is number => n !== undefined);
  const clampSafe = (n: number) => Math.min(Math.max(n, Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  return {
    min: clampSafe(lower.length ? Math.ceil(Math.max(...lower)) : Number.MIN_SAFE_INTEGER),
    max: clampSafe(upper.length ? Math.floor(Math.min(...upper)) : Number.MAX_SAFE_INTEGER),
  };
}

/**
 * Integers a schema accepts, over its whole range: mostly small ones near its lower bound (real rows live there), often
 * the column edges it lets through, sometimes anywhere up to its upper bound (2⁵³−1 when it states none).
 */
function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = integerBounds(s);
  if (min > max) return fc.constant(min);
  const near = Math.max(min, Math.min(max, 0));
  const edges = edgeIntegers.filter((n) => n >= min && n <= max);
  return fc.oneof(
    { arbitrary: fc.integer({ min: near, max: Math.min(max, near + 1000) }), weight: 3 },
    ...(edges.length ? [{ arbitrary: fc.constantFrom(...edges), weight: 2 }] : []),
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
}

/** Dates of any year 0000–9999 a date pattern lets through, the edges often. */
function dateArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const any = fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
  return fc
    .oneof({ arbitrary: fc.constantFrom(...edgeDates), weight: 1 }, { arbitrary: any, weight: 2 })
    .map((d) => asFormat(s, d));
}

/**
 * The values the deterministic sweep puts into one leaf of a valid sample, whatever the seed: characters PostgreSQL
 * refuses (NUL) or that no URL can carry (a lone surrogate) in text, the column edges in numbers, the calendar's edges
 * in dates.
 */
export function edgeValuesFor(s: JsonSchema | undefined): unknown[] {
  if (!s) return [];
  const alt = branches(s);
  if (alt?.length) return edgeValuesFor(alt.find((b) => b.type !== 'null') ?? alt[0]);
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return edgeIntegers;
    case 'string':
      return isDateFormat(s) ? edgeDates.map((d) => asFormat(s, d)) : ['a\u0000b', '\ud800'];
    default:
      return [];
  }
}

/** Copies of `sample` with one leaf of `s` (an object's properties, recursively, and array items) replaced by an edge value. */
export function leafEdgeVariants(s: JsonSchema | undefined, sample: unknown, depth = 0): unknown[] {
  if (!s || depth > 6) return [];
  const alt = branches(s);
  if (alt?.length) return leafEdgeVariants(alt.find((b) => b.type !== 'null') ?? alt[0], sample, depth);
  const type = typeOf(s);
  if (type === 'object' && s.properties) {
    const base = sample && typeof sample === 'object' && !Array.isArray(sample) ? sample : {};
    return Object.entries(s.properties).flatMap(([key, prop]) =>
      leafEdgeVariants(prop, (base as Record<string, unknown>)[key] ?? sampleValue(prop), depth + 1).map((v) => ({
        ...base,
        [key]: v,
      })),
    );
  }
  if (type === 'array') return leafEdgeVariants(s.items, sampleValue(s.items), depth + 1).map((v) => [v]);
  return edgeValuesFor(s);
}

/** Hostile scalars: wrong types, huge and odd strings, injection fragments, extreme numbers. */
export const hostileStrings = [
  '',
  ' ',
  "' or 1=1--",
  '"; drop table account; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  `${'$'}{7*7}{{7*7}}`,
  '../../../../etc/passwd',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '1e309',
  '-1',
  '0',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999999',
  '0000-01-01',
  '0001-01-01',
  '+010000-01-01',
  '0x10',
  '1.5',
  ' 1 ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '💊👨‍⚕️🇨🇳',
  '\u202eRTL\u202c',
  'مرحبا',
  '布洛芬缓释胶囊',
  '%00%27%22',
  '__proto__',
  'constructor',
  '\r\nSet-Cookie: x=1',
];

export const hugeString = () => 'x'.repeat(100 * 1024);

export const deepNesting = (depth = 200): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const hostileScalar = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(
    -1,
    0,
    -2147483649,
    2147483648,
    4294967296,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    0.5,
    -0,
    1.7976931348623157e308,
  ),
  fc.constantFrom(true, false, null),
  fc.constant([]),
  fc.constant({}),
  fc.constant(['a', 1, null]),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** Whole-body replacements: not an object at all, or absurdly shaped. */
export const hostileBody = fc.oneof(
  hostileScalar,
  fc.constant(null).map(() => hugeString()),
  fc.constant(null).map(() => deepNesting(200)),
  fc.constant(null).map(() => [deepNesting(50)]),
  fc.constant(null).map(() => Array.from({ length: 2000 }, (_, i) => i)),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
);

/** Valid-ish values drawn from a JSON schema (shapes, enums, patterns, bounds honoured where the schema says so). */
export function validish(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 8) return fc.constant(sampleValue(s));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alt = branches(s);
  if (alt?.length) return fc.oneof(...alt.map((b) => validish(b, depth + 1)));
  switch (typeOf(s)) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = validish(v, depth + 1);
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    case 'array':
      return fc.array(validish(s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'integer':
      return integerArbitrary(s);
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : undefined;
      const max = typeof s.maximum === 'number' ? s.maximum : undefined;
      return fc.oneof(integerArbitrary(s), fc.double({ noNaN: true, noDefaultInfinity: true, min, max }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default: {
      if (isDateFormat(s)) return dateArbitrary(s);
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern));
        } catch {
          // a pattern JavaScript cannot read: plain strings
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) });
    }
  }
}

/** Valid-ish values where any leaf may be swapped for a hostile one. */
export function hostile(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 8) return hostileScalar;
  const type = typeOf(s);
  if (type === 'object' && s.properties) {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of Object.entries(s.properties)) {
      model[k] = fc.oneof(
        { arbitrary: validish(v, depth + 1), weight: 1 },
        { arbitrary: hostile(v, depth + 1), weight: 2 },
      );
    }
    const extra = fc.dictionary(
      fc.constantFrom('__proto__', 'constructor', 'id', 'pharmacy_id', 'is_admin'),
      hostileScalar,
      {
        maxKeys: 2,
      },
    );
    return fc
      .tuple(fc.record(model, { requiredKeys: [] }), extra)
      .map(([base, more]) => Object.assign(JSON.parse(JSON.stringify(more)), base));
  }
  if (type === 'array') return fc.oneof(fc.array(hostile(s.items, depth + 1), { maxLength: 4 }), hostileScalar);
  return fc.oneof(
    hostileScalar,
    fc.constant(null).map(() => hugeString()),
    fc.constant(null).map(() => deepNesting(200)),
  );
}

/** A JSON body for a route: mostly valid-ish, often hostile at a leaf, sometimes hostile as a whole. */
export const bodyArbitrary = (s: JsonSchema) =>
  fc.oneof(
    { arbitrary: validish(s), weight: 3 },
    { arbitrary: hostile(s), weight: 4 },
    { arbitrary: hostileBody, weight: 2 },
  );

const asQueryValue = (v: unknown): string | string[] =>
  Array.isArray(v)
    ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))
    : typeof v === 'string'
      ? v
      : JSON.stringify(v);

/** A query string object: valid-ish values as strings, hostile strings, repeated keys. */
export function queryArbitrary(s: JsonSchema): fc.Arbitrary<Record<string, string | string[]>> {
  const model: Record<string, fc.Arbitrary<string | string[]>> = {};
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    model[k] = fc.oneof(
      { arbitrary: validish(v).map(asQueryValue), weight: 3 },
      { arbitrary: fc.constantFrom(...hostileStrings), weight: 3 },
      { arbitrary: fc.constant(null).map(() => hugeString().slice(0, 8000)), weight: 1 },
      { arbitrary: fc.array(fc.constantFrom('1', 'a', "' or 1=1--"), { minLength: 2, maxLength: 3 }), weight: 1 },
    );
  }
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string | string[]>>;
}

/** A path parameter: valid-ish or hostile (as text). */
export const paramArbitrary = (s: JsonSchema) =>
  fc.oneof(
    { arbitrary: validish(s).map((v) => String(v)), weight: 2 },
    { arbitrary: fc.constantFrom(...hostileStrings.filter((x) => x !== '')), weight: 3 },
  );
