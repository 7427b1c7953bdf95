import { customerListItemSchema, pageResultSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { CustomerRepository, customerCountQuery, customerPageQuery } from './customer.repository';
import { CustomerService } from './customer.service';

// Page 1 of the whole customer list is kept per instance while migration 0026's write versions hold
// (docs/marketing.md "Performance"): every write below is plain SQL, as another module or instance would do it.
let t: TestApp;
let shop: string;
let p1: number;
let p2: number;
let shopId: number;
let staffId: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;
const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
const itemsSchema = pageResultSchema(customerListItemSchema);
type Page = {
  list: { id: number; name: string; level: number | null; tags: string[]; owner_account_id: number | null }[];
  total: number;
};

async function page1(pharmacyId: number, pageSize = 20): Promise<Page> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/marketing/customer_info?page=1&page_size=${pageSize}`,
    headers: headers(shop, pharmacyId),
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  itemsSchema.parse(data);
  return data as Page;
}

/** The same page computed with no kept state: a fresh service, and the list's plain SQL. */
async function fresh(pharmacyId: number, pageSize = 20) {
  const service = new CustomerService(new CustomerRepository(t.database.db));
  const answer = await service.list({ pharmacyId, accountId: shopId, role: 'pharmacy_admin' }, {
    page: 1,
    page_size: pageSize,
  } as Parameters<CustomerService['list']>[1]);
  const ids = (await rows<{ id: number }>(customerPageQuery(pharmacyId, {}, pageSize, 0))).map((r) => r.id);
  const [{ n }] = await rows<{ n: number }>(customerCountQuery(pharmacyId, {}));
  expect(answer.list.map((r) => r.id)).toEqual(ids);
  expect(answer.total).toBe(Number(n));
  return JSON.parse(JSON.stringify(answer));
}

async function expectExact(pharmacyId: number, pageSize = 20) {
  const kept = await page1(pharmacyId, pageSize);
  expect(kept).toEqual(await fresh(pharmacyId, pageSize));
  return kept;
}

let seq = 0;
async function newCustomer(pharmacyId: number) {
  seq += 1;
  const phone = `1660${String(Date.now() % 10000).padStart(4, '0')}${String(seq).padStart(3, '0')}`;
  const [a] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`pu_k_${phone}`}, ${`缓存客户${seq}`})
      returning id`,
  );
  await run(sql`insert into viper (pharmacy_id, account_id, level) values (${pharmacyId}, ${a.id}, 1)`);
  const [ci] = await rows<{ id: number }>(
    sql`insert into customer_info (pharmacy_id, account_id, tags, source) values (${pharmacyId}, ${a.id}, '{}', '测试')
      returning id`,
  );
  return { id: ci.id, accountId: a.id };
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.login('13800000001');
  const ps = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000001' order by pm.pharmacy_id`,
  );
  [p1, p2] = ps.map((p) => p.pharmacy_id);
  [{ id: shopId }] = await rows<{ id: number }>(sql`select id from account where phone = '13800000001'`);
  [{ id: staffId }] = await rows<{ id: number }>(sql`select id from account where phone = '13800000004'`);
  // both pharmacies have customers of their own
  await newCustomer(p1);
  await newCustomer(p2);
});
afterAll(async () => {
  await t?.close();
});

describe('kept page 1 of the customer list', () => {
  it('answers from memory while nothing was written (one version read, no page query)', async () => {
    const repo = new CustomerRepository(t.database.db);
    const service = new CustomerService(repo);
    const caller = { pharmacyId: p1, accountId: shopId, role: 'pharmacy_admin' as const };
    const query = { page: 1, page_size: 20 } as Parameters<CustomerService['list']>[1];
    const pageSpy = vi.spyOn(repo, 'page');
    const versionSpy = vi.spyOn(repo, 'firstPageVersion');
    const first = await service.list(caller, query);
    const second = await service.list(caller, query);
    expect(second).toBe(first);
    expect(pageSpy).toHaveBeenCalledTimes(1);
    expect(versionSpy).toHaveBeenCalledTimes(2);
    await run(sql`update customer_info set notes = notes where id = (select max(id) from customer_info
      where pharmacy_id = ${p1})`);
    const third = await service.list(caller, query);
    expect(third).not.toBe(first);
    expect(pageSpy).toHaveBeenCalledTimes(2);
    service.forgetFirstPages();
    expect(await service.list(caller, query)).toEqual(third);
  });

  it('shows a customer inserted by plain SQL on the very next request', async () => {
    const before = await expectExact(p1);
    const added = await newCustomer(p1);
    const after = await expectExact(p1);
    expect(after.list[0].id).toBe(added.id);
    expect(after.total).toBe(before.total + 1);
  });

  it("shows a member's level change, an account rename, new tags and a new owner at once", async () => {
    const c = await newCustomer(p1);
    await expectExact(p1);
    await run(sql`update viper set level = 7 where pharmacy_id = ${p1} and account_id = ${c.accountId}`);
    expect((await expectExact(p1)).list.find((r) => r.id === c.id)?.level).toBe(7);
    await run(sql`update account set name = '改名后的客户' where id = ${c.accountId}`);
    expect((await expectExact(p1)).list.find((r) => r.id === c.id)?.name).toBe('改名后的客户');
    await run(sql`update customer_info set tags = array['缓存标签']::text[] where id = ${c.id}`);
    expect((await expectExact(p1)).list.find((r) => r.id === c.id)?.tags).toEqual(['缓存标签']);
    await run(sql`update customer_info set owner_account_id = ${staffId} where id = ${c.id}`);
    expect((await expectExact(p1)).list.find((r) => r.id === c.id)?.owner_account_id).toBe(staffId);
  });

  it('drops a deleted customer on the very next request', async () => {
    const c = await newCustomer(p1);
    const before = await expectExact(p1);
    expect(before.list[0].id).toBe(c.id);
    await run(sql`delete from customer_info where id = ${c.id}`);
    const after = await expectExact(p1);
    expect(after.list.some((r) => r.id === c.id)).toBe(false);
    expect(after.total).toBe(before.total - 1);
  });

  it('keeps each pharmacy and page size apart', async () => {
    const a = await expectExact(p1);
    const b = await expectExact(p2);
    const small = await expectExact(p1, 10);
    const ownIds = async (p: number) =>
      new Set(
        (await rows<{ id: number }>(sql`select id from customer_info where pharmacy_id = ${p}`)).map((r) => r.id),
      );
    const [own1, own2] = [await ownIds(p1), await ownIds(p2)];
    expect(a.list.every((r) => own1.has(r.id))).toBe(true);
    expect(b.list.length).toBeGreaterThan(0);
    expect(b.list.every((r) => own2.has(r.id))).toBe(true);
    expect(small.list.length).toBeLessThanOrEqual(10);
    // a write to the second pharmacy's customers leaves the first's version, and its answer, as they were
    const c2 = await newCustomer(p2);
    expect((await expectExact(p2)).list[0].id).toBe(c2.id);
    expect(await expectExact(p1)).toEqual(a);
  });

  it('bumps the account version only for a name, phone or avatar change', async () => {
    const version = async () =>
      (
        await rows<{ n: string }>(sql`select n::text from list_count where scope = 'customer_account:writes'
        and owner_id = 0 and bucket = 'n'`)
      )[0]?.n;
    const c = await newCustomer(p1);
    const v0 = await version();
    expect(v0).toBeDefined();
    await run(sql`update account set status = status where id = ${c.accountId}`);
    expect(await version()).toBe(v0);
    await run(sql`update account set head_img_url = 'https://example.com/a.png' where id = ${c.accountId}`);
    expect(await version()).not.toBe(v0);
    expect((await expectExact(p1)).list.find((r) => r.id === c.id)).toBeDefined();
  });
});
