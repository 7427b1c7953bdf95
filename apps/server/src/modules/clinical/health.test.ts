import {
  healthChartSchema,
  healthFormDetailSchema,
  healthFormSummarySchema,
  myHealthEntrySchema,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';
import { chartSince, toPoints } from './health.service';

let t: TestApp;
let doctorA: string;
let doctorB: string;
let patient: string;
let stranger: string;
let doctorAId: number;
let doctorBId: number;
let patientId: number;
/** the demo patient's family members: 李小华 (female, self) and 李建军 (male, father) */
let daughter: number;
let father: number;

const DOCTOR_B_PHONE = '13700000097';
const STRANGER_PHONE = '13700000096';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

const answers = (over: Record<string, unknown> = {}) => ({
  height_cm: 165.5,
  weight_kg: 58.2,
  systolic: 128,
  diastolic: 82,
  blood_sugar: 5.6,
  smoking: 'never',
  drinking: 'sometimes',
  exercise: 'weekly_3_5',
  chronic_conditions: ['高血压'],
  medications: '苯磺酸氨氯地平片 5mg 每日一次',
  allergy_confirm: 'yes',
  allergy_detail: '青霉素',
  pregnancy: 'none',
  note: '',
  ...over,
});

/** Submits as the demo patient and moves the form to the given doctor (the assignment rule has its own test). */
async function submitFor(doctorId: number, member = father, over: Record<string, unknown> = {}) {
  const res = await call('PUT', '/health_collection/mine', patient, {
    family_member_id: member,
    answers: answers(over),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await t.database.db.execute(sql`update health_collection set doctor_id = ${doctorId} where id = ${id}`);
  return id;
}

async function createAccount(phone: string, name: string) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const [row] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name, password_hash) values (${phone}, ${`pu_${phone}`}, ${name}, ${hash})
      returning id`,
  );
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const bAccount = await createAccount(DOCTOR_B_PHONE, '测试医生乙');
  [{ id: doctorBId }] = await rows<{ id: number }>(
    sql`insert into doctor (account_id, hospital, department, title) values (${bAccount}, '测试医院', '全科', '主治医师')
      returning id`,
  );
  await createAccount(STRANGER_PHONE, '测试患者乙');
  [{ id: doctorAId }] = await rows<{ id: number }>(
    sql`select d.id from doctor d join account a on a.id = d.account_id where a.phone = '13800000005'`,
  );
  [{ id: patientId }] = await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`);
  [{ id: daughter }] = await rows<{ id: number }>(
    sql`select id from family_member where account_id = ${patientId} and name = '李小华'`,
  );
  [{ id: father }] = await rows<{ id: number }>(
    sql`select id from family_member where account_id = ${patientId} and name = '李建军'`,
  );
  doctorA = await t.login('13800000005');
  doctorB = await t.login(DOCTOR_B_PHONE);
  patient = await t.login('13900000001');
  stranger = await t.login(STRANGER_PHONE);
});
afterAll(async () => {
  await t?.close();
});

describe('the patient submits a form', () => {
  it('lists every family member with the latest form (or none)', async () => {
    const res = await call('GET', '/health_collection/mine', patient);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const e of data) myHealthEntrySchema.strict().parse(e);
    const ids = data.map((e: { family_member: { id: number } }) => e.family_member.id);
    expect(ids).toEqual(expect.arrayContaining([daughter, father]));
    const self = data.find((e: { family_member: { id: number } }) => e.family_member.id === daughter);
    expect(self.family_member.allergy_history).toEqual(['青霉素']);
  });

  it('submits, writes the measurement, replaces a pending form instead of adding one', async () => {
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from health_measurement where family_member_id = ${daughter}`,
    );
    const first = await call('PUT', '/health_collection/mine', patient, {
      family_member_id: daughter,
      answers: answers(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const { id, replaced } = first.json().data;
    expect(first.json().data.status).toBe('submitted');

    const again = await call('PUT', '/health_collection/mine', patient, {
      family_member_id: daughter,
      answers: answers({ weight_kg: 57.9, pregnancy: 'lactating' }),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ id, status: 'submitted', replaced: true });
    expect(replaced === false || replaced === true).toBe(true);

    const [form] = await rows<{ answers: { weight_kg: number; pregnancy: string }; doctor_id: number | null }>(
      sql`select answers, doctor_id from health_collection where id = ${id}`,
    );
    expect(form.answers.weight_kg).toBe(57.9);
    expect(form.answers.pregnancy).toBe('lactating');
    expect(form.doctor_id).not.toBeNull();
    // the replaced submission's measurement is gone: one more row than before, with the new weight
    const after = await rows<{ weight_kg: string }>(
      sql`select weight_kg from health_measurement where family_member_id = ${daughter} order by id`,
    );
    expect(after.length).toBe(before[0].n + (replaced ? 0 : 1));
    expect(after.at(-1)?.weight_kg).toBe('57.9');

    const mine = (await call('GET', '/health_collection/mine', patient)).json().data;
    const self = mine.find((e: { family_member: { id: number } }) => e.family_member.id === daughter);
    expect(self.form).toMatchObject({ id, status: 'submitted', reject_reason: '' });
  });

  it("refuses another account's family member as a missing one (404)", async () => {
    const res = await call('PUT', '/health_collection/mine', stranger, {
      family_member_id: father,
      answers: answers(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('就诊人不存在');
    const chart = await call('GET', `/health_collection/mine/chart?family_member_id=${father}`, stranger);
    expect(chart.statusCode).toBe(404);
    const m = await call('POST', '/health_collection/mine/measurement', stranger, {
      family_member_id: father,
      measured_at: new Date().toISOString(),
      weight_kg: 70,
    });
    expect(m.statusCode).toBe(404);
    const list = (await call('GET', '/health_collection/mine', stranger)).json().data;
    expect(list).toEqual([]);
  });

  it.each([
    [{ height_cm: 20 }, '身高应在 30–250 cm 之间'],
    [{ height_cm: 251 }, '身高应在 30–250 cm 之间'],
    [{ weight_kg: 1.9 }, '体重应在 2–300 kg 之间'],
    [{ weight_kg: 60.25 }, '体重最多保留 1 位小数'],
    [{ systolic: 270 }, '收缩压应在 60–260 mmHg 之间'],
    [{ diastolic: 20 }, '舒张压应在 30–160 mmHg 之间'],
    [{ systolic: 120, diastolic: 120 }, '舒张压应低于收缩压'],
    [{ systolic: 120, diastolic: null }, '收缩压和舒张压需同时填写'],
    [{ blood_sugar: 0.5 }, '空腹血糖应在 1–35 mmol/L 之间'],
    [{ blood_sugar: 5.55 }, '空腹血糖最多保留 1 位小数'],
    [{ smoking: 'sometimes' }, '请选择吸烟情况'],
    [{ chronic_conditions: ['感冒'] }, '慢性病选项不正确'],
    [{ allergy_confirm: 'yes', allergy_detail: '' }, '请填写过敏物质'],
    [{ height_cm: undefined }, '请填写身高'],
  ])('refuses bad answers %j with a Chinese message', async (over, message) => {
    const res = await call('PUT', '/health_collection/mine', patient, {
      family_member_id: father,
      answers: answers(over),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it('refuses pregnancy answers for a male family member', async () => {
    const res = await call('PUT', '/health_collection/mine', patient, {
      family_member_id: father,
      answers: answers({ pregnancy: 'pregnant' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('男性就诊人无需填写妊娠/哺乳情况');
  });

  it('assigns a new form to the least loaded active doctor, or to the pharmacy default doctor', async () => {
    await t.database.db.execute(
      sql`update health_collection set status = 'approved' where family_member_id = ${father}`,
    );
    // doctor B is given the most waiting forms, so doctor A (or another) is the least loaded
    const load = await rows<{ id: number; n: number }>(
      sql`select d.id, (select count(*)::int from health_collection h where h.doctor_id = d.id and h.status = 'submitted') n
        from doctor d where d.status = 'active' order by 2, 1`,
    );
    const res = await call('PUT', '/health_collection/mine', patient, { family_member_id: father, answers: answers() });
    const id = res.json().data.id;
    const [form] = await rows<{ doctor_id: number }>(sql`select doctor_id from health_collection where id = ${id}`);
    const [{ pharmacy_id }] = await rows<{ pharmacy_id: number | null }>(
      sql`select coalesce((select pharmacy_id from orders where account_id = ${patientId} order by id desc limit 1),
        (select pharmacy_id from viper where account_id = ${patientId} order by id desc limit 1)) as pharmacy_id`,
    );
    const [setting] = await rows<{ d: string | null }>(
      sql`select config->>'default_doctor_id' as d from pharmacy_setting where pharmacy_id = ${pharmacy_id}`,
    );
    if (setting?.d) expect(form.doctor_id).toBe(Number(setting.d));
    else expect(form.doctor_id).toBe(load[0].id);

    // the pharmacy names doctor B: the next new form goes to B
    await t.database.db.execute(sql`update health_collection set status = 'approved' where id = ${id}`);
    await t.database.db.execute(
      sql`insert into pharmacy_setting (pharmacy_id, config) values (${pharmacy_id}, ${JSON.stringify({ default_doctor_id: doctorBId })}::jsonb)
        on conflict (pharmacy_id) do update set config = pharmacy_setting.config || excluded.config`,
    );
    const next = await call('PUT', '/health_collection/mine', patient, {
      family_member_id: father,
      answers: answers(),
    });
    const [nextForm] = await rows<{ doctor_id: number }>(
      sql`select doctor_id from health_collection where id = ${next.json().data.id}`,
    );
    expect(nextForm.doctor_id).toBe(doctorBId);
    await t.database.db.execute(
      sql`update pharmacy_setting set config = config - 'default_doctor_id' where pharmacy_id = ${pharmacy_id}`,
    );
    await t.database.db.execute(
      sql`update health_collection set status = 'approved' where family_member_id = ${father}`,
    );
  });
});

describe('the doctor reviews forms', () => {
  it('lists only their own forms, by status tab, with counts and filters', async () => {
    const id = await submitFor(doctorAId);
    const res = await call('GET', '/health_collection?status=submitted', doctorA);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const row of data.list) healthFormSummarySchema.strict().parse(row);
    const row = data.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      patient_name: '李建军',
      gender: 'male',
      status: 'submitted',
      systolic: 128,
      diastolic: 82,
      blood_sugar: '5.6',
      height_cm: '165.5',
      weight_kg: '58.2',
      bmi: '21.2', // 58.2 / 1.655² = 21.249… → 21.2
    });
    expect(row.age).toBeGreaterThan(60);
    const [counts] = await rows<{ s: number; a: number; r: number }>(
      sql`select count(*) filter (where status = 'submitted')::int s, count(*) filter (where status = 'approved')::int a,
        count(*) filter (where status = 'rejected')::int r from health_collection where doctor_id = ${doctorAId}`,
    );
    expect(data.counts).toEqual({ submitted: counts.s, approved: counts.a, rejected: counts.r });
    expect(data.total).toBe(counts.s);

    const byName = (await call('GET', `/health_collection?name=${encodeURIComponent('建军')}`, doctorA)).json().data;
    expect(byName.list.every((r: { patient_name: string }) => r.patient_name === '李建军')).toBe(true);
    expect(byName.list.some((r: { id: number }) => r.id === id)).toBe(true);
    const none = (await call('GET', `/health_collection?name=${encodeURIComponent('不存在')}`, doctorA)).json().data;
    expect(none).toMatchObject({ list: [], total: 0, counts: { submitted: 0, approved: 0, rejected: 0 } });
    const past = (await call('GET', '/health_collection?date_from=2000-01-01&date_to=2000-12-31', doctorA)).json().data;
    expect(past.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const now = (await call('GET', `/health_collection?date_from=${today}&date_to=${today}`, doctorA)).json().data;
    expect(now.list.some((r: { id: number }) => r.id === id)).toBe(true);

    const other = (await call('GET', '/health_collection', doctorB)).json().data;
    expect(other.list.some((r: { id: number }) => r.id === id)).toBe(false);
  });

  it('shows the form with the family member profile; another doctor gets 404', async () => {
    const id = await submitFor(doctorAId);
    const res = await call('GET', `/health_collection/${id}`, doctorA);
    expect(res.statusCode).toBe(200);
    const detail = healthFormDetailSchema.parse(res.json().data);
    expect(detail.answers).toMatchObject({ smoking: 'never', chronic_conditions: ['高血压'] });
    expect(detail.patient).toMatchObject({ name: '李建军', past_medical_history: ['原发性高血压', '2 型糖尿病'] });
    for (const url of [`/health_collection/${id}`, `/health_collection/${id}/chart`]) {
      const b = await call('GET', url, doctorB);
      expect(b.statusCode).toBe(404);
      expect(b.json().msg).toBe('健康表不存在');
    }
    for (const url of [`/health_collection/${id}/approve`, `/health_collection/${id}/reset`]) {
      const b = await call('PUT', url, doctorB, { reason: '不完整' });
      expect(b.statusCode).toBe(404);
    }
    expect((await call('GET', '/health_collection/2147483647', doctorA)).statusCode).toBe(404);
    // still pending: nothing changed by B's attempts
    const [form] = await rows<{ status: string }>(sql`select status from health_collection where id = ${id}`);
    expect(form.status).toBe('submitted');
  });

  it('refuses staff and patients on doctor routes (403)', async () => {
    expect((await call('GET', '/health_collection', patient)).statusCode).toBe(403);
    expect((await call('GET', '/health_collection', undefined)).statusCode).toBe(401);
  });

  it('approves once; a second decision answers 409', async () => {
    const id = await submitFor(doctorAId);
    const res = await call('PUT', `/health_collection/${id}/approve`, doctorA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, status: 'approved' });
    const again = await call('PUT', `/health_collection/${id}/reset`, doctorA, { reason: '数据异常' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该健康表已被审核，请刷新后查看');
    const [msg] = await rows<{ title: string; link: string }>(
      sql`select title, link from message where account_id = ${patientId} order by id desc limit 1`,
    );
    expect(msg).toEqual({ title: '健康表审核通过', link: '/patient/health' });
  });

  it('reset needs a reason', async () => {
    const id = await submitFor(doctorAId);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      const res = await call('PUT', `/health_collection/${id}/reset`, doctorA, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/驳回原因/);
    }
  });

  it('reset: the patient sees rejected with the reason, is notified, and can submit again', async () => {
    const id = await submitFor(doctorAId);
    const res = await call('PUT', `/health_collection/${id}/reset`, doctorA, { reason: '血压数值请复测后填写' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, status: 'rejected' });

    const mine = (await call('GET', '/health_collection/mine', patient)).json().data;
    const entry = mine.find((e: { family_member: { id: number } }) => e.family_member.id === father);
    expect(entry.form).toMatchObject({ id, status: 'rejected', reject_reason: '血压数值请复测后填写' });
    const [msg] = await rows<{ kind: string; content: string; link: string }>(
      sql`select kind, content, link from message where account_id = ${patientId} order by id desc limit 1`,
    );
    expect(msg.kind).toBe('system');
    expect(msg.link).toBe('/patient/health');
    expect(msg.content).toContain('血压数值请复测后填写');

    const again = await call('PUT', '/health_collection/mine', patient, {
      family_member_id: father,
      answers: answers({ systolic: 135, diastolic: 85 }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).not.toBe(id);
    expect(again.json().data.replaced).toBe(false);
    const after = (await call('GET', '/health_collection/mine', patient)).json().data;
    const latest = after.find((e: { family_member: { id: number } }) => e.family_member.id === father);
    expect(latest.form).toMatchObject({ id: again.json().data.id, status: 'submitted', reject_reason: '' });
  });

  it('approve and reset at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await submitFor(doctorAId);
      const results = await Promise.all([
        call('PUT', `/health_collection/${id}/approve`, doctorA),
        call('PUT', `/health_collection/${id}/reset`, doctorA, { reason: '请补充资料' }),
        call('PUT', `/health_collection/${id}/approve`, doctorA),
        call('PUT', `/health_collection/${id}/reset`, doctorA, { reason: '请补充资料' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().data.status;
      const [form] = await rows<{ status: string }>(sql`select status from health_collection where id = ${id}`);
      expect(form.status).toBe(winner);
      const [{ n }] = await rows<{ n: number }>(
        sql`select count(*)::int n from audit_log where target = ${`health_collection:${id}`}`,
      );
      expect(n).toBe(1);
    }
  });
});

describe('measurements and the chart', () => {
  it('adds measurements (validated) and charts a year of them with exact BMI', async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const add = (body: object) => call('POST', '/health_collection/mine/measurement', patient, body);
    expect((await add({ family_member_id: daughter, measured_at: at(400), height_cm: 160.0 })).statusCode).toBe(200);
    expect((await add({ family_member_id: daughter, measured_at: at(30), weight_kg: 55.5 })).statusCode).toBe(200);
    expect(
      (await add({ family_member_id: daughter, measured_at: at(20), systolic: 118, diastolic: 76 })).statusCode,
    ).toBe(200);

    const future = await add({ family_member_id: daughter, measured_at: at(-1), weight_kg: 55 });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toContain('测量时间不能晚于当前时间');
    const empty = await add({ family_member_id: daughter, measured_at: at(1) });
    expect(empty.json().msg).toContain('请至少填写一项测量值');
    const half = await add({ family_member_id: daughter, measured_at: at(1), systolic: 120 });
    expect(half.json().msg).toContain('收缩压和舒张压需同时填写');

    const res = await call('GET', `/health_collection/mine/chart?family_member_id=${daughter}`, patient);
    expect(res.statusCode).toBe(200);
    const chart = healthChartSchema.strict().parse(res.json().data);
    expect(chart.since).toBe(chartSince());
    // the 400-day-old height is outside the year but still gives the BMI of the later weight
    expect(chart.points.some((p) => p.height_cm === '160.0')).toBe(false);
    const weight = chart.points.find((p) => p.weight_kg === '55.5');
    expect(weight?.bmi).toBe('21.7'); // 55.5 / 1.6² = 21.679… → 21.7
    const times = chart.points.map((p) => p.measured_at);
    expect(times).toEqual([...times].sort());
  });

  it("the doctor's chart of a form is the family member's measurements", async () => {
    const id = await submitFor(doctorAId, daughter, { height_cm: 160, weight_kg: 56 });
    const res = await call('GET', `/health_collection/${id}/chart`, doctorA);
    expect(res.statusCode).toBe(200);
    const chart = healthChartSchema.parse(res.json().data);
    expect(chart.name).toBe('李小华');
    expect(chart.points.at(-1)).toMatchObject({ height_cm: '160.0', weight_kg: '56.0', bmi: '21.9', systolic: 128 });
  });

  it('toPoints carries the last height forward and rounds half up', () => {
    const points = toPoints(
      [
        {
          measured_at: '2026-01-01T00:00:00Z',
          height_cm: null,
          weight_kg: '72.0',
          systolic: null,
          diastolic: null,
          blood_sugar: null,
        },
        {
          measured_at: '2026-02-01T00:00:00Z',
          height_cm: '200.0',
          weight_kg: null,
          systolic: null,
          diastolic: null,
          blood_sugar: null,
        },
        {
          measured_at: '2026-03-01T00:00:00Z',
          height_cm: null,
          weight_kg: '90.0',
          systolic: null,
          diastolic: null,
          blood_sugar: null,
        },
      ],
      null,
    );
    expect(points.map((p) => p.bmi)).toEqual([null, null, '22.5']);
    // 64.6 / 1.7² = 22.352… → 22.4; 57.8 / 1.7² = 20.0 (19.9999…)
    expect(
      toPoints(
        [
          {
            measured_at: '2026-01-01T00:00:00Z',
            height_cm: null,
            weight_kg: '57.8',
            systolic: null,
            diastolic: null,
            blood_sugar: null,
          },
        ],
        '170.0',
      )[0].bmi,
    ).toBe('20.0');
  });
});
