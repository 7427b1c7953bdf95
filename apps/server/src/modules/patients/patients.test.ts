import { addressSchema, familyMemberSchema, idNumberCheckChar } from '@pharmacy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, address, familyMember } from '../../db/schema/index';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let patient: string;
let other: string;
let fresh: string;

beforeAll(async () => {
  t = await createTestApp();
  patient = await t.login('13900000001');
  other = await t.login('13800000001');
  fresh = await t.login('13800000004');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });

const accountId = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;

/** A valid ID number: Beijing Chaoyang, born 1980-01-dd, sequence `seq` (odd = male). */
const idNumber = (day: number, seq: number) => {
  const first17 = `110105198001${String(day).padStart(2, '0')}${String(seq).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
};

const memberBody = (over: object = {}) => ({
  name: '王建国',
  id_number: idNumber(15, 11),
  relation: 'father',
  phone: '13912340000',
  allergy_history: ['青霉素类'],
  family_medical_history: ['高血压'],
  past_medical_history: ['无'],
  ...over,
});
const addressBody = (over: object = {}) => ({
  name: '王建国',
  phone: '13912340000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 90 号 3 幢 201 室',
  ...over,
});

const familyRows = async (phone: string) =>
  t.database.db
    .select()
    .from(familyMember)
    .where(eq(familyMember.accountId, await accountId(phone)));
const addressRows = async (phone: string) =>
  t.database.db
    .select()
    .from(address)
    .where(eq(address.accountId, await accountId(phone)));

describe('every patient route needs a session', () => {
  it.each([
    ['GET', '/user/family_member'],
    ['POST', '/user/family_member'],
    ['PUT', '/user/family_member/1'],
    ['DELETE', '/user/family_member/1'],
    ['PUT', '/user/family_member/1/default'],
    ['GET', '/user/address'],
    ['POST', '/user/address'],
    ['PUT', '/user/address/1'],
    ['DELETE', '/user/address/1'],
    ['PUT', '/user/address/1/default'],
    ['POST', '/user/address/discern'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res = await call(method, url, undefined, method === 'PUT' || method === 'POST' ? {} : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401000);
  });
});

describe('family members', () => {
  it("lists the demo patient's members, default first, gender and age from the ID number, the ID number masked", async () => {
    const res = await call('GET', '/user/family_member', patient);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    for (const m of list) familyMemberSchema.strict().parse(m);
    expect(list.map((m: { name: string }) => m.name)).toEqual(['李小华', '李建军']);
    expect(list[0]).toMatchObject({
      is_default: true,
      gender: 'female',
      relation_label: '本人',
      birthday: '1990-03-07',
    });
    expect(list[0].id_number).toBe('3101**********7729');
    expect(list[1]).toMatchObject({ is_default: false, gender: 'male', relation_label: '父亲' });
    expect(list[1].age).toBeGreaterThanOrEqual(60);
  });

  it('creates a member with derived gender and birthday; the first member of an account becomes its default', async () => {
    expect((await call('GET', '/user/family_member', fresh)).json().data).toEqual([]);
    const first = await call('POST', '/user/family_member', fresh, memberBody());
    expect(first.statusCode).toBe(200);
    expect(first.json().msg).toBe('已添加');
    expect(first.json().data).toMatchObject({
      name: '王建国',
      gender: 'male',
      birthday: '1980-01-15',
      is_default: true,
      allergy_history: ['青霉素类'],
      past_medical_history: ['无'],
    });
    const second = await call(
      'POST',
      '/user/family_member',
      fresh,
      memberBody({ id_number: idNumber(16, 12), name: '王芳', relation: 'mother' }),
    );
    expect(second.json().data).toMatchObject({ gender: 'female', is_default: false });
    const rows = await familyRows('13800000004');
    expect(rows.find((r) => r.name === '王芳')).toMatchObject({ gender: 'female', birthday: '1980-01-16' });
  });

  it('refuses bad input with Chinese messages naming the field', async () => {
    const cases: [object, string][] = [
      [{ id_number: '110105198001150118' }, 'id_number 身份证号格式不正确'],
      [{ id_number: '110105198002300110' }, 'id_number 身份证号格式不正确'],
      [{ name: '王' }, 'name 姓名为 2–20 个字'],
      [{ relation: 'boss' }, 'relation 请选择与本人的关系'],
      [{ phone: '23812345678' }, 'phone 手机号格式不正确'],
      [{ allergy_history: ['无', '海鲜'] }, 'allergy_history 过敏史选择「无」时不能再选其他项'],
      [{ allergy_history: ['龙肝凤髓'] }, 'allergy_history 过敏史「龙肝凤髓」不在可选项中'],
      [{ past_medical_history: ['手术史', '外星综合征'] }, 'past_medical_history 既往病史「外星综合征」不在可选项中'],
    ];
    const before = (await familyRows('13800000004')).length;
    for (const [over, msg] of cases) {
      const res = await call(
        'POST',
        '/user/family_member',
        fresh,
        memberBody({ id_number: idNumber(20, 21), ...over }),
      );
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toMatchObject({ code: 400000, msg });
    }
    expect((await familyRows('13800000004')).length).toBe(before);
  });

  it('refuses the same ID number twice and a second 本人', async () => {
    const dup = await call('POST', '/user/family_member', fresh, memberBody());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('该身份证号的就诊人已添加');
    const self1 = await call(
      'POST',
      '/user/family_member',
      fresh,
      memberBody({ id_number: idNumber(17, 13), relation: 'self' }),
    );
    expect(self1.statusCode).toBe(200);
    const self2 = await call(
      'POST',
      '/user/family_member',
      fresh,
      memberBody({ id_number: idNumber(18, 15), relation: 'self' }),
    );
    expect(self2.statusCode).toBe(409);
    expect(self2.json().msg).toBe('已有关系为「本人」的就诊人');
  });

  it('updates only the fields sent; an ID number change re-derives gender and birthday; stored legacy values stay allowed', async () => {
    const [father] = (await call('GET', '/user/family_member', patient))
      .json()
      .data.filter((m: { name: string }) => m.name === '李建军');
    const res = await call('PUT', `/user/family_member/${father.id}`, patient, { phone: '13900000009' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '李建军',
      phone: '13900000009',
      past_medical_history: ['原发性高血压', '2 型糖尿病'],
    });
    // 原发性高血压 is not in the collection, but the member already has it
    const keep = await call('PUT', `/user/family_member/${father.id}`, patient, {
      past_medical_history: ['原发性高血压', '糖尿病'],
    });
    expect(keep.statusCode).toBe(200);
    const changed = await call('PUT', `/user/family_member/${father.id}`, patient, { id_number: idNumber(3, 24) });
    expect(changed.json().data).toMatchObject({ gender: 'female', birthday: '1980-01-03' });
    const empty = await call('PUT', `/user/family_member/${father.id}`, patient, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('name 没有要修改的内容');
  });

  it("answers another account's member with 404, like a missing one, and changes nothing", async () => {
    const mine = (await familyRows('13900000001'))[0];
    const before = await familyRows('13900000001');
    for (const [method, url, body] of [
      ['PUT', `/user/family_member/${mine.id}`, { name: '冒名顶替' }],
      ['DELETE', `/user/family_member/${mine.id}`, undefined],
      ['PUT', `/user/family_member/${mine.id}/default`, undefined],
      ['PUT', '/user/family_member/2147483647', { name: '不存在的' }],
    ] as const) {
      const res = await call(method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404000, msg: '就诊人不存在或已删除' });
    }
    expect(await familyRows('13900000001')).toEqual(before);
    const otherList = (await call('GET', '/user/family_member', other)).json().data;
    expect(otherList.some((m: { id: number }) => m.id === mine.id)).toBe(false);
  });

  it('sets the default; deleting the default promotes the oldest remaining member', async () => {
    const list = (await call('GET', '/user/family_member', fresh)).json().data as {
      id: number;
      name: string;
      is_default: boolean;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    const target = list[list.length - 1];
    const res = await call('PUT', `/user/family_member/${target.id}/default`, fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: target.id, is_default: true });
    const rows = await familyRows('13800000004');
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([target.id]);

    expect((await call('DELETE', `/user/family_member/${target.id}`, fresh)).json().msg).toBe('已删除');
    const after = await familyRows('13800000004');
    const oldest = [...after].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)[0];
    expect(after.filter((r) => r.isDefault).map((r) => r.id)).toEqual([oldest.id]);
  });

  it('parallel set-default calls leave exactly one default', async () => {
    const list = (await call('GET', '/user/family_member', fresh)).json().data as { id: number }[];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('PUT', `/user/family_member/${list[i % list.length].id}/default`, fresh),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rows = await familyRows('13800000004');
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('holds at most 20 members per account, also when the last places are taken in parallel', async () => {
    const have = (await familyRows('13800000004')).length;
    for (let i = have; i < 18; i++) {
      const res = await call(
        'POST',
        '/user/family_member',
        fresh,
        memberBody({ id_number: idNumber(1 + i, 101 + i * 2), relation: 'other' }),
      );
      expect(res.statusCode).toBe(200);
    }
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(
          'POST',
          '/user/family_member',
          fresh,
          memberBody({ id_number: idNumber(25, 301 + i * 2), relation: 'other' }),
        ),
      ),
    );
    expect(racers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = racers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0].json().msg).toBe('最多添加 20 位就诊人');
    expect(await familyRows('13800000004')).toHaveLength(20);
  });
});

describe('addresses', () => {
  it("lists the demo patient's address with its one-line form", async () => {
    const list = (await call('GET', '/user/address', patient)).json().data;
    for (const a of list) addressSchema.strict().parse(a);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ is_default: true, full_address: '上海市浦东新区世纪大道 100 号 8 栋 1202 室' });
  });

  it('creates, the first one default; checks the region against the division tree', async () => {
    const first = await call('POST', '/user/address', fresh, addressBody());
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      is_default: true,
      full_address: '浙江省杭州市西湖区文三路 90 号 3 幢 201 室',
    });
    const dongguan = await call(
      'POST',
      '/user/address',
      fresh,
      addressBody({ province: '广东省', city: '东莞市', district: '' }),
    );
    expect(dongguan.statusCode).toBe(200);
    expect(dongguan.json().data.is_default).toBe(false);

    const cases: [object, string][] = [
      [{ province: '浙江' }, 'province 省份「浙江」不存在'],
      [{ city: '南京市' }, 'city 城市「南京市」不属于浙江省'],
      [{ district: '鼓楼区' }, 'district 区县「鼓楼区」不属于杭州市'],
      [{ district: '' }, 'district 请选择区县'],
      [{ detail: '号' }, 'detail 详细地址为 2–100 个字'],
      [{ phone: '021-58881234' }, 'phone 手机号格式不正确'],
      [{ name: '' }, 'name 收货人为 2–20 个字'],
    ];
    const before = (await addressRows('13800000004')).length;
    for (const [over, msg] of cases) {
      const res = await call('POST', '/user/address', fresh, addressBody(over));
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toMatchObject({ code: 400000, msg });
    }
    expect((await addressRows('13800000004')).length).toBe(before);
  });

  it('updates the fields sent and checks the region as it ends up', async () => {
    const [a] = (await call('GET', '/user/address', fresh)).json().data;
    const moved = await call('PUT', `/user/address/${a.id}`, fresh, { city: '宁波市', district: '鄞州区' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ province: '浙江省', city: '宁波市', district: '鄞州区' });
    const half = await call('PUT', `/user/address/${a.id}`, fresh, { city: '温州市' });
    expect(half.statusCode).toBe(400);
    expect(half.json().msg).toBe('district 区县「鄞州区」不属于温州市');
  });

  it("answers another account's address with 404 and changes nothing", async () => {
    const before = await addressRows('13900000001');
    const id = before[0].id;
    for (const [method, url, body] of [
      ['PUT', `/user/address/${id}`, { detail: '别人的地址' }],
      ['DELETE', `/user/address/${id}`, undefined],
      ['PUT', `/user/address/${id}/default`, undefined],
    ] as const) {
      const res = await call(method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404000, msg: '收货地址不存在或已删除' });
    }
    expect(await addressRows('13900000001')).toEqual(before);
  });

  it('one default under parallel set-default calls; deleting the default promotes the oldest', async () => {
    for (let i = 0; i < 3; i++)
      await call('POST', '/user/address', fresh, addressBody({ detail: `莫干山路 ${100 + i} 号` }));
    const list = (await call('GET', '/user/address', fresh)).json().data as { id: number }[];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('PUT', `/user/address/${list[i % list.length].id}/default`, fresh)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    let rows = await addressRows('13800000004');
    const defaults = rows.filter((r) => r.isDefault);
    expect(defaults).toHaveLength(1);
    await call('DELETE', `/user/address/${defaults[0].id}`, fresh);
    rows = await addressRows('13800000004');
    const oldest = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)[0];
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([oldest.id]);
  });

  it('holds at most 20 addresses per account', async () => {
    const have = (await addressRows('13800000004')).length;
    for (let i = have; i < 20; i++) {
      expect((await call('POST', '/user/address', fresh, addressBody({ detail: `天目山路 ${i} 号` }))).statusCode).toBe(
        200,
      );
    }
    const over = await call('POST', '/user/address', fresh, addressBody());
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe('最多添加 20 个收货地址');
    expect(await addressRows('13800000004')).toHaveLength(20);
  });
});

describe('address discern', () => {
  it('splits a pasted address', async () => {
    const res = await call('POST', '/user/address/discern', patient, {
      text: '收货人：张三\n电话：13812345678\n地址：浙江省杭州市西湖区文三路90号',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      name: '张三',
      phone: '13812345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路90号',
    });
  });

  it('gives a result that the address form accepts as is', async () => {
    const discerned = (
      await call('POST', '/user/address/discern', other, { text: '广西南宁市青秀区民族大道100号 陈七 13612345678' })
    ).json().data;
    const res = await call('POST', '/user/address', other, discerned);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ province: '广西壮族自治区', city: '南宁市', district: '青秀区' });
  });

  it('refuses empty and over-long text in Chinese', async () => {
    expect((await call('POST', '/user/address/discern', patient, { text: '  ' })).json().msg).toBe('text 请粘贴地址');
    expect((await call('POST', '/user/address/discern', patient, { text: '路'.repeat(501) })).json().msg).toBe(
      'text 地址文字最多 500 字',
    );
  });
});
