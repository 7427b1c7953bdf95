import { consultationDetailSchema, consultationListResultSchema, consultationMineSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsultationForOrder } from '../../lib/clinical-intake';
import { hashPassword } from '../../lib/crypto';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let doctorA: string;
let doctorB: string;
let patient: string;
let otherPatient: string;
let doctorAId: number;
let doctorBId: number;
let patientId: number;
let otherPatientId: number;
let pharmacyId: number;
let rxQuotes: number[];
let otherQuotes: number[];

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f9d0000000049454e44ae426082',
  'hex',
);

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token),
    remoteAddress: t.nextIp(),
    ...(payload ? { payload } : {}),
  });

const multipart = (filename: string, data: Buffer) => {
  const boundary = `----consultation${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nprescription\r\n--${boundary}--\r\n`,
    ),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

async function newAccount(phone: string, name: string): Promise<number> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return (
    await one<{ id: number }>(sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${name}, ${hash}) returning id`)
  ).id;
}

async function setDefaultDoctor(doctorId: number | null) {
  await t.database.db.execute(sql`
    insert into pharmacy_setting (pharmacy_id, config) values (${pharmacyId},
      ${JSON.stringify(doctorId === null ? {} : { default_doctor_id: doctorId })}::jsonb)
    on conflict (pharmacy_id) do update set config = case when ${doctorId === null}
      then pharmacy_setting.config - 'default_doctor_id'
      else pharmacy_setting.config || excluded.config end`);
}

/** A paid RX order (pending_review) of the demo patient; its consultation request is opened by the payment. */
async function rxOrder(accountId?: number) {
  const order = await insertOrder(t.database.db, {
    pharmacyId,
    accountId,
    status: 'pending_review',
    lines: [
      { quoteId: rxQuotes[0]!, qty: 2 },
      { quoteId: otherQuotes[0]!, qty: 1 },
    ],
  });
  const request = await one<{ id: number; doctor_id: number }>(
    sql`select id, doctor_id from consultation_request where order_id = ${order.id}`,
  );
  return { ...order, requestId: request.id, doctorId: request.doctor_id };
}

/** A request added straight to the table for a doctor (no order). */
async function staffRequest(doctorId: number, accountId = patientId, status = 'pending') {
  return (
    await one<{ id: number }>(sql`insert into consultation_request (pharmacy_id, account_id, doctor_id, source,
      patient_name, patient_gender, patient_age, status, wanted_items)
      values (${pharmacyId}, ${accountId}, ${doctorId}, 'staff', '测试患者', 'female', 30, ${status}, '[]'::jsonb)
      returning id`)
  ).id;
}

beforeAll(async () => {
  t = await createTestApp();
  pharmacyId = (await one<{ id: number }>(sql`select id from pharmacy where status = 'active' order by id limit 1`)).id;
  rxQuotes = await pickQuotes(t.database.db, pharmacyId, 3, true);
  otherQuotes = await pickQuotes(t.database.db, pharmacyId, 2, false);
  const doctorBAccount = await newAccount('13700000091', '测试医生乙');
  doctorBId = (
    await one<{ id: number }>(sql`insert into doctor (account_id, hospital, department, title)
      values (${doctorBAccount}, '测试医院', '全科', '主治医师') returning id`)
  ).id;
  otherPatientId = await newAccount('13700000092', '另一位患者');
  await t.database.db.execute(sql`insert into family_member (account_id, name, gender, birthday, relation, is_default)
    values (${otherPatientId}, '王二', 'male', '1980-05-01', 'self', true)`);
  doctorAId = (
    await one<{ id: number }>(
      sql`select d.id from doctor d join account a on a.id = d.account_id where a.phone = '13800000005'`,
    )
  ).id;
  patientId = (await one<{ id: number }>(sql`select id from account where phone = '13900000001'`)).id;
  doctorA = await t.login('13800000005');
  doctorB = await t.login('13700000091');
  patient = await t.login('13900000001');
  otherPatient = await t.login('13700000092');
  await setDefaultDoctor(doctorAId);
});
afterAll(async () => {
  await t?.close();
});

describe('intake: paying an RX order opens its consultation request', () => {
  it('opens exactly one request with the RX lines only, for the pharmacy default doctor', async () => {
    const order = await rxOrder();
    const requests = await rows<{
      doctor_id: number;
      wanted_items: { product_id: number; qty: number; type: string }[];
    }>(sql`select doctor_id, wanted_items from consultation_request where order_id = ${order.id}`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.doctor_id).toBe(doctorAId);
    const rxProduct = await one<{ product_id: number }>(sql`select product_id from quote where id = ${rxQuotes[0]!}`);
    expect(requests[0]!.wanted_items).toEqual([
      expect.objectContaining({ product_id: rxProduct.product_id, qty: 2, type: 'RX' }),
    ]);
    // idempotent: opening it again changes nothing
    await openConsultationForOrder(t.database.db, order.id);
    expect(
      (await one<{ n: number }>(sql`select count(*)::int as n from consultation_request where order_id = ${order.id}`))
        .n,
    ).toBe(1);
  });

  it("takes a combo's RX items too (qty × the line's qty)", async () => {
    const order = await insertOrder(t.database.db, {
      pharmacyId,
      status: 'pending_payment',
      lines: [{ quoteId: otherQuotes[1]!, qty: 1 }],
    });
    const rx = await one<{ id: number; product_id: number }>(
      sql`select id, product_id from quote where id = ${rxQuotes[1]!}`,
    );
    const set = await one<{ id: number }>(
      sql`insert into quote_set (pharmacy_id, name, price, status) values (${pharmacyId}, '感冒组合', '30.00', 'on_sale') returning id`,
    );
    await t.database.db.execute(sql`update orders set has_rx = true, kind = 'rx' where id = ${order.id}`);
    await t.database.db.execute(sql`
      insert into order_item (order_id, quote_set_id, name, spec, product_type, price, qty, subtotal, combo_items)
      values (${order.id}, ${set.id}, '感冒组合', '', 'RX', '30.00', 2, '60.00',
        ${JSON.stringify([{ quote_id: rx.id, product_id: rx.product_id, name: '组合处方药', spec: '', qty: 3 }])}::jsonb)`);
    await transitionOrder(t.database.db, order.id, 'pay');
    const request = await one<{ wanted_items: { product_id: number; qty: number }[] }>(
      sql`select wanted_items from consultation_request where order_id = ${order.id}`,
    );
    expect(request.wanted_items).toEqual([expect.objectContaining({ product_id: rx.product_id, qty: 6 })]);
  });

  it('without a default doctor goes to the active doctor with the fewest pending requests', async () => {
    await setDefaultDoctor(null);
    try {
      const pending = await rows<{ id: number; n: number }>(sql`
        select d.id, (select count(*)::int from consultation_request c where c.doctor_id = d.id and c.status = 'pending') as n
        from doctor d where d.status = 'active'`);
      const least = Math.min(...pending.map((p) => p.n));
      const order = await rxOrder();
      expect(pending.find((p) => p.id === order.doctorId)?.n).toBe(least);
    } finally {
      await setDefaultDoctor(doctorAId);
    }
  });

  it('opens none for an order without RX lines', async () => {
    const order = await insertOrder(t.database.db, { pharmacyId, status: 'pending_shipment' });
    expect(await rows(sql`select id from consultation_request where order_id = ${order.id}`)).toHaveLength(0);
  });
});

describe("the doctor's list", () => {
  it('shows only my requests, newest first, with tab counts equal to the rows', async () => {
    await rxOrder();
    await staffRequest(doctorBId);
    const res = await call('GET', '/consultation_request?status=all&page_size=100', doctorA);
    expect(res.statusCode).toBe(200);
    const data = consultationListResultSchema.parse(res.json().data);
    const mine = await rows<{ id: number; status: string }>(
      sql`select id, status from consultation_request where doctor_id = ${doctorAId} order by id desc`,
    );
    expect(data.total).toBe(mine.length);
    expect(data.counts.all).toBe(mine.length);
    expect(data.counts.pending).toBe(mine.filter((m) => m.status === 'pending').length);
    expect(data.list.map((r) => r.id)).toEqual(mine.slice(0, 100).map((m) => m.id));
    expect(data.list[0]!.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const pending = consultationListResultSchema.parse(
      (await call('GET', '/consultation_request', doctorA)).json().data,
    );
    expect(pending.list.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.total).toBe(data.counts.pending);
  });

  it('filters by patient keyword and dates, counting the matches exactly', async () => {
    const id = await staffRequest(doctorAId);
    await t.database.db.execute(sql`update consultation_request set patient_name = '独一无二患者' where id = ${id}`);
    const byName = consultationListResultSchema.parse(
      (await call('GET', `/consultation_request?status=all&keyword=${encodeURIComponent('独一无二')}`, doctorA)).json()
        .data,
    );
    expect(byName.list.map((r) => r.id)).toEqual([id]);
    expect(byName.counts).toMatchObject({ all: 1, pending: 1 });
    const byPhone = consultationListResultSchema.parse(
      (await call('GET', '/consultation_request?status=all&keyword=13900000001&page_size=100', doctorA)).json().data,
    );
    expect(byPhone.list.map((r) => r.id)).toContain(id);
    const future = consultationListResultSchema.parse(
      (await call('GET', '/consultation_request?status=all&date_from=2099-01-01', doctorA)).json().data,
    );
    expect(future.total).toBe(0);
    const res = await call('GET', '/consultation_request?date_from=2026-02-01&date_to=2026-01-01', doctorA);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('结束日期不能早于开始日期');
  });

  it("another doctor's requests never show", async () => {
    const id = await staffRequest(doctorAId);
    const data = consultationListResultSchema.parse(
      (await call('GET', '/consultation_request?status=all&page_size=100', doctorB)).json().data,
    );
    expect(data.list.map((r) => r.id)).not.toContain(id);
  });
});

describe('detail', () => {
  it('shows the family member with histories, the wanted items and the order', async () => {
    const member = await one<{ id: number }>(
      sql`select id from family_member where account_id = ${patientId} order by id limit 1`,
    );
    await t.database.db.execute(sql`update family_member set allergy_history = array['青霉素类'],
      past_medical_history = array['高血压'], birthday = '1990-03-04' where id = ${member.id}`);
    const order = await rxOrder();
    await t.database.db.execute(
      sql`update consultation_request set family_member_id = ${member.id} where id = ${order.requestId}`,
    );
    const res = await call('GET', `/consultation_request/${order.requestId}`, doctorA);
    expect(res.statusCode).toBe(200);
    const detail = consultationDetailSchema.parse(res.json().data);
    expect(detail.patient.allergy_history).toEqual(['青霉素类']);
    expect(detail.patient.past_medical_history).toEqual(['高血压']);
    expect(detail.patient.age).toBeGreaterThanOrEqual(35);
    expect(detail.order_no).toBe(order.orderNo);
    expect(detail.order_status).toBe('pending_review');
    expect(detail.wanted_items).toHaveLength(1);
    expect(detail.source).toBe('order');
  });

  it("answers 404 for another doctor's request and for a missing one", async () => {
    const id = await staffRequest(doctorAId);
    const other = await call('GET', `/consultation_request/${id}`, doctorB);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('问诊需求不存在');
    expect((await call('GET', '/consultation_request/2147483000', doctorA)).statusCode).toBe(404);
    expect((await call('GET', `/consultation_request/${id}`, patient)).statusCode).toBe(403);
  });
});

describe('approve and reject', () => {
  it('approves a pending request once; again is 409 naming the state', async () => {
    const id = await staffRequest(doctorAId);
    const res = await call('PUT', `/consultation_request/${id}/approve`, doctorA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'approved' });
    const again = await call('PUT', `/consultation_request/${id}/approve`, doctorA);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('问诊需求已接诊，请勿重复操作');
    expect((await call('PUT', `/consultation_request/${id}/approve`, doctorB)).statusCode).toBe(404);
    expect((await call('PUT', `/consultation_request/${id}/reject`, doctorB, { reason: '不合适' })).statusCode).toBe(
      404,
    );
  });

  it('refuses a reject without a reason or with a long one, in Chinese', async () => {
    const id = await staffRequest(doctorAId);
    const empty = await call('PUT', `/consultation_request/${id}/reject`, doctorA, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请填写拒绝原因');
    const missing = await call('PUT', `/consultation_request/${id}/reject`, doctorA, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('请填写拒绝原因');
    const long = await call('PUT', `/consultation_request/${id}/reject`, doctorA, { reason: '长'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('拒绝原因最多 200 字');
    expect((await one<{ status: string }>(sql`select status from consultation_request where id = ${id}`)).status).toBe(
      'pending',
    );
  });

  it('rejecting an approved request is allowed; then approve is 409 「问诊需求已拒绝，不能接诊」', async () => {
    const id = await staffRequest(doctorAId, patientId, 'approved');
    const res = await call('PUT', `/consultation_request/${id}/reject`, doctorA, { reason: '需线下就诊' });
    expect(res.statusCode).toBe(200);
    const approve = await call('PUT', `/consultation_request/${id}/approve`, doctorA);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().msg).toBe('问诊需求已拒绝，不能接诊');
    const prescribed = await staffRequest(doctorAId, patientId, 'prescribed');
    const reject = await call('PUT', `/consultation_request/${prescribed}/reject`, doctorA, { reason: '原因' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().msg).toBe('问诊需求已开方，不能拒绝');
    const message = await one<{ link: string; kind: string }>(
      sql`select link, kind from message where account_id = ${patientId} order by id desc limit 1`,
    );
    expect(message).toEqual({ link: '/patient/consultations', kind: 'recipe' });
  });

  it('rejecting an order-linked request cancels and refunds the order and tells the patient', async () => {
    const order = await rxOrder();
    const stockBefore = await one<{ stock: number }>(sql`select stock from quote where id = ${rxQuotes[0]!}`);
    const res = await call('PUT', `/consultation_request/${order.requestId}/reject`, doctorA, {
      reason: '存在用药禁忌',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: order.requestId, status: 'rejected', order_status: 'cancelled' });
    const o = await one<{ status: string; cancelled_by: string; cancel_reason: string }>(
      sql`select status, cancelled_by, cancel_reason from orders where id = ${order.id}`,
    );
    expect(o).toEqual({ status: 'cancelled', cancelled_by: 'review', cancel_reason: '医生拒绝开方：存在用药禁忌' });
    expect(
      await rows(sql`select status from order_payment where order_id = ${order.id} and status = 'refunded'`),
    ).toHaveLength(1);
    expect(
      await rows(sql`select status from settlement where order_id = ${order.id} and status = 'refunded'`),
    ).toHaveLength(1);
    const stockAfter = await one<{ stock: number }>(sql`select stock from quote where id = ${rxQuotes[0]!}`);
    expect(stockAfter.stock).toBe(stockBefore.stock + 2);
    const message = await one<{ kind: string; link: string; content: string }>(
      sql`select kind, link, content from message where account_id = ${patientId} order by id desc limit 1`,
    );
    expect(message.kind).toBe('recipe');
    expect(message.link).toBe(`/patient/order?id=${order.id}`);
    expect(message.content).toContain('存在用药禁忌');
  });
});

describe('concurrent decisions: exactly one wins', () => {
  it('N parallel approves → one 200, the others 409 「问诊需求已接诊，请勿重复操作」', async () => {
    const id = await staffRequest(doctorAId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call('PUT', `/consultation_request/${id}/approve`, doctorA)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('问诊需求已接诊，请勿重复操作');
    }
  });

  it('N parallel approves and rejects → at most one of each wins, a reject last; the rest 409 naming the state', async () => {
    const id = await staffRequest(doctorAId);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? call('PUT', `/consultation_request/${id}/approve`, doctorA)
          : call('PUT', `/consultation_request/${id}/reject`, doctorA, { reason: `原因${i}` }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200).map((r) => r.json().data.status as string);
    // a reject always wins once (from pending or from approved); an approve only if it came before it
    expect(won.filter((s) => s === 'rejected')).toHaveLength(1);
    expect(won.filter((s) => s === 'approved').length).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toMatch(/^问诊需求已(接诊|拒绝)，(请勿重复操作|不能接诊)$/);
    }
    expect((await one<{ status: string }>(sql`select status from consultation_request where id = ${id}`)).status).toBe(
      'rejected',
    );
  });

  it('N parallel rejects of an order-linked request cancel and refund the order exactly once', async () => {
    const order = await rxOrder();
    const stockBefore = await one<{ stock: number }>(sql`select stock from quote where id = ${rxQuotes[0]!}`);
    const messagesBefore = await one<{ n: number }>(
      sql`select count(*)::int as n from message where account_id = ${patientId}`,
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('PUT', `/consultation_request/${order.requestId}/reject`, doctorA, { reason: '不适合线上开方' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('问诊需求已拒绝，请勿重复操作');
    }
    expect((await one<{ status: string }>(sql`select status from orders where id = ${order.id}`)).status).toBe(
      'cancelled',
    );
    expect(
      await rows(sql`select id from order_payment where order_id = ${order.id} and status = 'refunded'`),
    ).toHaveLength(1);
    expect(
      await rows(sql`select id from settlement where order_id = ${order.id} and status = 'refunded'`),
    ).toHaveLength(1);
    expect((await one<{ stock: number }>(sql`select stock from quote where id = ${rxQuotes[0]!}`)).stock).toBe(
      stockBefore.stock + 2,
    );
    expect(
      (await one<{ n: number }>(sql`select count(*)::int as n from message where account_id = ${patientId}`)).n,
    ).toBe(messagesBefore.n + 1);
  });
});

describe('the doctor adds a request for a patient', () => {
  it('finds the account by exact phone with its family members, the phone masked', async () => {
    const res = await call('GET', '/consultation_request/patients?phone=13700000092', doctorA);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.phone).toBe('137****0092');
    expect(data.members).toEqual([expect.objectContaining({ name: '王二', gender: 'male', is_default: true })]);
    expect(data.members[0].age).toBeGreaterThanOrEqual(45);
    const unknown = await call('GET', '/consultation_request/patients?phone=13711112222', doctorA);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('该手机号未注册');
    const bad = await call('GET', '/consultation_request/patients?phone=123', doctorA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('手机号格式不正确');
  });

  it('creates a pending request assigned to me from catalogue products', async () => {
    const member = await one<{ id: number }>(sql`select id from family_member where account_id = ${otherPatientId}`);
    const product = await one<{ id: number; name: string }>(
      sql`select p.id, p.name from product p where p.type = 'RX' and p.status = 'active' order by p.id limit 1`,
    );
    const res = await call('POST', '/consultation_request', doctorA, {
      phone: '13700000092',
      family_member_id: member.id,
      pharmacy_id: pharmacyId,
      description: '高血压复诊',
      wanted_items: [{ product_id: product.id, qty: 2 }],
      images: [],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const detail = consultationDetailSchema.parse(
      (await call('GET', `/consultation_request/${id}`, doctorA)).json().data,
    );
    expect(detail).toMatchObject({ status: 'pending', source: 'staff', patient_name: '王二', order_no: null });
    expect(detail.wanted_items).toEqual([
      expect.objectContaining({ product_id: product.id, name: product.name, qty: 2 }),
    ]);
    expect((await call('GET', `/consultation_request/${id}`, doctorB)).statusCode).toBe(404);
  });

  it('refuses bad input with Chinese messages naming the field', async () => {
    const member = await one<{ id: number }>(sql`select id from family_member where account_id = ${patientId} limit 1`);
    const product = await one<{ id: number }>(sql`select id from product where status = 'active' order by id limit 1`);
    const base = {
      phone: '13700000092',
      family_member_id: member.id, // another account's member
      pharmacy_id: pharmacyId,
      wanted_items: [{ product_id: product.id, qty: 1 }],
    };
    const wrongMember = await call('POST', '/consultation_request', doctorA, base);
    expect(wrongMember.statusCode).toBe(400);
    expect(wrongMember.json().msg).toContain('就诊人不存在');
    const noItems = await call('POST', '/consultation_request', doctorA, { ...base, wanted_items: [] });
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json().msg).toContain('请添加需要的药品');
    const badImage = await call('POST', '/consultation_request', doctorA, {
      ...base,
      images: ['https://evil.example/a.png'],
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().msg).toContain('图片须为本站上传的图片');
    const zeroQty = await call('POST', '/consultation_request', doctorA, {
      ...base,
      wanted_items: [{ product_id: product.id, qty: 0 }],
    });
    expect(zeroQty.statusCode).toBe(400);
    expect(zeroQty.json().msg).toContain('数量必须大于 0');
    const ownMember = await one<{ id: number }>(sql`select id from family_member where account_id = ${otherPatientId}`);
    const noPharmacy = await call('POST', '/consultation_request', doctorA, {
      ...base,
      family_member_id: ownMember.id,
      pharmacy_id: 2147483000,
    });
    expect(noPharmacy.statusCode).toBe(400);
    expect(noPharmacy.json().msg).toContain('药店不存在或未营业');
    const noProduct = await call('POST', '/consultation_request', doctorA, {
      ...base,
      family_member_id: ownMember.id,
      wanted_items: [{ product_id: 2147483000, qty: 1 }],
    });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().msg).toContain('药品不存在或已下架');
  });
});

describe("the patient's own requests", () => {
  it('lists only my own, with the recipe number once prescribed', async () => {
    const mine = await staffRequest(doctorAId, patientId, 'prescribed');
    const recipe = await one<{ recipe_no: string }>(sql`
      insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, consultation_request_id, patient_name, items)
      values (${`RXT${Date.now()}`}, ${doctorAId}, ${pharmacyId}, ${patientId}, ${mine}, '测试患者', '[]'::jsonb)
      returning recipe_no`);
    const theirs = await staffRequest(doctorAId, otherPatientId);
    const res = await call('GET', '/consultation_request/mine?page_size=100', patient);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list.map((r: unknown) => consultationMineSchema.parse(r));
    expect(list.map((r: { id: number }) => r.id)).toContain(mine);
    expect(list.map((r: { id: number }) => r.id)).not.toContain(theirs);
    expect(list.find((r: { id: number }) => r.id === mine)?.recipe_no).toBe(recipe.recipe_no);
    const total = await one<{ n: number }>(
      sql`select count(*)::int as n from consultation_request where account_id = ${patientId}`,
    );
    expect(res.json().data.total).toBe(total.n);
  });

  it('adds images and a description while pending; another account gets 404; after a decision 409', async () => {
    const id = await staffRequest(doctorAId);
    const upload = multipart('prescription.png', PNG);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/consultation_request/mine/${id}/image`,
      headers: { ...headers(patient), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const images = consultationMineSchema.parse(up.json().data).images;
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\/api\/v1\/upload\/[A-Za-z0-9_-]{24}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: images[0]! })).statusCode).toBe(200);

    const text = multipart('prescription.png', Buffer.from('not an image'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/consultation_request/mine/${id}/image`,
      headers: { ...headers(patient), 'content-type': text.contentType },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().msg).toBe('请上传 png/jpg/webp 格式的图片');

    const edit = await call('PUT', `/consultation_request/mine/${id}`, patient, { description: '咳嗽一周', images });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ description: '咳嗽一周', images });
    const empty = await call('PUT', `/consultation_request/mine/${id}`, patient, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请上传图片或填写病情描述');

    const other = await call('PUT', `/consultation_request/mine/${id}`, otherPatient, { description: 'x' });
    expect(other.statusCode).toBe(404);
    const otherUpload = multipart('prescription.png', PNG);
    const otherUp = await t.app.inject({
      method: 'POST',
      url: `/api/v1/consultation_request/mine/${id}/image`,
      headers: { ...headers(otherPatient), 'content-type': otherUpload.contentType },
      payload: otherUpload.payload,
    });
    expect(otherUp.statusCode).toBe(404);

    await call('PUT', `/consultation_request/${id}/approve`, doctorA);
    const late = await call('PUT', `/consultation_request/mine/${id}`, patient, { description: '再补充' });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('问诊需求已接诊，不能修改');
  });
});
