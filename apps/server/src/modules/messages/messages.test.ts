import { messageSchema } from '@pharmacy/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, auditLog, message } from '../../db/schema/index';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let shop: string;
let manager: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.login('13800000001');
  manager = await t.login('13800000003');
  operator = await t.login('13800000007');
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });

const accountId = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;

describe('every message route needs a session', () => {
  it.each([
    ['GET', '/message/unread_count'],
    ['GET', '/message/list'],
    ['PUT', '/message/read'],
    ['DELETE', '/message/1'],
    ['POST', '/message'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res = await call(method, url, undefined, method === 'PUT' || method === 'POST' ? {} : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401000);
  });
});

describe('unread count and list', () => {
  it('counts only my unread, undeleted messages', async () => {
    const res = await call('GET', '/message/unread_count', shop);
    expect(res.statusCode).toBe(200);
    const id = await accountId('13800000001');
    const rows = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.accountId, id), isNull(message.readAt), isNull(message.deletedAt)));
    expect(res.json().data).toEqual({ count: rows.length });
    expect(rows.length).toBeGreaterThan(0);
  });

  it('pages newest first with total, page and page_size', async () => {
    const first = (await call('GET', '/message/list?page=1&page_size=10', shop)).json().data;
    expect(first.page).toBe(1);
    expect(first.page_size).toBe(10);
    expect(first.total).toBeGreaterThan(20);
    expect(first.list).toHaveLength(10);
    for (const m of first.list) messageSchema.strict().parse(m);
    const ids = first.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = (await call('GET', '/message/list?page=2&page_size=10', shop)).json().data;
    expect(Math.max(...second.list.map((m: { id: number }) => m.id))).toBeLessThan(Math.min(...ids));
    const last = Math.ceil(first.total / 10);
    const tail = (await call('GET', `/message/list?page=${last + 1}&page_size=10`, shop)).json().data;
    expect(tail.list).toEqual([]);
    expect(tail.total).toBe(first.total);
  });

  it('page 1 is kept only while nothing was written: writes straight to the table show on the next read', async () => {
    const list = async () => (await call('GET', '/message/list?page_size=10', shop)).json().data;
    const before = await list();
    expect(await list()).toEqual(before);
    const me = await accountId('13800000001');
    // somebody else's new message changes nothing here
    await t.database.db
      .insert(message)
      .values({ accountId: await accountId('13800000003'), kind: 'system', title: '别人的', content: 'x' });
    expect(await list()).toEqual(before);
    // a title edited outside the app (no count moves) and a new message of mine
    await t.database.db.execute(sql`update message set title = '已修改的标题' where id = ${before.list[0].id}`);
    expect((await list()).list[0].title).toBe('已修改的标题');
    await t.database.db.insert(message).values({ accountId: me, kind: 'system', title: '新消息', content: '内容' });
    const after = await list();
    expect(after.list[0].title).toBe('新消息');
    expect(after.total).toBe(before.total + 1);
  });

  it('defaults to page 1 of 20', async () => {
    const data = (await call('GET', '/message/list', shop)).json().data;
    expect(data).toMatchObject({ page: 1, page_size: 20 });
    expect(data.list).toHaveLength(20);
  });

  it('filters by state and kind', async () => {
    const unread = (await call('GET', '/message/list?state=unread&page_size=100', shop)).json().data;
    expect(unread.list.every((m: { read_at: string | null }) => m.read_at === null)).toBe(true);
    const read = (await call('GET', '/message/list?state=read&page_size=100', shop)).json().data;
    expect(read.list.every((m: { read_at: string | null }) => m.read_at !== null)).toBe(true);
    const all = (await call('GET', '/message/list?page_size=100', shop)).json().data;
    expect(unread.total + read.total).toBe(all.total);
    const orders = (await call('GET', '/message/list?kind=order&page_size=100', shop)).json().data;
    expect(orders.total).toBeGreaterThan(0);
    expect(orders.list.every((m: { kind: string }) => m.kind === 'order')).toBe(true);
  });

  it('rejects bad paging with 400 and a Chinese message', async () => {
    const res = await call('GET', '/message/list?page_size=101', shop);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400000);
    expect(res.json().msg).toMatch(/^page_size /);
    expect((await call('GET', '/message/list?page=0', shop)).json().msg).toMatch(/^page /);
  });

  it("shows nobody else's messages", async () => {
    const mine = (await call('GET', '/message/list?page_size=100', manager)).json().data;
    const shopIds = new Set(
      (await call('GET', '/message/list?page_size=100', shop)).json().data.list.map((m: { id: number }) => m.id),
    );
    expect(mine.list.some((m: { id: number }) => shopIds.has(m.id))).toBe(false);
  });
});

describe('mark read', () => {
  it('marks given ids, only my own', async () => {
    const unread = (await call('GET', '/message/list?state=unread', manager)).json().data.list;
    expect(unread.length).toBeGreaterThan(1);
    const shopUnread = (await call('GET', '/message/list?state=unread', shop)).json().data.list;
    const res = await call('PUT', '/message/read', manager, { ids: [unread[0].id, shopUnread[0].id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 1 });
    const after = (await call('GET', '/message/list?state=unread', shop)).json().data.list;
    expect(after.map((m: { id: number }) => m.id)).toContain(shopUnread[0].id);
    // marking again changes nothing
    expect((await call('PUT', '/message/read', manager, { ids: [unread[0].id] })).json().data).toEqual({ updated: 0 });
  });

  it('marks all', async () => {
    const before = (await call('GET', '/message/unread_count', manager)).json().data.count;
    const res = await call('PUT', '/message/read', manager, { all: true });
    expect(res.json().data).toEqual({ updated: before });
    expect((await call('GET', '/message/unread_count', manager)).json().data).toEqual({ count: 0 });
  });

  it('needs ids or all', async () => {
    for (const payload of [{}, { ids: [] }, { all: false }, { ids: [0] }, { ids: ['x'] }]) {
      const res = await call('PUT', '/message/read', manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toMatch(/^ids/);
    }
    const many = await call('PUT', '/message/read', manager, { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(many.json().msg).toBe('ids 一次最多标记 100 条');
  });
});

describe('delete', () => {
  it('soft-deletes my message; it leaves the list and the count', async () => {
    const list = (await call('GET', '/message/list?state=unread', shop)).json().data;
    const target = list.list[0];
    const count = (await call('GET', '/message/unread_count', shop)).json().data.count;
    const res = await call('DELETE', `/message/${target.id}`, shop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: null });
    const after = (await call('GET', '/message/list?state=unread', shop)).json().data;
    expect(after.total).toBe(list.total - 1);
    expect((await call('GET', '/message/unread_count', shop)).json().data.count).toBe(count - 1);
    const [row] = await t.database.db.select().from(message).where(eq(message.id, target.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await call('DELETE', `/message/${target.id}`, shop)).statusCode).toBe(404);
  });

  it("someone else's message → 404, untouched", async () => {
    const theirs = (await call('GET', '/message/list', shop)).json().data.list[0];
    const res = await call('DELETE', `/message/${theirs.id}`, manager);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404000, msg: '消息不存在或已删除' });
    const [row] = await t.database.db.select().from(message).where(eq(message.id, theirs.id));
    expect(row.deletedAt).toBeNull();
  });

  it('bad id → 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await call('DELETE', `/message/${id}`, shop);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().msg).toMatch(/^id /);
    }
    expect((await call('DELETE', '/message/99999999', shop)).statusCode).toBe(404);
  });
});

describe('send (operator)', () => {
  it('delivers to the account with that phone, audited', async () => {
    const before = (await call('GET', '/message/unread_count', manager)).json().data.count;
    const res = await call('POST', '/message', operator, {
      phone: '13800000003',
      kind: 'system',
      title: '处方审核规则更新',
      content: '自下周一起，含抗菌药物的处方需二次审核。',
      link: '/pharmacy/order',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    expect((await call('GET', '/message/unread_count', manager)).json().data.count).toBe(before + 1);
    const newest = (await call('GET', '/message/list?page_size=1', manager)).json().data.list[0];
    expect(newest).toMatchObject({ id, title: '处方审核规则更新', read_at: null, link: '/pharmacy/order' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'message.send'));
    expect(audits).toHaveLength(1);
  });

  it('403 for anyone who is not an operator', async () => {
    for (const token of [shop, manager]) {
      const res = await call('POST', '/message', token, { phone: '13800000003', title: 'x', content: 'y' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403000);
    }
  });

  it('unknown phone → 404; bad input → 400 naming the field', async () => {
    const unknown = await call('POST', '/message', operator, { phone: '13912349999', title: 't', content: 'c' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('该手机号未注册');
    const noTitle = await call('POST', '/message', operator, { phone: '13800000003', title: '  ', content: 'c' });
    expect(noTitle.json().msg).toBe('title 请输入标题');
    const badLink = await call('POST', '/message', operator, {
      phone: '13800000003',
      title: 't',
      content: 'c',
      link: 'https://evil.example',
    });
    expect(badLink.json().msg).toBe('link 链接须为站内路径');
    const badKind = await call('POST', '/message', operator, {
      phone: '13800000003',
      title: 't',
      content: 'c',
      kind: 'spam',
    });
    expect(badKind.statusCode).toBe(400);
  });
});

describe('totals kept by list_count', () => {
  /** What each list and the badge should say: counted from the rows themselves. */
  const counted = async (phone: string) => {
    const rows = await t.database.db
      .select({ readAt: message.readAt, kind: message.kind })
      .from(message)
      .where(and(eq(message.accountId, await accountId(phone)), isNull(message.deletedAt)));
    return {
      all: rows.length,
      unread: rows.filter((r) => r.readAt === null).length,
      read: rows.filter((r) => r.readAt !== null).length,
      order: rows.filter((r) => r.kind === 'order').length,
    };
  };
  const answered = async (token: string) => {
    const total = async (query: string) => (await call('GET', `/message/list?${query}`, token)).json().data.total;
    return {
      all: await total('page=1'),
      unread: await total('state=unread'),
      read: await total('state=read'),
      order: await total('kind=order'),
      badge: (await call('GET', '/message/unread_count', token)).json().data.count,
      // a page past the end has no row to carry the counts: they are read on their own
      beyond: await total('page=9999'),
    };
  };
  const expectExact = async (phone: string, token: string) => {
    const want = await counted(phone);
    expect(await answered(token)).toEqual({ ...want, badge: want.unread, beyond: want.all });
  };

  it('match count(*) after sends, reads and deletes', async () => {
    const fresh = await t.login('13800000004');
    await expectExact('13800000004', fresh);
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/message', operator, {
        phone: '13800000004',
        kind: i === 0 ? 'order' : 'system',
        title: `合计测试 ${i}`,
        content: '请查看',
      });
      expect(res.statusCode).toBe(200);
    }
    await expectExact('13800000004', fresh);
    const unread = (await call('GET', '/message/list?state=unread', fresh)).json().data.list;
    await call('PUT', '/message/read', fresh, { ids: [unread[0].id] });
    await expectExact('13800000004', fresh);
    await call('DELETE', `/message/${unread[1].id}`, fresh);
    await call('DELETE', `/message/${unread[0].id}`, fresh);
    await expectExact('13800000004', fresh);
    await call('PUT', '/message/read', fresh, { all: true });
    await expectExact('13800000004', fresh);
    expect((await call('GET', '/message/unread_count', fresh)).json().data.count).toBe(0);
  });
});
