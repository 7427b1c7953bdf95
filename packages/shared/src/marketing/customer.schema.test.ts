import { describe, expect, it } from 'vitest';
import {
  customerListQuerySchema,
  customerOwnerBodySchema,
  customerUpdateBodySchema,
  followUpBodySchema,
} from './customer.schema';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('customerListQuerySchema', () => {
  it('accepts the owner filter as all, me, none or a staff id, and nothing else', () => {
    for (const owner of ['all', 'me', 'none', '7', '2147483647'])
      expect(customerListQuerySchema.safeParse({ owner }).success, owner).toBe(true);
    for (const owner of ['ME', 'someone', '0', '-1', '2147483648', '1.5', ''])
      expect(msg(customerListQuerySchema.safeParse({ owner })), owner).toBe('负责人筛选不正确');
  });

  it('takes a last-contact range or a number of days, not both, and the range in order', () => {
    expect(customerListQuerySchema.parse({ contact_from: '2026-11-01', contact_to: '2026-11-24' })).toMatchObject({
      contact_from: '2026-11-01',
      contact_to: '2026-11-24',
      page: 1,
      page_size: 20,
    });
    expect(customerListQuerySchema.parse({ not_contacted_days: '90' }).not_contacted_days).toBe(90);
    expect(msg(customerListQuerySchema.safeParse({ contact_from: '2026-11-24', contact_to: '2026-11-01' }))).toBe(
      '联系时间的开始日期不能晚于结束日期',
    );
    expect(msg(customerListQuerySchema.safeParse({ not_contacted_days: '7', contact_from: '2026-11-01' }))).toBe(
      '“最近联系”与“未联系天数”只能选一个',
    );
    for (const days of ['0', '3651', 'x', '1.5'])
      expect(customerListQuerySchema.safeParse({ not_contacted_days: days }).success, days).toBe(false);
    expect(customerListQuerySchema.safeParse({ contact_from: '2026-02-30' }).success).toBe(false);
  });

  it('bounds the keyword and the tag', () => {
    expect(customerListQuerySchema.safeParse({ keyword: '一'.repeat(31) }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ keyword: 'a\nb' }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ tag: '一'.repeat(11) }).success).toBe(false);
    expect(customerListQuerySchema.parse({ keyword: ' 8826 ' }).keyword).toBe('8826');
  });
});

describe('customerUpdateBodySchema', () => {
  it('trims and de-duplicates tags before counting them (at most 10, each 1–10 characters)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `标签${i}`);
    expect(customerUpdateBodySchema.parse({ tags: [...ten, ' 标签0 '], notes: ' 备注 ', source: '门店' })).toEqual({
      tags: ten,
      notes: '备注',
      source: '门店',
    });
    expect(msg(customerUpdateBodySchema.safeParse({ tags: [...ten, '标签10'], notes: '', source: '' }))).toBe(
      '标签最多 10 个',
    );
    expect(msg(customerUpdateBodySchema.safeParse({ tags: ['  '], notes: '', source: '' }))).toBe('标签不能为空');
    expect(msg(customerUpdateBodySchema.safeParse({ tags: ['一'.repeat(11)], notes: '', source: '' }))).toBe(
      '每个标签最多 10 个字',
    );
  });

  it('keeps line breaks in notes (≤ 500) but not in the source (≤ 50)', () => {
    expect(customerUpdateBodySchema.parse({ tags: [], notes: '第一行\n第二行', source: '' }).notes).toBe(
      '第一行\n第二行',
    );
    expect(msg(customerUpdateBodySchema.safeParse({ tags: [], notes: '长'.repeat(501), source: '' }))).toBe(
      '备注最多 500 个字',
    );
    expect(customerUpdateBodySchema.safeParse({ tags: [], notes: '', source: 'a\nb' }).success).toBe(false);
    expect(customerUpdateBodySchema.safeParse({ tags: [], notes: '', source: '源'.repeat(51) }).success).toBe(false);
  });
});

describe('customerOwnerBodySchema', () => {
  it('takes an account id or null', () => {
    expect(customerOwnerBodySchema.parse({ owner_account_id: null })).toEqual({ owner_account_id: null });
    expect(customerOwnerBodySchema.parse({ owner_account_id: 4 })).toEqual({ owner_account_id: 4 });
    for (const v of [0, -1, 1.5, '4', 2147483648, undefined])
      expect(customerOwnerBodySchema.safeParse({ owner_account_id: v }).success, String(v)).toBe(false);
  });
});

describe('followUpBodySchema', () => {
  it('needs a known method and 1–500 characters of content', () => {
    expect(followUpBodySchema.parse({ method: 'wechat', content: ' 已回访 ' })).toEqual({
      method: 'wechat',
      content: '已回访',
    });
    expect(msg(followUpBodySchema.safeParse({ method: 'fax', content: '你好' }))).toBe('请选择跟进方式');
    expect(msg(followUpBodySchema.safeParse({ method: 'phone', content: '   ' }))).toBe('请填写跟进内容');
    expect(msg(followUpBodySchema.safeParse({ method: 'phone', content: '长'.repeat(501) }))).toBe(
      '跟进内容最多 500 个字',
    );
  });

  it('takes instants with an offset, the next follow-up after the contact', () => {
    const ok = followUpBodySchema.safeParse({
      method: 'phone',
      content: '你好',
      contacted_at: '2026-11-24T10:00:00+08:00',
      next_follow_up_at: '2026-11-30T10:00:00+08:00',
    });
    expect(ok.success).toBe(true);
    expect(
      msg(
        followUpBodySchema.safeParse({
          method: 'phone',
          content: '你好',
          contacted_at: '2026-11-24T10:00:00+08:00',
          next_follow_up_at: '2026-11-24T10:00:00+08:00',
        }),
      ),
    ).toBe('下次跟进时间须晚于联系时间');
    for (const contacted_at of ['2026-11-24', 'yesterday', '1899-12-31T00:00:00Z'])
      expect(
        followUpBodySchema.safeParse({ method: 'phone', content: '你好', contacted_at }).success,
        contacted_at,
      ).toBe(false);
  });
});
