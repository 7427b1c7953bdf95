import { drugserRecipeListSchema, drugserSchema, idNumberCheckChar, pageResultSchema } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

// 用药人: the family members of a pharmacy's customers (customer_info or viper), on two pharmacies of the test's own.

let t: TestApp;
let shop: string;
let operator: string;
let customerService: string;
let seq = 0;

const rows = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const exec = (query: SQL) => t.database.db.execute(query);

/** A valid GB 11643 number: region 110101, the birth date, a serial whose last digit gives the gender. */
const idNumber = (birth: string, gender: 'male' | 'female', serial = 12) => {
  const first17 = `110101${birth.replaceAll('-', '')}${String(serial).padStart(2, '0')}${gender === 'male' ? 3 : 4}`;
  return `${first17}${idNumberCheckChar(first17)}`;
};

async function newAccount(name: string) {
  seq += 1;
  const phone = `1663${String(seq).padStart(7, '0')}`;
  const { id } = await one<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`dg-${phone}`}, ${name}) returning id`,
  );
  return { id, phone };
}

async function newPharmacy(name: string, shopAccount: number) {
  const { id } = await one<{ id: number }>(
    sql`insert into pharmacy (name, status, owner_account_id) values (${name}, 'active', ${shopAccount}) returning id`,
  );
  await exec(sql`insert into pharmacy_member (pharmacy_id, account_id, role) values (${id}, ${shopAccount}, 'shop')`);
  return id;
}

async function member(
  accountId: number,
  name: string,
  values: {
    id?: string;
    gender?: 'male' | 'female';
    birthday?: string;
    phone?: string;
    relation?: string;
    allergy?: string[];
  },
) {
  const { id } = await one<{ id: number }>(
    sql`insert into family_member (account_id, name, id_number, gender, birthday, phone, relation, allergy_history)
        values (${accountId}, ${name}, ${values.id ?? ''}, ${values.gender ?? null}, ${values.birthday ?? null},
          ${values.phone ?? ''}, ${values.relation ?? 'self'},
          ${sql.raw(`ARRAY[${(values.allergy ?? []).map((a) => `'${a}'`).join(',')}]::text[]`)})
        returning id`,
  );
  return id;
}

async function recipe(pharmacyId: number, accountId: number, familyMemberId: number, status: string) {
  seq += 1;
  const doctor = await one<{ id: number }>(sql`select id from doctor order by id limit 1`);
  const items = JSON.stringify([
    {
      product_id: 1,
      name: '阿莫西林胶囊',
      generic_name: '阿莫西林',
      spec: '0.25g*24粒',
      type: 'RX',
      manufacturer: '某药业',
      dose_amount: '0.5',
      dose_unit: 'g',
      frequency: 'tid',
      route: '口服',
      days: 5,
      qty: 2,
    },
  ]);
  await exec(
    sql`insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, family_member_id, patient_name, items, status, diagnoses)
        values (${`DG${Date.now()}${seq}`}, ${doctor.id}, ${pharmacyId}, ${accountId}, ${familyMemberId}, '王小明',
          ${items}::jsonb, ${status}, ARRAY['急性上呼吸道感染']::text[])`,
  );
}

let Q: number;
let R: number;
let c1: { id: number; phone: string };
let fm1: number;
let fm2: number;
let fm3: number;
let fm4: number;
let fm5: number;
let allergyItem: string;

beforeAll(async () => {
  t = await createTestApp();
  const shopAccount = (await one<{ id: number }>(sql`select id from account where phone = '13800000001'`)).id;
  Q = await newPharmacy('用药人测试药房', shopAccount);
  R = await newPharmacy('用药人隔壁药房', shopAccount);
  c1 = await newAccount('王大明');
  const c2 = await newAccount('张三');
  const c3 = await newAccount('隔壁客户');
  const c4 = await newAccount('散客');
  await exec(sql`insert into customer_info (pharmacy_id, account_id) values (${Q}, ${c1.id})`);
  await exec(sql`insert into viper (pharmacy_id, account_id) values (${Q}, ${c2.id})`);
  await exec(sql`insert into customer_info (pharmacy_id, account_id) values (${R}, ${c3.id})`);
  allergyItem = (await one<{ name: string }>(sql`select name from allergy_history where status = 'published' limit 1`))
    .name;

  fm1 = await member(c1.id, '王小明', {
    id: idNumber('1980-05-05', 'male'),
    gender: 'male',
    birthday: '1980-05-05',
    phone: '13712345678',
    allergy: [allergyItem],
  });
  fm2 = await member(c1.id, '王芳芳', {
    id: idNumber('2015-08-20', 'female'),
    gender: 'female',
    birthday: '2015-08-20',
    relation: 'daughter',
    allergy: ['无'],
  });
  // no ID number: gender and age from the stored fields
  fm3 = await member(c2.id, '张三', { gender: 'male', birthday: '1950-01-01', phone: '13600001111' });
  fm4 = await member(c3.id, '隔壁病人', {
    id: idNumber('1990-01-01', 'female'),
    gender: 'female',
    birthday: '1990-01-01',
  });
  fm5 = await member(c4.id, '散客本人', {});
  await recipe(Q, c1.id, fm1, 'approved');
  await recipe(R, c1.id, fm1, 'pending_inspection');

  shop = await t.login('13800000001');
  operator = await t.login('13800000007');
  customerService = await t.login('13800000004');
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT', url: string, token: string, pharmacyId?: number, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });

const pageSchema = pageResultSchema(drugserSchema);
async function list(query: string, pharmacyId = Q) {
  const res = await call('GET', `/marketing/family_member?${query}`, shop, pharmacyId);
  expect(res.statusCode, res.body).toBe(200);
  return pageSchema.parse(res.json().data);
}
const ids = (page: { list: { id: number }[] }) => page.list.map((m) => m.id);

describe('the medication users of a pharmacy', () => {
  it("lists its customers' family members only, newest first, masked, with age and gender from the ID", async () => {
    const page = await list('');
    expect(ids(page)).toEqual([fm3, fm2, fm1]);
    expect(page.total).toBe(3);
    const m1 = page.list.find((m) => m.id === fm1)!;
    expect(m1).toMatchObject({
      name: '王小明',
      phone: '137****5678',
      gender: 'male',
      relation: 'self',
      relation_label: '本人',
      customer_account_id: c1.id,
      customer_name: '王大明',
      allergy_history: [allergyItem],
      recipe_count: 1,
    });
    expect(m1.id_number).toMatch(/^1101\*{10}\d{3}[\dX]$/);
    expect(m1.age).toBeGreaterThanOrEqual(46);
    expect(m1.customer_phone).toBe(`${c1.phone.slice(0, 3)}****${c1.phone.slice(-4)}`);
    const m3 = page.list.find((m) => m.id === fm3)!;
    expect(m3).toMatchObject({ gender: 'male', id_number: '' });
    expect(m3.age).toBeGreaterThanOrEqual(76);
    // nothing whole leaves the server
    const raw = (await call('GET', '/marketing/family_member', shop, Q)).body;
    expect(raw).not.toContain('13712345678');
    expect(raw).not.toContain(c1.phone);
  });

  it.each([
    ['keyword=小明', () => [fm1]],
    ['keyword=王大', () => [fm2, fm1]],
    ['keyword=13712345678', () => [fm1]],
    ['keyword=1111', () => [fm3]],
    ['gender=female', () => [fm2]],
    ['age_min=60', () => [fm3]],
    ['age_min=18&age_max=60', () => [fm1]],
    ['age_max=17', () => [fm2]],
    ['has_allergy=1', () => [fm1]],
    ['has_allergy=0', () => [fm3, fm2]],
  ])('filters %s', async (query, expected) => {
    expect(ids(await list(query))).toEqual(expected());
  });

  it('matches the customer phone exactly and its last four digits, never middle digits', async () => {
    expect(ids(await list(`keyword=${c1.phone}`))).toEqual([fm2, fm1]);
    expect(ids(await list(`keyword=${c1.phone.slice(-4)}`))).toEqual([fm2, fm1]);
    expect(ids(await list(`keyword=${c1.phone.slice(3, 8)}`))).toEqual([]);
  });

  it('refuses a bad filter with a Chinese message', async () => {
    const res = await call('GET', '/marketing/family_member?age_min=50&age_max=20', shop, Q);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('最大年龄不能小于最小年龄');
    expect((await call('GET', '/marketing/family_member?gender=x', shop, Q)).json().msg).toContain('性别不正确');
  });

  it("answers another pharmacy's member exactly like a missing one", async () => {
    const other = await call('GET', `/marketing/family_member/${fm4}`, shop, Q);
    const missing = await call('GET', '/marketing/family_member/2000000000', shop, Q);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await call('GET', `/marketing/family_member/${fm5}/rx`, shop, Q)).statusCode).toBe(404);
    expect((await call('PUT', `/marketing/family_member/${fm4}`, shop, Q, { name: '改名字' })).statusCode).toBe(404);
    expect((await one<{ name: string }>(sql`select name from family_member where id = ${fm4}`)).name).toBe('隔壁病人');
    expect((await call('GET', `/marketing/family_member/${fm4}`, shop, R)).statusCode).toBe(200);
  });

  it("shows the member's prescriptions at this pharmacy, with their items", async () => {
    const res = await call('GET', `/marketing/family_member/${fm1}/rx`, shop, Q);
    expect(res.statusCode, res.body).toBe(200);
    const recipes = drugserRecipeListSchema.parse(res.json().data);
    expect(recipes).toHaveLength(1);
    expect(recipes[0]).toMatchObject({
      status: 'approved',
      status_label: '审核通过',
      pharmacy_name: '用药人测试药房',
      diagnoses: ['急性上呼吸道感染'],
      items: [{ name: '阿莫西林胶囊', spec: '0.25g*24粒', qty: 2, usage: '0.5g 每日3次 口服 5天' }],
    });
    expect(recipes[0]!.doctor_name).not.toBe('');
  });

  it('is for the pharmacy managers (not customer service) and the operator reads the whole platform', async () => {
    expect((await call('GET', '/marketing/family_member', customerService, 1)).statusCode).toBe(403);
    expect((await call('GET', '/marketing/family_member', operator, Q)).statusCode).toBe(403);
    expect((await call('GET', '/admin/family_member', shop, Q)).statusCode).toBe(403);
    const all = pageSchema.parse((await call('GET', '/admin/family_member?keyword=散客', operator)).json().data);
    expect(ids(all)).toContain(fm5);
    const ofQ = pageSchema.parse((await call('GET', `/admin/family_member?pharmacy_id=${Q}`, operator)).json().data);
    expect(ids(ofQ)).toEqual([fm3, fm2, fm1]);
    const detail = await call('GET', `/admin/family_member/${fm4}`, operator);
    expect(detail.json().data).toMatchObject({ id: fm4, gender: 'female' });
    const recipes = drugserRecipeListSchema.parse(
      (await call('GET', `/admin/family_member/${fm1}/rx`, operator)).json().data,
    );
    expect(recipes.map((r) => r.pharmacy_name).sort()).toEqual(['用药人测试药房', '用药人隔壁药房']);
    expect(ofQ.list.find((m) => m.id === fm1)!.recipe_count).toBe(1);
    expect(all.list.length).toBeGreaterThan(0);
  });
});

describe('editing a medication user', () => {
  it('changes the fields sent, derives gender and birthday from a new ID number, and audits the fields', async () => {
    const newId = idNumber('1982-02-02', 'female', 45);
    const res = await call('PUT', `/marketing/family_member/${fm3}`, shop, Q, {
      name: '张三丰',
      phone: '13600002222',
      relation: 'father',
      id_number: newId.toLowerCase(),
      allergy_history: [allergyItem],
      past_medical_history: ['无'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('已保存');
    const data = drugserSchema.parse(res.json().data);
    expect(data).toMatchObject({ name: '张三丰', phone: '136****2222', relation_label: '父亲', gender: 'female' });
    const row = await one<{ gender: string; birthday: string; id_number: string; past: string[] }>(
      sql`select gender, to_char(birthday, 'YYYY-MM-DD') as birthday, id_number, past_medical_history as past
          from family_member where id = ${fm3}`,
    );
    expect(row).toEqual({ gender: 'female', birthday: '1982-02-02', id_number: newId, past: ['无'] });
    const log = await one<{ action: string; target: string; detail: { fields: string[] } }>(
      sql`select action, target, detail from audit_log where action = 'drugser.update' order by id desc limit 1`,
    );
    expect(log.target).toBe(`family_member:${fm3}`);
    expect(log.detail.fields.sort()).toEqual(
      ['allergy_history', 'id_number', 'name', 'past_medical_history', 'phone', 'relation'].sort(),
    );
    expect(JSON.stringify(log.detail)).not.toContain('13600002222');
  });

  it.each([
    [{ id_number: '110101198005051234' }, 400, '身份证号格式不正确'],
    [{ name: '' }, 400, '姓名为 2–20 个字'],
    [{ phone: '12345' }, 400, '手机号格式不正确'],
    [{ allergy_history: ['不存在的过敏原'] }, 400, '过敏史「不存在的过敏原」不在可选项中'],
    [{}, 400, '没有要修改的内容'],
  ])('refuses %j with a Chinese message', async (body, status, message) => {
    const res = await call('PUT', `/marketing/family_member/${fm1}`, shop, Q, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().msg).toContain(message);
  });

  it('keeps one ID number and one 本人 per customer', async () => {
    const twin = await one<{ id_number: string }>(sql`select id_number from family_member where id = ${fm1}`);
    const dup = await call('PUT', `/marketing/family_member/${fm2}`, shop, Q, { id_number: twin.id_number });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('该客户已有相同身份证号的用药人');
    const self = await call('PUT', `/marketing/family_member/${fm2}`, shop, Q, { relation: 'self' });
    expect(self.statusCode).toBe(409);
    expect(self.json().msg).toBe('该客户已有关系为「本人」的用药人');
  });

  it('keeps a history value the member already has even when the collection no longer offers it', async () => {
    await exec(sql`update family_member set family_medical_history = ARRAY['旧的病史']::text[] where id = ${fm1}`);
    const res = await call('PUT', `/marketing/family_member/${fm1}`, shop, Q, {
      family_medical_history: ['旧的病史'],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
