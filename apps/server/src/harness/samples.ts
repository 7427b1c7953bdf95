import fc from 'fast-check';
import type { JsonSchema } from './openapi';

const typeOf = (s: JsonSchema): string | undefined => {
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
  '9007199254740993',
  '99999999999999999999999',
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
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : 100_000;
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default: {
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
