import { columnSchema, enrollmentRowSchema, liveMessages, periodLiveSchema, periodSchema } from '@pharmacy/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, blackUser, live, liveColumn, liveWatch, pharmacy, pharmacyMember } from '../../db/schema/index';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let p1: number;
let p2: number;
/** 13800000003 manager of p1. */
let manager: string;
/** 13800000004 customer service of p1 (and p2). */
let cs: string;
/** 13800000001 shop of p1 and p2. */
let shop: string;
let platformId: number;
/** Lives of p1 (six) and one of p2. */
let lives: number[];
let foreignLive: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId?: number, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const data = <T = any>(res: { json: () => { data: T } }) => res.json().data;

const period = (name = '第一期') => ({
  name,
  start_at: '2026-12-01T00:00:00+08:00',
  end_at: '2026-12-31T23:59:59+08:00',
});

async function insertLives(pharmacyId: number, n: number, title: string) {
  const rows = await t.database.db
    .insert(live)
    .values(
      Array.from({ length: n }, (_, i) => ({
        pharmacyId,
        title: `${title}${i + 1}`,
        lecturer: '刘静怡',
        startAt: new Date(Date.now() + i * 86_400_000),
        endAt: new Date(Date.now() + i * 86_400_000 + 3_600_000),
        status: 'scheduled' as const,
      })),
    )
    .returning({ id: live.id });
  return rows.map((r) => r.id);
}

async function newColumn(token = manager, pharmacyId = p1, title = '慢病管理训练营') {
  const res = await call('POST', '/live/columns', token, pharmacyId, { title, intro: '高血压、糖尿病患者的用药课' });
  expect(res.statusCode, res.body).toBe(200);
  return columnSchema.parse(data(res));
}
async function newPeriod(columnId: number, name = '第一期') {
  const res = await call('POST', `/live/columns/${columnId}/periods`, manager, p1, period(name));
  expect(res.statusCode, res.body).toBe(200);
  return periodSchema.parse(data(res));
}
const orderOf = async (periodId: number) => {
  const res = await call('GET', `/live/periods/${periodId}/lives`, cs, p1);
  expect(res.statusCode, res.body).toBe(200);
  return (data(res) as unknown[]).map((x) => periodLiveSchema.parse(x));
};

beforeAll(async () => {
  t = await createTestApp();
  const ids = (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).orderBy(asc(pharmacy.id))).map(
    (r) => r.id,
  );
  [p1, p2] = ids;
  manager = await t.login('13800000003');
  cs = await t.login('13800000004');
  shop = await t.login('13800000001');
  [{ id: platformId }] = await t.database.db
    .insert(liveColumn)
    .values({ kind: 'platform', title: '测试平台专栏', status: 'approved' })
    .returning({ id: liveColumn.id });
  lives = await insertLives(p1, 6, '高血压用药第');
  [foreignLive] = await insertLives(p2, 1, '杭州店直播');
}, 180_000);
afterAll(async () => t?.close());

describe('columns', () => {
  it('creates, lists, reads and edits a column; customer service reads but cannot write', async () => {
    const col = await newColumn();
    expect(col).toMatchObject({ status: 'draft', period_count: 0, enrolled_count: 0, platform_column_id: null });
    const list = await call('GET', '/live/columns?keyword=慢病', cs, p1);
    expect(list.statusCode).toBe(200);
    expect(data(list).list.map((c: { id: number }) => c.id)).toContain(col.id);
    expect((await call('GET', `/live/columns/${col.id}`, cs, p1)).statusCode).toBe(200);
    const edited = await call('PUT', `/live/columns/${col.id}`, manager, p1, { title: '慢病管理训练营（新）' });
    expect(data(edited).title).toBe('慢病管理训练营（新）');
    expect((await call('POST', '/live/columns', cs, p1, { title: '客服的专栏' })).statusCode).toBe(403);
    expect((await call('PUT', `/live/columns/${col.id}`, cs, p1, { title: 'x' })).statusCode).toBe(403);
  });

  it('refuses a missing title with a Chinese message', async () => {
    const res = await call('POST', '/live/columns', manager, p1, { title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('专栏名称');
  });

  it('submits to a platform column; a pending column cannot be edited or re-submitted; reviewed ones can', async () => {
    const col = await newColumn();
    const options = data(await call('GET', '/live/platform_columns', cs, p1)) as { id: number; title: string }[];
    expect(options.map((o) => o.id)).toContain(platformId);
    const missing = await call('POST', `/live/columns/${col.id}/submit`, manager, p1, { platform_column_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(liveMessages.platformColumnNotFound);
    // a pharmacy column is not a platform column
    const notPlatform = await call('POST', `/live/columns/${col.id}/submit`, manager, p1, {
      platform_column_id: col.id,
    });
    expect(notPlatform.statusCode).toBe(404);

    const submitted = data(
      await call('POST', `/live/columns/${col.id}/submit`, manager, p1, { platform_column_id: platformId }),
    );
    expect(submitted).toMatchObject({
      status: 'pending',
      platform_column_id: platformId,
      platform_column_title: '测试平台专栏',
    });
    expect(submitted.submitted_at).not.toBeNull();
    const edit = await call('PUT', `/live/columns/${col.id}`, manager, p1, { title: '改名' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe(liveMessages.columnNotEditable);
    expect(
      (await call('POST', `/live/columns/${col.id}/submit`, manager, p1, { platform_column_id: platformId }))
        .statusCode,
    ).toBe(409);

    // the operator rejects it: editing keeps 'rejected' until it is submitted again
    await t.database.db
      .update(liveColumn)
      .set({ status: 'rejected', rejectReason: '封面不清晰', reviewedAt: new Date() })
      .where(eq(liveColumn.id, col.id));
    const afterEdit = data(await call('PUT', `/live/columns/${col.id}`, manager, p1, { title: '改名后' }));
    expect(afterEdit).toMatchObject({ status: 'rejected', reject_reason: '封面不清晰', title: '改名后' });
    const again = data(
      await call('POST', `/live/columns/${col.id}/submit`, manager, p1, { platform_column_id: platformId }),
    );
    expect(again).toMatchObject({ status: 'pending', reject_reason: '', reviewed_at: null });
    // approved: editable, and may be submitted again
    await t.database.db.update(liveColumn).set({ status: 'approved' }).where(eq(liveColumn.id, col.id));
    expect(data(await call('PUT', `/live/columns/${col.id}`, manager, p1, { title: '已通过' })).status).toBe(
      'approved',
    );
    expect(
      data(await call('POST', `/live/columns/${col.id}/submit`, manager, p1, { platform_column_id: platformId }))
        .status,
    ).toBe('pending');
  });

  it("answers another pharmacy's column and period exactly like missing ones (404)", async () => {
    const col = await newColumn();
    const per = await newPeriod(col.id);
    const missingCol = await call('GET', '/live/columns/999999', shop, p2);
    const urls: [Method, string, object?][] = [
      ['GET', `/live/columns/${col.id}`],
      ['PUT', `/live/columns/${col.id}`, { title: '偷改' }],
      ['DELETE', `/live/columns/${col.id}`],
      ['POST', `/live/columns/${col.id}/submit`, { platform_column_id: platformId }],
      ['GET', `/live/columns/${col.id}/periods`],
      ['POST', `/live/columns/${col.id}/periods`, period()],
      ['PUT', `/live/periods/${per.id}`, period()],
      ['DELETE', `/live/periods/${per.id}`],
      ['POST', `/live/periods/${per.id}/copy`, period()],
      ['GET', `/live/periods/${per.id}/lives`],
      ['POST', `/live/periods/${per.id}/lives`, { live_ids: [foreignLive] }],
      ['PUT', `/live/periods/${per.id}/lives/sort`, { live_ids: [foreignLive] }],
      ['DELETE', `/live/periods/${per.id}/lives/${lives[0]}`],
      ['GET', `/live/periods/${per.id}/enrollments`],
      ['POST', `/live/periods/${per.id}/enrollments`, { phones: ['13900000001'] }],
      ['GET', `/live/periods/${per.id}/invite_link`],
    ];
    for (const [method, url, body] of urls) {
      const res = await call(method, url, shop, p2, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().data).toBeNull();
    }
    expect(missingCol.statusCode).toBe(404);
    expect(missingCol.json().msg).toBe(liveMessages.columnNotFound);
    // nothing changed at p1; the other pharmacy's list does not show it
    expect(data(await call('GET', `/live/columns/${col.id}`, manager, p1)).title).toBe(col.title);
    expect(data(await call('GET', `/live/periods/${per.id}/enrollments`, manager, p1)).total).toBe(0);
    const theirs = data(await call('GET', '/live/columns?page_size=100', shop, p2));
    expect(theirs.list.map((c: { id: number }) => c.id)).not.toContain(col.id);
  });
});

describe('camp periods and their lives', () => {
  it('creates periods last in the column with counts, and edits them', async () => {
    const col = await newColumn();
    const a = await newPeriod(col.id, '第一期');
    const b = await newPeriod(col.id, '第二期');
    expect([a.sort, b.sort]).toEqual([1, 2]);
    const bad = await call('POST', `/live/columns/${col.id}/periods`, manager, p1, {
      ...period(),
      end_at: '2026-11-01T00:00:00+08:00',
    });
    expect(bad.statusCode).toBe(400);
    // PostgreSQL has no year 0 and JavaScript cannot show years before 100: refused by the schema, named
    for (const start_at of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+08:00']) {
      const res = await call('POST', `/live/columns/${col.id}/periods`, manager, p1, { ...period(), start_at });
      expect(res.statusCode, start_at).toBe(400);
      expect(res.json().msg).toContain('开始时间');
    }
    const edited = data(await call('PUT', `/live/periods/${a.id}`, manager, p1, period('第一期（加开）')));
    expect(edited.name).toBe('第一期（加开）');
    const list = data(await call('GET', `/live/columns/${col.id}/periods`, cs, p1)) as { id: number }[];
    expect(list.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(data(await call('GET', `/live/columns/${col.id}`, cs, p1)).period_count).toBe(2);
  });

  it('binds in order, ignores already bound lives, refuses lives of another pharmacy', async () => {
    const col = await newColumn();
    const per = await newPeriod(col.id);
    const first = await call('POST', `/live/periods/${per.id}/lives`, manager, p1, {
      live_ids: [lives[2], lives[0], lives[2]],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(data(first).map((l: { id: number; sort: number }) => [l.id, l.sort])).toEqual([
      [lives[2], 1],
      [lives[0], 2],
    ]);
    const second = data(
      await call('POST', `/live/periods/${per.id}/lives`, manager, p1, { live_ids: [lives[0], lives[1]] }),
    );
    expect(second.map((l: { id: number }) => l.id)).toEqual([lives[2], lives[0], lives[1]]);
    const foreign = await call('POST', `/live/periods/${per.id}/lives`, manager, p1, {
      live_ids: [lives[3], foreignLive],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe(liveMessages.liveNotInPharmacy);
    expect((await orderOf(per.id)).map((l) => l.id)).toEqual([lives[2], lives[0], lives[1]]);
    expect(data(await call('GET', `/live/columns/${col.id}/periods`, cs, p1))[0].live_count).toBe(3);
    // customer service cannot bind
    expect((await call('POST', `/live/periods/${per.id}/lives`, cs, p1, { live_ids: [lives[3]] })).statusCode).toBe(
      403,
    );
  });

  it('unbinds and renumbers 1..n', async () => {
    const col = await newColumn();
    const per = await newPeriod(col.id);
    await call('POST', `/live/periods/${per.id}/lives`, manager, p1, { live_ids: lives.slice(0, 4) });
    const res = await call('DELETE', `/live/periods/${per.id}/lives/${lives[1]}`, manager, p1);
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res).map((l: { id: number; sort: number }) => [l.id, l.sort])).toEqual([
      [lives[0], 1],
      [lives[2], 2],
      [lives[3], 3],
    ]);
    expect((await call('DELETE', `/live/periods/${per.id}/lives/${lives[1]}`, manager, p1)).statusCode).toBe(404);
  });

  it('sorts only by an exact permutation of the bound lives (400 otherwise, nothing changed)', async () => {
    const col = await newColumn();
    const per = await newPeriod(col.id);
    await call('POST', `/live/periods/${per.id}/lives`, manager, p1, { live_ids: lives.slice(0, 3) });
    const wrong = [
      [lives[0], lives[1]],
      [lives[0], lives[1], lives[2], lives[3]],
      [lives[0], lives[1], lives[1]],
      [lives[0], lives[1], foreignLive],
    ];
    for (const ids of wrong) {
      const res = await call('PUT', `/live/periods/${per.id}/lives/sort`, manager, p1, { live_ids: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().msg).toBe(liveMessages.periodLivesMismatch);
    }
    expect((await orderOf(per.id)).map((l) => l.id)).toEqual(lives.slice(0, 3));
  });

  it('keeps any order through re-sort and copy (property)', async () => {
    const col = await newColumn();
    const per = await newPeriod(col.id);
    await call('POST', `/live/periods/${per.id}/lives`, manager, p1, { live_ids: lives });
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(lives, { minLength: lives.length }), async (perm) => {
        const res = await call('PUT', `/live/periods/${per.id}/lives/sort`, manager, p1, { live_ids: perm });
        expect(res.statusCode, res.body).toBe(200);
        const answered = data(res) as { id: number; sort: number }[];
        expect(answered.map((l) => l.id)).toEqual(perm);
        expect(answered.map((l) => l.sort)).toEqual(perm.map((_, i) => i + 1));
        const copy = await call('POST', `/live/periods/${per.id}/copy`, manager, p1, period('复制的营期'));
        expect(copy.statusCode, copy.body).toBe(200);
        const copied = await orderOf(data(copy).id);
        expect(copied.map((l) => [l.id, l.sort])).toEqual(perm.map((id, i) => [id, i + 1]));
        expect(data(copy)).toMatchObject({ column_id: col.id, live_count: perm.length, enrolled_count: 0 });
      }),
      { numRuns: 15 },
    );
  });

  it('answers live summaries with viewers and sort', async () => {
    const col = await newColumn();
    const per = await newPeriod(col.id);
    await call('POST', `/live/periods/${per.id}/lives`, manager, p1, { live_ids: [lives[4]] });
    const [patient] = await t.database.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.phone, '13900000001'));
    await t.database.db.insert(liveWatch).values({
      pharmacyId: p1,
      liveId: lives[4],
      accountId: patient.id,
      day: '2026-11-20',
      seconds: 300,
      beats: 60,
      firstBeatAt: new Date(),
      lastBeatAt: new Date(),
    });
    const [row] = await orderOf(per.id);
    expect(row).toMatchObject({ id: lives[4], sort: 1, viewer_count: 1, question_count: 0, status: 'scheduled' });
  });
});

describe('enrolments', () => {
  let col: { id: number };
  let per: { id: number };
  let csMember: number;

  beforeAll(async () => {
    col = await newColumn(manager, p1, '家庭用药课堂');
    per = await newPeriod(col.id);
    await call('POST', `/live/periods/${per.id}/lives`, manager, p1, { live_ids: [lives[0], lives[1]] });
    const [blocked] = await t.database.db
      .insert(account)
      .values({ phone: '13700000009', phoneUserId: 'pu_13700000009', name: '黑名单用户' })
      .onConflictDoNothing()
      .returning({ id: account.id });
    expect(blocked).toBeDefined();
    // black_user 13700000009 exists in the foundation seed (by phone)
    const bl = await t.database.db.select().from(blackUser).where(eq(blackUser.phone, '13700000009'));
    expect(bl.length).toBe(1);
    const [m] = await t.database.db
      .select({ id: pharmacyMember.id })
      .from(pharmacyMember)
      .innerJoin(account, eq(account.id, pharmacyMember.accountId))
      .where(and(eq(pharmacyMember.pharmacyId, p1), eq(account.phone, '13800000004')));
    csMember = m.id;
  });

  it('enrols existing accounts by phone; unknown and blacklisted phones are reported; repeats are a no-op', async () => {
    const res = await call('POST', `/live/periods/${per.id}/enrollments`, cs, p1, {
      phones: ['13900000001', '13912345678', '13700000009', '13900000001'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res)).toEqual({ enrolled: 1, already: 0, not_found: ['13912345678'], blacklisted: ['13700000009'] });
    const again = await call('POST', `/live/periods/${per.id}/enrollments`, manager, p1, { phones: ['13900000001'] });
    expect(data(again)).toEqual({ enrolled: 0, already: 1, not_found: [], blacklisted: [] });
    const bad = await call('POST', `/live/periods/${per.id}/enrollments`, cs, p1, { phones: ['12345'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('手机号');
  });

  it('lists enrolments with masked phones, the inviter, watch time over the period lives, and filters', async () => {
    const [patient] = await t.database.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.phone, '13900000001'));
    const beat = (liveId: number, day: string, seconds: number) => ({
      pharmacyId: p1,
      liveId,
      accountId: patient.id,
      day,
      seconds,
      beats: seconds / 5,
      firstBeatAt: new Date(),
      lastBeatAt: new Date(),
    });
    // lives[0] and lives[1] are bound; lives[5] is not and does not count
    await t.database.db
      .insert(liveWatch)
      .values([beat(lives[0], '2026-11-21', 600), beat(lives[1], '2026-11-22', 125), beat(lives[5], '2026-11-22', 50)]);
    const res = await call('GET', `/live/periods/${per.id}/enrollments`, cs, p1);
    expect(res.statusCode, res.body).toBe(200);
    const page = data(res);
    expect(page.total).toBe(1);
    const row = enrollmentRowSchema.parse(page.list[0]);
    expect(row).toMatchObject({
      account_id: patient.id,
      name: '李小华',
      phone: '139****0001',
      source: 'staff',
      inviter_name: '王丽娟',
      watch_seconds: 725,
    });
    expect(data(await call('GET', `/live/periods/${per.id}/enrollments?keyword=李小`, cs, p1)).total).toBe(1);
    expect(data(await call('GET', `/live/periods/${per.id}/enrollments?keyword=0001`, cs, p1)).total).toBe(1);
    expect(data(await call('GET', `/live/periods/${per.id}/enrollments?keyword=张三`, cs, p1)).total).toBe(0);
    expect(data(await call('GET', `/live/periods/${per.id}/enrollments?source=invite`, cs, p1)).total).toBe(0);
    expect(data(await call('GET', `/live/periods/${per.id}/enrollments?source=staff`, cs, p1)).total).toBe(1);
    const { rows } = await queryRows<{ inviter_member_id: number }>(
      t.database.db,
      sql`select inviter_member_id from live_enrollment where period_id = ${per.id}`,
    );
    expect(rows).toEqual([{ inviter_member_id: csMember }]);
  });

  it('20 concurrent enrolments of one phone make one row', async () => {
    const p = await newPeriod(col.id, '并发营期');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/live/periods/${p.id}/enrollments`, i % 2 ? cs : manager, p1, { phones: ['13900000001'] }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const bodies = results.map((r) => data(r) as { enrolled: number; already: number });
    expect(bodies.reduce((n, b) => n + b.enrolled, 0)).toBe(1);
    expect(bodies.reduce((n, b) => n + b.already, 0)).toBe(19);
    const { rows } = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from live_enrollment where period_id = ${p.id}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("gives the caller's invitation link", async () => {
    const res = await call('GET', `/live/periods/${per.id}/invite_link`, cs, p1);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toEqual({ path: `/patient/live/period?id=${per.id}&staff=${csMember}`, inviter_name: '王丽娟' });
  });

  it('refuses to delete a period or column with enrolments; deletes empty ones', async () => {
    const res = await call('DELETE', `/live/periods/${per.id}`, manager, p1);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(liveMessages.periodHasEnrollments);
    const colRes = await call('DELETE', `/live/columns/${col.id}`, manager, p1);
    expect(colRes.statusCode).toBe(409);
    expect(colRes.json().msg).toBe(liveMessages.columnHasEnrollments);
    expect(data(await call('GET', `/live/columns/${col.id}`, cs, p1)).enrolled_count).toBe(1);

    const empty = await newColumn(manager, p1, '待删除的专栏');
    const ep = await newPeriod(empty.id);
    await call('POST', `/live/periods/${ep.id}/lives`, manager, p1, { live_ids: [lives[0]] });
    expect((await call('DELETE', `/live/periods/${ep.id}`, cs, p1)).statusCode).toBe(403);
    expect((await call('DELETE', `/live/periods/${ep.id}`, manager, p1)).statusCode).toBe(200);
    expect((await call('GET', `/live/periods/${ep.id}/lives`, manager, p1)).statusCode).toBe(404);
    expect((await call('DELETE', `/live/columns/${empty.id}`, manager, p1)).statusCode).toBe(200);
    expect((await call('GET', `/live/columns/${empty.id}`, manager, p1)).statusCode).toBe(404);
    // the live itself stays
    expect((await t.database.db.select().from(live).where(eq(live.id, lives[0]))).length).toBe(1);
  });
});
