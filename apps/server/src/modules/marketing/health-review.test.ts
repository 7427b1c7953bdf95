import { healthMessages, healthReviewDetailSchema, healthReviewPageSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

// 健康表审核 (manager only): the pharmacy's customers' forms, the doctor's guarded decision shared through
// lib/health-decision.ts (a doctor and a manager at once: exactly one wins), the patient's message, the audit trail.

let t: TestApp;
let shop: string;
let admin: string;
let manager: string;
let cs: string;
let pharmacist: string;
let doctor: string;
let p1: number;
let p2: number;
let doctorId: number;
let patientId: number;
let memberId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
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

const answers = { height_cm: 165, weight_kg: 58.5, systolic: 122, diastolic: 78, smoking: 'never' };

/** A submitted form of the account's family member (assigned to the demo doctor). */
async function submittedForm(accountId: number, familyMemberId: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`insert into health_collection (account_id, family_member_id, doctor_id, answers, status, submitted_at)
      values (${accountId}, ${familyMemberId}, ${doctorId}, ${JSON.stringify(answers)}::jsonb, 'submitted', now())
      returning id`,
  );
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  [shop, admin, manager, cs, pharmacist, doctor] = await Promise.all(
    ['13800000001', '13800000002', '13800000003', '13800000004', '13800000006', '13800000005'].map((p) => t.login(p)),
  );
  const [m] = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000003'`,
  );
  p1 = m.pharmacy_id;
  [{ id: p2 }] = await rows<{ id: number }>(sql`select id from pharmacy where id <> ${p1} order by id limit 1`);
  [{ id: doctorId }] = await rows<{ id: number }>(
    sql`select d.id from doctor d join account a on a.id = d.account_id where a.phone = '13800000005'`,
  );
  [{ id: patientId }] = await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`);
  [{ id: memberId }] = await rows<{ id: number }>(
    sql`select id from family_member where account_id = ${patientId} order by id limit 1`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('health review', () => {
  it('is for the manager only', async () => {
    expect((await call('GET', '/marketing/health_collection', manager, p1)).statusCode).toBe(200);
    for (const token of [shop, admin, cs, pharmacist]) {
      expect((await call('GET', '/marketing/health_collection', token, p1)).statusCode).toBe(403);
    }
    const id = await submittedForm(patientId, memberId);
    expect((await call('PUT', `/marketing/health_collection/${id}/approve`, cs, p1)).statusCode).toBe(403);
    expect((await call('PUT', `/marketing/health_collection/${id}/approve`, shop, p1)).statusCode).toBe(403);
    expect((await rows<{ status: string }>(sql`select status from health_collection where id = ${id}`))[0].status).toBe(
      'submitted',
    );
  });

  it('lists the pharmacy customers’ forms by tab with counts, keyword and the detail', async () => {
    const id = await submittedForm(patientId, memberId);
    const res = await call('GET', '/marketing/health_collection?status=submitted&page_size=100', manager, p1);
    expect(res.statusCode).toBe(200);
    const page = healthReviewPageSchema.parse(res.json().data);
    const row = page.list.find((r) => r.id === id);
    expect(row).toMatchObject({ account_phone: '139****0001', account_name: '李小华', status: 'submitted' });
    expect(row?.bmi).not.toBeNull();
    const [counts] = await rows<{ submitted: number; approved: number; rejected: number }>(
      sql`select count(*) filter (where h.status = 'submitted')::int as submitted,
          count(*) filter (where h.status = 'approved')::int as approved,
          count(*) filter (where h.status = 'rejected')::int as rejected
        from health_collection h
        where exists (select 1 from customer_info ci where ci.pharmacy_id = ${p1} and ci.account_id = h.account_id)
           or exists (select 1 from viper v where v.pharmacy_id = ${p1} and v.account_id = h.account_id)`,
    );
    expect(page.counts).toEqual(counts);
    expect(page.total).toBe(counts.submitted);

    for (const kw of ['13900000001', '0001', '李小']) {
      const found = (
        await call('GET', `/marketing/health_collection?keyword=${encodeURIComponent(kw)}`, manager, p1)
      ).json().data;
      expect(found.list.some((r: { id: number }) => r.id === id)).toBe(true);
    }
    const none = (await call('GET', '/marketing/health_collection?keyword=不存在的人', manager, p1)).json().data;
    expect(none.total).toBe(0);

    const detail = await call('GET', `/marketing/health_collection/${id}`, manager, p1);
    expect(detail.statusCode).toBe(200);
    const d = healthReviewDetailSchema.parse(detail.json().data);
    expect(d.answers).toMatchObject(answers);
    expect(d.patient.family_member_id).toBe(memberId);
  });

  it("answers 404 for a form of another pharmacy's customer, on every route", async () => {
    const [acc] = await rows<{ id: number }>(
      sql`insert into account (phone, phone_user_id, name) values ('13712345601', 'pu_13712345601', '别家客户')
        returning id`,
    );
    await t.database.db.execute(sql`insert into viper (pharmacy_id, account_id) values (${p2}, ${acc.id})`);
    const [fm] = await rows<{ id: number }>(
      sql`insert into family_member (account_id, name, relation) values (${acc.id}, '别家客户', 'self') returning id`,
    );
    const id = await submittedForm(acc.id, fm.id);
    expect((await call('GET', `/marketing/health_collection/${id}`, manager, p1)).statusCode).toBe(404);
    expect((await call('PUT', `/marketing/health_collection/${id}/approve`, manager, p1)).statusCode).toBe(404);
    const rej = await call('PUT', `/marketing/health_collection/${id}/reset`, manager, p1, { reason: '不对' });
    expect(rej.statusCode).toBe(404);
    expect(rej.json().msg).toBe(healthMessages.formNotFound);
    const list = (await call('GET', '/marketing/health_collection?keyword=13712345601', manager, p1)).json().data;
    expect(list.total).toBe(0);
    expect((await rows<{ status: string }>(sql`select status from health_collection where id = ${id}`))[0].status).toBe(
      'submitted',
    );
  });

  it('approves once (409 after), messages the patient and writes the audit row', async () => {
    const id = await submittedForm(patientId, memberId);
    const res = await call('PUT', `/marketing/health_collection/${id}/approve`, manager, p1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, status: 'approved' });
    const again = await call('PUT', `/marketing/health_collection/${id}/approve`, manager, p1);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(healthMessages.alreadyDecided);
    const [msg] = await rows<{ title: string; content: string }>(
      sql`select title, content from message where account_id = ${patientId} order by id desc limit 1`,
    );
    expect(msg.title).toBe('健康表审核通过');
    expect(msg.content).toContain('药店');
    const trail = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`health_collection:${id}`}`,
    );
    expect(trail.map((r) => r.action)).toEqual(['health_review.approve']);
  });

  it('rejects with a reason (required, ≤ 200): the form is reset for the patient with the reason', async () => {
    const id = await submittedForm(patientId, memberId);
    const empty = await call('PUT', `/marketing/health_collection/${id}/reset`, manager, p1, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain(healthMessages.reason);
    const long = await call('PUT', `/marketing/health_collection/${id}/reset`, manager, p1, {
      reason: '长'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    const res = await call('PUT', `/marketing/health_collection/${id}/reset`, manager, p1, { reason: '血压数值有误' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, status: 'rejected' });
    const [form] = await rows<{ status: string; reject_reason: string }>(
      sql`select status, reject_reason from health_collection where id = ${id}`,
    );
    expect(form).toEqual({ status: 'rejected', reject_reason: '血压数值有误' });
    const [msg] = await rows<{ title: string; content: string }>(
      sql`select title, content from message where account_id = ${patientId} order by id desc limit 1`,
    );
    expect(msg.title).toBe('健康表被驳回，请重新填写');
    expect(msg.content).toContain('血压数值有误');
    // the patient sees it reset (their latest form for the member is rejected, with the reason)
    const mine = await call('GET', '/health_collection/mine', await t.login('13900000001'), undefined);
    const entry = mine.json().data.find((e: { family_member: { id: number } }) => e.family_member.id === memberId);
    expect(entry.form).toMatchObject({ status: 'rejected', reject_reason: '血压数值有误' });
  });

  it('a doctor and a manager deciding at once: exactly one wins, one message', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await submittedForm(patientId, memberId);
      const [before] = await rows<{ n: number }>(
        sql`select count(*)::int as n from message where account_id = ${patientId}`,
      );
      const results = await Promise.all([
        call('PUT', `/health_collection/${id}/approve`, doctor, undefined),
        call('PUT', `/marketing/health_collection/${id}/reset`, manager, p1, { reason: '请补充用药史' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [after] = await rows<{ n: number }>(
        sql`select count(*)::int as n from message where account_id = ${patientId}`,
      );
      expect(after.n - before.n).toBe(1);
      const winner = results.find((r) => r.statusCode === 200)!.json().data.status;
      const [form] = await rows<{ status: string }>(sql`select status from health_collection where id = ${id}`);
      expect(form.status).toBe(winner);
    }
  });
});
