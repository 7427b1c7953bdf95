import { channelListSchema, patientLinks, shanghaiToday } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { qrLinkCodeProvider } from '../../lib/mp-code';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder } from '../../test/order-fixture';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let shop: string;
let admin: string;
let manager: string;
let cs: string;
let otherManager: string;
let p1: number;
let p2: number;
let phoneSeq = 0;

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

beforeAll(async () => {
  t = await createTestApp();
  [shop, admin, manager, cs, otherManager] = await Promise.all(
    ['13800000001', '13800000002', '13800000003', '13800000004', '13800000014'].map((p) => t.login(p)),
  );
  const pharmacyOf = async (phone: string) =>
    (
      await rows<{ pharmacy_id: number }>(
        sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
          where a.phone = ${phone} order by pm.id limit 1`,
      )
    )[0].pharmacy_id;
  p1 = await pharmacyOf('13800000003');
  p2 = await pharmacyOf('13800000014');
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  token: string | undefined,
  pharmacyId?: number,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers(token, pharmacyId), ...extra },
    ...(payload ? { payload } : {}),
  });

/** A fresh patient account, signed in. */
async function newPatient() {
  const phone = `1361700${String(++phoneSeq).padStart(4, '0')}`;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [a] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${`患者${phone.slice(-4)}`}, ${passwordHash}) returning id`,
  );
  return { id: a.id, phone, token: await t.login(phone) };
}

const newChannel = async (name: string) => {
  const res = await call('POST', '/marketing/channel', manager, p1, { name });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; scene: string; name: string; link: string };
};

const listed = async (query = '') => {
  const res = await call('GET', `/marketing/channel?page_size=100${query}`, manager, p1);
  expect(res.statusCode).toBe(200);
  return channelListSchema.strict().parse(res.json().data);
};

describe('access (channelAccess: the manager with channel_manage; the shop excluded)', () => {
  it.each([
    ['GET', '/marketing/channel'],
    ['POST', '/marketing/channel'],
    ['GET', '/mp/manager/qrcode/wxa?scene=pd-poster'],
  ] as const)('%s %s', async (method, url) => {
    const body = method === 'POST' ? { name: '无权渠道' } : undefined;
    expect((await call(method, url, undefined, p1, body)).statusCode).toBe(401);
    for (const token of [shop, admin, cs]) expect((await call(method, url, token, p1, body)).statusCode).toBe(403);
    // the Hangzhou manager holds no channel_manage key
    expect((await call(method, url, otherManager, p2, body)).statusCode).toBe(403);
  });

  it('the landing page calls need only a session', async () => {
    expect((await call('GET', '/mp/manager/qrcode/wxa/resolve?scene=pd-poster', undefined)).statusCode).toBe(401);
    expect(
      (await call('POST', '/mp/manager/qrcode/wxa', undefined, undefined, { scene: 'pd-poster' })).statusCode,
    ).toBe(401);
  });
});

describe('channels', () => {
  it('creates with a generated scene, refuses a taken name, renames, deletes one without scans', async () => {
    const made = await newChannel('  地铁广告 ');
    expect(made.name).toBe('地铁广告');
    expect(made.scene).toMatch(/^[0-9a-z]{8}$/);
    expect(made.link).toBe(patientLinks.channel(made.scene));

    const dup = await call('POST', '/marketing/channel', manager, p1, { name: '地铁广告' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('渠道名称已存在');
    const blank = await call('POST', '/marketing/channel', manager, p1, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toContain('请输入渠道名称');
    expect((await call('POST', '/marketing/channel', manager, p1, { name: '渠'.repeat(51) })).statusCode).toBe(400);

    const other = await newChannel('电梯广告');
    expect(other.scene).not.toBe(made.scene);
    expect((await call('PUT', `/marketing/channel/${other.id}`, manager, p1, { name: '地铁广告' })).statusCode).toBe(
      409,
    );
    const renamed = await call('PUT', `/marketing/channel/${made.id}`, manager, p1, { name: '地铁灯箱' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '地铁灯箱', scene: made.scene });

    expect((await call('DELETE', `/marketing/channel/${other.id}`, manager, p1)).statusCode).toBe(200);
    expect((await call('DELETE', `/marketing/channel/${other.id}`, manager, p1)).statusCode).toBe(404);
    const audits = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`channel:${made.id}`} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['channel.create', 'channel.update']);
  });

  it('refuses to delete a channel with scans', async () => {
    const ch = await newChannel('有扫码的渠道');
    const p = await newPatient();
    expect((await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: ch.scene })).statusCode).toBe(
      200,
    );
    const res = await call('DELETE', `/marketing/channel/${ch.id}`, manager, p1);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('该渠道已有扫码记录，不能删除');
  });

  it("another pharmacy's channel answers 404 like a missing one", async () => {
    const theirs = await call('POST', '/marketing/channel', manager, p1, { name: '本店渠道' });
    const id = theirs.json().data.id;
    const scene = theirs.json().data.scene;
    // make the Hangzhou manager a channel manager for this test
    await t.database.db.execute(
      sql`update pharmacy_member set permissions = array_append(permissions, 'channel_manage')
        where pharmacy_id = ${p2} and account_id = (select id from account where phone = '13800000014')`,
    );
    try {
      const other = await t.login('13800000014');
      expect((await call('GET', '/marketing/channel', other, p2)).statusCode).toBe(200);
      for (const res of [
        await call('PUT', `/marketing/channel/${id}`, other, p2, { name: '偷改' }),
        await call('DELETE', `/marketing/channel/${id}`, other, p2),
        await call('GET', `/marketing/channel/${id}/qrcode`, other, p2),
        await call('GET', `/mp/manager/qrcode/wxa?scene=${scene}`, other, p2),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().msg).toBe('渠道不存在');
      }
      const list = channelListSchema.parse((await call('GET', '/marketing/channel', other, p2)).json().data);
      expect(list.list.some((c) => c.id === id)).toBe(false);
    } finally {
      await t.database.db.execute(
        sql`update pharmacy_member set permissions = array_remove(permissions, 'channel_manage')
          where pharmacy_id = ${p2} and account_id = (select id from account where phone = '13800000014')`,
      );
    }
  });

  it('the code is a PNG QR of the landing link with the scene, by id and by scene', async () => {
    const ch = await newChannel('二维码渠道');
    const expected = await qrLinkCodeProvider.code(patientLinks.channel(ch.scene), 'http://shop.example.cn');
    for (const url of [`/marketing/channel/${ch.id}/qrcode`, `/mp/manager/qrcode/wxa?scene=${ch.scene}`]) {
      const res = await call('GET', url, manager, p1, undefined, { host: 'shop.example.cn' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(expected)).toBe(true);
    }
    expect((await call('GET', '/mp/manager/qrcode/wxa?scene=nope-nope', manager, p1)).statusCode).toBe(404);
    expect((await call('GET', '/mp/manager/qrcode/wxa?scene=%E4%B8%AD', manager, p1)).statusCode).toBe(400);
  });
});

describe('scans and binding', () => {
  it('a channel code: resolve, join (viper + customer_info with channel_id and source), scan recorded; again: no second row', async () => {
    const ch = await newChannel('公交站牌');
    const p = await newPatient();
    const preview = await call('GET', `/mp/manager/qrcode/wxa/resolve?scene=${ch.scene}`, p.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      kind: 'channel',
      pharmacy_id: p1,
      channel_name: '公交站牌',
      staff_name: null,
      is_customer: false,
    });
    // resolving records nothing
    expect(await rows(sql`select 1 from channel_scan where channel_id = ${ch.id}`)).toHaveLength(0);

    const first = await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: ch.scene });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ pharmacy_id: p1, joined: true });
    const again = await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: ch.scene });
    expect(again.json().data.joined).toBe(false);
    expect(again.json().msg).toBe('您已是本店会员');

    const info = await rows<{ source: string; channel_id: number; owner_account_id: number | null }>(
      sql`select source, channel_id, owner_account_id from customer_info where pharmacy_id = ${p1} and account_id = ${p.id}`,
    );
    expect(info).toEqual([{ source: '公交站牌', channel_id: ch.id, owner_account_id: null }]);
    const vip = await rows<{ channel_id: number }>(
      sql`select channel_id from viper where pharmacy_id = ${p1} and account_id = ${p.id}`,
    );
    expect(vip).toEqual([{ channel_id: ch.id }]);
    const scans = await rows<{ new_member: number; member_id: number | null; account_id: number }>(
      sql`select new_member, member_id, account_id from channel_scan where channel_id = ${ch.id} order by id`,
    );
    expect(scans).toEqual([
      { new_member: 1, member_id: null, account_id: p.id },
      { new_member: 0, member_id: null, account_id: p.id },
    ]);
    const after = await call('GET', `/mp/manager/qrcode/wxa/resolve?scene=${ch.scene}`, p.token);
    expect(after.json().data.is_customer).toBe(true);
  });

  it("a staff code makes the member's account the owner (source 员工二维码)", async () => {
    const [m] = await rows<{ id: number; account_id: number }>(
      sql`select pm.id, pm.account_id from pharmacy_member pm join account a on a.id = pm.account_id
        where pm.pharmacy_id = ${p1} and a.phone = '13800000004'`,
    );
    const p = await newPatient();
    const preview = await call('GET', `/mp/manager/qrcode/wxa/resolve?staff=${m.id}`, p.token);
    expect(preview.json().data).toMatchObject({ kind: 'staff', staff_name: '王丽娟', channel_name: null });
    const res = await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { staff: m.id });
    expect(res.json().data.joined).toBe(true);
    const info = await rows<{ source: string; owner_account_id: number; channel_id: number | null }>(
      sql`select source, owner_account_id, channel_id from customer_info where pharmacy_id = ${p1} and account_id = ${p.id}`,
    );
    expect(info).toEqual([{ source: '员工二维码', owner_account_id: m.account_id, channel_id: null }]);
    const scans = await rows<{ member_id: number; channel_id: number | null; new_member: number }>(
      sql`select member_id, channel_id, new_member from channel_scan where account_id = ${p.id}`,
    );
    expect(scans).toEqual([{ member_id: m.id, channel_id: null, new_member: 1 }]);
  });

  it('concurrent binds of one account make one customer and one new-member scan', async () => {
    const ch = await newChannel('并发渠道');
    const p = await newPatient();
    const res = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: ch.scene })),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(res.filter((r) => r.json().data.joined)).toHaveLength(1);
    const [counts] = await rows<{ ci: number; vip: number; scans: number; fresh: number }>(
      sql`select (select count(*)::int from customer_info where pharmacy_id = ${p1} and account_id = ${p.id}) as ci,
        (select count(*)::int from viper where pharmacy_id = ${p1} and account_id = ${p.id}) as vip,
        (select count(*)::int from channel_scan where channel_id = ${ch.id}) as scans,
        (select count(*)::int from channel_scan where channel_id = ${ch.id} and new_member = 1) as fresh`,
    );
    expect(counts).toEqual({ ci: 1, vip: 1, scans: 5, fresh: 1 });
  });

  it('refuses a blacklisted patient (403) and writes nothing', async () => {
    const ch = await newChannel('黑名单测试渠道');
    const p = await newPatient();
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, phone, reason) values (${p1}, ${p.phone}, '测试')`,
    );
    const res = await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: ch.scene });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('该用户已被加入黑名单，无法操作');
    expect(await rows(sql`select 1 from customer_info where account_id = ${p.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from channel_scan where account_id = ${p.id}`)).toHaveLength(0);
  });

  it('unknown codes answer 404 in Chinese; a body with neither or both targets is 400', async () => {
    const p = await newPatient();
    const unknown = await call('GET', '/mp/manager/qrcode/wxa/resolve?scene=zzzzzzzz', p.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('二维码无效或已失效');
    const staff = await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { staff: 2_000_000_000 });
    expect(staff.statusCode).toBe(404);
    expect(staff.json().msg).toBe('邀请人不存在或已离职');
    // a pharmacist's member id is no invitation
    const [ph] = await rows<{ id: number }>(
      sql`select pm.id from pharmacy_member pm join account a on a.id = pm.account_id where a.phone = '13800000006'`,
    );
    expect((await call('GET', `/mp/manager/qrcode/wxa/resolve?staff=${ph.id}`, p.token)).statusCode).toBe(404);
    expect((await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, {})).statusCode).toBe(400);
    const both = await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: 'pd-poster', staff: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toContain('请提供 scene 或 staff');
  });
});

describe('figures', () => {
  it('scans, new members, orders and amount reconcile with the raw rows over the range', async () => {
    const ch = await newChannel('对账渠道');
    const a = await newPatient();
    const b = await newPatient();
    for (const p of [a, b, a]) {
      expect((await call('POST', '/mp/manager/qrcode/wxa', p.token, undefined, { scene: ch.scene })).statusCode).toBe(
        200,
      );
    }
    const paid = await insertOrder(t.database.db, { pharmacyId: p1, accountId: a.id, status: 'pending_shipment' });
    await insertOrder(t.database.db, { pharmacyId: p1, accountId: b.id, status: 'completed' });
    await insertOrder(t.database.db, { pharmacyId: p1, accountId: b.id, status: 'pending_payment' });
    await insertOrder(t.database.db, { pharmacyId: p1, accountId: a.id, status: 'cancelled' });
    expect(paid.id).toBeGreaterThan(0);

    const list = await listed();
    const row = list.list.find((c) => c.id === ch.id)!;
    const [raw] = await rows<{ orders: number; amount: string }>(
      sql`select count(*)::int as orders, coalesce(sum(pay_amount), 0)::numeric(12,2)::text as amount
        from orders where pharmacy_id = ${p1} and account_id in (${a.id}, ${b.id}) and paid_at is not null
          and status <> 'cancelled' and deleted_at is null`,
    );
    expect(row).toMatchObject({ scans: 3, new_members: 2, orders: raw.orders, amount: raw.amount });
    expect(raw.orders).toBe(2);
    expect(list.date_to).toBe(shanghaiToday());

    // totals are the sums over every channel
    expect(list.totals.scans).toBe(list.list.reduce((n, c) => n + c.scans, 0));
    expect(list.totals.new_members).toBe(list.list.reduce((n, c) => n + c.new_members, 0));
    const [sum] = await rows<{ s: string }>(
      sql`select coalesce(sum(x.pay_amount), 0)::numeric(12,2)::text as s
        from orders x join customer_info ci on ci.pharmacy_id = x.pharmacy_id and ci.account_id = x.account_id
        where x.pharmacy_id = ${p1} and ci.channel_id is not null and x.paid_at is not null
          and x.status <> 'cancelled' and x.deleted_at is null
          and x.paid_at >= ${`${list.date_from}T00:00:00+08:00`}::timestamptz`,
    );
    expect(list.totals.amount).toBe(sum.s);

    // a range before today holds none of them
    const old = await listed('&date_from=2020-01-01&date_to=2020-01-31');
    expect(old.list.find((c) => c.id === ch.id)).toMatchObject({ scans: 0, new_members: 0, orders: 0, amount: '0.00' });
    // the keyword filters by name
    const kw = await listed('&keyword=对账');
    expect(kw.list.map((c) => c.id)).toEqual([ch.id]);
  });

  it('refuses a reversed or too long range', async () => {
    const reversed = await call('GET', '/marketing/channel?date_from=2026-02-01&date_to=2026-01-01', manager, p1);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('结束日期不能早于开始日期');
    const long = await call('GET', '/marketing/channel?date_from=2024-01-01&date_to=2025-12-31', manager, p1);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('统计时间范围不能超过 366 天');
  });
});
