import {
  ageFromIdNumber,
  ageFromTimestamp,
  genderFromIdNumber,
  memberCardSchema,
  memberListItemSchema,
  memberOptionsSchema,
} from '@pharmacy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auditLog, familyMember, pharmacy, pharmacyMember, viper } from '../../db/schema/index';
import { demoPharmacies } from '../../db/seed/demo-data';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string; // 13800000002, pharmacy_admin 'all' of pharmacy 1
let shop: string; // 13800000001, owner of pharmacies 1 and 2
let manager: string; // 13800000003, manager of pharmacy 1 without viper_manage
let pharmacist: string; // 13800000006
let otherAdmin: string; // 13800000005 (a doctor) made pharmacy_admin 'all' of pharmacy 2 only, below
let pudong: number;
let xihu: number;

const DEMO_PHONE = '13917358826';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const byName = async (name: string) =>
    (await db.select({ id: pharmacy.id }).from(pharmacy).where(eq(pharmacy.name, name)))[0].id;
  pudong = await byName(demoPharmacies[0].name);
  xihu = await byName(demoPharmacies[1].name);
  // a staff member holding 'all' in the second pharmacy only
  const [cs] = await db.select({ id: account.id }).from(account).where(eq(account.phone, '13800000005'));
  await db
    .insert(pharmacyMember)
    .values({ pharmacyId: xihu, accountId: cs.id, role: 'pharmacy_admin', permissions: ['all'] });
  [admin, shop, manager, pharmacist, otherAdmin] = await Promise.all(
    ['13800000002', '13800000001', '13800000003', '13800000006', '13800000005'].map((p) => t.login(p)),
  );
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'PUT',
  url: string,
  token: string | undefined,
  pharmacyId: number | undefined,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    ...(payload ? { payload } : {}),
  });

const vipersOf = async (pharmacyId: number) =>
  t.database.db
    .select({ id: viper.id, accountId: viper.accountId, phone: account.phone })
    .from(viper)
    .innerJoin(account, eq(account.id, viper.accountId))
    .where(eq(viper.pharmacyId, pharmacyId));

const viperIdByPhone = async (pharmacyId: number, phone: string) =>
  (await vipersOf(pharmacyId)).find((v) => v.phone === phone)!.id;

const validBody = { level: 3, tags: ['宝妈', '复购'], remark: '孩子对鸡蛋过敏' };

describe('access: viper_manage of the current pharmacy', () => {
  const routes = (id: number) =>
    [
      ['GET', '/marketing/viper'],
      ['GET', '/marketing/viper/options'],
      ['GET', `/marketing/viper/${id}`],
      ['PUT', `/marketing/viper/${id}`],
    ] as const;

  it('needs a session', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    for (const [method, url] of routes(id)) {
      const res = await call(method, url, undefined, pudong, method === 'PUT' ? validBody : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lets pharmacy_admin with all and the owner in', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    for (const token of [admin, shop]) {
      for (const [method, url] of routes(id)) {
        if (method === 'PUT') continue;
        const res = await call(method, url, token, pudong);
        expect(res.statusCode, url).toBe(200);
      }
    }
  });

  it('refuses staff of the pharmacy without the key (manager, pharmacist)', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    for (const token of [manager, pharmacist]) {
      for (const [method, url] of routes(id)) {
        const res = await call(method, url, token, pudong, method === 'PUT' ? validBody : undefined);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe(403000);
      }
    }
  });

  it("refuses another pharmacy's staff holding all, in the other pharmacy (403) and by id from their own (404)", async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    for (const [method, url] of routes(id)) {
      const res = await call(method, url, otherAdmin, pudong, method === 'PUT' ? validBody : undefined);
      expect(res.statusCode, url).toBe(403);
    }
    const card = await call('GET', `/marketing/viper/${id}`, otherAdmin, xihu);
    const edit = await call('PUT', `/marketing/viper/${id}`, otherAdmin, xihu, validBody);
    const missing = await call('GET', '/marketing/viper/2147483647', otherAdmin, xihu);
    for (const res of [card, edit]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const [row] = await t.database.db.select().from(viper).where(eq(viper.id, id));
    expect(row.remark).not.toBe(validBody.remark);
  });

  it("lists only the current pharmacy's members", async () => {
    const own = await vipersOf(xihu);
    const res = (await call('GET', '/marketing/viper?page_size=100', otherAdmin, xihu)).json().data;
    expect(res.total).toBe(own.length);
    expect(res.list.map((m: { id: number }) => m.id).sort()).toEqual(own.map((v) => v.id).sort());
    const pudongIds = new Set((await vipersOf(pudong)).map((v) => v.id));
    expect(res.list.some((m: { id: number }) => pudongIds.has(m.id))).toBe(false);
  });
});

describe('phones and ID numbers never appear whole', () => {
  it('masks the phone in the list (138****0001 form), and the raw JSON holds no member phone', async () => {
    const res = await call('GET', '/marketing/viper?page_size=100', admin, pudong);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBeGreaterThanOrEqual(40);
    for (const m of data.list) memberListItemSchema.strict().parse(m);
    const found = (await call('GET', '/marketing/viper?keyword=陈美玲', admin, pudong)).json().data;
    expect(found.list.map((m: { phone: string }) => m.phone)).toEqual(['139****8826']);
    for (const v of await vipersOf(pudong)) expect(res.body).not.toContain(v.phone);
    expect(res.body).not.toMatch(/1[3-9]\d{9}/);
  });

  it('masks every phone and ID number in the card', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    const res = await call('GET', `/marketing/viper/${id}`, admin, pudong);
    expect(res.statusCode).toBe(200);
    const card = memberCardSchema.strict().parse(res.json().data);
    expect(card.phone).toBe('139****8826');
    expect(res.body).not.toMatch(/1[3-9]\d{9}/);
    const accountId = (await vipersOf(pudong)).find((v) => v.id === id)!.accountId;
    const family = await t.database.db.select().from(familyMember).where(eq(familyMember.accountId, accountId));
    expect(family.length).toBeGreaterThan(0);
    for (const f of family) {
      expect(res.body).not.toContain(f.idNumber);
      if (f.phone) expect(res.body).not.toContain(f.phone);
      const shown = card.family_members.find((m) => m.id === f.id)!;
      expect(shown.id_number).toBe(`${f.idNumber.slice(0, 4)}**********${f.idNumber.slice(-4)}`);
    }
    for (const a of card.addresses) expect(a.phone).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
  });

  it('derives age and gender from the ID number (spec §5)', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    const card = (await call('GET', `/marketing/viper/${id}`, admin, pudong)).json().data;
    const accountId = (await vipersOf(pudong)).find((v) => v.id === id)!.accountId;
    const family = await t.database.db.select().from(familyMember).where(eq(familyMember.accountId, accountId));
    expect(family.map((f) => f.relation).sort()).toEqual(['daughter', 'self', 'spouse']);
    for (const f of family) {
      const shown = card.family_members.find((m: { id: number }) => m.id === f.id);
      expect(shown).toMatchObject({
        gender: genderFromIdNumber(f.idNumber),
        age: ageFromIdNumber(f.idNumber),
        relation: f.relation,
        allergy_history: f.allergyHistory,
        family_medical_history: f.familyMedicalHistory,
        past_medical_history: f.pastMedicalHistory,
      });
    }
    const daughter = card.family_members.find((m: { relation: string }) => m.relation === 'daughter');
    expect(daughter).toMatchObject({ name: '周语桐', gender: 'female', allergy_history: ['鸡蛋', '尘螨'] });
    expect(card.family_members[0].relation).toBe('self');
  });

  it("shows the demo patient's card: ID number 3101**********7729, gender and age from it", async () => {
    const id = await viperIdByPhone(pudong, '13900000001');
    const card = (await call('GET', `/marketing/viper/${id}`, admin, pudong)).json().data;
    const self = card.family_members.find((f: { name: string }) => f.name === '李小华');
    expect(self).toMatchObject({
      id_number: '3101**********7729',
      gender: 'female',
      age: ageFromTimestamp(new Date(1990, 2, 7)),
      relation: 'self',
      allergy_history: ['青霉素'],
    });
    const father = card.family_members.find((f: { name: string }) => f.name === '李建军');
    expect(father).toMatchObject({ gender: 'male', age: ageFromTimestamp(new Date(1962, 4, 12)) });
    expect(card.addresses[0]).toMatchObject({ district: '浦东新区', phone: '139****0001' });
  });
});

describe('search', () => {
  it('finds a member by the last four digits of the phone', async () => {
    const data = (await call('GET', '/marketing/viper?keyword=8826', admin, pudong)).json().data;
    expect(data.list.map((m: { name: string }) => m.name)).toContain('陈美玲');
    for (const m of data.list) expect(m.phone.endsWith('8826')).toBe(true);
  });

  it('finds a member by the full phone number', async () => {
    const data = (await call('GET', `/marketing/viper?keyword=${DEMO_PHONE}`, admin, pudong)).json().data;
    expect(data.total).toBe(1);
    expect(data.list[0].name).toBe('陈美玲');
  });

  it('finds members by part of the name', async () => {
    const data = (await call('GET', `/marketing/viper?keyword=${encodeURIComponent('美玲')}`, admin, pudong)).json()
      .data;
    expect(data.total).toBeGreaterThanOrEqual(1);
    for (const m of data.list) expect(m.name).toContain('美玲');
  });

  it('does not search the hidden middle digits of a phone', async () => {
    const data = (await call('GET', '/marketing/viper?keyword=1735', admin, pudong)).json().data;
    expect(data.list.map((m: { name: string }) => m.name)).not.toContain('陈美玲');
  });

  it("does not find another pharmacy's member by phone", async () => {
    const data = (await call('GET', `/marketing/viper?keyword=${DEMO_PHONE}`, otherAdmin, xihu)).json().data;
    expect(data).toMatchObject({ total: 0, list: [] });
  });

  it('filters by level, tag and channel, and the total counts the filtered rows', async () => {
    const options = memberOptionsSchema.parse(
      (await call('GET', '/marketing/viper/options', admin, pudong)).json().data,
    );
    expect(options.channels.map((c) => c.name)).toEqual(['门店海报', '社区义诊', '公众号推文']);
    expect(options.tags).toEqual(expect.arrayContaining(['宝妈', '慢病', '高血压家属']));
    const channelId = options.channels[0].id;
    const data = (
      await call('GET', `/marketing/viper?level=3&tag=${encodeURIComponent('宝妈')}&page_size=100`, admin, pudong)
    ).json().data;
    expect(data.total).toBe(data.list.length);
    for (const m of data.list) {
      expect(m.level).toBe(3);
      expect(m.tags).toContain('宝妈');
    }
    const byChannel = (
      await call('GET', `/marketing/viper?channel_id=${channelId}&page_size=100`, admin, pudong)
    ).json().data;
    expect(byChannel.total).toBeGreaterThan(0);
    for (const m of byChannel.list) expect(m).toMatchObject({ channel_id: channelId, channel_name: '门店海报' });
  });

  it('refuses a keyword that is too long, in Chinese', async () => {
    const res = await call('GET', `/marketing/viper?keyword=${'a'.repeat(31)}`, admin, pudong);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('关键词最多 30 个字');
  });
});

describe('edit', () => {
  it('saves level, tags (trimmed, de-duplicated) and remark, and writes the audit log', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    const res = await call('PUT', `/marketing/viper/${id}`, admin, pudong, {
      level: 4,
      tags: [' 宝妈 ', '宝妈', '过敏体质'],
      remark: '  周末到店  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('已保存');
    expect(res.json().data).toMatchObject({ level: 4, tags: ['宝妈', '过敏体质'], remark: '周末到店' });
    expect(res.body).not.toContain(DEMO_PHONE);
    const [row] = await t.database.db.select().from(viper).where(eq(viper.id, id));
    expect(row).toMatchObject({ level: 4, tags: ['宝妈', '过敏体质'], remark: '周末到店' });
    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'viper.update'), eq(auditLog.target, `viper:${id}`)));
    expect(logs).toHaveLength(1);
    expect(logs[0].pharmacyId).toBe(pudong);
  });

  it.each([
    [{ ...validBody, level: 6 }, '会员等级须为 1–5 级'],
    [{ ...validBody, level: 0 }, '会员等级须为 1–5 级'],
    [{ ...validBody, level: 2.5 }, '会员等级须为 1–5 级'],
    [{ tags: [], remark: '' }, '请选择会员等级'],
    [{ ...validBody, tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) }, '标签最多 10 个'],
    [{ ...validBody, tags: ['一二三四五六七八九十一'] }, '每个标签最多 10 个字'],
    [{ ...validBody, tags: ['  '] }, '标签不能为空'],
    [{ ...validBody, remark: '字'.repeat(501) }, '备注最多 500 个字'],
  ])('refuses %j with a Chinese message', async (body, message) => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    const [before] = await t.database.db.select().from(viper).where(eq(viper.id, id));
    const res = await call('PUT', `/marketing/viper/${id}`, admin, pudong, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400000, data: expect.anything() });
    expect(res.json().msg).toContain(message);
    const [after] = await t.database.db.select().from(viper).where(eq(viper.id, id));
    expect(after).toEqual(before);
  });

  it('accepts eleven tags that are ten once de-duplicated', async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    const tags = [...Array.from({ length: 10 }, (_, i) => `标签${i}`), '标签0'];
    const res = await call('PUT', `/marketing/viper/${id}`, admin, pudong, { ...validBody, tags });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tags).toHaveLength(10);
  });

  it("leaves the patient's own family and addresses alone", async () => {
    const id = await viperIdByPhone(pudong, DEMO_PHONE);
    const accountId = (await vipersOf(pudong)).find((v) => v.id === id)!.accountId;
    const before = await t.database.db
      .select()
      .from(familyMember)
      .where(inArray(familyMember.accountId, [accountId]));
    await call('PUT', `/marketing/viper/${id}`, admin, pudong, validBody);
    const after = await t.database.db
      .select()
      .from(familyMember)
      .where(inArray(familyMember.accountId, [accountId]));
    expect(after).toEqual(before);
  });
});
