import {
  adminPharmacyDetailSchema,
  adminPharmacyMessages,
  ErrorCode,
  expiryWindowEnd,
  operatorMessages,
  shanghaiToday,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingApplication, suspendedPharmacy } from '../../db/seed/operator-area/pharmacies';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string;
let reportOnly: string;
let shop: string;

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const pharmacyId = async (name: string) =>
  Number((await rows<{ id: number }>(sql`select id from pharmacy where name = ${name}`))[0].id);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, pharmacy?: number) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacy),
    ...(payload ? { payload } : {}),
  });

/** An operator holding only `report`, made here so the test does not depend on another part's seed. */
async function makeOperator(phone: string, keys: string[]) {
  const hash = await hashPassword(DEMO_PASSWORD);
  await t.database.db.execute(sql`
    with a as (insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, '测试运营', ${hash}) returning id)
    insert into admin_profile (account_id, admin_permissions) select id, ${`{${keys.join(',')}}`}::text[] from a`);
  return t.login(phone);
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
  shop = await t.login('13800000001');
  reportOnly = await makeOperator('13800000091', ['report']);
});
afterAll(async () => {
  await t?.close();
});

describe('access: key `pharmacy`', () => {
  const routes = [
    ['GET', '/admin/pharmacy'],
    ['GET', '/admin/pharmacy/filters'],
    ['GET', '/admin/pharmacy/1'],
    ['POST', '/admin/pharmacy'],
    ['POST', '/admin/pharmacy/1/qualification'],
    ['PUT', '/admin/pharmacy/1/checklist'],
    ['POST', '/admin/pharmacy/1/approve'],
    ['POST', '/admin/pharmacy/1/reject'],
    ['POST', '/admin/pharmacy/1/suspend'],
    ['POST', '/admin/pharmacy/1/resume'],
  ] as const;
  it.each(routes)(
    '%s %s: 401 without a session, 403 for an operator without the key and for a shop',
    async (m, url) => {
      const body = m === 'GET' ? undefined : {};
      expect((await call(m, url, undefined, body)).statusCode).toBe(401);
      expect((await call(m, url, reportOnly, body)).statusCode).toBe(403);
      expect((await call(m, url, shop, body)).statusCode).toBe(403);
    },
  );
});

describe('list', () => {
  it('counts every tab under the filters and pages the chosen one', async () => {
    const res = await call('GET', '/admin/pharmacy?page_size=100', operator);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const raw = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from pharmacy group by status`,
    );
    const byStatus = Object.fromEntries(raw.map((r) => [r.status, Number(r.n)]));
    expect(data.counts.pending).toBe(byStatus.pending ?? 0);
    expect(data.counts.suspended).toBe(byStatus.suspended ?? 0);
    expect(data.counts.rejected).toBe(byStatus.rejected ?? 0);
    expect(data.counts.all).toBe(raw.reduce((s, r) => s + Number(r.n), 0));
    expect(data.total).toBe(data.counts.all);
    // the seeded application is pending and listed first; the seeded suspension carries its reason
    expect(data.list[0].status).toBe('pending');
    const pending = await call('GET', '/admin/pharmacy?status=pending', operator);
    expect(pending.json().data.list.map((p: { name: string }) => p.name)).toContain(pendingApplication.name);
    const suspended = (await call('GET', '/admin/pharmacy?status=suspended', operator)).json().data.list;
    expect(suspended.find((p: { name: string }) => p.name === suspendedPharmacy.name).status_reason).not.toBe('');
    // owners' phones are masked
    const owner = pending.json().data.list.find((p: { name: string }) => p.name === pendingApplication.name);
    expect(owner.owner_phone).toBe('138****0021');
  });

  it('expiring=1 equals the pharmacies with a document or the drug licence expiring within 6 months', async () => {
    const end = expiryWindowEnd(shanghaiToday(), 6);
    const expected = await rows<{ id: number }>(sql`select p.id from pharmacy p
      where p.drug_licence_expire_at <= ${end}::date
        or exists (select 1 from pharmacy_qualification q where q.pharmacy_id = p.id and q.expire_at <= ${end}::date)`);
    const data = (await call('GET', '/admin/pharmacy?expiring=1&page_size=100', operator)).json().data;
    expect(expected.length).toBeGreaterThan(0);
    expect(data.total).toBe(expected.length);
    expect(data.list.map((p: { id: number }) => p.id).sort()).toEqual(expected.map((r) => Number(r.id)).sort());
    for (const p of data.list) expect(p.expired_count + p.expiring_count).toBeGreaterThan(0);
  });

  it('filters by name, city and group', async () => {
    const byName = (await call('GET', `/admin/pharmacy?keyword=${encodeURIComponent('康宁')}`, operator)).json().data;
    expect(byName.list.every((p: { name: string }) => p.name.includes('康宁'))).toBe(true);
    const filters = (await call('GET', '/admin/pharmacy/filters', operator)).json().data;
    expect(filters.cities).toContain('杭州市');
    const group = filters.groups.find((g: { name: string }) => g.name === '华南康泰医药集团');
    expect(group).toBeTruthy();
    const grouped = (await call('GET', `/admin/pharmacy?group_id=${group.id}`, operator)).json().data;
    expect(grouped.total).toBe(2);
  });
});

describe('the checklist and approval', () => {
  it('refuses approval until every required document is checked, then the owner signs in, chooses it and quotes', async () => {
    const id = await pharmacyId(pendingApplication.name);
    const owner = await t.login(pendingApplication.owner.phone);

    // the owner can sign in and read why, but every pharmacy route refuses with the status message
    const me = (await call('GET', '/pharmacy/me', owner)).json().data;
    expect(me).toEqual([expect.objectContaining({ id, status: 'pending', role: 'shop' })]);
    const refused = await call('GET', '/pharmacy/quote', owner, undefined, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(operatorMessages.pharmacyPending);

    const detail = adminPharmacyDetailSchema.parse((await call('GET', `/admin/pharmacy/${id}`, operator)).json().data);
    expect(detail.checklist_complete).toBe(false);
    const first = await call('POST', `/admin/pharmacy/${id}/approve`, operator);
    expect(first.statusCode).toBe(409);
    expect(first.json().msg).toContain('药品经营许可证');
    expect(await rows(sql`select 1 from pharmacy where id = ${id} and status = 'pending'`)).toHaveLength(1);

    for (const item of detail.checklist) {
      const res = await call('PUT', `/admin/pharmacy/${id}/checklist`, operator, { kind: item.kind, checked: true });
      expect(res.statusCode).toBe(200);
    }
    // unchecking one refuses again, checking it back allows
    await call('PUT', `/admin/pharmacy/${id}/checklist`, operator, { kind: 'internet_drug_info', checked: false });
    expect((await call('POST', `/admin/pharmacy/${id}/approve`, operator)).statusCode).toBe(409);
    await call('PUT', `/admin/pharmacy/${id}/checklist`, operator, { kind: 'internet_drug_info', checked: true });

    // two concurrent approvals: exactly one wins
    const [a, b] = await Promise.all([
      call('POST', `/admin/pharmacy/${id}/approve`, operator),
      call('POST', `/admin/pharmacy/${id}/approve`, operator),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().msg).toBe(operatorMessages.alreadyHandled);
    expect(
      await rows(sql`select 1 from audit_log where action = 'pharmacy.approve' and target = ${`pharmacy:${id}`}`),
    ).toHaveLength(1);
    const ownerId = (
      await rows<{ id: number }>(sql`select id from account where phone = ${pendingApplication.owner.phone}`)
    )[0].id;
    expect(
      await rows(sql`select 1 from message where account_id = ${ownerId} and title = '药店入驻审核通过'`),
    ).toHaveLength(1);

    // now the owner works in it: a quote added
    const product = (
      await rows<{ id: number }>(sql`select id from product where status = 'active' and id not in
        (select product_id from quote where pharmacy_id = ${id}) order by id limit 1`)
    )[0];
    const quote = await call(
      'POST',
      '/pharmacy/quote',
      owner,
      { product_id: Number(product.id), price: '12.50', stock: 20 },
      id,
    );
    expect(quote.statusCode).toBe(200);
  });

  it('cannot check a document that is not on file; a checklist after the decision is refused', async () => {
    const created = await call('POST', '/admin/pharmacy', operator, {
      name: '杭州同仁堂测试药房(滨江店)',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      address: '江南大道 100 号',
      phone: '0571-86661234',
      owner_phone: '13800000092',
      owner_name: '测试店主',
      qualifications: [
        {
          kind: 'business_licence',
          number: '91330106359409208K',
          images: ['/demo/aptitude/foundation-2-business-licence.svg'],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const detail = created.json().data;
    expect(detail.status).toBe('pending');
    expect(detail.staff).toEqual([expect.objectContaining({ role: 'shop', phone: '138****0092' })]);
    const noDoc = await call('PUT', `/admin/pharmacy/${detail.id}/checklist`, operator, {
      kind: 'drug_trade_licence',
      checked: true,
    });
    expect(noDoc.statusCode).toBe(400);
    expect(noDoc.json().msg).toContain('kind');

    // the same name again: 409; a bad owner phone names the field
    const again = await call('POST', '/admin/pharmacy', operator, {
      name: '杭州同仁堂测试药房(滨江店)',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      address: '江南大道 100 号',
      phone: '0571-86661234',
      owner_phone: '13800000092',
      owner_name: '测试店主',
    });
    expect(again.statusCode).toBe(409);
    const badPhone = await call('POST', '/admin/pharmacy', operator, {
      name: '另一家药房',
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      address: '江南大道 100 号',
      phone: '0571-86661234',
      owner_phone: '12345',
      owner_name: '测试店主',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().msg).toContain('owner_phone');

    // reject needs a reason; after the rejection nothing else applies
    expect((await call('POST', `/admin/pharmacy/${detail.id}/reject`, operator, { reason: ' ' })).statusCode).toBe(400);
    // half a surrogate pair is no character: refused by the schema, naming the field (never by the database)
    const lone = await call('POST', `/admin/pharmacy/${detail.id}/reject`, operator, { reason: '\ud800' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().msg).toContain('reason');
    const rejected = await call('POST', `/admin/pharmacy/${detail.id}/reject`, operator, { reason: '资质不全' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status_reason).toBe('资质不全');
    const owner = await rows<{ id: number }>(sql`select id from account where phone = '13800000092'`);
    expect(
      await rows(sql`select 1 from message where account_id = ${owner[0].id} and content like '%资质不全%'`),
    ).toHaveLength(1);
    expect(
      (
        await call('PUT', `/admin/pharmacy/${detail.id}/checklist`, operator, {
          kind: 'business_licence',
          checked: true,
        })
      ).statusCode,
    ).toBe(409);
    expect((await call('POST', `/admin/pharmacy/${detail.id}/approve`, operator)).statusCode).toBe(409);
    expect((await call('POST', `/admin/pharmacy/${detail.id}/suspend`, operator, { reason: 'x' })).statusCode).toBe(
      409,
    );
    expect((await call('POST', `/admin/pharmacy/${detail.id}/resume`, operator)).statusCode).toBe(409);
    expect((await call('POST', '/admin/pharmacy/999999/approve', operator)).statusCode).toBe(404);
    expect((await call('GET', '/admin/pharmacy/999999', operator)).statusCode).toBe(404);
  });
});

describe('新增药店: one name, created at once', () => {
  it('ten concurrent creations with one name: exactly one 200, the others 409 已存在同名药店 (never a 500)', async () => {
    const name = '并发测试大药房(滨江店)';
    const body = {
      name,
      province: '浙江省',
      city: '杭州市',
      district: '滨江区',
      address: '江南大道 200 号',
      phone: '0571-86665678',
      owner_phone: '13800000093',
      owner_name: '并发店主',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/admin/pharmacy', operator, body)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((r) => r.body).join('\n')).toEqual([200, ...Array(9).fill(409)]);
    for (const loser of answers.filter((r) => r.statusCode === 409)) {
      expect(loser.json()).toMatchObject({ code: ErrorCode.CONFLICT, msg: adminPharmacyMessages.nameTaken });
    }
    const winner = answers.find((r) => r.statusCode === 200)!.json().data;
    expect(winner).toMatchObject({ name, status: 'pending' });
    expect(await rows(sql`select id from pharmacy where name = ${name}`)).toEqual([{ id: winner.id }]);
    expect(
      await rows(sql`select 1 from audit_log where action = 'pharmacy.create' and detail ->> 'name' = ${name}`),
    ).toHaveLength(1);
    // another name at the same moment is not held up by the lock of this one
    const [x, y] = await Promise.all([
      call('POST', '/admin/pharmacy', operator, { ...body, name: '并发测试大药房(西湖店)' }),
      call('POST', '/admin/pharmacy', operator, { ...body, name: '并发测试大药房(拱墅店)' }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
  });
});

describe('suspension', () => {
  it("takes the pharmacy's quotes off the public site, refuses its staff with the reason, and resume brings them back", async () => {
    const id = await pharmacyId('仁心大药房(杭州西湖店)');
    const other = await pharmacyId('仁心大药房(上海浦东店)');
    // a product this pharmacy quotes on shelf
    const [q] = await rows<{ product_id: number; name: string }>(sql`select q.product_id, p.name from quote q
      join product p on p.id = q.product_id
      where q.pharmacy_id = ${id} and q.status = 'on_shelf' and p.status = 'active' order by q.id limit 1`);
    const productId = Number(q.product_id);
    const publicCount = async () => {
      const list = (await call('GET', `/mp/cms/medicines?q=${encodeURIComponent(q.name)}&page_size=100`)).json().data
        .list as { id: number; pharmacy_count: number }[];
      return list.find((m) => m.id === productId)?.pharmacy_count ?? 0;
    };
    const quotesOfProduct = async () =>
      (
        (await call('GET', `/mp/cms/quote?product_id=${productId}&page_size=100`)).json().data.list as {
          pharmacy_id: number;
        }[]
      ).map((r) => r.pharmacy_id);
    const cmsQuotes = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/scms/items/quote?filter[pharmacy_id][_eq]=${id}&limit=1&meta=filter_count`,
        })
      ).json().meta.filter_count as number;

    const before = await publicCount();
    expect(before).toBeGreaterThan(0);
    expect(await quotesOfProduct()).toContain(id);
    expect(await cmsQuotes()).toBeGreaterThan(0);
    expect((await call('GET', '/pharmacy/quote', shop, undefined, id)).statusCode).toBe(200);

    expect((await call('POST', `/admin/pharmacy/${id}/suspend`, operator, {})).statusCode).toBe(400);
    const reason = '冷链记录不全，整改中';
    const res = await call('POST', `/admin/pharmacy/${id}/suspend`, operator, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('suspended');

    expect(await publicCount()).toBe(before - 1);
    expect(await quotesOfProduct()).not.toContain(id);
    expect(await cmsQuotes()).toBe(0);

    // its staff: refused on a pharmacy route with the message and the reason, yet pharmacy/me tells them why
    const refused = await call('GET', '/pharmacy/quote', shop, undefined, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(`${operatorMessages.pharmacySuspended}，原因：${reason}`);
    expect(refused.json().data).toEqual({ pharmacy_status: 'suspended', reason });
    const me = (await call('GET', '/pharmacy/me', shop)).json().data;
    expect(me.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 'suspended', status_reason: reason });
    // the shop's other pharmacy works as before
    expect((await call('GET', '/pharmacy/quote', shop, undefined, other)).statusCode).toBe(200);
    // the owner got a message naming the reason
    expect(
      await rows(sql`select 1 from message m join pharmacy p on p.owner_account_id = m.account_id
        where p.id = ${id} and m.title = '药店已被暂停营业' and m.content like ${`%${reason}%`}`),
    ).toHaveLength(1);

    // guarded: a second suspension and an approval are refused
    expect((await call('POST', `/admin/pharmacy/${id}/suspend`, operator, { reason })).statusCode).toBe(409);
    expect((await call('POST', `/admin/pharmacy/${id}/approve`, operator)).statusCode).toBe(409);

    const resumed = await call('POST', `/admin/pharmacy/${id}/resume`, operator);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.status_reason).toBe('');
    expect(await publicCount()).toBe(before);
    expect(await quotesOfProduct()).toContain(id);
    expect((await call('GET', '/pharmacy/quote', shop, undefined, id)).statusCode).toBe(200);
    expect((await call('POST', `/admin/pharmacy/${id}/resume`, operator)).statusCode).toBe(409);
  });
});
