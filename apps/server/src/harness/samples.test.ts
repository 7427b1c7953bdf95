import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchema } from './openapi';
import { edgeValuesFor, leafEdgeVariants, validish } from './samples';

// The fuzzer's sampler must not clamp: a schema that states no bound is driven across the whole range, so that ids past
// 2³¹−1 and year-0 dates reach the routes (both once answered 500, and a clamped sampler never sent them).

const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as JsonSchema;
const draw = (s: JsonSchema, n = 400) => fc.sample(validish(s), { numRuns: n, seed: 7 });

describe('the fuzzer sampler', () => {
  it('draws integers past 2³¹−1 when the schema states no bound (zod int() publishes 2⁵³−1)', () => {
    const values = draw(schemaOf(z.coerce.number().int().positive())) as number[];
    expect(values.every((v) => Number.isSafeInteger(v) && v > 0)).toBe(true);
    expect(values.some((v) => v === 2 ** 31)).toBe(true);
    expect(values.some((v) => v > 2 ** 32)).toBe(true);
    expect(values.some((v) => v < 1000)).toBe(true);
  });

  it('keeps to a bound the schema states', () => {
    const values = draw(
      schemaOf(
        z
          .number()
          .int()
          .min(1)
          .max(2 ** 31 - 1),
      ),
    ) as number[];
    expect(values.every((v) => v >= 1 && v <= 2 ** 31 - 1)).toBe(true);
    expect(values).toContain(2 ** 31 - 1);
  });

  it('draws dates of any year, year 0 and 0001 among them', () => {
    const values = draw(schemaOf(z.iso.date())) as string[];
    expect(values.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v))).toBe(true);
    expect(values).toContain('0000-01-01');
    expect(values).toContain('0001-01-01');
    expect(values.some((v) => v > '2100')).toBe(true);
  });

  it('sweeps every leaf with its edge values: text, numbers, dates, array items', () => {
    const body = schemaOf(
      z.object({ ids: z.array(z.number().int()), day: z.iso.date().optional(), note: z.object({ text: z.string() }) }),
    );
    const variants = leafEdgeVariants(body, { ids: [1], note: { text: 'a' } });
    expect(variants).toContainEqual({ ids: [2 ** 31], note: { text: 'a' } });
    expect(variants).toContainEqual({ ids: [1], note: { text: 'a' }, day: '0000-01-01' });
    expect(variants).toContainEqual({ ids: [1], note: { text: 'a\u0000b' } });
    expect(edgeValuesFor(schemaOf(z.iso.datetime()))).toContain('0001-01-01T00:00:00Z');
  });
});
