import {
  type CrossQuote,
  type GroupDetail,
  type GroupListItem,
  groupMessages,
  shanghaiToday,
  startOfShanghaiDay,
} from '@pharmacy/shared';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adminProfile } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string;
let reportOnly: string;
let shop: string;
let admin: string;
let service: string;
let patient: string;
/** The demo chain 仁心大药房连锁 and its two pharmacies (the second shares its quotes, by the seed). */
let chain: number;
let first: number;
let second: number;

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
  shop = await t.login('13800000001');
  admin = await t.login('13800000002');
  service = await t.login('13800000004');
  patient = await t.login('13900000001');
  const phone = '13700017003';
  const [row] = await t.database.db
    .insert(account)
    .values({ phone, phoneUserId: `pu_${phone}`, name: '投诉专员', passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: account.id });
  await t.database.db.insert(adminProfile).values({ accountId: row.id, adminPermissions: ['report', 'task'] });
  reportOnly = await t.login(phone);
  const members = await rows<{ group_id: number; id: number }>(
    sql`select p.group_id, p.id from pharmacy p join pharmacy_group g on g.id = p.group_id
      where g.name = '仁心大药房连锁' order by p.id`,
  );
  chain = members[0].group_id;
  [first, second] = members.map((m) => m.id);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object, pharmacyId?: number) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
const data = async <T>(method: Method, url: string, payload?: object): Promise<T> => {
  const res = await call(method, url, operator, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as T;
};

let seq = 0;
const newGroup = (name = `测试集团${++seq}`) => data<GroupListItem>('POST', '/admin/group', { name, remark: '测试' });

/** A fresh active pharmacy in no group (optionally sharing, in a status, with on/off-shelf quotes of real products). */
async function newPharmacy(
  opts: { status?: string; cross?: boolean; groupId?: number | null; onShelf?: number; offShelf?: number } = {},
) {
  const [p] = await rows<{ id: number }>(
    sql`insert into pharmacy (name, status, cross_group, group_id, city)
      values (${`测试药房${++seq}`}, ${opts.status ?? 'active'}, ${opts.cross ?? false}, ${opts.groupId ?? null}, '杭州市')
      returning id`,
  );
  const products = await rows<{ id: number }>(
    sql`select id from product where status = 'active' order by id limit ${(opts.onShelf ?? 0) + (opts.offShelf ?? 0)}`,
  );
  for (const [i, product] of products.entries()) {
    await t.database.db.execute(
      sql`insert into quote (pharmacy_id, product_id, price, stock, status)
        values (${p.id}, ${product.id}, ${`${10 + i}.50`}, ${5 + i}, ${i < (opts.onShelf ?? 0) ? 'on_shelf' : 'off_shelf'})`,
    );
  }
  return p.id;
}

const ROUTES: [Method, string, object?][] = [
  ['GET', '/admin/group'],
  ['GET', '/admin/group/pharmacy_options'],
  ['GET', '/admin/group/1'],
  ['POST', '/admin/group', { name: '不行' }],
  ['PUT', '/admin/group/1', { name: '不行' }],
  ['DELETE', '/admin/group/1'],
  ['POST', '/admin/group/1/pharmacy', { pharmacy_ids: [1] }],
  ['DELETE', '/admin/group/1/pharmacy/1'],
  ['PUT', '/admin/group/1/pharmacy/1/cross', { cross_group: true }],
];

describe('access', () => {
  it.each(ROUTES)(
    '%s %s: no session 401; staff, patients and an operator without `group` 403',
    async (m, url, body) => {
      expect((await call(m, url, undefined, body)).statusCode).toBe(401);
      expect((await call(m, url, shop, body)).statusCode).toBe(403);
      expect((await call(m, url, patient, body)).statusCode).toBe(403);
      const refused = await call(m, url, reportOnly, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(403000);
    },
  );

  it('GET /pharmacy/cross needs quote_manage in the chosen pharmacy, and a pharmacy the caller works in', async () => {
    expect((await call('GET', '/pharmacy/cross', undefined, undefined, first)).statusCode).toBe(401);
    expect((await call('GET', '/pharmacy/cross', service, undefined, first)).statusCode).toBe(403);
    expect((await call('GET', '/pharmacy/cross', admin, undefined, first)).statusCode).toBe(200);
    // the pharmacy_admin of the first pharmacy is nobody in the second
    expect((await call('GET', '/pharmacy/cross', admin, undefined, second)).statusCode).toBe(403);
    expect((await call('GET', '/pharmacy/cross', operator, undefined, first)).statusCode).toBe(403);
  });
});

describe('groups: create, rename, delete', () => {
  it('creates with a trimmed name, refuses a taken or empty name, renames and edits the remark', async () => {
    const g = await data<GroupListItem>('POST', '/admin/group', { name: '  浙东医药集团  ', remark: ' 宁波 ' });
    expect(g).toMatchObject({ name: '浙东医药集团', remark: '宁波', pharmacy_count: 0, order_count: 0, gmv: '0.00' });

    const taken = await call('POST', '/admin/group', operator, { name: '浙东医药集团' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(groupMessages.nameTaken);
    const empty = await call('POST', '/admin/group', operator, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/^name /);
    expect(empty.json().msg).toContain('请输入集团名称');
    const long = await call('POST', '/admin/group', operator, { name: '长'.repeat(101) });
    expect(long.statusCode).toBe(400);

    const renamed = await data<GroupListItem>('PUT', `/admin/group/${g.id}`, { name: '浙东医药连锁', remark: '' });
    expect(renamed).toMatchObject({ id: g.id, name: '浙东医药连锁', remark: '' });
    // keeping its own name is fine; another group's is not
    expect((await call('PUT', `/admin/group/${g.id}`, operator, { name: '浙东医药连锁' })).statusCode).toBe(200);
    const clash = await call('PUT', `/admin/group/${g.id}`, operator, { name: '仁心大药房连锁' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe(groupMessages.nameTaken);

    const missing = await call('PUT', '/admin/group/2147483000', operator, { name: '不存在' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(groupMessages.notFound);

    const audits = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`pharmacy_group:${g.id}`} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['group.create', 'group.update', 'group.update']);
  });

  it('lists with a keyword and pages', async () => {
    await newGroup('西湖药业集团');
    const found = await data<{ list: GroupListItem[]; total: number; since: string }>(
      'GET',
      `/admin/group?keyword=${encodeURIComponent('西湖')}`,
    );
    expect(found.list.map((g) => g.name)).toEqual(['西湖药业集团']);
    expect(found.total).toBe(1);
    expect(found.since).toBe(shanghaiToday(startOfShanghaiDay(Date.now() - 29 * 86_400_000)));
    const all = await data<{ list: GroupListItem[]; total: number }>('GET', '/admin/group?page_size=1&page=2');
    expect(all.list).toHaveLength(1);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from pharmacy_group`);
    expect(all.total).toBe(n);
  });

  it('deletes only an empty group', async () => {
    const g = await newGroup();
    const p = await newPharmacy({ cross: false });
    await data('POST', `/admin/group/${g.id}/pharmacy`, { pharmacy_ids: [p] });
    const refused = await call('DELETE', `/admin/group/${g.id}`, operator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(groupMessages.notEmpty);
    expect(await rows(sql`select 1 from pharmacy_group where id = ${g.id}`)).toHaveLength(1);

    await data('DELETE', `/admin/group/${g.id}/pharmacy/${p}`);
    expect((await call('DELETE', `/admin/group/${g.id}`, operator)).statusCode).toBe(200);
    expect(await rows(sql`select 1 from pharmacy_group where id = ${g.id}`)).toHaveLength(0);
    expect((await call('DELETE', `/admin/group/${g.id}`, operator)).statusCode).toBe(404);
    expect((await call('GET', `/admin/group/${g.id}`, operator)).statusCode).toBe(404);
    const [audit] = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`pharmacy_group:${g.id}`} order by id desc limit 1`,
    );
    expect(audit.action).toBe('group.delete');
  });
});

describe('members', () => {
  it('a pharmacy is in at most one group: another group is refused naming it, and nothing changes', async () => {
    const a = await newGroup();
    const b = await newGroup();
    const p = await newPharmacy();
    const free = await newPharmacy();
    const joined = await data<GroupDetail>('POST', `/admin/group/${a.id}/pharmacy`, { pharmacy_ids: [p, p] });
    expect(joined.pharmacies.map((x) => x.id)).toEqual([p]);
    expect(joined.pharmacy_count).toBe(1);
    // adding it again to the same group is harmless
    expect((await call('POST', `/admin/group/${a.id}/pharmacy`, operator, { pharmacy_ids: [p] })).statusCode).toBe(200);

    const refused = await call('POST', `/admin/group/${b.id}/pharmacy`, operator, { pharmacy_ids: [free, p] });
    expect(refused.statusCode).toBe(409);
    const [{ name }] = await rows<{ name: string }>(sql`select name from pharmacy where id = ${p}`);
    expect(refused.json().msg).toBe(groupMessages.inOtherGroup(name, a.name));
    const now = await rows<{ id: number; group_id: number | null }>(
      sql`select id, group_id from pharmacy where id in (${p}, ${free}) order by id`,
    );
    expect(now).toEqual([
      { id: p, group_id: a.id },
      { id: free, group_id: null },
    ]);

    const unknown = await call('POST', `/admin/group/${b.id}/pharmacy`, operator, { pharmacy_ids: [2147483000] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(groupMessages.pharmacyNotFound);
    const noGroup = await call('POST', '/admin/group/2147483000/pharmacy', operator, { pharmacy_ids: [free] });
    expect(noGroup.statusCode).toBe(404);
    expect(noGroup.json().msg).toBe(groupMessages.notFound);
    const none = await call('POST', `/admin/group/${b.id}/pharmacy`, operator, { pharmacy_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('请选择药店');
  });

  it('two groups taking the same pharmacy at once: exactly one wins', async () => {
    const a = await newGroup();
    const b = await newGroup();
    const p = await newPharmacy();
    const results = await Promise.all([
      call('POST', `/admin/group/${a.id}/pharmacy`, operator, { pharmacy_ids: [p] }),
      call('POST', `/admin/group/${b.id}/pharmacy`, operator, { pharmacy_ids: [p] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [{ group_id }] = await rows<{ group_id: number }>(sql`select group_id from pharmacy where id = ${p}`);
    const winner = results[0].statusCode === 200 ? a.id : b.id;
    expect(group_id).toBe(winner);
  });

  it('pharmacy cross is set on members only; leaving the group turns it off', async () => {
    const g = await newGroup();
    const p = await newPharmacy();
    const outsider = await newPharmacy();
    await data('POST', `/admin/group/${g.id}/pharmacy`, { pharmacy_ids: [p] });
    const on = await data<GroupDetail>('PUT', `/admin/group/${g.id}/pharmacy/${p}/cross`, { cross_group: true });
    expect(on.pharmacies.find((x) => x.id === p)?.cross_group).toBe(true);
    expect(on.cross_count).toBe(1);
    const notMember = await call('PUT', `/admin/group/${g.id}/pharmacy/${outsider}/cross`, operator, {
      cross_group: true,
    });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().msg).toBe(groupMessages.notMember);
    expect((await rows<{ c: boolean }>(sql`select cross_group as c from pharmacy where id = ${outsider}`))[0].c).toBe(
      false,
    );
    const bad = await call('PUT', `/admin/group/${g.id}/pharmacy/${p}/cross`, operator, { cross_group: 'yes' });
    expect(bad.statusCode).toBe(400);

    const left = await data<GroupDetail>('DELETE', `/admin/group/${g.id}/pharmacy/${p}`);
    expect(left.pharmacies).toEqual([]);
    expect(await rows(sql`select group_id, cross_group from pharmacy where id = ${p}`)).toEqual([
      { group_id: null, cross_group: false },
    ]);
    const again = await call('DELETE', `/admin/group/${g.id}/pharmacy/${p}`, operator);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(groupMessages.notMember);
    const audits = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`pharmacy:${p}`} and action = 'group.cross'`,
    );
    expect(audits).toHaveLength(1);
  });

  it('pharmacy options say which group a pharmacy is in', async () => {
    const options = await data<{ id: number; group_id: number | null; group_name: string | null }[]>(
      'GET',
      `/admin/group/pharmacy_options?keyword=${encodeURIComponent('仁心')}`,
    );
    const mine = options.filter((o) => o.id === first || o.id === second);
    expect(mine).toHaveLength(2);
    for (const o of mine) expect(o).toMatchObject({ group_id: chain, group_name: '仁心大药房连锁' });
  });
});

describe('figures reconcile with the raw rows', () => {
  it('orders, GMV and members of the last 30 Shanghai days, per pharmacy and per group', async () => {
    // a pharmacy with quotes in no group, moved into a new group with the demo chain's figures to compare against
    const [free] = await rows<{ id: number }>(
      sql`select p.id from pharmacy p where p.group_id is null and p.status = 'active'
        and (select count(*) from quote q where q.pharmacy_id = p.id and q.status = 'on_shelf' and q.stock >= 10) >= 4
        order by p.id limit 1`,
    );
    const g = await newGroup();
    await data('POST', `/admin/group/${g.id}/pharmacy`, { pharmacy_ids: [free.id] });
    const [q1, q2] = await pickQuotes(t.database.db, free.id, 2, false);
    const day = 86_400_000;
    await insertOrder(t.database.db, { pharmacyId: free.id, status: 'completed', lines: [{ quoteId: q1, qty: 2 }] });
    await insertOrder(t.database.db, { pharmacyId: free.id, status: 'cancelled', lines: [{ quoteId: q2, qty: 1 }] });
    await insertOrder(t.database.db, {
      pharmacyId: free.id,
      status: 'pending_payment',
      lines: [{ quoteId: q2, qty: 1 }],
    });
    await insertOrder(t.database.db, {
      pharmacyId: free.id,
      status: 'shipped',
      lines: [{ quoteId: q1, qty: 1 }],
      createdAt: new Date(Date.now() - 20 * day),
    });
    // before the window: not counted
    await insertOrder(t.database.db, {
      pharmacyId: free.id,
      status: 'completed',
      lines: [{ quoteId: q1, qty: 1 }],
      createdAt: new Date(Date.now() - 31 * day),
    });

    const since = startOfShanghaiDay(Date.now() - 29 * day);
    const paid = new Set(['pending_review', 'pending_shipment', 'shipped', 'completed']);
    const expected = async (pharmacyIds: number[]) => {
      const orders = await rows<{ status: string; pay_amount: string; created_at: Date | string }>(
        sql`select status, pay_amount::text as pay_amount, created_at from orders
          where pharmacy_id in (${sql.join(
            pharmacyIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and deleted_at is null`,
      );
      const inWindow = orders.filter((o) => new Date(o.created_at).getTime() >= since.getTime());
      const gmv = inWindow
        .filter((o) => paid.has(o.status))
        .reduce((sum, o) => sum.plus(o.pay_amount), new Decimal(0))
        .toFixed(2);
      const vipers = await rows<{ account_id: number }>(
        sql`select account_id from viper where pharmacy_id in (${sql.join(
          pharmacyIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return {
        order_count: inWindow.length,
        gmv,
        member_count: new Set(vipers.map((v) => v.account_id)).size,
        viper_rows: vipers.length,
      };
    };

    const mine = await data<GroupDetail>('GET', `/admin/group/${g.id}`);
    const want = await expected([free.id]);
    expect(want.order_count).toBeGreaterThanOrEqual(4);
    expect(mine).toMatchObject({ order_count: want.order_count, gmv: want.gmv, member_count: want.member_count });
    expect(mine.pharmacies[0]).toMatchObject({ order_count: want.order_count, gmv: want.gmv });
    expect(new Decimal(mine.gmv).gt(0)).toBe(true);

    // the demo chain: the group's figures and each pharmacy's
    const demo = await data<GroupDetail>('GET', `/admin/group/${chain}`);
    const chainWant = await expected([first, second]);
    expect(demo).toMatchObject({
      pharmacy_count: 2,
      order_count: chainWant.order_count,
      gmv: chainWant.gmv,
      member_count: chainWant.member_count,
    });
    expect(chainWant.order_count).toBeGreaterThan(0);
    for (const p of demo.pharmacies) {
      const w = await expected([p.id]);
      expect(p).toMatchObject({ order_count: w.order_count, gmv: w.gmv, member_count: w.viper_rows });
      const [{ n }] = await rows<{ n: number }>(
        sql`select count(*)::int as n from quote where pharmacy_id = ${p.id} and status = 'on_shelf'`,
      );
      expect(p.quote_count).toBe(n);
      // the operator's order list, filtered as the drawer's link does, shows the same total
      const orders = await data<{ total: number }>('GET', `/orders/admin?pharmacy_id=${p.id}&date_from=${demo.since}`);
      expect(orders.total).toBe(p.order_count);
    }
    // the list shows the same figures as the detail
    const list = await data<{ list: GroupListItem[] }>('GET', '/admin/group?page_size=100');
    expect(list.list.find((x) => x.id === chain)).toMatchObject({
      order_count: demo.order_count,
      gmv: demo.gmv,
      member_count: demo.member_count,
      pharmacy_count: 2,
      cross_count: 1,
    });
  });
});

describe('GET /pharmacy/cross', () => {
  it('offers only the on-shelf quotes of the other active, sharing pharmacies of the same group', async () => {
    const sharing = await newPharmacy({ groupId: chain, cross: true, onShelf: 3, offShelf: 2 });
    const notSharing = await newPharmacy({ groupId: chain, cross: false, onShelf: 2 });
    const suspended = await newPharmacy({ groupId: chain, cross: true, status: 'suspended', onShelf: 2 });
    const otherGroup = await newGroup();
    const elsewhere = await newPharmacy({ groupId: otherGroup.id, cross: true, onShelf: 2 });
    // the caller's own pharmacy shares too: its quotes still never show to itself
    await t.database.db.execute(sql`update pharmacy set cross_group = true where id = ${first}`);

    const page = async (query = '', pharmacyId = first, token = admin) => {
      const res = await call('GET', `/pharmacy/cross?page_size=100${query}`, token, undefined, pharmacyId);
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        list: CrossQuote[];
        total: number;
        group: { id: number; name: string } | null;
        pharmacies: { id: number; name: string }[];
      };
    };
    const seen = await page();
    expect(seen.group).toEqual({ id: chain, name: '仁心大药房连锁' });
    expect(seen.pharmacies.map((p) => p.id)).toEqual([second, sharing]);
    // a suspended pharmacy offers nothing, even with sharing on
    expect(seen.pharmacies.map((p) => p.id)).not.toContain(suspended);
    const expected = await rows<{ n: number }>(
      sql`select count(*)::int as n from quote q join product pr on pr.id = q.product_id
        where q.pharmacy_id in (${second}, ${sharing}) and q.status = 'on_shelf' and pr.status = 'active'`,
    );
    expect(seen.total).toBe(expected[0].n);
    // every page of the list together: exactly the raw rows (the offering pharmacies' on-shelf quotes)
    const all: CrossQuote[] = [];
    for (let n = 1; all.length < seen.total; n++) {
      const next = (await page(`&page=${n}`)).list;
      if (next.length === 0) break;
      all.push(...next);
    }
    const ids = all.map((q) => q.id).sort((a, b) => a - b);
    const raw = await rows<{ id: number }>(
      sql`select q.id from quote q join product pr on pr.id = q.product_id
        where q.pharmacy_id in (${second}, ${sharing}) and q.status = 'on_shelf' and pr.status = 'active'
        order by q.id`,
    );
    expect(ids).toEqual(raw.map((r) => r.id));
    const offering = new Set(all.map((q) => q.pharmacy_id));
    expect(offering).toEqual(new Set([second, sharing]));
    const statuses = await rows<{ id: number; status: string }>(
      sql`select id, status from quote where pharmacy_id = ${sharing}`,
    );
    const onShelf = statuses.filter((q) => q.status === 'on_shelf').map((q) => q.id);
    expect(onShelf).toHaveLength(3);
    expect(
      all
        .filter((q) => q.pharmacy_id === sharing)
        .map((q) => q.id)
        .sort(),
    ).toEqual(onShelf.sort());
    const [one] = all.filter((q) => q.pharmacy_id === sharing);
    expect(one.pharmacy_name).toMatch(/^测试药房/);
    expect(one.price).toMatch(/^\d+\.\d{2}$/);

    // the filter by pharmacy, and one outside the group answers nothing
    const only = await page(`&pharmacy_id=${sharing}`);
    expect(only.total).toBe(onShelf.length);
    expect((await page(`&pharmacy_id=${elsewhere}`)).list).toEqual([]);
    expect((await page(`&pharmacy_id=${first}`)).list).toEqual([]);
    // the keyword searches the product
    const name = seen.list[0].name;
    const byName = await page(`&keyword=${encodeURIComponent(name)}`);
    expect(byName.list.length).toBeGreaterThan(0);
    expect(byName.list.every((q) => `${q.name}${q.generic_name}${q.approval_no}`.includes(name))).toBe(true);

    // the second pharmacy's staff see the first (it shares now) and the new one, never themselves
    const fromSecond = await page('', second, shop);
    expect(fromSecond.pharmacies.map((p) => p.id)).toEqual([first, sharing]);
    expect((await page(`&pharmacy_id=${second}`, second, shop)).list).toEqual([]);
    expect((await page(`&pharmacy_id=${first}`, second, shop)).total).toBeGreaterThan(0);

    // sharing turned off by the operator: gone at once
    await data('PUT', `/admin/group/${chain}/pharmacy/${sharing}/cross`, { cross_group: false });
    const after = await page();
    expect(after.pharmacies.map((p) => p.id)).toEqual([second]);
    expect((await page(`&pharmacy_id=${sharing}`)).list).toEqual([]);
    expect(after.total).toBe(seen.total - onShelf.length);

    // a pharmacy in no group sees nothing
    await data('DELETE', `/admin/group/${chain}/pharmacy/${notSharing}`);
    await t.database.db.execute(sql`update pharmacy set group_id = null where id = ${second}`);
    const none = await page('', second, shop);
    expect(none).toMatchObject({ list: [], total: 0, group: null, pharmacies: [] });
    await t.database.db.execute(sql`update pharmacy set group_id = ${chain} where id = ${second}`);
  });

  it('refuses bad paging with 400 and ignores a malformed filter', async () => {
    const res = await call('GET', '/pharmacy/cross?page_size=1000', admin, undefined, first);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^page_size /);
    const loose = await call('GET', '/pharmacy/cross?pharmacy_id=abc&keyword=', admin, undefined, first);
    expect(loose.statusCode).toBe(200);
  });
});
