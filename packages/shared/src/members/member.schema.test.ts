import { describe, expect, it } from 'vitest';
import { maskIdNumber, memberListQuerySchema, memberUpdateBodySchema } from './member.schema';

describe('maskIdNumber', () => {
  it('keeps the first and last four characters of an ID number', () => {
    expect(maskIdNumber('310115199003077726')).toBe('3101**********7726');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });

  it('hides a short value whole and leaves an empty one empty', () => {
    expect(maskIdNumber('12345678')).toBe('********');
    expect(maskIdNumber('')).toBe('');
  });
});

describe('memberUpdateBodySchema', () => {
  it('trims and de-duplicates tags before counting them', () => {
    const tags = [...Array.from({ length: 10 }, (_, i) => `t${i}`), ' t0 '];
    expect(memberUpdateBodySchema.parse({ level: 2, tags, remark: ' x ' })).toEqual({
      level: 2,
      tags: tags.slice(0, 10),
      remark: 'x',
    });
  });

  it.each([
    [{ level: 1, tags: Array.from({ length: 11 }, (_, i) => `t${i}`), remark: '' }, '标签最多 10 个'],
    [{ level: 1, tags: ['a\u0000b'], remark: '' }, '标签包含非法字符'],
    [{ level: 5.5, tags: [], remark: '' }, '会员等级须为 1–5 级'],
  ])('refuses %j', (body, message) => {
    const result = memberUpdateBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe('memberListQuerySchema', () => {
  it('accepts an empty query and coerces the URL texts', () => {
    expect(memberListQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(memberListQuerySchema.parse({ level: '3', channel_id: '7', sort: 'points:desc' })).toMatchObject({
      level: 3,
      channel_id: 7,
      sort: 'points:desc',
    });
  });

  it('refuses a level outside 1–5 and an unknown sort', () => {
    expect(memberListQuerySchema.safeParse({ level: '6' }).success).toBe(false);
    expect(memberListQuerySchema.safeParse({ sort: 'phone:asc' }).success).toBe(false);
  });
});
