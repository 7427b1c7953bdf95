import {
  INSPECTION_TAKEN_MESSAGE,
  inspectionDetailSchema,
  inspectionListResultSchema,
  recipeStatuses,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacyMember } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { demoPatientId, insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
/** Pharmacy A: the first demo pharmacy (the demo pharmacist); B: the third (nobody of A works there). */
const A = 1;
const B = 3;
let pharmacist: string; // the demo pharmacist of A (刘静怡)
let pharmacist2: string; // a second pharmacist of A
let pharmacistB: string; // a pharmacist of B only
let admin: string; // pharmacy_admin of A with 'all': not a pharmacist
let doctorId: number;
let doctorAccountId: number;
let patientId: number;

async function staffAccount(phone: string, pharmacyId: number, role: 'pharmacist' | 'pharmacy_admin') {
  const [row] = await t.database.db
    .insert(account)
    .values({
      phone,
      phoneUserId: `pu_${phone}`,
      name: `药师${phone.slice(-4)}`,
      passwordHash: await hashPassword('Demo@12345'),
    })
    .returning({ id: account.id });
  await t.database.db
    .insert(pharmacyMember)
    .values({ pharmacyId, accountId: row.id, role, permissions: role === 'pharmacy_admin' ? ['all'] : [] });
  return t.login(phone);
}

const one = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query)).rows[0]!;
const rows = async <T>(query: SQL) => (await queryRows<T>(t.database.db, query)).rows;

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, token: string, pharmacyId: number = A, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
const data = async (method: Method, url: string, token: string, pharmacyId: number = A, payload?: object) => {
  const res = await call(method, url, token, pharmacyId, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

let recipeSeq = 0;
/** A prescription written straight to the table (the recipe part writes them through its own route). */
async function insertRecipe(spec: {
  pharmacyId: number;
  orderId?: number | null;
  status?: string;
  patientName?: string;
  createdAt?: string;
  productIds?: number[];
}): Promise<{ id: number; recipeNo: string }> {
  recipeSeq += 1;
  const recipeNo = `CFT${Date.now()}${String(recipeSeq).padStart(4, '0')}`;
  const productIds =
    spec.productIds ??
    (
      await rows<{ product_id: number }>(sql`select q.product_id from quote q join product p on p.id = q.product_id
      where q.pharmacy_id = ${spec.pharmacyId} and p.type = 'RX' order by q.id limit 1`)
    ).map((r) => r.product_id);
  const products = await rows<{
    id: number;
    name: string;
    generic_name: string;
    spec: string;
    type: string;
    manufacturer: string;
  }>(
    sql`select id, name, generic_name, spec, type, manufacturer from product where id in (${sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const items = products.map((p) => ({
    product_id: p.id,
    name: p.name,
    generic_name: p.generic_name,
    spec: p.spec,
    type: p.type,
    manufacturer: p.manufacturer,
    dose_amount: '1',
    dose_unit: '粒',
    frequency: 'tid',
    route: '口服',
    days: 3,
    qty: 1,
  }));
  const warnings = [
    { code: 'allergy', items: [0], message: '患者对青霉素类过敏', override_reason: '患者自述已做皮试阴性' },
  ];
  const { id } = await one<{ id: number }>(sql`
    insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, order_id, patient_name, patient_gender,
      patient_age, allergies, diagnoses, items, warnings, images, status, created_at)
    values (${recipeNo}, ${doctorId}, ${spec.pharmacyId}, ${patientId}, ${spec.orderId ?? null},
      ${spec.patientName ?? '李小华'}, '女', 34, ${'{青霉素类}'}::text[], ${'{急性上呼吸道感染}'}::text[],
      ${JSON.stringify(items)}::jsonb, ${JSON.stringify(warnings)}::jsonb, ${'{/demo/a.png,/demo/b.png}'}::text[],
      ${spec.status ?? 'pending_inspection'}, ${spec.createdAt ?? new Date().toISOString()})
    returning id`);
  return { id, recipeNo };
}

/** An RX order of pharmacy A waiting for its prescription, and the prescription. */
async function rxOrderWithRecipe(qty = 2) {
  const [quoteId] = await pickQuotes(t.database.db, A, 1, true);
  const before = await one<{ stock: number }>(sql`select stock from quote where id = ${quoteId}`);
  const order = await insertOrder(t.database.db, {
    pharmacyId: A,
    status: 'pending_review',
    lines: [{ quoteId, qty }],
  });
  const { product_id } = await one<{ product_id: number }>(sql`select product_id from quote where id = ${quoteId}`);
  const r = await insertRecipe({ pharmacyId: A, orderId: order.id, productIds: [product_id] });
  return { ...r, orderId: order.id, orderNo: order.orderNo, quoteId, stockBefore: before.stock, qty };
}

/** count(*) per status of the pharmacy's prescriptions. */
async function realCounts(pharmacyId: number) {
  const list = await rows<{ status: string; n: number }>(
    sql`select status, count(*)::int n from recipe where pharmacy_id = ${pharmacyId} group by status`,
  );
  const counts: Record<string, number> = { all: 0 };
  for (const s of recipeStatuses) counts[s] = 0;
  for (const r of list) {
    counts[r.status] = r.n;
    counts.all += r.n;
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
  pharmacist = await t.login('13800000006');
  admin = await t.login('13800000002');
  pharmacist2 = await staffAccount('13711130001', A, 'pharmacist');
  pharmacistB = await staffAccount('13711130002', B, 'pharmacist');
  const d = await one<{ id: number; account_id: number }>(
    sql`select d.id, d.account_id from doctor d join account a on a.id = d.account_id where a.phone = '13800000005'`,
  );
  doctorId = d.id;
  doctorAccountId = d.account_id;
  patientId = await demoPatientId(t.database.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /recipe/pharmacist', () => {
  it('lists the pharmacy’s prescriptions, 待审方 first, with tab counts equal to count(*)', async () => {
    await insertRecipe({ pharmacyId: A, patientName: '王大伟' });
    await insertRecipe({ pharmacyId: A, status: 'approved', patientName: '赵小红' });
    await insertRecipe({ pharmacyId: A, status: 'rejected' });
    const other = await insertRecipe({ pharmacyId: B, patientName: '外店患者' });

    const page = inspectionListResultSchema.strict().parse(await data('GET', '/recipe/pharmacist', pharmacist));
    expect(page.counts).toEqual(await realCounts(A));
    expect(page.total).toBe(page.counts.pending_inspection);
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((r) => r.status === 'pending_inspection' && r.pharmacy_id === A)).toBe(true);
    expect(page.list.map((r) => r.id)).not.toContain(other.id);
    const ids = page.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const row = page.list.find((r) => r.patient_name === '王大伟')!;
    expect(row.doctor_name).toBe('张明远');
    expect(row.item_count).toBe(1);
    expect(row.warning_count).toBe(1);
    expect(row.items_text).toMatch(/ ×1$/);
    expect(row.diagnoses).toEqual(['急性上呼吸道感染']);

    const all = await data('GET', '/recipe/pharmacist?status=all&page_size=10', pharmacist);
    expect(all.total).toBe(all.counts.all);
    const approved = await data('GET', '/recipe/pharmacist?status=approved', pharmacist);
    expect(approved.list.every((r: { status: string }) => r.status === 'approved')).toBe(true);
    expect(approved.total).toBe((await realCounts(A)).approved);

    // a deeper page and a page size without a prepared statement
    const deep = await data('GET', '/recipe/pharmacist?status=all&page=2&page_size=2', pharmacist);
    const first = await data('GET', '/recipe/pharmacist?status=all&page=1&page_size=4', pharmacist);
    expect(deep.list.map((r: { id: number }) => r.id)).toEqual(first.list.slice(2, 4).map((r: { id: number }) => r.id));
    const past = await data('GET', '/recipe/pharmacist?status=all&page=999', pharmacist);
    expect(past.list).toEqual([]);
    expect(past.counts.all).toBe(all.counts.all);

    // pharmacy B's pharmacist sees B's only
    const b = await data('GET', '/recipe/pharmacist?status=all', pharmacistB, B);
    expect(b.list.every((r: { pharmacy_id: number }) => r.pharmacy_id === B)).toBe(true);
    expect(b.counts).toEqual(await realCounts(B));
  });

  it('keeps page 1 only while nothing was written: a write straight to the table is seen at once', async () => {
    const before = await data('GET', '/recipe/pharmacist', pharmacist);
    const again = await data('GET', '/recipe/pharmacist', pharmacist);
    expect(again).toEqual(before);
    // another pharmacy's write changes nothing here
    await insertRecipe({ pharmacyId: B, patientName: '外店新患者' });
    expect(await data('GET', '/recipe/pharmacist', pharmacist)).toEqual(before);
    // a write outside the app (as psql would) to this pharmacy's prescriptions: the next page 1 has it
    const fresh = await insertRecipe({ pharmacyId: A, patientName: '新来的患者' });
    const after = await data('GET', '/recipe/pharmacist', pharmacist);
    expect(after.list[0].id).toBe(fresh.id);
    expect(after.counts.pending_inspection).toBe(before.counts.pending_inspection + 1);
    await queryRows(t.database.db, sql`update recipe set status = 'void' where id = ${fresh.id}`);
    const voided = await data('GET', '/recipe/pharmacist', pharmacist);
    expect(voided.list.map((r: { id: number }) => r.id)).not.toContain(fresh.id);
    expect(voided.counts).toEqual(await realCounts(A));
  });

  it('filters by keyword (number or patient), doctor name and dates, with exact counts', async () => {
    const r = await insertRecipe({ pharmacyId: A, patientName: '欧阳筛选', createdAt: '2026-03-05T02:00:00Z' });
    await insertRecipe({
      pharmacyId: A,
      status: 'approved',
      patientName: '欧阳筛选',
      createdAt: '2026-03-06T02:00:00Z',
    });
    await insertRecipe({ pharmacyId: B, patientName: '欧阳筛选' });

    const byName = await data(
      'GET',
      `/recipe/pharmacist?status=all&keyword=${encodeURIComponent('欧阳筛')}`,
      pharmacist,
    );
    expect(byName.list.map((x: { patient_name: string }) => x.patient_name)).toEqual(['欧阳筛选', '欧阳筛选']);
    expect(byName.counts).toEqual({ pending_inspection: 1, approved: 1, rejected: 0, void: 0, all: 2 });
    const pending = await data('GET', `/recipe/pharmacist?keyword=${encodeURIComponent('欧阳筛')}`, pharmacist);
    expect(pending.total).toBe(1);
    expect(pending.list[0].id).toBe(r.id);

    const byNo = await data('GET', `/recipe/pharmacist?status=all&keyword=${r.recipeNo.slice(3)}`, pharmacist);
    expect(byNo.list.map((x: { id: number }) => x.id)).toEqual([r.id]);

    const byDate = await data(
      'GET',
      `/recipe/pharmacist?status=all&keyword=${encodeURIComponent('欧阳')}&date_from=2026-03-05&date_to=2026-03-05`,
      pharmacist,
    );
    expect(byDate.list.map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(byDate.counts.all).toBe(1);

    const byDoctor = await data(
      'GET',
      `/recipe/pharmacist?status=all&doctor_name=${encodeURIComponent('明远')}`,
      pharmacist,
    );
    expect(byDoctor.counts).toEqual(await realCounts(A));
    const nobody = await data(
      'GET',
      `/recipe/pharmacist?status=all&doctor_name=${encodeURIComponent('无此医生')}`,
      pharmacist,
    );
    expect(nobody).toMatchObject({ list: [], total: 0, counts: { all: 0 } });

    const bad = await call('GET', '/recipe/pharmacist?date_from=2026-03-06&date_to=2026-03-05', pharmacist);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('结束日期不能早于开始日期');
  });

  it('refuses staff who are not pharmacists (403), whatever their permissions', async () => {
    const res = await call('GET', '/recipe/pharmacist', admin);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /recipe/pharmacist/:id', () => {
  it('answers the prescription, its order’s lines and the aids run again', async () => {
    const r = await rxOrderWithRecipe();
    const detail = inspectionDetailSchema.strict().parse(await data('GET', `/recipe/pharmacist/${r.id}`, pharmacist));
    expect(detail).toMatchObject({
      id: r.id,
      recipe_no: r.recipeNo,
      status: 'pending_inspection',
      order_id: r.orderId,
    });
    expect(detail.order).toMatchObject({ id: r.orderId, order_no: r.orderNo, status: 'pending_review' });
    expect(detail.order!.items).toHaveLength(1);
    expect(detail.order!.items[0].qty).toBe(r.qty);
    expect(detail.order!.items[0].product_id).toBe(detail.items[0].product_id);
    expect(detail.patient.allergy_history).toEqual(['青霉素类']);
    expect(detail.warnings[0].override_reason).toBe('患者自述已做皮试阴性');
    expect(detail.doctor.name).toBe('张明远');
    expect(detail.images).toHaveLength(2);
    expect(detail.inspections).toEqual([]);
    // the aids answer ok with their findings, or say they could not run: never an empty ok by failure
    if (detail.aids.status === 'unavailable') expect(detail.aids.message).not.toBe('');
  });

  it('runs the aids again now: an allergy match is found; a line whose product is gone says the checks did not run', async () => {
    const amoxicillin = await one<{ id: number }>(
      sql`select id from product where generic_name like '%阿莫西林%' and status = 'active' order by id limit 1`,
    );
    const r = await insertRecipe({ pharmacyId: A, productIds: [amoxicillin.id] });
    const detail = await data('GET', `/recipe/pharmacist/${r.id}`, pharmacist);
    expect(detail.aids.status).toBe('ok');
    expect(detail.aids.warnings.map((w: { code: string }) => w.code)).toContain('allergy');

    // the product vanished from the catalogue since writing: unavailable with its reason, never an empty ok
    await t.database.db.execute(
      sql`update recipe set items = jsonb_set(items, '{0,product_id}', '999999999') where id = ${r.id}`,
    );
    const gone = await data('GET', `/recipe/pharmacist/${r.id}`, pharmacist);
    expect(gone.aids).toMatchObject({ status: 'unavailable', warnings: [] });
    expect(gone.aids.message).toContain('药品不存在');
  });

  it('answers 404 for another pharmacy’s prescription and for a missing one; 403 for a pharmacy_admin', async () => {
    const r = await insertRecipe({ pharmacyId: A });
    const other = await call('GET', `/recipe/pharmacist/${r.id}`, pharmacistB, B);
    expect(other.statusCode).toBe(404);
    const missing = await call('GET', '/recipe/pharmacist/99999999', pharmacist);
    expect(missing.statusCode).toBe(404);
    expect(other.json().msg).toBe(missing.json().msg);
    expect((await call('GET', `/recipe/pharmacist/${r.id}`, admin)).statusCode).toBe(403);
    // pharmacist B naming pharmacy A in the header is not a member there
    expect((await call('GET', `/recipe/pharmacist/${r.id}`, pharmacistB, A)).statusCode).toBe(403);
  });
});

describe('PUT /recipe/:id/inspect', () => {
  const shown = { warnings: [], images_viewed: 2, merged: true };

  it('approves: the order moves to pending_shipment, the decision is kept, doctor and patient are told', async () => {
    const r = await rxOrderWithRecipe();
    const res = await data('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, { decision: 'approve', shown });
    expect(res).toEqual({ id: r.id, status: 'approved', order_id: r.orderId, order_status: 'pending_shipment' });

    const rec = await one<{ status: string; pharmacist_id: number; inspected_at: Date | null }>(
      sql`select status, pharmacist_id, inspected_at from recipe where id = ${r.id}`,
    );
    expect(rec.status).toBe('approved');
    expect(rec.inspected_at).not.toBeNull();
    const order = await one<{ status: string; recipe_id: number }>(
      sql`select status, recipe_id from orders where id = ${r.orderId}`,
    );
    expect(order).toEqual({ status: 'pending_shipment', recipe_id: r.id });

    const kept = await rows<{ decision: string; pharmacist_id: number; shown: Record<string, unknown> }>(
      sql`select decision, pharmacist_id, shown from recipe_inspection where recipe_id = ${r.id}`,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0].decision).toBe('approve');
    expect(kept[0].pharmacist_id).toBe(rec.pharmacist_id);
    expect(kept[0].shown).toMatchObject({ images_viewed: 2, merged: true, order_status: 'pending_shipment' });

    const doctorMsg = await one<{ kind: string; link: string; title: string }>(
      sql`select kind, link, title from message where account_id = ${doctorAccountId} and content like ${`%${r.recipeNo}%`}`,
    );
    expect(doctorMsg).toEqual({
      kind: 'recipe',
      link: `/doctor/prescription?recipe_no=${r.recipeNo}`,
      title: '处方审核通过',
    });
    const patientMsg = await one<{ kind: string; link: string }>(
      sql`select kind, link from message where account_id = ${patientId} and content like ${`%${r.orderNo}%`} and title = '处方审核通过'`,
    );
    expect(patientMsg).toEqual({ kind: 'order', link: `/patient/order?id=${r.orderId}` });
    const audit = await one<{ n: number }>(
      sql`select count(*)::int n from audit_log where action = 'recipe.inspect.approve' and target = ${`recipe:${r.id}`}`,
    );
    expect(audit.n).toBe(1);

    // the detail now lists the inspection
    const detail = await data('GET', `/recipe/pharmacist/${r.id}`, pharmacist);
    expect(detail.inspections).toHaveLength(1);
    expect(detail.inspections[0]).toMatchObject({ decision: 'approve', pharmacist_name: '刘静怡' });
    expect(detail.pharmacist_name).toBe('刘静怡');

    // decided already: 409 with the message, nothing changes
    const again = await call('PUT', `/recipe/${r.id}/inspect`, pharmacist2, A, {
      decision: 'reject',
      reject_code: 'dosage',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(INSPECTION_TAKEN_MESSAGE);
  });

  it('rejects with a structured reason: the order is cancelled and refunded, stock returned, the doctor gets the reason', async () => {
    const r = await rxOrderWithRecipe(3);
    const res = await data('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, {
      decision: 'reject',
      reject_code: 'dosage',
      reason: '每日剂量超过说明书上限',
      shown,
    });
    expect(res).toMatchObject({ status: 'rejected', order_status: 'cancelled' });
    const rec = await one<{ status: string; reject_code: string; reject_reason: string }>(
      sql`select status, reject_code, reject_reason from recipe where id = ${r.id}`,
    );
    expect(rec).toEqual({ status: 'rejected', reject_code: 'dosage', reject_reason: '每日剂量超过说明书上限' });
    const order = await one<{ status: string; cancel_reason: string; cancelled_by: string }>(
      sql`select status, cancel_reason, cancelled_by from orders where id = ${r.orderId}`,
    );
    expect(order).toEqual({
      status: 'cancelled',
      cancel_reason: '处方审核未通过：用法用量不适宜',
      cancelled_by: 'review',
    });
    const payment = await one<{ status: string }>(sql`select status from order_payment where order_id = ${r.orderId}`);
    expect(payment.status).toBe('refunded');
    const stock = await one<{ stock: number }>(sql`select stock from quote where id = ${r.quoteId}`);
    expect(stock.stock).toBe(r.stockBefore);
    const doctorMsg = await one<{ content: string; kind: string }>(
      sql`select content, kind from message where account_id = ${doctorAccountId} and content like ${`%${r.recipeNo}%`}`,
    );
    expect(doctorMsg.kind).toBe('recipe');
    expect(doctorMsg.content).toContain('用法用量不适宜：每日剂量超过说明书上限');
    const patientMsg = await one<{ n: number }>(
      sql`select count(*)::int n from message where account_id = ${patientId} and kind = 'order' and link = ${`/patient/order?id=${r.orderId}`} and title = '处方审核未通过'`,
    );
    expect(patientMsg.n).toBe(1);
  });

  it('asks for a reason: a code to reject, text for 其他; 400 names the field and changes nothing', async () => {
    const r = await insertRecipe({ pharmacyId: A });
    const noCode = await call('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, { decision: 'reject' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().msg).toContain('请选择驳回原因');
    const noText = await call('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, {
      decision: 'reject',
      reject_code: 'other',
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().msg).toContain('请填写驳回说明');
    const tooLong = await call('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, {
      decision: 'reject',
      reject_code: 'other',
      reason: '长'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    const badDecision = await call('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, { decision: 'maybe' });
    expect(badDecision.statusCode).toBe(400);
    expect((await one<{ status: string }>(sql`select status from recipe where id = ${r.id}`)).status).toBe(
      'pending_inspection',
    );

    // without an order: the prescription alone is decided; 其他 with its text
    const res = await data('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, {
      decision: 'reject',
      reject_code: 'other',
      reason: '请补充诊断依据',
    });
    expect(res).toEqual({ id: r.id, status: 'rejected', order_id: null, order_status: null });
  });

  it('answers 404 to another pharmacy’s pharmacist and 403 to a pharmacy_admin, changing nothing', async () => {
    const r = await rxOrderWithRecipe();
    const other = await call('PUT', `/recipe/${r.id}/inspect`, pharmacistB, B, { decision: 'approve' });
    expect(other.statusCode).toBe(404);
    const byAdmin = await call('PUT', `/recipe/${r.id}/inspect`, admin, A, { decision: 'approve' });
    expect(byAdmin.statusCode).toBe(403);
    expect((await one<{ status: string }>(sql`select status from recipe where id = ${r.id}`)).status).toBe(
      'pending_inspection',
    );
    expect((await one<{ status: string }>(sql`select status from orders where id = ${r.orderId}`)).status).toBe(
      'pending_review',
    );
    const kept = await one<{ n: number }>(sql`select count(*)::int n from recipe_inspection where recipe_id = ${r.id}`);
    expect(kept.n).toBe(0);
  });

  it('a void prescription cannot be inspected (409)', async () => {
    const r = await insertRecipe({ pharmacyId: A, status: 'void' });
    const res = await call('PUT', `/recipe/${r.id}/inspect`, pharmacist, A, { decision: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('处方已作废，无法审核');
  });

  it('10 concurrent approve / reject: exactly one wins, the order moves once, stock returns at most once', async () => {
    for (let round = 0; round < 2; round++) {
      const r = await rxOrderWithRecipe(2);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(
            'PUT',
            `/recipe/${r.id}/inspect`,
            i % 2 ? pharmacist : pharmacist2,
            A,
            (i + round) % 2 ? { decision: 'approve', shown } : { decision: 'reject', reject_code: 'duplicate', shown },
          ),
        ),
      );
      const codes = results.map((x) => x.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      for (const x of results.filter((y) => y.statusCode === 409)) expect(x.json().msg).toBe(INSPECTION_TAKEN_MESSAGE);
      const winner = results.find((x) => x.statusCode === 200)!.json().data;

      const kept = await rows<{ decision: string }>(
        sql`select decision from recipe_inspection where recipe_id = ${r.id}`,
      );
      expect(kept).toHaveLength(1);
      const order = await one<{ status: string }>(sql`select status from orders where id = ${r.orderId}`);
      const stock = (await one<{ stock: number }>(sql`select stock from quote where id = ${r.quoteId}`)).stock;
      const refunds = await one<{ n: number }>(
        sql`select count(*)::int n from order_payment where order_id = ${r.orderId} and status = 'refunded'`,
      );
      if (winner.status === 'approved') {
        expect(kept[0].decision).toBe('approve');
        expect(order.status).toBe('pending_shipment');
        expect(stock).toBe(r.stockBefore - r.qty);
        expect(refunds.n).toBe(0);
      } else {
        expect(kept[0].decision).toBe('reject');
        expect(order.status).toBe('cancelled');
        expect(stock).toBe(r.stockBefore);
        expect(refunds.n).toBe(1);
      }
      const doctorMsgs = await one<{ n: number }>(
        sql`select count(*)::int n from message where account_id = ${doctorAccountId} and content like ${`%${r.recipeNo}%`}`,
      );
      expect(doctorMsgs.n).toBe(1);
    }
  });
});
