import { describe, expect, it } from 'vitest';
import {
  consultationCreateBodySchema,
  consultationListQuerySchema,
  consultationMineUpdateBodySchema,
  consultationRejectBodySchema,
  consultationStateConflict,
} from './consultation.schema';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('consultationStateConflict', () => {
  it('names the state and the refused action in Chinese', () => {
    expect(consultationStateConflict('approve', 'rejected')).toBe('问诊需求已拒绝，不能接诊');
    expect(consultationStateConflict('approve', 'approved')).toBe('问诊需求已接诊，请勿重复操作');
    expect(consultationStateConflict('reject', 'rejected')).toBe('问诊需求已拒绝，请勿重复操作');
    expect(consultationStateConflict('reject', 'prescribed')).toBe('问诊需求已开方，不能拒绝');
    expect(consultationStateConflict('update', 'cancelled')).toBe('问诊需求已取消，不能修改');
  });
});

describe('reject body', () => {
  it('needs a reason of at most 200 characters, trimmed', () => {
    expect(firstError(consultationRejectBodySchema.safeParse({}))).toBe('请填写拒绝原因');
    expect(firstError(consultationRejectBodySchema.safeParse({ reason: '   ' }))).toBe('请填写拒绝原因');
    expect(firstError(consultationRejectBodySchema.safeParse({ reason: '长'.repeat(201) }))).toBe(
      '拒绝原因最多 200 字',
    );
    expect(consultationRejectBodySchema.parse({ reason: ' 需线下就诊 ' })).toEqual({ reason: '需线下就诊' });
  });
});

describe('create body', () => {
  const base = {
    phone: '13900000001',
    family_member_id: 1,
    pharmacy_id: 1,
    wanted_items: [{ product_id: 3, qty: 2 }],
  };
  it('accepts a minimal request and defaults description and images', () => {
    expect(consultationCreateBodySchema.parse(base)).toMatchObject({ description: '', images: [] });
  });
  it('refuses missing parts with the field in Chinese', () => {
    expect(firstError(consultationCreateBodySchema.safeParse({ ...base, family_member_id: undefined }))).toBe(
      '请选择就诊人',
    );
    expect(firstError(consultationCreateBodySchema.safeParse({ ...base, pharmacy_id: undefined }))).toBe(
      '请选择发药药店',
    );
    expect(firstError(consultationCreateBodySchema.safeParse({ ...base, wanted_items: [] }))).toBe('请添加需要的药品');
    expect(
      firstError(
        consultationCreateBodySchema.safeParse({
          ...base,
          wanted_items: [
            { product_id: 3, qty: 1 },
            { product_id: 3, qty: 2 },
          ],
        }),
      ),
    ).toBe('同一药品请勿重复添加');
    expect(
      firstError(consultationCreateBodySchema.safeParse({ ...base, wanted_items: [{ product_id: 3, qty: 100 }] })),
    ).toBe('数量不能超过 99');
  });
  it('takes only images uploaded to this site', () => {
    const ok = '/api/v1/upload/abcdefghijklmnopqrstuvwx.png';
    expect(consultationCreateBodySchema.parse({ ...base, images: [ok] }).images).toEqual([ok]);
    for (const bad of ['https://evil.example/a.png', '/api/v1/upload/../../etc/passwd', '/api/v1/upload/short.png'])
      expect(firstError(consultationCreateBodySchema.safeParse({ ...base, images: [bad] }))).toBe(
        '图片须为本站上传的图片',
      );
    expect(
      firstError(consultationCreateBodySchema.safeParse({ ...base, images: Array.from({ length: 10 }, () => ok) })),
    ).toBe('图片最多 9 张');
  });
});

describe('list query and patient update', () => {
  it('defaults to the 待接诊 tab and refuses reversed dates', () => {
    expect(consultationListQuerySchema.parse({})).toMatchObject({ status: 'pending', page: 1 });
    expect(consultationListQuerySchema.parse({ status: 'nonsense' }).status).toBe('pending');
    expect(firstError(consultationListQuerySchema.safeParse({ date_from: '2026-02-01', date_to: '2026-01-01' }))).toBe(
      '结束日期不能早于开始日期',
    );
  });
  it('needs images or a description', () => {
    expect(firstError(consultationMineUpdateBodySchema.safeParse({}))).toBe('请上传图片或填写病情描述');
    expect(consultationMineUpdateBodySchema.parse({ description: ' 咳嗽 ' })).toEqual({ description: '咳嗽' });
  });
});
