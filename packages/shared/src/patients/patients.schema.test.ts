import { describe, expect, it } from 'vitest';
import {
  addressCreateSchema,
  familyMemberCreateSchema,
  familyMemberUpdateSchema,
  fullAddress,
  patientRelationLabels,
} from './patients.schema';

const member = {
  name: '李小华',
  id_number: '310115199003077729',
  relation: 'self',
  phone: '13900000001',
};
const firstError = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues[0];

describe('family member body', () => {
  it('accepts a member, upper-cases the check character and defaults the lists', () => {
    const parsed = familyMemberCreateSchema.parse({ ...member, id_number: '11010519491231002x' });
    expect(parsed.id_number).toBe('11010519491231002X');
    expect(parsed.allergy_history).toEqual([]);
  });

  it('refuses a wrong check digit, an impossible birth date and a short name, in Chinese', () => {
    expect(
      firstError(familyMemberCreateSchema.safeParse({ ...member, id_number: '310115199003077728' })),
    ).toMatchObject({ message: '身份证号格式不正确', path: ['id_number'] });
    expect(
      firstError(familyMemberCreateSchema.safeParse({ ...member, id_number: '310115199002307725' }))?.message,
    ).toBe('身份证号格式不正确');
    expect(firstError(familyMemberCreateSchema.safeParse({ ...member, name: '李' }))?.message).toBe('姓名为 2–20 个字');
    expect(firstError(familyMemberCreateSchema.safeParse({ ...member, relation: 'boss' }))?.message).toBe(
      '请选择与本人的关系',
    );
    expect(firstError(familyMemberCreateSchema.safeParse({ ...member, phone: '12345' }))?.message).toBe(
      '手机号格式不正确',
    );
  });

  it('allows an empty phone', () => {
    expect(familyMemberCreateSchema.parse({ ...member, phone: '' }).phone).toBe('');
  });

  it('takes 无 only on its own and removes repeated items', () => {
    expect(
      firstError(familyMemberCreateSchema.safeParse({ ...member, allergy_history: ['无', '青霉素类'] }))?.message,
    ).toBe('过敏史选择「无」时不能再选其他项');
    expect(familyMemberCreateSchema.parse({ ...member, allergy_history: ['海鲜', '海鲜'] }).allergy_history).toEqual([
      '海鲜',
    ]);
  });

  it('an update needs at least one field', () => {
    expect(firstError(familyMemberUpdateSchema.safeParse({}))?.message).toBe('没有要修改的内容');
    expect(familyMemberUpdateSchema.parse({ relation: 'father' })).toEqual({ relation: 'father' });
  });

  it('labels relations with the members module labels', () => {
    expect(patientRelationLabels).toMatchObject({ self: '本人', father: '父亲', other: '其他' });
  });
});

describe('address body', () => {
  const addr = {
    name: '李小华',
    phone: '13900000001',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路90号',
  };
  it('accepts an address and bounds the detail to 2–100 characters', () => {
    expect(addressCreateSchema.parse(addr)).toEqual(addr);
    expect(firstError(addressCreateSchema.safeParse({ ...addr, detail: '号' }))?.message).toBe('详细地址为 2–100 个字');
    expect(firstError(addressCreateSchema.safeParse({ ...addr, detail: 'x'.repeat(101) }))?.message).toBe(
      '详细地址为 2–100 个字',
    );
    expect(firstError(addressCreateSchema.safeParse({ ...addr, province: '' }))?.message).toBe('请选择省份');
  });

  it('writes a municipality once in the full address', () => {
    expect(fullAddress({ province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道100号' })).toBe(
      '上海市浦东新区世纪大道100号',
    );
  });
});
