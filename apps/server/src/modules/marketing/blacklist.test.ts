import { blacklistMessages, blackUserListSchema, marketingMessages } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACKLISTED_DEMO_PHONE } from '../../db/seed/marketing/blacklist';
import { isBlacklisted } from '../../lib/blacklist';
import { queryRows } from '../../lib/sql-rows';
import { pickQuotes } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

// 黑名单: roles (staff list/add, managers remove), validation, 409 on a duplicate, account linking, tenant 404s, the
// audit trail, and the enforcement of lib/blacklist.ts in user orders and the patient's chat.

let t: TestApp;
let shop: string;
let admin: string;
let manager: string;
let cs: string;
let pharmacist: string;
let patient: string;
let p1: number;
let p2: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  token: string | undefined,
  pharmacyId: number | undefined,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers(token, pharmacyId), ...extra },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  [shop, admin, manager, cs, pharmacist, patient] = await Promise.all(
    ['13800000001', '13800000002', '13800000003', '13800000004', '13800000006', '13900000001'].map((p) => t.login(p)),
  );
  const [m] = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000003'`,
  );
  p1 = m.pharmacy_id;
  const [other] = await rows<{ id: number }>(sql`select id from pharmacy where id <> ${p1} order by id limit 1`);
  p2 = other.id;
});
afterAll(async () => {
  await t?.close();
});

const accountIdOf = async (phone: string) =>
  (await rows<{ id: number }>(sql`select id from account where phone = ${phone}`))[0]?.id;

describe('blacklist routes', () => {
  it('lists the seeded entries with masked phones, reasons, who added them and the linked account', async () => {
    const res = await call('GET', '/marketing/black_user?page_size=50', cs, p1);
    expect(res.statusCode).toBe(200);
    const data = blackUserListSchema.parse(res.json().data);
    expect(data.total).toBeGreaterThanOrEqual(3);
    for (const row of data.list) expect(row.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const demo = data.list.find((r) => r.phone === '139****0009');
    expect(demo?.account_name).not.toBe('');
    expect(demo?.reason).not.toBe('');
    expect(demo?.created_by?.name).toBe('陈志强');
    expect(data.list.some((r) => r.phone === '137****0009')).toBe(true);
    // newest first
    const times = data.list.map((r) => r.created_at);
    expect(times).toEqual(times.toSorted().reverse());
  });

  it('searches by the full phone, the last four digits and the account name', async () => {
    const full = (await call('GET', `/marketing/black_user?keyword=${BLACKLISTED_DEMO_PHONE}`, manager, p1)).json()
      .data;
    expect(full.list.map((r: { phone: string }) => r.phone)).toEqual(['139****0009']);
    const last4 = (await call('GET', '/marketing/black_user?keyword=0009', manager, p1)).json().data;
    expect(last4.list.map((r: { phone: string }) => r.phone).sort()).toEqual(['137****0009', '139****0009']);
    const name = full.list[0].account_name as string;
    const byName = (
      await call('GET', `/marketing/black_user?keyword=${encodeURIComponent(name.slice(1))}`, manager, p1)
    ).json().data;
    expect(byName.list.some((r: { phone: string }) => r.phone === '139****0009')).toBe(true);
    const none = (await call('GET', '/marketing/black_user?keyword=%25', manager, p1)).json().data;
    expect(none.total).toBe(0);
  });

  it('lets every marketing staff role list and add, and only managers remove', async () => {
    for (const token of [shop, admin, manager, cs]) {
      expect((await call('GET', '/marketing/black_user', token, p1)).statusCode).toBe(200);
    }
    expect((await call('GET', '/marketing/black_user', pharmacist, p1)).statusCode).toBe(403);
    expect((await call('GET', '/marketing/black_user', patient, p1)).statusCode).toBe(403);
    expect((await call('GET', '/marketing/black_user', undefined, p1)).statusCode).toBe(401);

    const added = await call('POST', '/marketing/black_user', cs, p1, { phone: '13612340001', reason: '恶意差评' });
    expect(added.statusCode).toBe(200);
    const row = added.json().data;
    expect(row).toMatchObject({ phone: '136****0001', account_id: null, reason: '恶意差评' });
    expect(row.created_by.name).toBe('王丽娟');
    expect(
      (await call('POST', '/marketing/black_user', pharmacist, p1, { phone: '13612340002', reason: 'x' })).statusCode,
    ).toBe(403);

    // customer service may not lift a block
    const refused = await call('DELETE', `/marketing/black_user/${row.id}`, cs, p1);
    expect(refused.statusCode).toBe(403);
    const removed = await call('DELETE', `/marketing/black_user/${row.id}`, manager, p1);
    expect(removed.statusCode).toBe(200);
    expect(await rows(sql`select 1 from black_user where id = ${row.id}`)).toHaveLength(0);
    expect((await call('DELETE', `/marketing/black_user/${row.id}`, manager, p1)).statusCode).toBe(404);

    const trail = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`black_user:${row.id}`} order by id`,
    );
    expect(trail.map((r) => r.action)).toEqual(['blacklist.add', 'blacklist.remove']);
  });

  it('validates the phone and the reason with Chinese messages, and refuses a duplicate phone (409)', async () => {
    const bad = await call('POST', '/marketing/black_user', manager, p1, { phone: '1234', reason: '原因' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('手机号格式不正确');
    const empty = await call('POST', '/marketing/black_user', manager, p1, { phone: '13612340003', reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain(blacklistMessages.reason);
    const long = await call('POST', '/marketing/black_user', manager, p1, {
      phone: '13612340003',
      reason: '长'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain(blacklistMessages.reasonMax);

    const dup = await call('POST', '/marketing/black_user', manager, p1, { phone: '13700000009', reason: '再次' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(blacklistMessages.duplicate);

    // two adds of one phone at once: one row, one 409
    const both = await Promise.all(
      [manager, cs].map((tk) =>
        call('POST', '/marketing/black_user', tk, p1, { phone: '13612340004', reason: '并发' }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await rows(sql`select 1 from black_user where pharmacy_id = ${p1} and phone = '13612340004'`)).toHaveLength(
      1,
    );
  });

  it("keeps pharmacies apart: another pharmacy's entry answers 404 and is not listed", async () => {
    const [foreign] = await rows<{ id: number }>(
      sql`insert into black_user (pharmacy_id, phone, reason) values (${p2}, '13612340009', '别家') returning id`,
    );
    expect((await call('DELETE', `/marketing/black_user/${foreign.id}`, manager, p1)).statusCode).toBe(404);
    const list = (await call('GET', '/marketing/black_user?keyword=13612340009', manager, p1)).json().data;
    expect(list.total).toBe(0);
    // the same phone may be on another pharmacy's list
    const added = await call('POST', '/marketing/black_user', manager, p1, { phone: '13612340009', reason: '本店' });
    expect(added.statusCode).toBe(200);
    expect(await rows(sql`select 1 from black_user where id = ${foreign.id}`)).toHaveLength(1);
  });
});

describe('enforcement (lib/blacklist.ts)', () => {
  const orderBody = async (phone: string) => {
    const accountId = await accountIdOf(phone);
    const [member] = await rows<{ id: number }>(
      sql`select id from family_member where account_id = ${accountId} order by is_default desc, id limit 1`,
    );
    const [addr] = await rows<{ id: number }>(
      sql`select id from address where account_id = ${accountId} order by is_default desc, id limit 1`,
    );
    const [quote] = await pickQuotes(t.database.db, p1, 1, false);
    return { pharmacy_id: p1, family_member_id: member.id, address_id: addr.id, lines: [{ quote_id: quote, qty: 1 }] };
  };

  it('refuses orders, opening a chat and writing in one for a patient added by phone; lifts it on removal', async () => {
    const body = await orderBody('13900000001');
    const open = await call('POST', '/chat/patient/conversations', patient, undefined, { pharmacy_id: p1 });
    expect(open.statusCode).toBe(200);
    const conversationId = open.json().data.id;

    const added = await call('POST', '/marketing/black_user', manager, p1, {
      phone: '13900000001',
      reason: '测试拉黑',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.account_id).toBe(await accountIdOf('13900000001'));

    const ordersBefore = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    const order = await call('POST', '/orders/user_order', patient, undefined, body, {
      'idempotency-key': 'bl-test-1',
    });
    expect(order.statusCode).toBe(403);
    expect(order.json().msg).toBe(marketingMessages.blacklisted);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from orders`)).toEqual(ordersBefore);

    const reopen = await call('POST', '/chat/patient/conversations', patient, undefined, { pharmacy_id: p1 });
    expect(reopen.statusCode).toBe(403);
    expect(reopen.json().msg).toBe(marketingMessages.blacklisted);
    const messagesBefore = await rows<{ n: number }>(
      sql`select count(*)::int as n from chat_message where conversation_id = ${conversationId}`,
    );
    for (const payload of [
      { client_id: 'bltest-text-0001', kind: 'text', body: '在吗' },
      { client_id: 'bltest-order-001', kind: 'order', order_id: 1 },
    ]) {
      const sent = await call(
        'POST',
        `/chat/patient/conversations/${conversationId}/messages`,
        patient,
        undefined,
        payload,
      );
      expect(sent.statusCode).toBe(403);
      expect(sent.json().msg).toBe(marketingMessages.blacklisted);
    }
    expect(
      await rows<{ n: number }>(
        sql`select count(*)::int as n from chat_message where conversation_id = ${conversationId}`,
      ),
    ).toEqual(messagesBefore);

    // another pharmacy is not affected
    expect(await isBlacklisted(t.database.db, p2, (await accountIdOf('13900000001'))!)).toBe(false);

    // lifted: the same calls pass
    expect((await call('DELETE', `/marketing/black_user/${added.json().data.id}`, admin, p1)).statusCode).toBe(200);
    const again = await call('POST', '/orders/user_order', patient, undefined, body, {
      'idempotency-key': 'bl-test-2',
    });
    expect(again.statusCode).toBe(200);
    const sent = await call('POST', `/chat/patient/conversations/${conversationId}/messages`, patient, undefined, {
      client_id: 'bltest-text-0002',
      kind: 'text',
      body: '您好',
    });
    expect(sent.statusCode).toBe(200);
  });

  it('the seeded blacklisted patient 13900000009 ordered before, can sign in, and is refused', async () => {
    const id = (await accountIdOf(BLACKLISTED_DEMO_PHONE))!;
    const [done] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where account_id = ${id} and pharmacy_id = ${p1} and status = 'completed'`,
    );
    expect(done.n).toBeGreaterThan(0);
    expect(await isBlacklisted(t.database.db, p1, id)).toBe(true);
    const [entry] = await rows<{ account_id: number; reason: string; by: string }>(
      sql`select b.account_id, b.reason, a.phone as by from black_user b join account a on a.id = b.created_by
        where b.pharmacy_id = ${p1} and b.phone = ${BLACKLISTED_DEMO_PHONE}`,
    );
    expect(entry).toMatchObject({ account_id: id, by: '13800000003' });
    expect(entry.reason.length).toBeGreaterThan(0);

    const token = await t.login(BLACKLISTED_DEMO_PHONE);
    const body = await orderBody(BLACKLISTED_DEMO_PHONE);
    const res = await call('POST', '/orders/user_order', token, undefined, body, { 'idempotency-key': 'bl-seed-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(marketingMessages.blacklisted);
  });
});
