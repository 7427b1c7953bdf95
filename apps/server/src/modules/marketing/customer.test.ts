import { customerCardSchema, customerListItemSchema, marketingMessages, pageResultSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let shop: string;
let manager: string;
let cs: string;
let cs2: string;
let pharmacist: string;
let patient: string;
let p1: number;
let p2: number;
let managerId: number;
let csId: number;
let cs2Id: number;
let pharmacistId: number;
let otherStaffId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;
const idOf = async (phone: string) =>
  (await rows<{ id: number }>(sql`select id from account where phone = ${phone}`))[0].id;

const call = (
  method: 'GET' | 'PUT' | 'POST',
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

let seq = 0;
/** A fresh patient account that is a customer of the pharmacy (viper + customer_info). */
async function newCustomer(
  pharmacyId: number,
  values: {
    name?: string;
    owner?: number | null;
    tags?: string[];
    lastContact?: string | null;
    channelId?: number;
  } = {},
) {
  seq += 1;
  const phone = `1770${String(Date.now() % 10000).padStart(4, '0')}${String(seq).padStart(3, '0')}`;
  const [a] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`pu_c_${phone}`},
      ${values.name ?? `客户${seq}`}) returning id`,
  );
  await t.database.db.execute(
    sql`insert into viper (pharmacy_id, account_id, level) values (${pharmacyId}, ${a.id}, 3)`,
  );
  const tags = values.tags ?? [];
  const [ci] = await rows<{ id: number }>(
    sql`insert into customer_info (pharmacy_id, account_id, owner_account_id, tags, channel_id, last_contact_at, source)
      values (${pharmacyId}, ${a.id}, ${values.owner ?? null},
        ${
          tags.length
            ? sql`array[${sql.join(
                tags.map((x) => sql`${x}`),
                sql`, `,
              )}]::text[]`
            : sql`'{}'::text[]`
        },
        ${values.channelId ?? null}, ${values.lastContact ?? null}::timestamptz, '测试') returning id`,
  );
  return { id: ci.id, accountId: a.id, phone };
}

beforeAll(async () => {
  t = await createTestApp();
  [shop, manager, cs, cs2, pharmacist, patient] = await Promise.all(
    ['13800000001', '13800000003', '13800000004', '13800000013', '13800000006', '13900000001'].map((p) => t.login(p)),
  );
  const [m] = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000003'`,
  );
  p1 = m.pharmacy_id;
  const [other] = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000014'`,
  );
  p2 = other.pharmacy_id;
  [managerId, csId, cs2Id, pharmacistId, otherStaffId] = await Promise.all(
    ['13800000003', '13800000004', '13800000013', '13800000006', '13800000017'].map(idOf),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('lets marketing staff in and keeps the pharmacist and patients out', async () => {
    for (const token of [shop, manager, cs]) {
      expect((await call('GET', '/marketing/customer_info', token, p1)).statusCode).toBe(200);
    }
    expect((await call('GET', '/marketing/customer_info', pharmacist, p1)).statusCode).toBe(403);
    expect((await call('GET', '/marketing/customer_info', patient, p1)).statusCode).toBe(403);
    expect((await call('GET', '/marketing/customer_info', undefined, p1)).statusCode).toBe(401);
  });

  it("answers another pharmacy's customer exactly like a missing one", async () => {
    const foreign = await newCustomer(p2, { owner: otherStaffId });
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PUT', '', { tags: [], notes: '', source: '' }],
      ['PUT', '/owner', { owner_account_id: null }],
      ['GET', '/follow_up', undefined],
      ['POST', '/follow_up', { method: 'phone', content: '你好' }],
      ['GET', '/phone', undefined],
    ] as const) {
      const res = await call(method, `/marketing/customer_info/${foreign.id}${path}`, manager, p1, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().msg).toBe(marketingMessages.customerNotFound);
    }
    const missing = await call('GET', '/marketing/customer_info/2147483000', manager, p1);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(
      (await call('GET', `/marketing/customer_info/${foreign.id}`, manager, p1)).body.replace(
        String(foreign.id),
        '2147483000',
      ),
    );
  });
});

describe('list', () => {
  const mark = `筛${Date.now() % 1000}`;
  let mine: Awaited<ReturnType<typeof newCustomer>>;
  let unowned: Awaited<ReturnType<typeof newCustomer>>;
  let stale: Awaited<ReturnType<typeof newCustomer>>;
  let channelId: number;

  beforeAll(async () => {
    [{ id: channelId }] = await rows<{ id: number }>(
      sql`insert into channel (pharmacy_id, name, scene) values (${p1}, '测试渠道', ${`t-${Date.now()}`}) returning id`,
    );
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString();
    mine = await newCustomer(p1, { name: `张${mark}甲`, owner: csId, tags: [mark], lastContact: recent, channelId });
    unowned = await newCustomer(p1, { name: `李${mark}乙`, owner: null, tags: [mark] });
    stale = await newCustomer(p1, { name: `王${mark}丙`, owner: cs2Id, tags: [mark, '慢病'], lastContact: old });
  });

  const list = async (token: string, query: string) => {
    const res = await call('GET', `/marketing/customer_info?page_size=100&${query}`, token, p1);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: { id: number }[]; total: number };
  };
  const ids = (d: { list: { id: number }[] }) => d.list.map((x) => x.id).sort((a, b) => a - b);

  it('filters by owner (me, none, a staff id), tag, channel and last contact, with totals', async () => {
    const tag = `tag=${encodeURIComponent(mark)}`;
    expect(ids(await list(cs, tag))).toEqual([mine.id, unowned.id, stale.id]);
    const me = await list(cs, `${tag}&owner=me`);
    expect(ids(me)).toEqual([mine.id]);
    expect(me.total).toBe(1);
    expect(ids(await list(cs, `${tag}&owner=none`))).toEqual([unowned.id]);
    expect(ids(await list(manager, `${tag}&owner=${cs2Id}`))).toEqual([stale.id]);
    expect(ids(await list(manager, `${tag}&channel_id=${channelId}`))).toEqual([mine.id]);
    // not contacted for 90 days: never contacted, or before
    expect(ids(await list(manager, `${tag}&not_contacted_days=90`))).toEqual([unowned.id, stale.id]);
    expect(ids(await list(manager, `${tag}&not_contacted_days=1`))).toEqual([mine.id, unowned.id, stale.id]);
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(ids(await list(manager, `${tag}&contact_from=${from}&contact_to=${to}`))).toEqual([mine.id]);
    expect(ids(await list(manager, `tag=慢病&owner=${cs2Id}`))).toContain(stale.id);
  });

  it('searches a full phone, its last four digits or part of a name, and masks every phone', async () => {
    expect(ids(await list(manager, `keyword=${mine.phone}`))).toEqual([mine.id]);
    expect(ids(await list(manager, `keyword=${mine.phone.slice(-4)}`))).toContain(mine.id);
    expect(ids(await list(manager, `keyword=${encodeURIComponent(`${mark}乙`)}`))).toEqual([unowned.id]);
    // middle digits do not search phones
    expect(ids(await list(manager, `keyword=${mine.phone.slice(3, 8)}`))).not.toContain(mine.id);
    const res = await call('GET', `/marketing/customer_info?tag=${encodeURIComponent(mark)}`, manager, p1);
    expect(res.body).not.toContain(mine.phone);
    const item = res.json().data.list.find((x: { id: number }) => x.id === mine.id);
    expect(customerListItemSchema.parse(item).phone).toBe(`${mine.phone.slice(0, 3)}****${mine.phone.slice(-4)}`);
    expect(item.owner_name).toBe('王丽娟');
    expect(item.level).toBe(3);
  });

  it('counts the whole pharmacy and pages newest first', async () => {
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from customer_info where pharmacy_id = ${p1}`,
    );
    const first = await call('GET', '/marketing/customer_info?page_size=2', manager, p1);
    expect(first.json().data.total).toBe(n);
    const newest = await newCustomer(p1);
    const again = (await call('GET', '/marketing/customer_info?page_size=2', manager, p1)).json().data;
    expect(again.total).toBe(n + 1);
    expect(again.list[0].id).toBe(newest.id);
    // page 1 at a console page size (a prepared statement): the same rows, exactly the item schema
    const full = (await call('GET', '/marketing/customer_info?page_size=20', manager, p1)).json().data;
    const page = pageResultSchema(customerListItemSchema.strict()).parse(full);
    expect(page.total).toBe(n + 1);
    const expected = await rows<{ id: number }>(
      sql`select id from customer_info where pharmacy_id = ${p1} order by created_at desc, id desc limit 20`,
    );
    expect(page.list.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(page.list[0]).toMatchObject({ id: newest.id, level: 3, owner_account_id: null, owner_name: null });
    // page 1 names channels and owners from memory: the same names SQL gives every other read
    const named = await rows<{ id: number; channel_name: string | null; owner_name: string | null }>(
      sql`select ci.id, ch.name as channel_name, o.name as owner_name from customer_info ci
        left join channel ch on ch.id = ci.channel_id and ch.pharmacy_id = ci.pharmacy_id
        left join account o on o.id = ci.owner_account_id
        where ci.pharmacy_id = ${p1} order by ci.created_at desc, ci.id desc limit 20`,
    );
    expect(page.list.map((r) => [r.id, r.channel_name, r.owner_name])).toEqual(
      named.map((r) => [r.id, r.channel_name, r.owner_name]),
    );
    expect(named.some((r) => r.owner_name !== null)).toBe(true);
  });

  it('refuses bad filters with a Chinese message', async () => {
    for (const q of ['owner=abc', 'not_contacted_days=0', 'contact_from=2026-02-30', 'channel_id=-1']) {
      const res = await call('GET', `/marketing/customer_info?${q}`, manager, p1);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const both = await call(
      'GET',
      '/marketing/customer_info?not_contacted_days=7&contact_from=2026-01-01',
      manager,
      p1,
    );
    expect(both.statusCode).toBe(400);
  });

  it('offers the staff, channels and tags in use', async () => {
    const res = await call('GET', '/marketing/customer_info/options', cs, p1);
    const data = res.json().data;
    expect(data.staff.map((s: { account_id: number }) => s.account_id)).toEqual(
      expect.arrayContaining([csId, cs2Id, managerId]),
    );
    expect(data.staff.map((s: { account_id: number }) => s.account_id)).not.toContain(pharmacistId);
    expect(data.tags).toContain(mark);
    expect(data.me).toEqual({ account_id: csId, role: 'customer_service', is_manager: false });
  });
});

describe('card, edits and owners', () => {
  it('shows the card with its sections', async () => {
    const c = await newCustomer(p1, { owner: csId, tags: ['复购'] });
    const res = await call('GET', `/marketing/customer_info/${c.id}`, cs, p1);
    expect(res.statusCode).toBe(200);
    const card = customerCardSchema.parse(res.json().data);
    expect(card).toMatchObject({
      id: c.id,
      account_id: c.accountId,
      can_edit: true,
      can_assign: false,
      tags: ['复购'],
    });
    expect(res.body).not.toContain(c.phone);
    const other = (await call('GET', `/marketing/customer_info/${c.id}`, cs2, p1)).json().data;
    expect(other.can_edit).toBe(false);
  });

  it("shows the demo patient's orders, prescriptions and chats at this pharmacy only", async () => {
    const patientId = await idOf('13900000001');
    const [ci] = await rows<{ id: number }>(
      sql`select id from customer_info where pharmacy_id = ${p1} and account_id = ${patientId}`,
    );
    const card = (await call('GET', `/marketing/customer_info/${ci.id}`, manager, p1)).json().data;
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where pharmacy_id = ${p1} and account_id = ${patientId}
        and deleted_at is null`,
    );
    expect(card.order_count).toBe(n);
    expect(card.orders.length).toBe(Math.min(10, n));
    const [{ r }] = await rows<{ r: number }>(
      sql`select count(*)::int as r from recipe where pharmacy_id = ${p1} and account_id = ${patientId}`,
    );
    expect(card.prescriptions.length).toBe(Math.min(20, r));
    expect(card.family_members.length).toBeGreaterThan(0);
    expect(JSON.stringify(card)).not.toContain('13900000001');
  });

  it('lets only the owner or a manager edit the card and reveal the phone (audited)', async () => {
    const c = await newCustomer(p1, { owner: csId });
    const body = { tags: [' 高血压 ', '高血压', '复购'], notes: '  喜欢电话联系  ', source: '门店' };
    const denied = await call('PUT', `/marketing/customer_info/${c.id}`, cs2, p1, body);
    expect(denied.statusCode).toBe(403);
    const okRes = await call('PUT', `/marketing/customer_info/${c.id}`, cs, p1, body);
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect(okRes.json().data).toMatchObject({ tags: ['高血压', '复购'], notes: '喜欢电话联系', source: '门店' });
    expect((await call('PUT', `/marketing/customer_info/${c.id}`, manager, p1, body)).statusCode).toBe(200);

    expect((await call('GET', `/marketing/customer_info/${c.id}/phone`, cs2, p1)).statusCode).toBe(403);
    const phone = await call('GET', `/marketing/customer_info/${c.id}/phone`, cs, p1);
    expect(phone.json().data).toEqual({ phone: c.phone });
    const audits = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'customer.phone' and target = ${`customer_info:${c.id}`}
        and account_id = ${csId}`,
    );
    expect(audits[0].n).toBe(1);
  });

  it('refuses too many or too long tags and long notes, naming the field', async () => {
    const c = await newCustomer(p1, { owner: csId });
    const url = `/marketing/customer_info/${c.id}`;
    const many = Array.from({ length: 11 }, (_, i) => `标签${i}`);
    for (const body of [
      { tags: many, notes: '', source: '' },
      { tags: ['一二三四五六七八九十一'], notes: '', source: '' },
      { tags: [''], notes: '', source: '' },
      { tags: [], notes: '长'.repeat(501), source: '' },
    ]) {
      const res = await call('PUT', url, manager, p1, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/标签|备注/);
    }
  });

  it('lets customer service take an unowned customer or give up their own, and a manager assign anyone', async () => {
    const c = await newCustomer(p1, { owner: null });
    const url = `/marketing/customer_info/${c.id}/owner`;
    // customer service may not give a customer to someone else
    expect((await call('PUT', url, cs, p1, { owner_account_id: cs2Id })).statusCode).toBe(403);
    const take = await call('PUT', url, cs, p1, { owner_account_id: csId });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json().data.owner_account_id).toBe(csId);
    // someone else's customer: neither taken nor given up by another member
    expect((await call('PUT', url, cs2, p1, { owner_account_id: cs2Id })).statusCode).toBe(409);
    expect((await call('PUT', url, cs2, p1, { owner_account_id: null })).statusCode).toBe(403);
    const giveUp = await call('PUT', url, cs, p1, { owner_account_id: null });
    expect(giveUp.json().data.owner_account_id).toBeNull();

    // a manager: any active owner-eligible staff member of the pharmacy, else 400 staffNotFound
    expect((await call('PUT', url, manager, p1, { owner_account_id: cs2Id })).json().data.owner_account_id).toBe(cs2Id);
    for (const who of [pharmacistId, otherStaffId, await idOf('13800000015'), await idOf('13900000001')]) {
      const res = await call('PUT', url, manager, p1, { owner_account_id: who });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(marketingMessages.staffNotFound);
    }
    const audits = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'customer.owner' and target = ${`customer_info:${c.id}`}`,
    );
    expect(audits[0].n).toBe(3);
  });

  it('gives an unowned customer to exactly one of two members taking it at once', async () => {
    const c = await newCustomer(p1, { owner: null });
    const url = `/marketing/customer_info/${c.id}/owner`;
    const [a, b] = await Promise.all([
      call('PUT', url, cs, p1, { owner_account_id: csId }),
      call('PUT', url, cs2, p1, { owner_account_id: cs2Id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [row] = await rows<{ owner_account_id: number }>(
      sql`select owner_account_id from customer_info where id = ${c.id}`,
    );
    expect(row.owner_account_id).toBe(a.statusCode === 200 ? csId : cs2Id);
  });
});

describe('follow-ups', () => {
  it('writes the follow-up and moves last contact to the latest in one go', async () => {
    const c = await newCustomer(p1, { owner: csId });
    const url = `/marketing/customer_info/${c.id}/follow_up`;
    const lastContact = async () =>
      (await rows<{ at: Date | null }>(sql`select last_contact_at as at from customer_info where id = ${c.id}`))[0].at;

    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const first = await call('POST', url, cs2, p1, {
      method: 'phone',
      content: '  回访血压情况  ',
      contacted_at: twoDaysAgo,
      next_follow_up_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ method: 'phone', content: '回访血压情况', author_name: '郑佳怡' });
    expect(new Date((await lastContact())!).toISOString()).toBe(twoDaysAgo);

    // an older one does not move last contact back
    const older = new Date(Date.now() - 10 * 86_400_000).toISOString();
    expect(
      (await call('POST', url, cs, p1, { method: 'wechat', content: '旧记录', contacted_at: older })).statusCode,
    ).toBe(200);
    expect(new Date((await lastContact())!).toISOString()).toBe(twoDaysAgo);

    // default: now
    const before = Date.now();
    expect((await call('POST', url, cs, p1, { method: 'visit', content: '上门' })).statusCode).toBe(200);
    expect(new Date((await lastContact())!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const list = (await call('GET', url, cs, p1)).json().data;
    expect(list.map((f: { content: string }) => f.content)).toEqual(['上门', '回访血压情况', '旧记录']);
    const card = (await call('GET', `/marketing/customer_info/${c.id}`, cs, p1)).json().data;
    expect(card.follow_up_count).toBe(3);
  });

  it('refuses a future contact, a next date before it, empty or long content, an unknown method', async () => {
    const c = await newCustomer(p1, { owner: csId });
    const url = `/marketing/customer_info/${c.id}/follow_up`;
    const now = Date.now();
    for (const [body, field] of [
      [{ method: 'phone', content: '你好', contacted_at: new Date(now + 3_600_000).toISOString() }, '联系时间'],
      [
        {
          method: 'phone',
          content: '你好',
          contacted_at: new Date(now - 3_600_000).toISOString(),
          next_follow_up_at: new Date(now - 7_200_000).toISOString(),
        },
        '下次跟进时间',
      ],
      [{ method: 'phone', content: '   ' }, '跟进内容'],
      [{ method: 'phone', content: '长'.repeat(501) }, '跟进内容'],
      [{ method: 'fax', content: '你好' }, '跟进方式'],
      [{ method: 'phone', content: '你好', contacted_at: 'yesterday' }, '联系时间'],
    ] as const) {
      const res = await call('POST', url, cs, p1, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from customer_follow_up where account_id = ${c.accountId}`,
    );
    expect(n).toBe(0);
    const [{ at }] = await rows<{ at: Date | null }>(
      sql`select last_contact_at as at from customer_info where id = ${c.id}`,
    );
    expect(at).toBeNull();
  });
});
