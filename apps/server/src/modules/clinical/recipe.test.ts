import { recipeDetailSchema, recipeSummarySchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../../db/client';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';
import { checkRecipeItems } from './recipe-check';

let t: TestApp;
let doctorA: string;
let doctorB: string;
let doctorAId: number;
let doctorBId: number;
let patientId: number;
/** the demo patient's 李小华 (allergic to 青霉素) */
let daughter: number;
let child: number;
let pharmacyId: number;
/** catalogue products: amoxicillin (RX, 抗生素), cefixime (RX, 抗生素), ibuprofen (OTC), vitamin C (OTC) */
const P = { amox: 0, amox2: 0, cef: 0, ibu: 0, vitc: 0 };

const DOCTOR_B_PHONE = '13700000087';
const SIGNATURE = '/api/v1/upload/abcdefghijklmnopqrstuvwx.png';

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

const line = (product_id: number, over: Record<string, unknown> = {}) => ({
  product_id,
  dose_amount: '1',
  dose_unit: '粒',
  frequency: 'tid',
  route: '口服',
  days: 3,
  qty: 1,
  ...over,
});

/** An approved (or other status) request of a doctor for 李小华, without an order. */
async function request(doctorId: number, status = 'approved', member = daughter) {
  const [r] = await rows<{ id: number }>(
    sql`insert into consultation_request (pharmacy_id, account_id, family_member_id, doctor_id, source, patient_name,
        patient_gender, patient_age, wanted_items, status)
      values (${pharmacyId}, ${patientId}, ${member}, ${doctorId}, 'staff', '李小华', 'female', 30, '[]'::jsonb, ${status})
      returning id`,
  );
  return Number(r.id);
}

async function product(where: ReturnType<typeof sql>) {
  const [r] = await rows<{ id: number }>(
    sql`select p.id from product p left join category c on c.id = p.category_id
      where p.status = 'active' and ${where} order by p.id limit 1`,
  );
  return Number(r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const hash = await hashPassword(DEMO_PASSWORD);
  const [acc] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${DOCTOR_B_PHONE}, ${`pu_${DOCTOR_B_PHONE}`}, '测试医生乙', ${hash}) returning id`,
  );
  [{ id: doctorBId }] = await rows<{ id: number }>(
    sql`insert into doctor (account_id, hospital, department, title) values (${acc.id}, '测试医院', '全科', '主治医师')
      returning id`,
  );
  [{ id: doctorAId }] = await rows<{ id: number }>(
    sql`select d.id from doctor d join account a on a.id = d.account_id where a.phone = '13800000005'`,
  );
  await t.database.db.execute(sql`update doctor set signature_url = ${SIGNATURE} where id = ${doctorAId}`);
  [{ id: patientId }] = await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`);
  [{ id: pharmacyId }] = await rows<{ id: number }>(
    sql`select id from pharmacy where status = 'active' order by id limit 1`,
  );
  [{ id: daughter }] = await rows<{ id: number }>(
    sql`select id from family_member where account_id = ${patientId} and name = '李小华'`,
  );
  [{ id: child }] = await rows<{ id: number }>(
    sql`insert into family_member (account_id, name, gender, birthday, relation)
      values (${patientId}, '李小宝', 'male', (current_date - interval '6 years')::date, 'child') returning id`,
  );
  // doctor A has treated 李小宝 before (a request of theirs), so may write for them directly
  await t.database.db.execute(
    sql`insert into consultation_request (pharmacy_id, account_id, family_member_id, doctor_id, source, patient_name, status)
      values (${pharmacyId}, ${patientId}, ${child}, ${doctorAId}, 'staff', '李小宝', 'cancelled')`,
  );
  P.amox = await product(sql`p.generic_name like '阿莫西林%' and p.type = 'RX' and p.spec like '%粒%'`);
  const [{ generic_name: amoxGeneric }] = await rows<{ generic_name: string }>(
    sql`select generic_name from product where id = ${P.amox}`,
  );
  P.amox2 = await product(sql`p.generic_name = ${amoxGeneric} and p.id <> ${P.amox}`);
  P.cef = await product(sql`p.generic_name like '头孢%' and p.type = 'RX'`);
  P.ibu = await product(sql`p.generic_name like '布洛芬%'`);
  P.vitc = await product(sql`p.generic_name like '维生素C%'`);
  doctorA = await t.login('13800000005');
  doctorB = await t.login(DOCTOR_B_PHONE);
});
afterAll(async () => {
  await t?.close();
});

describe('the doctor profile and common diagnoses', () => {
  it('reads and edits the own profile; the signature must be an uploaded image', async () => {
    const res = await call('GET', '/mp/manager/doctor', doctorA);
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(profile).toMatchObject({ id: doctorAId, name: '张明远', signature_url: SIGNATURE });
    const body = { ...profile, hospital: '上海市第一人民医院', signature_url: '//evil.example/x.png' };
    delete body.id;
    delete body.name;
    const bad = await call('PUT', '/mp/manager/doctor', doctorA, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('电子签名');
    const good = await call('PUT', '/mp/manager/doctor', doctorA, { ...body, signature_url: SIGNATURE });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.hospital).toBe('上海市第一人民医院');
    // doctor B's profile is their own
    expect((await call('GET', '/mp/manager/doctor', doctorB)).json().data.id).toBe(doctorBId);
  });

  it('adds, refuses duplicates, lists, deletes; another doctor id answers 404', async () => {
    const added = await call('POST', `/common_diagnose/${doctorAId}`, doctorA, { text: ' 测试诊断甲 ' });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id;
    expect(added.json().data.text).toBe('测试诊断甲');
    const dup = await call('POST', `/common_diagnose/${doctorAId}`, doctorA, { text: '测试诊断甲' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('该诊断已在常用诊断中');
    const list = await call('GET', `/common_diagnose/${doctorAId}`, doctorA);
    expect(list.json().data.map((d: { id: number }) => d.id)).toContain(id);

    expect((await call('GET', `/common_diagnose/${doctorAId}`, doctorB)).statusCode).toBe(404);
    expect((await call('POST', `/common_diagnose/${doctorAId}`, doctorB, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/common_diagnose/${doctorAId}/${id}`, doctorB)).statusCode).toBe(404);
    // B's own path with A's diagnosis id: not theirs
    expect((await call('DELETE', `/common_diagnose/${doctorBId}/${id}`, doctorB)).statusCode).toBe(404);
    expect((await call('DELETE', `/common_diagnose/${doctorAId}/${id}`, doctorA)).statusCode).toBe(200);
    expect((await call('DELETE', `/common_diagnose/${doctorAId}/${id}`, doctorA)).statusCode).toBe(404);
  });

  it('keeps at most 50, also when added at once', async () => {
    const before = (await call('GET', `/common_diagnose/${doctorBId}`, doctorB)).json().data.length;
    const results = await Promise.all(
      Array.from({ length: 55 - before }, (_, i) =>
        call('POST', `/common_diagnose/${doctorBId}`, doctorB, { text: `诊断${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50 - before);
    expect(results.filter((r) => r.statusCode === 400)[0]?.json().msg).toBe('常用诊断最多 50 条');
    expect((await call('GET', `/common_diagnose/${doctorBId}`, doctorB)).json().data).toHaveLength(50);
  });
});

describe('checks as the doctor types', () => {
  it('finds the allergy of the request patient, with its reason', async () => {
    const id = await request(doctorAId);
    const res = await call('POST', '/recipe/check', doctorA, {
      consultation_request_id: id,
      items: [line(P.amox), line(P.ibu)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('ok');
    const allergy = data.warnings.find((w: { code: string }) => w.code === 'allergy');
    expect(allergy.items).toEqual([0]);
    expect(allergy.message).toContain('青霉素');
  });

  it("another doctor's request answers 404; a missing product names the line", async () => {
    const id = await request(doctorAId);
    expect(
      (await call('POST', '/recipe/check', doctorB, { consultation_request_id: id, items: [line(P.ibu)] })).statusCode,
    ).toBe(404);
    const missing = await call('POST', '/recipe/check', doctorA, {
      family_member_id: daughter,
      items: [line(P.ibu), line(2_000_000_000)],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.field).toBe('items.1.product_id');
    expect(missing.json().msg).toContain('第2行');
  });

  it('answers unavailable, never an empty ok, when the checks cannot run', async () => {
    const broken = {
      select: () => {
        throw new Error('connection terminated');
      },
    } as unknown as DbExecutor;
    const { result } = await checkRecipeItems(broken, [line(P.amox) as never], {
      age: 30,
      weight_kg: null,
      allergies: ['青霉素'],
    });
    expect(result.status).toBe('unavailable');
    expect(result.message).toMatch(/^用药检查暂时无法完成：/);
  });

  it('a family member the doctor never treated answers like a missing one', async () => {
    const res = await call('POST', '/recipe/check', doctorB, { family_member_id: child, items: [line(P.ibu)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('就诊人不存在');
    expect(res.body).not.toContain('李小宝');
  });

  it('runs for a family member directly', async () => {
    const res = await call('POST', '/recipe/check', doctorA, { family_member_id: child, items: [line(P.amox)] });
    expect(res.json().data.warnings.map((w: { code: string }) => w.code)).toEqual(['child_weight']);
    const weighed = await call('POST', '/recipe/check', doctorA, {
      family_member_id: child,
      weight_kg: '21.5',
      items: [line(P.amox)],
    });
    expect(weighed.json().data).toEqual({ status: 'ok', warnings: [], message: '' });
  });
});

describe('writing a prescription', () => {
  const write = (token: string, body: Record<string, unknown>) => call('POST', '/recipe', token, body);

  it('from an approved request with an order: the request is prescribed, the order carries it', async () => {
    const [quoteId] = await pickQuotes(t.database.db, pharmacyId, 1, true);
    const order = await insertOrder(t.database.db, {
      pharmacyId,
      status: 'pending_review',
      lines: [{ quoteId, qty: 1 }],
    });
    const [req] = await rows<{ id: number; wanted_items: { product_id: number }[] }>(
      sql`update consultation_request set doctor_id = ${doctorAId}, status = 'approved'
        where order_id = ${order.id} returning id, wanted_items`,
    );
    expect(req).toBeDefined();
    const read = await call('GET', `/recipe/consultation/${req.id}`, doctorA);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.order_no).toBe(order.orderNo);
    expect((await call('GET', `/recipe/consultation/${req.id}`, doctorB)).statusCode).toBe(404);

    const productId = req.wanted_items[0]!.product_id;
    const check = (
      await call('POST', '/recipe/check', doctorA, { consultation_request_id: req.id, items: [line(productId)] })
    ).json().data;
    const override_reasons = Object.fromEntries(check.warnings.map((w: { code: string }) => [w.code, '已与患者确认']));
    const res = await write(doctorA, {
      consultation_request_id: req.id,
      diagnoses: ['急性支气管炎', '急性支气管炎'],
      items: [line(productId)],
      override_reasons,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, recipe_no, status } = res.json().data;
    expect(status).toBe('pending_inspection');
    expect(recipe_no).toMatch(/^RX\d{8}\d{6}$/);
    const [after] = await rows<{ status: string; recipe_id: number; order_status: string }>(
      sql`select c.status, o.recipe_id, o.status as order_status from consultation_request c
        join orders o on o.id = c.order_id where c.id = ${req.id}`,
    );
    expect(after).toEqual({ status: 'prescribed', recipe_id: id, order_status: 'pending_review' });

    const detail = await call('GET', `/recipe/doctor/${id}`, doctorA);
    expect(detail.statusCode).toBe(200);
    const d = recipeDetailSchema.strict().parse(detail.json().data);
    expect(d).toMatchObject({ order_no: order.orderNo, diagnoses: ['急性支气管炎'], signature_url: SIGNATURE });
    expect(d.items[0]).toMatchObject({ product_id: productId, dose_amount: '1', frequency: 'tid' });
    expect(d.doctor.name).toBe('张明远');
    expect((await call('GET', `/recipe/doctor/${id}`, doctorB)).statusCode).toBe(404);

    // written once: the request is no longer approved
    const again = await write(doctorA, {
      consultation_request_id: req.id,
      diagnoses: ['x'],
      items: [line(productId)],
      override_reasons,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a warning without an override reason, naming it; keeps and audits the reasons', async () => {
    const id = await request(doctorAId);
    const body = { consultation_request_id: id, diagnoses: ['急性扁桃体炎'], items: [line(P.amox)] };
    const refused = await write(doctorA, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('过敏史冲突');
    expect(refused.json().data.field).toBe('override_reasons.allergy');
    const short = await write(doctorA, { ...body, override_reasons: { allergy: '是' } });
    expect(short.statusCode).toBe(400);
    const ok = await write(doctorA, { ...body, override_reasons: { allergy: '皮试阴性，患者知情同意' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const recipeId = ok.json().data.id;
    const detail = (await call('GET', `/recipe/doctor/${recipeId}`, doctorA)).json().data;
    expect(detail.warnings).toEqual([
      expect.objectContaining({ code: 'allergy', items: [0], override_reason: '皮试阴性，患者知情同意' }),
    ]);
    const audits = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`recipe:${recipeId}`} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['recipe.write', 'recipe.override']);
  });

  it('refuses the same generic drug twice', async () => {
    const id = await request(doctorAId);
    const res = await write(doctorA, {
      consultation_request_id: id,
      diagnoses: ['急性扁桃体炎'],
      items: [line(P.ibu), line(P.amox), line(P.amox2)],
      override_reasons: { allergy: '皮试阴性', duplicate_generic: '两种规格', duplicate_class: '必要' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('items.2.product_id');
    expect(res.json().msg).toContain('同一通用名');
    const [{ status }] = await rows<{ status: string }>(sql`select status from consultation_request where id = ${id}`);
    expect(status).toBe('approved');
  });

  it('needs a weight for a child with RX lines', async () => {
    const base = { family_member_id: child, pharmacy_id: pharmacyId, diagnoses: ['急性中耳炎'], items: [line(P.amox)] };
    const res = await write(doctorA, { ...base, override_reasons: { child_weight: '家长未知' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('weight_kg');
    const ok = await write(doctorA, { ...base, weight_kg: '20.5' });
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = (await call('GET', `/recipe/doctor/${ok.json().data.id}`, doctorA)).json().data;
    expect(detail.patient).toMatchObject({ name: '李小宝', age: 6, weight_kg: '20.5' });
    expect(detail.consultation_request_id).toBeNull();
  });

  it('needs the doctor signature', async () => {
    const id = await request(doctorBId);
    const res = await write(doctorB, { consultation_request_id: id, diagnoses: ['感冒'], items: [line(P.ibu)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请先上传电子签名');
  });

  it("another doctor's request answers 404; a request not approved 409", async () => {
    await t.database.db.execute(sql`update doctor set signature_url = ${SIGNATURE} where id = ${doctorBId}`);
    const mine = await request(doctorAId);
    const body = { diagnoses: ['感冒'], items: [line(P.ibu)] };
    expect((await write(doctorB, { ...body, consultation_request_id: mine })).statusCode).toBe(404);
    for (const status of ['pending', 'rejected', 'prescribed', 'cancelled']) {
      const id = await request(doctorAId, status);
      expect((await write(doctorA, { ...body, consultation_request_id: id })).statusCode).toBe(409);
    }
    await t.database.db.execute(sql`update doctor set signature_url = '' where id = ${doctorBId}`);
  });

  it('writes exactly one prescription when one request is written at once', async () => {
    const id = await request(doctorAId);
    const body = { consultation_request_id: id, diagnoses: ['感冒'], items: [line(P.ibu)] };
    const results = await Promise.all(Array.from({ length: 6 }, () => write(doctorA, body)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from recipe where consultation_request_id = ${id}`,
    );
    expect(n).toBe(1);
  });

  it('refuses bad input with a field message', async () => {
    const id = await request(doctorAId);
    const cases: [Record<string, unknown>, string][] = [
      [{ consultation_request_id: id, diagnoses: [], items: [line(P.ibu)] }, 'diagnoses'],
      [{ consultation_request_id: id, diagnoses: ['x'.repeat(51)], items: [line(P.ibu)] }, 'diagnoses.0'],
      [{ consultation_request_id: id, diagnoses: ['感冒'], items: [] }, 'items'],
      [{ consultation_request_id: id, diagnoses: ['感冒'], items: [line(P.ibu, { qty: 0 })] }, 'items.0.qty'],
      [{ consultation_request_id: id, diagnoses: ['感冒'], items: [line(P.ibu, { days: 31 })] }, 'items.0.days'],
      [{ family_member_id: daughter, diagnoses: ['感冒'], items: [line(P.ibu)] }, 'pharmacy_id'],
    ];
    for (const [body, field] of cases) {
      const res = await write(doctorA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });
});

describe('the doctor list and void', () => {
  it("lists the doctor's own, newest first, with tab counts; filters by patient, number and dates", async () => {
    const res = await call('GET', '/recipe/doctor', doctorA);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const r of data.list) recipeSummarySchema.strict().parse(r);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from recipe where doctor_id = ${doctorAId}`,
    );
    expect(data.total).toBe(n);
    expect(data.counts.all).toBe(n);
    const ids = data.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(data.list[0].doctor_name).toBe('张明远');
    expect(data.list[0].items_text).toMatch(/ ×\d/);

    const other = (await call('GET', '/recipe/doctor', doctorB)).json().data;
    expect(other.total).toBe(0);
    expect(other.list).toEqual([]);

    const child = (await call('GET', '/recipe/doctor?patient=小宝', doctorA)).json().data;
    expect(child.list.length).toBeGreaterThan(0);
    expect(child.list.every((r: { patient_name: string }) => r.patient_name === '李小宝')).toBe(true);
    expect(child.total).toBe(child.list.length);

    const first = data.list[0];
    const byNo = (await call('GET', `/recipe/doctor?recipe_no=${first.recipe_no}`, doctorA)).json().data;
    expect(byNo.list.map((r: { id: number }) => r.id)).toEqual([first.id]);

    const past = (await call('GET', '/recipe/doctor?date_from=2020-01-01&date_to=2020-01-31', doctorA)).json().data;
    expect(past.total).toBe(0);

    const tab = (await call('GET', '/recipe/doctor?status=pending_inspection&page_size=10', doctorA)).json().data;
    expect(tab.total).toBe(data.counts.pending_inspection);
    expect(tab.list.every((r: { status: string }) => r.status === 'pending_inspection')).toBe(true);
  });

  it('page 1 is kept only while the doctor’s prescriptions are unwritten: a change straight in the table shows at once', async () => {
    const list = async () => (await call('GET', '/recipe/doctor', doctorA)).json().data;
    const before = await list();
    expect(await list()).toEqual(before);
    const top = before.list[0] as { id: number; status: string };
    await rows(sql`update recipe set patient_name = '改名的患者' where id = ${top.id}`);
    const after = await list();
    expect(after.list[0].patient_name).toBe('改名的患者');
    expect(after.counts).toEqual(before.counts);
  });

  it('voids a pending prescription; the request can be written again; only once, only own', async () => {
    const id = await request(doctorAId);
    const written = await call('POST', '/recipe', doctorA, {
      consultation_request_id: id,
      diagnoses: ['感冒'],
      items: [line(P.ibu)],
    });
    const recipeId = written.json().data.id;
    expect((await call('PUT', `/recipe/${recipeId}/void`, doctorB)).statusCode).toBe(404);
    const res = await call('PUT', `/recipe/${recipeId}/void`, doctorA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('void');
    const [{ status }] = await rows<{ status: string }>(sql`select status from consultation_request where id = ${id}`);
    expect(status).toBe('approved');
    expect((await call('PUT', `/recipe/${recipeId}/void`, doctorA)).statusCode).toBe(409);
    const rewritten = await call('POST', '/recipe', doctorA, {
      consultation_request_id: id,
      diagnoses: ['感冒'],
      items: [line(P.ibu)],
    });
    expect(rewritten.statusCode).toBe(200);
  });

  it('searches active catalogue products for the items', async () => {
    const res = await call('GET', `/recipe/products?keyword=${encodeURIComponent('阿莫西林')}`, doctorA);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0].generic_name).toContain('阿莫西林');
    expect(list[0].category).not.toBe('');
    const byIds = (await call('GET', `/recipe/products?ids=${P.ibu},${P.vitc}`, doctorA)).json().data;
    expect(byIds.map((p: { id: number }) => p.id).sort()).toEqual([P.ibu, P.vitc].sort());
  });
});
