import type { MemberAddress, MemberFamily } from '@pharmacy/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs } from '../../lib/testing/dom';
import { AddressSection, addressPlace, FamilySection, familyColumns, WhenLoaded } from './member-card-sections';
import { tagRules, uniqueTags } from './member-edit-fields';
import { cardIdOf } from './member-list-fields';

beforeAll(installDomStubs);
afterEach(cleanup);

const address = (a: Partial<MemberAddress> & { id: number }): MemberAddress => ({
  name: '陈美玲',
  phone: '139****8826',
  province: '上海市',
  city: '上海市',
  district: '浦东新区',
  detail: '张杨路 500 号',
  is_default: false,
  ...a,
});

const member = (f: Partial<MemberFamily> & { id: number }): MemberFamily => ({
  name: '陈小雨',
  relation: 'child',
  gender: 'female',
  age: 6,
  id_number: '',
  phone: '',
  is_default: false,
  allergy_history: [],
  past_medical_history: [],
  family_medical_history: [],
  ...f,
});

const validate = async (value: string[] | undefined) => {
  const rule = tagRules(3, 4)[0] as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
};

describe('member card pieces', () => {
  it('says a municipality once, and a province and its city both', () => {
    expect(addressPlace(address({ id: 1 }))).toBe('上海市浦东新区 张杨路 500 号');
    expect(
      addressPlace(address({ id: 2, province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 1 号' })),
    ).toBe('浙江省杭州市西湖区 文三路 1 号');
  });

  it('sends the tags trimmed and each once, and says their limits before sending', async () => {
    expect(uniqueTags([' 复购', '复购 ', '宝妈'])).toEqual(['复购', '宝妈']);
    expect(uniqueTags(undefined)).toEqual([]);
    expect(await validate(undefined)).toBeNull();
    expect(await validate(['复购', ' 复购 ', '宝妈', '老客'])).toBeNull();
    expect(await validate(['复购', '  '])).toBe('标签不能为空');
    expect(await validate(['过敏体质人群'])).toBe('每个标签最多 4 个字');
    expect(await validate(['a', 'b', 'c', 'd'])).toBe('标签最多 3 个');
  });

  it('reads the card id from the URL, 0 when it is not a positive whole number', () => {
    expect(cardIdOf('5')).toBe(5);
    for (const id of [null, '', '0', '-3', '2.5', 'abc', '9007199254740993']) expect(cardIdOf(id), String(id)).toBe(0);
  });

  it('shows the family with 默认, the relation, gender and age, and the addresses in either layout', () => {
    render(
      <>
        <FamilySection
          titleId="t-family"
          columns={familyColumns}
          members={[
            member({ id: 1, is_default: true }),
            member({ id: 2, name: '陈建国', relation: 'father', gender: null, age: null }),
          ]}
        />
        <AddressSection titleId="t-address" addresses={[address({ id: 1, is_default: true })]} stacked />
      </>,
    );
    const family = screen.getByRole('region', { name: '家庭成员（2）' });
    const rows = within(family).getAllByRole('row');
    expect(rows[1].textContent).toContain('默认');
    expect(rows[1].textContent).toContain('6 岁');
    expect(within(rows[2]).getAllByText('-')).toHaveLength(2);
    const addresses = screen.getByRole('region', { name: '收货地址（1）' });
    expect(within(addresses).getByText('默认')).toBeTruthy();
    expect(within(addresses).getByText('上海市浦东新区 张杨路 500 号')).toBeTruthy();
    cleanup();

    render(<AddressSection titleId="t-address" addresses={[]} />);
    expect(screen.getByText('暂无收货地址')).toBeTruthy();
  });

  it('shows the error, a skeleton until loaded, then the content', () => {
    const { container, rerender } = render(
      <WhenLoaded data={undefined} isError={false} errorTitle="会员不存在或已无权查看">
        {(d: { name: string }) => d.name}
      </WhenLoaded>,
    );
    expect(container.querySelector('.ant-skeleton')).toBeTruthy();
    rerender(
      <WhenLoaded data={{ name: '陈美玲' }} isError={false} errorTitle="会员不存在或已无权查看">
        {(d) => d.name}
      </WhenLoaded>,
    );
    expect(screen.getByText('陈美玲')).toBeTruthy();
    rerender(
      <WhenLoaded data={undefined} isError errorTitle="会员不存在或已无权查看">
        {(d: { name: string }) => d.name}
      </WhenLoaded>,
    );
    expect(screen.getByRole('alert').textContent).toContain('会员不存在或已无权查看');
  });
});
