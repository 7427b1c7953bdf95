import { randomBytes } from 'node:crypto';
import { liveMessages } from '@pharmacy/shared';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adminProfile, liveColumn, message, pharmacyMember } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string;
let shop: string;
let patient: string;
let shopAccountId: number;
let adminAccountId: number;
let operatorAccountId: number;
/** The shop's two pharmacies. */
let first: number;
let second: number;

const accountIdOf = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  [operator, shop, patient] = await Promise.all(['13800000007', '13800000001', '13900000001'].map((p) => t.login(p)));
  [shopAccountId, adminAccountId, operatorAccountId] = await Promise.all(
    ['13800000001', '13800000002', '13800000007'].map(accountIdOf),
  );
  const stores = await t.database.db
    .select({ id: pharmacyMember.pharmacyId })
    .from(pharmacyMember)
    .where(eq(pharmacyMember.accountId, shopAccountId))
    .orderBy(pharmacyMember.pharmacyId);
  [first, second] = stores.map((s) => s.id);
}, 120_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | undefined = operator, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const uid = () => randomBytes(3).toString('hex');

async function newPlatform(title = `平台专栏 ${uid()}`) {
  const res = await call('POST', '/live/column', operator, { title });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; title: string; column_count: number; pending_count: number };
}

/** A pharmacy column as the pharmacy's side leaves it (submitted to a platform column, or in another state). */
async function pharmacyColumn(
  pharmacyId: number,
  platformColumnId: number | null,
  status: 'draft' | 'pending' | 'approved' | 'rejected' = 'pending',
) {
  const [row] = await t.database.db
    .insert(liveColumn)
    .values({
      pharmacyId,
      kind: 'pharmacy',
      title: `药店专栏 ${uid()}`,
      status,
      platformColumnId,
      submittedAt: status === 'draft' ? null : new Date(),
    })
    .returning({ id: liveColumn.id });
  return row.id;
}

const platformRow = async (id: number) => {
  const res = await call('GET', '/live/column/list?page_size=100');
  expect(res.statusCode).toBe(200);
  return (res.json().data.list as { id: number; column_count: number; pending_count: number }[]).find(
    (p) => p.id === id,
  );
};

describe('platform columns', () => {
  it('adds, renames and lists platform columns with their counts', async () => {
    const p = await newPlatform();
    expect(p).toMatchObject({ column_count: 0, pending_count: 0 });
    const renamed = await call('PUT', `/live/column/${p.id}`, operator, { title: '  慢病管理  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.title).toBe('慢病管理');

    const theirs = [
      await pharmacyColumn(first, p.id, 'pending'),
      await pharmacyColumn(second, p.id, 'pending'),
      await pharmacyColumn(first, p.id, 'approved'),
      await pharmacyColumn(first, p.id, 'rejected'),
    ];
    expect(await platformRow(p.id)).toMatchObject({ column_count: 1, pending_count: 2 });

    const search = await call('GET', `/live/column/list?keyword=${encodeURIComponent('慢病管理')}`);
    expect((search.json().data.list as { id: number }[]).map((r) => r.id)).toContain(p.id);
    // pharmacy columns are not platform columns
    const list = (await call('GET', '/live/column/list?page_size=100')).json().data.list as { id: number }[];
    expect(list.filter((r) => theirs.includes(r.id))).toEqual([]);

    const missing = await call('PUT', '/live/column/2147483000', operator, { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(liveMessages.platformColumnNotFound);
    const pharmacyOne = await pharmacyColumn(first, null, 'draft');
    expect((await call('PUT', `/live/column/${pharmacyOne}`, operator, { title: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/live/column', operator, { title: '  ' })).statusCode).toBe(400);
  });

  it('is for operators holding `column`: no session 401, staff and patients 403, another permission 403', async () => {
    expect((await call('GET', '/live/column/list', '')).statusCode).toBe(401);
    expect((await call('GET', '/live/column/list', shop)).statusCode).toBe(403);
    expect((await call('GET', '/live/column/submissions', patient)).statusCode).toBe(403);
    const phone = '13700009001';
    const [row] = await t.database.db
      .insert(account)
      .values({ phone, phoneUserId: `pu_${phone}`, name: '别的运营', passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning({ id: account.id });
    await t.database.db.insert(adminProfile).values({ accountId: row.id, adminPermissions: ['report'] });
    const other = await t.login(phone);
    expect((await call('GET', '/live/column/list', other)).statusCode).toBe(403);
    expect((await call('POST', '/live/column', other, { title: '不行' })).statusCode).toBe(403);
  });
});

describe('review of submitted columns', () => {
  it('lists submissions by status with the pharmacy, filtered by platform column', async () => {
    const p = await newPlatform();
    const q = await newPlatform();
    const a = await pharmacyColumn(first, p.id);
    const b = await pharmacyColumn(second, q.id);
    const draft = await pharmacyColumn(first, null, 'draft');
    const pending = (await call('GET', '/live/column/submissions?page_size=100')).json().data;
    const ids = (pending.list as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(ids).not.toContain(draft);
    expect(pending.list.find((r: { id: number }) => r.id === a)).toMatchObject({
      status: 'pending',
      pharmacy_id: first,
      pharmacy_name: expect.stringContaining('仁心大药房'),
      platform_column_id: p.id,
      platform_column_title: p.title,
      period_count: 0,
      enrolled_count: 0,
    });
    const onlyQ = (await call('GET', `/live/column/submissions?platform_column_id=${q.id}`)).json().data;
    expect(onlyQ.list.map((r: { id: number }) => r.id)).toEqual([b]);
    expect(onlyQ.total).toBe(1);
  });

  it('approves a pending column once; tells the pharmacy; a decided column is 409', async () => {
    const p = await newPlatform();
    const id = await pharmacyColumn(first, p.id);
    const since = new Date(Date.now() - 1000);
    const res = await call('POST', `/live/column/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'approved', reject_reason: '', platform_column_id: p.id });
    expect(res.json().data.reviewed_at).not.toBeNull();
    const [stored] = await t.database.db.select().from(liveColumn).where(eq(liveColumn.id, id));
    expect(stored.reviewedBy).toBe(operatorAccountId);
    expect(await platformRow(p.id)).toMatchObject({ column_count: 1, pending_count: 0 });

    const again = await call('POST', `/live/column/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(liveMessages.columnNotPending);
    expect((await call('POST', `/live/column/${id}/reject`, operator, { reason: '晚了' })).statusCode).toBe(409);
    expect((await call('POST', '/live/column/2147483000/approve')).statusCode).toBe(404);
    const platform = await call('POST', `/live/column/${p.id}/approve`);
    expect(platform.statusCode).toBe(404);

    // the pharmacy's owner and administrator hear about it
    for (const accountId of [shopAccountId, adminAccountId]) {
      const notes = await t.database.db
        .select()
        .from(message)
        .where(and(eq(message.accountId, accountId), eq(message.kind, 'live'), gt(message.createdAt, since)));
      expect(notes.some((n) => n.title === '专栏审核通过' && n.content.includes(stored.title))).toBe(true);
    }
  });

  it('rejects with a reason (required)', async () => {
    const p = await newPlatform();
    const id = await pharmacyColumn(second, p.id);
    const noReason = await call('POST', `/live/column/${id}/reject`, operator, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toContain(liveMessages.rejectReasonRequired);
    const res = await call('POST', `/live/column/${id}/reject`, operator, { reason: '封面不清晰' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reject_reason: '封面不清晰', pharmacy_id: second });
    const rejected = (await call('GET', `/live/column/submissions?status=rejected&platform_column_id=${p.id}`)).json()
      .data.list as { id: number }[];
    expect(rejected.map((r) => r.id)).toEqual([id]);
    const [note] = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.accountId, shopAccountId), eq(message.title, '专栏审核未通过')))
      .orderBy(message.id);
    expect(note.content).toContain('封面不清晰');
  });

  it('of an approve and a reject racing on one column, exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await newPlatform();
      const id = await pharmacyColumn(first, p.id);
      const results = await Promise.all([
        call('POST', `/live/column/${id}/approve`),
        call('POST', `/live/column/${id}/reject`, operator, { reason: '重复' }),
        call('POST', `/live/column/${id}/approve`),
        call('POST', `/live/column/${id}/reject`, operator, { reason: '重复' }),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(3);
      const winner = results.find((r) => r.statusCode === 200)!.json().data.status;
      const [stored] = await t.database.db.select().from(liveColumn).where(eq(liveColumn.id, id));
      expect(stored.status).toBe(winner);
    }
  });
});

describe('a platform column’s shelf (select-component)', () => {
  it('sets the approved columns shown, in order, and takes off those no longer listed', async () => {
    const p = await newPlatform();
    const other = await newPlatform();
    const a = await pharmacyColumn(first, p.id, 'approved');
    const b = await pharmacyColumn(second, other.id, 'approved');
    const c = await pharmacyColumn(first, null, 'approved');
    const pending = await pharmacyColumn(first, p.id, 'pending');

    const first1 = await call('PUT', `/live/column/${p.id}/members`, operator, { column_ids: [c, a, b] });
    expect(first1.statusCode, first1.body).toBe(200);
    expect(first1.json().data.map((r: { id: number }) => r.id)).toEqual([c, a, b]);
    const members = (await call('GET', `/live/column/${p.id}/members`)).json().data as { id: number }[];
    expect(members.map((r) => r.id)).toEqual([c, a, b]);
    expect(await platformRow(p.id)).toMatchObject({ column_count: 3, pending_count: 1 });
    expect(await platformRow(other.id)).toMatchObject({ column_count: 0 });

    const second1 = await call('PUT', `/live/column/${p.id}/members`, operator, { column_ids: [b, c] });
    expect(second1.json().data.map((r: { id: number }) => r.id)).toEqual([b, c]);
    const [off] = await t.database.db.select().from(liveColumn).where(eq(liveColumn.id, a));
    expect(off).toMatchObject({ platformColumnId: null, status: 'approved' });
    // the pending submission stays where it was
    const [still] = await t.database.db.select().from(liveColumn).where(eq(liveColumn.id, pending));
    expect(still.platformColumnId).toBe(p.id);

    // only approved pharmacy columns
    for (const ids of [
      [b, pending],
      [b, other.id],
      [b, 2147483000],
      [b, b],
    ]) {
      const res = await call('PUT', `/live/column/${p.id}/members`, operator, { column_ids: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect(
      ((await call('GET', `/live/column/${p.id}/members`)).json().data as { id: number }[]).map((r) => r.id),
    ).toEqual([b, c]);

    const cleared = await call('PUT', `/live/column/${p.id}/members`, operator, { column_ids: [] });
    expect(cleared.json().data).toEqual([]);
    expect((await call('GET', '/live/column/2147483000/members')).statusCode).toBe(404);
    expect((await call('PUT', `/live/column/${a}/members`, operator, { column_ids: [] })).statusCode).toBe(404);
  });

  it('an approved column joins the end of its platform column’s shelf', async () => {
    const p = await newPlatform();
    const a = await pharmacyColumn(first, p.id, 'approved');
    await call('PUT', `/live/column/${p.id}/members`, operator, { column_ids: [a] });
    const b = await pharmacyColumn(second, p.id);
    expect((await call('POST', `/live/column/${b}/approve`)).statusCode).toBe(200);
    const members = (await call('GET', `/live/column/${p.id}/members`)).json().data as { id: number }[];
    expect(members.map((r) => r.id)).toEqual([a, b]);
  });
});
