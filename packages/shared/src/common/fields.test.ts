import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markReadBodySchema } from '../messages/message.schema';
import { DATE_MAX, DATE_MIN, dateSchema, ID_MAX, idNumber, idParamSchema, idSchema, idTextSchema } from './fields';

const firstMessage = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('ids', () => {
  it('is a positive integer a PostgreSQL integer column holds (2³¹−1 at most)', () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
    for (const ok of [1, 42, ID_MAX]) expect(idSchema.parse(ok)).toBe(ok);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 32, Number.MAX_SAFE_INTEGER, 1e308, Number.NaN, '1', null]) {
      const r = idSchema.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(firstMessage(r), String(bad)).toBe('ID 不正确');
    }
  });

  it('in a path or a query string, the text is coerced and bounded the same way', () => {
    expect(idTextSchema.parse('7')).toBe(7);
    expect(idParamSchema.parse({ id: String(ID_MAX) })).toEqual({ id: ID_MAX });
    for (const bad of ['2147483648', '4294967296', '9007199254740993', '0', '-3', 'abc', '1.5', '']) {
      const r = idParamSchema.safeParse({ id: bad });
      expect(r.success, bad).toBe(false);
      expect(firstMessage(r), bad).toBe('ID 不正确');
    }
  });

  it('a form may name the id in its own words', () => {
    expect(firstMessage(idNumber('请选择药品').safeParse(ID_MAX + 1))).toBe('请选择药品');
  });

  it('the mark-read batch refuses ids past the bound', () => {
    expect(markReadBodySchema.safeParse({ ids: [ID_MAX] }).success).toBe(true);
    expect(markReadBodySchema.safeParse({ ids: [ID_MAX + 1] }).success).toBe(false);
  });

  it('publishes its bounds in the JSON schema (the fuzzer and the docs read them)', () => {
    const json = z.toJSONSchema(idSchema) as { maximum?: number; exclusiveMinimum?: number; type?: string };
    expect(json).toMatchObject({ type: 'integer', maximum: ID_MAX, exclusiveMinimum: 0 });
  });
});

describe('dates', () => {
  it('takes real dates as YYYY-MM-DD from 1900-01-01 to 2100-12-31', () => {
    for (const ok of [DATE_MIN, '2024-02-29', '2026-11-22', DATE_MAX]) expect(dateSchema.parse(ok)).toBe(ok);
  });

  it('refuses year 0, other centuries and dates that do not exist', () => {
    for (const bad of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      const r = dateSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(firstMessage(r), bad).toBe('日期应在 1900-01-01 至 2100-12-31 之间');
    }
    for (const bad of ['2026-02-30', '2025-02-29', '2026-13-01', '20260101', '2026-1-1', '+02026-01-01', '']) {
      const r = dateSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(firstMessage(r), bad).toBe('日期格式应为 YYYY-MM-DD');
    }
  });
});
