import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, medicineComment } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { MedicineRepository } from './medicines.repository';
import {
  COMMENT_DAILY_LIMIT,
  COMMENT_IP_LIMIT,
  COMMENT_IP_WINDOW_MS,
  COMMENT_MIN_INTERVAL_MS,
  MedicineService,
} from './medicines.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

type Item = Record<string, unknown>;
const post = (token: string, content: string, productId = 3) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/medicine/comment',
    headers: headers(token),
    payload: { product_id: productId, content, rating: 5 },
  });
const accountId = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;
const stored = async (id: number) =>
  t.database.db.select().from(medicineComment).where(eq(medicineComment.accountId, id));

/** The service on the app's database with a clock of the test's choosing. */
const serviceAt = (clock: () => Date) =>
  new MedicineService(new MedicineRepository(t.database.db), t.app.catalogueCache, clock);
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('comment posting limits', () => {
  it('lets an account post again only after the interval, and stores nothing it refuses', async () => {
    const token = await t.login('13800000005');
    const first = await post(token, '饭后服用，胃里没有不舒服');
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(token, '再说一句');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 429000, data: null });
    expect(again.json().msg).toMatch(/^评论过于频繁，请 ([1-9]|[12]\d|30) 秒后再试$/);
    expect(await stored(await accountId('13800000005'))).toHaveLength(1);
  });

  it('lets only one of many parallel posts through (the count and the insert hold one lock)', async () => {
    const token = await t.login('13800000006');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(token, `并发评论 ${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await stored(await accountId('13800000006'))).toHaveLength(1);
  });

  it(`allows ${COMMENT_DAILY_LIMIT} a day per account, counted by the Shanghai day`, async () => {
    const id = await accountId('13800000004');
    // 12:00 in Shanghai; the day's comments were posted from 09:00 on
    const noon = new Date('2030-06-01T04:00:00Z');
    await t.database.db.insert(medicineComment).values(
      Array.from({ length: COMMENT_DAILY_LIMIT }, (_, i) => ({
        productId: 4,
        accountId: id,
        content: `第 ${i + 1} 条`,
        rating: 5,
        createdAt: new Date(Date.parse('2030-06-01T01:00:00Z') + i * 60_000),
      })),
    );
    try {
      const err = await refusal(serviceAt(() => noon).addComment(id, { product_id: 4, content: '还想说', rating: 5 }));
      expect(err.statusCode).toBe(429);
      expect(err.msg).toBe(`今日评论已达 ${COMMENT_DAILY_LIMIT} 条上限，请明天再来`);
      // 00:30 the next day in Shanghai is still 2030-06-01 in UTC: the quota has started over
      const nextDay = new Date('2030-06-01T16:30:00Z');
      const ok = await serviceAt(() => nextDay).addComment(id, { product_id: 4, content: '新的一天', rating: 5 });
      expect(ok.content).toBe('新的一天');
    } finally {
      await t.database.db.delete(medicineComment).where(gte(medicineComment.createdAt, new Date('2030-01-01')));
    }
  });

  it(`allows ${COMMENT_IP_LIMIT} in ${COMMENT_IP_WINDOW_MS / 60_000} minutes per address, whichever accounts post`, async () => {
    const now = new Date('2031-03-01T02:00:00Z');
    const others = await Promise.all(['13800000001', '13800000002', '13800000003'].map(accountId));
    await t.database.db.insert(medicineComment).values(
      Array.from({ length: COMMENT_IP_LIMIT }, (_, i) => ({
        productId: 5,
        accountId: others[i % others.length],
        content: `同一网络 ${i}`,
        rating: 5,
        ip: '203.0.113.7',
        createdAt: new Date(now.getTime() - COMMENT_IP_WINDOW_MS + 60_000 + i * 1000),
      })),
    );
    try {
      const patient = await accountId('13900000001');
      const service = serviceAt(() => now);
      const body = { product_id: 5, content: '我也来说一句', rating: 5 };
      const err = await refusal(service.addComment(patient, body, { ip: '203.0.113.7' }));
      expect(err.statusCode).toBe(429);
      expect(err.msg).toBe('当前网络评论过于频繁，请稍后再试');
      expect(await service.addComment(patient, body, { ip: '203.0.113.8' })).toMatchObject({ content: body.content });
      // once the window has moved past them the address may post again (another account: the patient just posted)
      const later = serviceAt(() => new Date(now.getTime() + COMMENT_IP_WINDOW_MS));
      const admin = await accountId('13800000007');
      expect(await later.addComment(admin, body, { ip: '203.0.113.7' })).toMatchObject({ content: body.content });
      const rows = await t.database.db
        .select({ ip: medicineComment.ip })
        .from(medicineComment)
        .where(and(eq(medicineComment.accountId, admin), gte(medicineComment.createdAt, now)));
      expect(rows).toEqual([{ ip: '203.0.113.7' }]);
    } finally {
      await t.database.db.delete(medicineComment).where(gte(medicineComment.createdAt, new Date('2030-01-01')));
    }
  });

  it('waits out the interval by the clock, not by a fixed sleep', async () => {
    const id = await accountId('13800000002');
    const at = new Date('2032-01-01T02:00:00Z');
    const body = { product_id: 6, content: '间隔', rating: 5 };
    try {
      await serviceAt(() => at).addComment(id, body);
      const soon = new Date(at.getTime() + COMMENT_MIN_INTERVAL_MS - 1000);
      expect((await refusal(serviceAt(() => soon).addComment(id, body))).msg).toBe('评论过于频繁，请 1 秒后再试');
      const after = new Date(at.getTime() + COMMENT_MIN_INTERVAL_MS);
      expect(await serviceAt(() => after).addComment(id, body)).toMatchObject({ content: '间隔' });
    } finally {
      await t.database.db.delete(medicineComment).where(gte(medicineComment.createdAt, new Date('2030-01-01')));
    }
  });
});

describe('comment posting limits through HTTP', () => {
  it("counts the caller's address: past the address's limit a fresh account is refused too", async () => {
    const address = '198.51.100.4';
    const others = await Promise.all(['13800000001', '13800000002'].map(accountId));
    const recent = Date.now() - 60_000;
    await t.database.db.insert(medicineComment).values(
      Array.from({ length: COMMENT_IP_LIMIT }, (_, i) => ({
        productId: 8,
        accountId: others[i % others.length],
        content: `同一地址 ${i}`,
        rating: 5,
        ip: address,
        createdAt: new Date(recent + i),
      })),
    );
    const token = await t.login('13900000001');
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/medicine/comment',
        headers: headers(token),
        remoteAddress,
        payload: { product_id: 8, content: '地址限制', rating: 5 },
      });
    const refused = await send(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429000, msg: '当前网络评论过于频繁，请稍后再试' });
    const elsewhere = await send('198.51.100.5');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const [row] = await t.database.db
      .select({ ip: medicineComment.ip })
      .from(medicineComment)
      .where(eq(medicineComment.content, '地址限制'));
    expect(row.ip).toBe('198.51.100.5');
  });
});

describe('comment authors as the public sees them', () => {
  it('never sends the account id; shows the name masked, or the phone masked when there is no name', async () => {
    await t.database.db.update(account).set({ name: '' }).where(eq(account.phone, '13800000003'));
    const res = await post(await t.login('13800000003'), '没有昵称的评论', 7);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).not.toHaveProperty('account_id');
    expect(res.json().data.author_name).toBe('138****0003');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/medicine/comment?product_id=7' });
    const items = list.json().data.list as Item[];
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) {
      expect(c).not.toHaveProperty('account_id');
      expect(String(c.author_name)).toMatch(/^(.\*\*|\d{3}\*{4}\d{4})$/);
    }
    expect(JSON.stringify(items)).not.toMatch(/"account_id"|13800000003/);
  });
});
