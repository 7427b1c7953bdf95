import {
  ErrorCode,
  marketingMessages,
  patientLinks,
  shareListSchema,
  shareMessages,
  shareOpenSchema,
  shareSchema,
} from '@pharmacy/shared';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pharmacy } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let p1: number;
let p2: number;
/** 13800000003 manager of p1. */
let manager: string;
/** 13800000004 customer service of p1 (and p2). */
let cs: string;
/** 13800000012 another customer service of p1. */
let otherCs: string;
/** 13900000001 the demo patient. */
let patient: string;
const PATIENT_PHONE = '13900000001';
/** On-shelf quotes of p1 and one of p2. */
let quotes: number[];
let foreignQuote: number;
let offShelfQuote: number;
let combo: number;
let offSaleCombo: number | null;
let liveId: number;
let draftLive: number;
/** The demo seed's shares are those up to this id (the tests add theirs after). */
let seededMaxId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId?: number, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const data = <T = any>(res: { json: () => { data: T } }) => res.json().data;
const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

let patientSeq = 0;
async function newPatient(): Promise<{ token: string; id: number; phone: string }> {
  patientSeq += 1;
  const phone = `1370000${String(6100 + patientSeq).padStart(4, '0')}`;
  const hash = await hashPassword(DEMO_PASSWORD);
  const [{ id }] = await rows<{ id: number }>(sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${`分享测试${patientSeq}`}, ${hash}) returning id`);
  return { token: await t.login(phone), id, phone };
}

const itemsBody = (phone = PATIENT_PHONE, title = '常备药分享') => ({
  kind: 'items',
  title,
  message: '您好，这是给您整理的常用药。',
  items: [
    { quote_id: quotes[0], qty: 2 },
    { quote_id: quotes[1], qty: 1 },
  ],
  recipient_phone: phone,
});

async function createShare(body: object = itemsBody(), token = cs, pharmacyId = p1) {
  const res = await call('POST', '/share', token, pharmacyId, body);
  expect(res.statusCode, res.body).toBe(200);
  return shareSchema.parse(data(res));
}
async function approve(id: number) {
  const res = await call('POST', `/share/review/${id}/approve`, manager, p1);
  expect(res.statusCode, res.body).toBe(200);
  return shareSchema.parse(data(res));
}

beforeAll(async () => {
  t = await createTestApp();
  [p1, p2] = (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).orderBy(asc(pharmacy.id))).map(
    (r) => r.id,
  );
  [{ max: seededMaxId }] = await rows<{ max: number }>(sql`select coalesce(max(id), 0)::int as max from share`);
  manager = await t.login('13800000003');
  cs = await t.login('13800000004');
  otherCs = await t.login('13800000012');
  patient = await t.login(PATIENT_PHONE);
  quotes = (
    await rows<{ id: number }>(
      sql`select id from quote where pharmacy_id = ${p1} and status = 'on_shelf' and stock > 5 order by id limit 3`,
    )
  ).map((r) => r.id);
  [{ id: foreignQuote }] = await rows<{ id: number }>(sql`select id from quote where pharmacy_id = ${p2} limit 1`);
  [{ id: offShelfQuote }] = await rows<{ id: number }>(
    sql`update quote set status = 'off_shelf' where id = (select id from quote where pharmacy_id = ${p1}
      and status = 'on_shelf' and id <> all(${sql.param(quotes)}::int[]) order by id desc limit 1) returning id`,
  );
  // a combo of p1 on sale and one off sale
  const [{ id: c1 }] = await rows<{ id: number }>(
    sql`insert into quote_set (pharmacy_id, name, price, status) values (${p1}, '分享测试套餐', '20.00', 'on_sale')
      returning id`,
  );
  combo = c1;
  await t.database.db.execute(sql`insert into quote_set_item (quote_set_id, quote_id, qty, sort)
    values (${combo}, ${quotes[0]}, 1, 1), (${combo}, ${quotes[1]}, 2, 2)`);
  [{ id: offSaleCombo }] = await rows<{ id: number }>(
    sql`insert into quote_set (pharmacy_id, name, price, status) values (${p1}, '已下架套餐', '9.00', 'off_sale')
      returning id`,
  );
  const lives = await rows<{ id: number; status: string }>(sql`insert into live
      (pharmacy_id, title, lecturer, start_at, end_at, status)
    values (${p1}, '分享测试直播', '刘静怡', now(), now() + interval '1 hour', 'scheduled'),
      (${p1}, '草稿直播', '刘静怡', now(), now() + interval '1 hour', 'draft')
    returning id, status`);
  liveId = lives.find((l) => l.status === 'scheduled')!.id;
  draftLive = lives.find((l) => l.status === 'draft')!.id;
}, 180_000);
afterAll(async () => t?.close());

describe('share packages: create and roles', () => {
  it('customer service creates a pending items share; the answer masks the phone and summarises the items', async () => {
    const share = await createShare();
    expect(share).toMatchObject({
      kind: 'items',
      status: 'pending',
      recipient_phone: '139****0001',
      sharer_name: '王丽娟',
      is_mine: true,
      open_count: 0,
    });
    expect(share.items.map((i) => [i.quote_id, i.qty])).toEqual([
      [quotes[0], 2],
      [quotes[1], 1],
    ]);
    expect(share.summary).toContain('×2');
    // the share link the console copies
    expect(patientLinks.share(share.id)).toBe(`/patient/share?id=${share.id}`);
  });

  it('creates combo and live shares; refuses what is not the pharmacy’s, off shelf, off sale or a draft', async () => {
    const c = await createShare({
      kind: 'combo',
      title: '套餐分享',
      quote_set_id: combo,
      recipient_phone: PATIENT_PHONE,
    });
    expect(c).toMatchObject({ kind: 'combo', quote_set_name: '分享测试套餐', items: [] });
    const l = await createShare({ kind: 'live', title: '直播分享', live_id: liveId, recipient_phone: PATIENT_PHONE });
    expect(l).toMatchObject({ kind: 'live', live_title: '分享测试直播' });

    const refusals: [object, string, string][] = [
      [{ ...itemsBody(), items: [{ quote_id: foreignQuote, qty: 1 }] }, shareMessages.quoteMissing, 'items'],
      [{ ...itemsBody(), items: [{ quote_id: offShelfQuote, qty: 1 }] }, shareMessages.quoteMissing, 'items'],
      [
        { kind: 'combo', title: 'x', quote_set_id: offSaleCombo, recipient_phone: PATIENT_PHONE },
        shareMessages.comboMissing,
        'quote_set_id',
      ],
      [
        { kind: 'live', title: 'x', live_id: draftLive, recipient_phone: PATIENT_PHONE },
        shareMessages.liveMissing,
        'live_id',
      ],
    ];
    for (const [body, msg, field] of refusals) {
      const res = await call('POST', '/share', cs, p1, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg, data: { field } });
    }
  });

  it('answers bad input with Chinese messages naming the field, never a 500', async () => {
    const cases: [object, string][] = [
      [{ ...itemsBody(), recipient_phone: '1234' }, shareMessages.phoneFormat],
      [{ ...itemsBody(), title: '' }, shareMessages.titleRequired],
      [{ ...itemsBody(), title: '长'.repeat(51) }, shareMessages.titleTooLong],
      [{ ...itemsBody(), message: '长'.repeat(201) }, shareMessages.messageTooLong],
      [{ ...itemsBody(), items: [] }, shareMessages.itemsRequired],
      [{ ...itemsBody(), items: [{ quote_id: quotes[0], qty: 100 }] }, shareMessages.qty],
      [
        {
          ...itemsBody(),
          items: [
            { quote_id: quotes[0], qty: 1 },
            { quote_id: quotes[0], qty: 2 },
          ],
        },
        shareMessages.duplicate,
      ],
      [
        { ...itemsBody(), items: Array.from({ length: 21 }, (_, i) => ({ quote_id: i + 1, qty: 1 })) },
        shareMessages.tooManyItems,
      ],
      [{ kind: 'combo', title: 'x', recipient_phone: PATIENT_PHONE }, shareMessages.comboRequired],
      [{ kind: 'live', title: 'x', recipient_phone: PATIENT_PHONE }, shareMessages.liveRequired],
      [{ kind: 'video', title: 'x', recipient_phone: PATIENT_PHONE }, shareMessages.kind],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/share', cs, p1, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
  });

  it('customer service cannot review; a manager can; a patient has no console access', async () => {
    const share = await createShare();
    expect((await call('GET', '/share/review', cs, p1)).statusCode).toBe(403);
    expect((await call('POST', `/share/review/${share.id}/approve`, cs, p1)).statusCode).toBe(403);
    expect((await call('POST', `/share/review/${share.id}/reject`, cs, p1, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/share', patient, p1, itemsBody())).statusCode).toBe(403);
    const list = await call('GET', '/share/review?status=pending', manager, p1);
    expect(list.statusCode, list.body).toBe(200);
    expect(shareListSchema.parse(data(list)).list.some((s) => s.id === share.id)).toBe(true);
    expect((await call('GET', `/share/review/${share.id}`, manager, p1)).statusCode).toBe(200);
    const approved = await approve(share.id);
    expect(approved).toMatchObject({ status: 'approved', reviewer_name: '陈志强', is_mine: false });
    expect(approved.reviewed_at).not.toBeNull();
  });

  it('lists mine for customer service and all for managers, with status counts', async () => {
    const mine = await createShare(itemsBody(PATIENT_PHONE, '我的分享'));
    const others = await createShare(itemsBody(PATIENT_PHONE, '吴婷婷的分享'), otherCs);
    const csList = shareListSchema.parse(data(await call('GET', '/share?page_size=100', cs, p1)));
    expect(csList.list.some((s) => s.id === mine.id)).toBe(true);
    expect(csList.list.some((s) => s.id === others.id)).toBe(false);
    expect(csList.list.every((s) => s.is_mine)).toBe(true);
    const managerList = shareListSchema.parse(data(await call('GET', '/share?page_size=100', manager, p1)));
    expect(managerList.list.some((s) => s.id === others.id)).toBe(true);

    // counts reconcile with the rows of each tab
    const [raw] = await rows<{ all: number; pending: number; approved: number; rejected: number }>(
      sql`select count(*)::int as all, count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'approved')::int as approved,
        count(*) filter (where status = 'rejected')::int as rejected from share where pharmacy_id = ${p1}`,
    );
    expect(managerList.counts).toEqual(raw);
    const pendingTab = shareListSchema.parse(data(await call('GET', '/share?status=pending&page_size=5', manager, p1)));
    expect(pendingTab.total).toBe(raw.pending);
    expect(pendingTab.list.every((s) => s.status === 'pending')).toBe(true);
    // keyword: the title, or the recipient's last four digits
    const byTitle = shareListSchema.parse(
      data(await call('GET', `/share?keyword=${encodeURI('吴婷婷')}`, manager, p1)),
    );
    expect(byTitle.list.map((s) => s.id)).toContain(others.id);
    const byPhone = shareListSchema.parse(data(await call('GET', '/share?keyword=0001&page_size=100', manager, p1)));
    expect(byPhone.list.length).toBeGreaterThan(0);
  });
});

describe('share packages: tenant isolation', () => {
  it("another pharmacy's share answers 404 like a missing one, for reads, edits and reviews", async () => {
    const foreign = await createShare(
      {
        kind: 'items',
        title: '杭州店分享',
        items: [{ quote_id: foreignQuote, qty: 1 }],
        recipient_phone: PATIENT_PHONE,
      },
      cs,
      p2,
    );
    const missing = 2_000_000_000;
    for (const id of [foreign.id, missing]) {
      const answers = await Promise.all([
        call('GET', `/share/${id}`, manager, p1),
        call('GET', `/share/review/${id}`, manager, p1),
        call('PUT', `/share/${id}`, manager, p1, itemsBody()),
        call('PUT', `/share/phone/${id}`, manager, p1, { recipient_phone: '13900000002' }),
        call('POST', `/share/review/${id}/approve`, manager, p1),
        call('POST', `/share/review/${id}/reject`, manager, p1, { reason: '不合适' }),
      ]);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().msg).toBe(shareMessages.notFound);
      }
    }
    const list = shareListSchema.parse(data(await call('GET', '/share?page_size=100', manager, p1)));
    expect(list.list.some((s) => s.id === foreign.id)).toBe(false);
  });
});

describe('share packages: review and edits', () => {
  it('two concurrent decisions: exactly one wins, the other answers 409', async () => {
    const share = await createShare();
    const [a, b] = await Promise.all([
      call('POST', `/share/review/${share.id}/approve`, manager, p1),
      call('POST', `/share/review/${share.id}/reject`, manager, p1, { reason: '重复分享' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().msg).toBe(shareMessages.notPending);
    const [row] = await rows<{ status: string }>(sql`select status from share where id = ${share.id}`);
    expect(row.status).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
  });

  it('reject needs a reason; the sharer is told; an edit sends it back to pending and clears the reason', async () => {
    const share = await createShare();
    const noReason = await call('POST', `/share/review/${share.id}/reject`, manager, p1, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain(shareMessages.reasonRequired);
    const rejected = await call('POST', `/share/review/${share.id}/reject`, manager, p1, { reason: '数量偏多' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(data(rejected)).toMatchObject({ status: 'rejected', reject_reason: '数量偏多' });
    const [msg] = await rows<{ title: string; content: string }>(
      sql`select m.title, m.content from message m join account a on a.id = m.account_id
        where a.phone = '13800000004' order by m.id desc limit 1`,
    );
    expect(msg).toMatchObject({ title: '分享套餐被驳回' });
    expect(msg.content).toContain('数量偏多');

    // another customer service of the pharmacy cannot see or edit it
    expect((await call('PUT', `/share/${share.id}`, otherCs, p1, itemsBody())).statusCode).toBe(404);
    expect((await call('GET', `/share/${share.id}`, otherCs, p1)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/share/phone/${share.id}`, otherCs, p1, { recipient_phone: '13900000002' })).statusCode,
    ).toBe(404);

    const edited = await call('PUT', `/share/${share.id}`, cs, p1, {
      kind: 'combo',
      title: '改为套餐',
      quote_set_id: combo,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(data(edited)).toMatchObject({
      status: 'pending',
      reject_reason: '',
      kind: 'combo',
      items: [],
      quote_set_id: combo,
      reviewer_name: null,
    });
    // a manager may edit anyone's
    const byManager = await call('PUT', `/share/${share.id}`, manager, p1, { ...itemsBody(), title: '经理修改' });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(data(byManager)).toMatchObject({ title: '经理修改', is_mine: false });

    await approve(share.id);
    const late = await call('PUT', `/share/${share.id}`, cs, p1, itemsBody());
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(shareMessages.notEditable);
  });

  it('a new recipient phone sends an approved share back to review', async () => {
    const share = await createShare();
    await approve(share.id);
    const bad = await call('PUT', `/share/phone/${share.id}`, cs, p1, { recipient_phone: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain(shareMessages.phoneFormat);
    const res = await call('PUT', `/share/phone/${share.id}`, cs, p1, { recipient_phone: '13900000002' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res)).toMatchObject({ status: 'pending', recipient_phone: '139****0002', open_count: 0 });
  });
});

describe('share packages: the recipient opens it', () => {
  it('only an approved share opens; the recipient sees the pharmacy, the items and the sharer; openings are counted', async () => {
    const share = await createShare();
    const early = await call('GET', `/share/${share.id}/open`, patient);
    expect(early.statusCode).toBe(404);
    expect(early.json().msg).toBe(shareMessages.notOpenable);

    await approve(share.id);
    const first = await call('GET', `/share/${share.id}/open`, patient);
    expect(first.statusCode, first.body).toBe(200);
    const open = shareOpenSchema.parse(data(first));
    expect(open).toMatchObject({ id: share.id, kind: 'items', sharer_name: '王丽娟', combo: null, live: null });
    expect(open.pharmacy.id).toBe(p1);
    expect(open.items.map((i) => [i.quote_id, i.qty])).toEqual([
      [quotes[0], 2],
      [quotes[1], 1],
    ]);
    const [{ price }] = await rows<{ price: string }>(sql`select price::text from quote where id = ${quotes[0]}`);
    expect(open.items[0].price).toBe(Number(price).toFixed(2));
    const [{ opened_at: firstOpen }] = await rows<{ opened_at: string }>(
      sql`select opened_at::text from share where id = ${share.id}`,
    );
    await call('GET', `/share/${share.id}/open`, patient);
    const [row] = await rows<{ opened_at: string; open_count: number }>(
      sql`select opened_at::text, open_count from share where id = ${share.id}`,
    );
    expect(row).toEqual({ opened_at: firstOpen, open_count: 2 });
    const staffView = shareSchema.parse(data(await call('GET', `/share/${share.id}`, cs, p1)));
    expect(staffView.open_count).toBe(2);
    expect(staffView.opened_at).not.toBeNull();
  });

  it('anyone else gets 403 with code 403001 您不是被分享人, and the opening is not counted', async () => {
    const share = await createShare();
    await approve(share.id);
    const other = await newPatient();
    for (const token of [other.token, cs]) {
      const res = await call('GET', `/share/${share.id}/open`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403001, msg: marketingMessages.notRecipient, data: null });
    }
    const [row] = await rows<{ open_count: number }>(sql`select open_count from share where id = ${share.id}`);
    expect(row.open_count).toBe(0);
    expect((await call('GET', `/share/${share.id}/open`)).statusCode).toBe(401);
    expect((await call('GET', '/share/abc/open', patient)).statusCode).toBe(400);
  });

  it('a blacklisted recipient is refused', async () => {
    const blocked = await newPatient();
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, account_id, phone, reason) values (${p1}, ${blocked.id}, ${blocked.phone}, '测试')`,
    );
    // a blacklisted phone is refused as a recipient
    const refused = await call('POST', '/share', cs, p1, itemsBody(blocked.phone));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: marketingMessages.blacklisted, data: { field: 'recipient_phone' } });
    const other = await createShare();
    const moved = await call('PUT', `/share/phone/${other.id}`, cs, p1, { recipient_phone: blocked.phone });
    expect(moved.statusCode).toBe(400);

    // blacklisted after the share was approved: the opening is refused
    await t.database.db.execute(sql`delete from black_user where account_id = ${blocked.id}`);
    const share = await createShare(itemsBody(blocked.phone));
    await approve(share.id);
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, account_id, phone, reason) values (${p1}, ${blocked.id}, ${blocked.phone}, '测试')`,
    );
    const res = await call('GET', `/share/${share.id}/open`, blocked.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(marketingMessages.blacklisted);
    const [row] = await rows<{ open_count: number }>(sql`select open_count from share where id = ${share.id}`);
    expect(row.open_count).toBe(0);
  });

  it('a combo share shows the combo with its items and price; a live share how to watch', async () => {
    const c = await createShare({ kind: 'combo', title: '套餐', quote_set_id: combo, recipient_phone: PATIENT_PHONE });
    await approve(c.id);
    const comboOpen = shareOpenSchema.parse(data(await call('GET', `/share/${c.id}/open`, patient)));
    expect(comboOpen.combo).toMatchObject({ id: combo, name: '分享测试套餐', price: '20.00', on_sale: true });
    expect(comboOpen.combo!.items.map((i) => [i.quote_id, i.qty])).toEqual([
      [quotes[0], 1],
      [quotes[1], 2],
    ]);
    expect(comboOpen.combo!.available).toBeGreaterThan(0);

    const l = await createShare({ kind: 'live', title: '直播', live_id: liveId, recipient_phone: PATIENT_PHONE });
    await approve(l.id);
    const before = shareOpenSchema.parse(data(await call('GET', `/share/${l.id}/open`, patient)));
    expect(before.live).toMatchObject({ id: liveId, status: 'scheduled', enrolled: false, watch_path: null });
    expect(before.live!.period_path).toBeNull();

    // bound to a camp period the patient is enrolled in: the watch page
    const [{ id: columnId }] = await rows<{ id: number }>(
      sql`insert into live_column (kind, pharmacy_id, title, status) values ('pharmacy', ${p1}, '分享测试专栏', 'draft')
        returning id`,
    );
    const [{ id: periodId }] = await rows<{ id: number }>(sql`insert into column_period
        (pharmacy_id, column_id, name, start_at, end_at) values (${p1}, ${columnId}, '第一期', now(), now() + interval '7 days')
      returning id`);
    await t.database.db.execute(
      sql`insert into column_period_live (pharmacy_id, period_id, live_id, sort) values (${p1}, ${periodId}, ${liveId}, 1)`,
    );
    const listed = shareOpenSchema.parse(data(await call('GET', `/share/${l.id}/open`, patient)));
    expect(listed.live).toMatchObject({ enrolled: false, period_path: `/patient/live/period?id=${periodId}` });
    await t.database.db.execute(sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source)
      select ${p1}, ${periodId}, id, 'self' from account where phone = ${PATIENT_PHONE}`);
    const enrolled = shareOpenSchema.parse(data(await call('GET', `/share/${l.id}/open`, patient)));
    expect(enrolled.live).toMatchObject({ enrolled: true, watch_path: `/patient/live/watch?id=${liveId}` });
  });
});

describe('share packages: demo data', () => {
  it('the first demo pharmacy has shares in every state and kind, one approved for the demo patient', async () => {
    const seeded = await rows<{ status: string; kind: string; recipient_phone: string; reject_reason: string }>(
      sql`select status, kind, recipient_phone, reject_reason from share
        where pharmacy_id = ${p1} and id <= ${seededMaxId}`,
    );
    expect(new Set(seeded.map((s) => s.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    expect(new Set(seeded.map((s) => s.kind))).toEqual(new Set(['items', 'combo', 'live']));
    expect(seeded.filter((s) => s.status === 'rejected').every((s) => s.reject_reason.length > 0)).toBe(true);
    const demo = seeded.find((s) => s.recipient_phone === PATIENT_PHONE && s.status === 'approved');
    expect(demo).toBeDefined();
  });
});
