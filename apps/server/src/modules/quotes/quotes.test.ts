import { quoteListItemSchema, quoteListResultSchema, quoteMessages } from '@pharmacy/shared';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, category, pharmacyMember, product, quote, quoteSet, quoteSetItem } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
/** Pharmacy A: the first demo pharmacy (demo staff); B: the third (nobody of A works there). */
const A = 1;
const B = 3;
let admin: string; // pharmacy_admin of A with 'all'
let shop: string; // owner of A and the second pharmacy
let manager: string; // manager of A: no quote_manage
let adminWithout: string; // pharmacy_admin of A holding only viper_manage
let staffB: string; // pharmacy_admin of B with 'all'

async function staffAccount(phone: string, pharmacyId: number, permissions: string[]) {
  const [row] = await t.database.db
    .insert(account)
    .values({
      phone,
      phoneUserId: `pu_${phone}`,
      name: `测试${phone.slice(-4)}`,
      passwordHash: await hashPassword('Demo@12345'),
    })
    .returning({ id: account.id });
  await t.database.db
    .insert(pharmacyMember)
    .values({ pharmacyId, accountId: row.id, role: 'pharmacy_admin', permissions });
  return t.login(phone);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000002');
  shop = await t.login('13800000001');
  manager = await t.login('13800000003');
  adminWithout = await staffAccount('13711110001', A, ['viper_manage']);
  staffB = await staffAccount('13711110002', B, ['all']);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId: number = A, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    ...(payload ? { payload } : {}),
  });
const data = async (method: Method, url: string, token: string, pharmacyId: number = A, payload?: object) => {
  const res = await call(method, url, token, pharmacyId, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

/** Active products pharmacy `pharmacyId` does not quote yet (fresh ones for each test that creates quotes). */
async function unquotedProducts(pharmacyId: number, n: number, alsoBy = pharmacyId): Promise<number[]> {
  const rows = await t.database.db.execute(
    sql`select p.id from product p where p.status = 'active'
        and not exists (select 1 from quote q where q.pharmacy_id in (${pharmacyId}, ${alsoBy}) and q.product_id = p.id)
        order by p.id desc limit ${n}`,
  );
  return ((rows as { rows: unknown[] }).rows as { id: number }[]).map((r) => Number(r.id));
}
const quoteIdOf = async (pharmacyId: number) =>
  (
    await t.database.db
      .select({ id: quote.id })
      .from(quote)
      .where(eq(quote.pharmacyId, pharmacyId))
      .orderBy(quote.id)
      .limit(1)
  )[0].id;
const realCounts = async (pharmacyId: number) => {
  const rows = await t.database.db.execute(
    sql`select count(*) filter (where status = 'on_shelf')::int as on_shelf,
               count(*) filter (where status = 'off_shelf')::int as off_shelf
        from quote where pharmacy_id = ${pharmacyId}`,
  );
  const r = (rows as { rows: unknown[] }).rows[0] as { on_shelf: number; off_shelf: number };
  const on = Number(r.on_shelf);
  const off = Number(r.off_shelf);
  return { all: on + off, on_shelf: on, off_shelf: off };
};

const routes = (id: number) =>
  [
    ['GET', '/pharmacy/quote', undefined],
    ['GET', '/pharmacy/product', undefined],
    ['POST', '/pharmacy/quote', { product_id: 1, price: '10.00', stock: 1 }],
    ['PUT', `/pharmacy/quote/${id}`, { price: '10.00', stock: 1 }],
    ['PUT', '/pharmacy/quote/shelf', { ids: [id], status: 'off_shelf' }],
    ['PUT', '/pharmacy/quote/top', { id, is_top: true }],
    ['DELETE', `/pharmacy/quote/${id}`, undefined],
  ] as const;

describe('access', () => {
  it('every route needs a session, and quote_manage in the pharmacy of the header', async () => {
    const id = await quoteIdOf(A);
    for (const [method, url, body] of routes(id)) {
      expect((await call(method, url, undefined, A, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const token of [manager, adminWithout]) {
        const res = await call(method, url, token, A, body);
        expect(res.statusCode, `${method} ${url} without the key`).toBe(403);
        expect(res.json().code).toBe(403000);
      }
      // B's staff (holding 'all' in B) naming A
      expect((await call(method, url, staffB, A, body)).statusCode, `${method} ${url} B in A`).toBe(403);
    }
  });

  it('is allowed with quote_manage (pharmacy_admin with all, and the shop owner)', async () => {
    for (const token of [admin, shop]) {
      const list = await data('GET', '/pharmacy/quote', token);
      quoteListResultSchema.parse(list);
      expect(list.total).toBeGreaterThan(0);
      const products = await data('GET', '/pharmacy/product', token);
      expect(products.list.length).toBeGreaterThan(0);
    }
    const [productId] = await unquotedProducts(A, 1);
    const created = await data('POST', '/pharmacy/quote', admin, A, { product_id: productId, price: '9.90', stock: 5 });
    const updated = await data('PUT', `/pharmacy/quote/${created.id}`, shop, A, { price: '10.50', stock: 6 });
    expect(updated).toMatchObject({ price: '10.50', stock: 6, original_price: null });
    expect(await data('PUT', '/pharmacy/quote/shelf', admin, A, { ids: [created.id], status: 'off_shelf' })).toEqual({
      updated: 1,
    });
    expect((await data('PUT', '/pharmacy/quote/top', admin, A, { id: created.id, is_top: true })).is_top).toBe(true);
    expect(await data('DELETE', `/pharmacy/quote/${created.id}`, admin)).toBeNull();
  });

  it("another pharmacy's staff in their own pharmacy get 404 for our quote ids, and change nothing", async () => {
    const id = await quoteIdOf(A);
    const [before] = await t.database.db.select().from(quote).where(eq(quote.id, id));
    for (const [method, url, body] of routes(id)) {
      if (method === 'GET' || method === 'POST') continue;
      const res = await call(method, url, staffB, B, body);
      if (url === '/pharmacy/quote/shelf') {
        expect(res.json().data).toEqual({ updated: 0 });
      } else {
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg).toBe(quoteMessages.notFound);
      }
    }
    const [after] = await t.database.db.select().from(quote).where(eq(quote.id, id));
    expect(after).toEqual(before);
    // and B's list holds none of A's quotes
    const listB = await data('GET', '/pharmacy/quote?page_size=100', staffB, B);
    expect(listB.list.some((q: { id: number }) => q.id === id)).toBe(false);
  });
});

describe('list', () => {
  it('pages pinned first, then by sort and id, with counts from the counters equal to count(*)', async () => {
    const first = await data('GET', '/pharmacy/quote?page_size=100', admin);
    expect(first.counts).toEqual(await realCounts(A));
    expect(first.total).toBe(first.counts.all);
    const pinned = first.list.filter((q: { is_top: boolean }) => q.is_top).length;
    expect(first.list.slice(0, pinned).every((q: { is_top: boolean }) => q.is_top)).toBe(true);
    expect(first.list.slice(pinned).some((q: { is_top: boolean }) => q.is_top)).toBe(false);
    for (const q of first.list) quoteListItemSchema.strict().parse(q);
    const second = await data('GET', '/pharmacy/quote?page=2&page_size=100', admin);
    const ids = new Set(first.list.map((q: { id: number }) => q.id));
    expect(second.list.some((q: { id: number }) => ids.has(q.id))).toBe(false);

    const off = await data('GET', '/pharmacy/quote?status=off_shelf&page_size=100', admin);
    expect(off.total).toBe(off.counts.off_shelf);
    expect(off.list.every((q: { status: string }) => q.status === 'off_shelf')).toBe(true);
  });

  it('page 1 is kept only while nothing was written: a price or shelf change straight in the table shows at once', async () => {
    const before = await data('GET', '/pharmacy/quote', admin);
    expect(await data('GET', '/pharmacy/quote', admin)).toEqual(before);
    const top = before.list[0] as { id: number; price: string; status: string };
    await t.database.db.execute(sql`update quote set price = price + 1 where pharmacy_id = ${B}`);
    expect(await data('GET', '/pharmacy/quote', admin)).toEqual(before);
    await t.database.db.execute(sql`update quote set price = 987.65 where id = ${top.id}`);
    const priced = await data('GET', '/pharmacy/quote', admin);
    expect(priced.list[0].price).toBe('987.65');
    const flipped = top.status === 'on_shelf' ? 'off_shelf' : 'on_shelf';
    await t.database.db.execute(sql`update quote set status = ${flipped} where id = ${top.id}`);
    const after = await data('GET', '/pharmacy/quote', admin);
    expect(after.counts).toEqual(await realCounts(A));
    expect(after.list.find((q: { id: number }) => q.id === top.id)?.status).toBe(flipped);
  });

  it('filters by keyword, type, category, price range and stock, with exact total and tab counts', async () => {
    const all = await data('GET', '/pharmacy/quote?page_size=100', admin);
    const sample = all.list.find((q: { approval_no: string }) => q.approval_no !== '');
    const byApproval = await data('GET', `/pharmacy/quote?keyword=${encodeURIComponent(sample.approval_no)}`, admin);
    expect(byApproval.list.map((q: { id: number }) => q.id)).toContain(sample.id);

    const url = '/pharmacy/quote?type=OTC&price_min=10&price_max=50.5&stock_below=300&page_size=100';
    const filtered = await data('GET', url, admin);
    const rows = await t.database.db.execute(
      sql`select q.status, count(*)::int as n from quote q join product p on p.id = q.product_id
          where q.pharmacy_id = ${A} and p.type = 'OTC' and q.price >= 10 and q.price <= 50.5 and q.stock < 300
          group by q.status`,
    );
    const byStatus = Object.fromEntries(
      ((rows as { rows: unknown[] }).rows as { status: string; n: number }[]).map((r) => [r.status, Number(r.n)]),
    );
    expect(filtered.counts).toEqual({
      all: (byStatus.on_shelf ?? 0) + (byStatus.off_shelf ?? 0),
      on_shelf: byStatus.on_shelf ?? 0,
      off_shelf: byStatus.off_shelf ?? 0,
    });
    expect(filtered.total).toBe(filtered.counts.all);
    expect(filtered.total).toBeGreaterThan(0);
    for (const q of filtered.list) {
      expect(q.type).toBe('OTC');
      expect(Number(q.price)).toBeGreaterThanOrEqual(10);
      expect(Number(q.price)).toBeLessThanOrEqual(50.5);
      expect(q.stock).toBeLessThan(300);
    }
    const onShelf = await data('GET', `${url}&status=on_shelf`, admin);
    expect(onShelf.total).toBe(filtered.counts.on_shelf);

    const withCategory = all.list.find((q: { category_name: string | null }) => q.category_name);
    const [{ categoryId }] = await t.database.db
      .select({ categoryId: product.categoryId })
      .from(product)
      .where(eq(product.id, withCategory.product_id));
    const inCategory = await data('GET', `/pharmacy/quote?category_id=${categoryId}&page_size=100`, admin);
    expect(inCategory.list.map((q: { id: number }) => q.id)).toContain(withCategory.id);
    expect(inCategory.total).toBeLessThan(all.total);
  });

  it('refuses a reversed price range on price_max; bad values of the URL fall back', async () => {
    const res = await call('GET', '/pharmacy/quote?price_min=50&price_max=10', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('price_max 最高价不能低于最低价');
    const lenient = await data('GET', '/pharmacy/quote?status=bogus&type=x&stock_below=-1', admin);
    expect(lenient.total).toBe(lenient.counts.all);
  });

  it('the picker lists active catalogue products marked quoted or not', async () => {
    const quoted = await data('GET', '/pharmacy/product?page_size=100', admin);
    const flags = new Map(quoted.list.map((p: { id: number; quoted: boolean }) => [p.id, p.quoted]));
    const mine = await t.database.db.select({ productId: quote.productId }).from(quote).where(eq(quote.pharmacyId, A));
    const mineSet = new Set(mine.map((r) => r.productId));
    for (const [id, flag] of flags) expect(flag).toBe(mineSet.has(id as number));
    expect([...flags.values()]).toContain(true);
    expect([...flags.values()]).toContain(false);
    const search = await data('GET', `/pharmacy/product?keyword=${encodeURIComponent(quoted.list[0].name)}`, admin);
    expect(search.list.map((p: { id: number }) => p.id)).toContain(quoted.list[0].id);
  });
});

describe('create and edit', () => {
  it('refuses bad prices and stock with a Chinese message naming the field', async () => {
    const [productId] = await unquotedProducts(A, 1);
    const cases: [object, string][] = [
      [{ price: '12.345', stock: 1 }, 'price 售价最多两位小数'],
      [{ price: '0', stock: 1 }, 'price 售价须大于 0'],
      [{ price: 'abc', stock: 1 }, 'price 售价须为数字，如 12.50'],
      [{ price: '1000000', stock: 1 }, 'price 售价不能超过 999999.99'],
      [{ price: '10', original_price: '9.99', stock: 1 }, `original_price ${quoteMessages.originalBelowPrice}`],
      [{ price: '10', stock: -1 }, 'stock 库存不能为负数'],
      [{ price: '10', stock: 1.5 }, 'stock 库存须为整数'],
      [{ price: '10', stock: 10_000_000 }, 'stock 库存不能超过 9999999'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/pharmacy/quote', admin, A, { product_id: productId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const res = await call('PUT', `/pharmacy/quote/${await quoteIdOf(A)}`, admin, A, {
      price: '5.5',
      original_price: '5.49',
      stock: 1,
    });
    expect(res.json().msg).toBe(`original_price ${quoteMessages.originalBelowPrice}`);
  });

  it('compares original price and price exactly, and stores two places', async () => {
    const [productId] = await unquotedProducts(A, 1);
    const created = await data('POST', '/pharmacy/quote', admin, A, {
      product_id: productId,
      price: '0.1',
      original_price: '0.10',
      stock: 0,
      status: 'off_shelf',
    });
    expect(created).toMatchObject({
      price: '0.10',
      original_price: '0.10',
      stock: 0,
      status: 'off_shelf',
      is_top: false,
    });
    // a new quote comes first among the unpinned ones
    const list = await data('GET', '/pharmacy/quote?page_size=100', admin);
    expect(list.list.find((q: { is_top: boolean }) => !q.is_top).id).toBe(created.id);
  });

  it('refuses a product quoted twice, and an unknown or inactive product', async () => {
    const [productId] = await unquotedProducts(A, 1, B);
    await data('POST', '/pharmacy/quote', admin, A, { product_id: productId, price: '3.00', stock: 1 });
    const again = await call('POST', '/pharmacy/quote', admin, A, { product_id: productId, price: '4.00', stock: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: quoteMessages.duplicate, data: { field: 'product_id' } });
    // B may quote the same product
    expect(
      (await call('POST', '/pharmacy/quote', staffB, B, { product_id: productId, price: '4.00', stock: 1 })).statusCode,
    ).toBe(200);

    const unknown = await call('POST', '/pharmacy/quote', admin, A, {
      product_id: 2_000_000_000,
      price: '1.00',
      stock: 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(`product_id ${quoteMessages.productMissing}`);
    const [inactive] = await unquotedProducts(A, 2).then((ids) => ids.slice(1));
    await t.database.db.update(product).set({ status: 'inactive' }).where(eq(product.id, inactive));
    const res = await call('POST', '/pharmacy/quote', admin, A, { product_id: inactive, price: '1.00', stock: 1 });
    expect(res.statusCode).toBe(400);
    await t.database.db.update(product).set({ status: 'active' }).where(eq(product.id, inactive));
  });

  it('concurrent creates of one product give exactly one row', async () => {
    const [productId] = await unquotedProducts(A, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/pharmacy/quote', admin, A, { product_id: productId, price: `${i + 1}.00`, stock: i }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select({ id: quote.id })
      .from(quote)
      .where(and(eq(quote.pharmacyId, A), eq(quote.productId, productId)));
    expect(rows).toHaveLength(1);
  });
});

describe('shelf, pin, delete', () => {
  it('shelves a selection: only our own rows, answering how many changed', async () => {
    const [p1, p2] = await unquotedProducts(A, 2);
    const q1 = await data('POST', '/pharmacy/quote', admin, A, { product_id: p1, price: '1.00', stock: 1 });
    const q2 = await data('POST', '/pharmacy/quote', admin, A, {
      product_id: p2,
      price: '1.00',
      stock: 1,
      status: 'off_shelf',
    });
    const theirs = await quoteIdOf(B);
    const [theirsBefore] = await t.database.db.select().from(quote).where(eq(quote.id, theirs));
    const res = await data('PUT', '/pharmacy/quote/shelf', admin, A, {
      ids: [q1.id, q2.id, theirs],
      status: 'off_shelf',
    });
    expect(res).toEqual({ updated: 1 });
    const [theirsAfter] = await t.database.db.select().from(quote).where(eq(quote.id, theirs));
    expect(theirsAfter).toEqual(theirsBefore);
    expect(await data('PUT', '/pharmacy/quote/shelf', admin, A, { ids: [q1.id, q2.id], status: 'on_shelf' })).toEqual({
      updated: 2,
    });
    const empty = await call('PUT', '/pharmacy/quote/shelf', admin, A, { ids: [], status: 'on_shelf' });
    expect(empty.json().msg).toBe('ids 请选择报价');
  });

  it('the latest pin comes first; unpinning leads the unpinned', async () => {
    const list = await data('GET', '/pharmacy/quote?page_size=100', admin);
    const unpinned = list.list.filter((q: { is_top: boolean }) => !q.is_top);
    const [a, b] = [unpinned[unpinned.length - 1], unpinned[unpinned.length - 2]];
    await data('PUT', '/pharmacy/quote/top', admin, A, { id: a.id, is_top: true });
    await data('PUT', '/pharmacy/quote/top', admin, A, { id: b.id, is_top: true });
    let first = (await data('GET', '/pharmacy/quote', admin)).list;
    expect(first.slice(0, 2).map((q: { id: number }) => q.id)).toEqual([b.id, a.id]);
    await data('PUT', '/pharmacy/quote/top', admin, A, { id: a.id, is_top: true });
    first = (await data('GET', '/pharmacy/quote', admin)).list;
    expect(first[0].id).toBe(a.id);
    const unpin = await data('PUT', '/pharmacy/quote/top', admin, A, { id: b.id, is_top: false });
    expect(unpin.is_top).toBe(false);
    const after = (await data('GET', '/pharmacy/quote?page_size=100', admin)).list;
    expect(after.find((q: { is_top: boolean }) => !q.is_top).id).toBe(b.id);
  });

  it('refuses to delete a quote a combo holds, naming the combo', async () => {
    const [productId] = await unquotedProducts(A, 1);
    const q = await data('POST', '/pharmacy/quote', admin, A, { product_id: productId, price: '8.00', stock: 1 });
    const [set] = await t.database.db
      .insert(quoteSet)
      .values({ pharmacyId: A, name: '感冒组合装', price: '20.00' })
      .returning({ id: quoteSet.id });
    await t.database.db.insert(quoteSetItem).values({ quoteSetId: set.id, quoteId: q.id, qty: 2 });
    const res = await call('DELETE', `/pharmacy/quote/${q.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('该报价已用于套餐「感冒组合装」，请先从套餐中移除后再删除');
    expect(await t.database.db.select().from(quote).where(eq(quote.id, q.id))).toHaveLength(1);
    await t.database.db.delete(quoteSet).where(eq(quoteSet.id, set.id));
    expect(await data('DELETE', `/pharmacy/quote/${q.id}`, admin)).toBeNull();
    expect((await call('DELETE', `/pharmacy/quote/${q.id}`, admin)).statusCode).toBe(404);
  });
});

describe('filtered totals', () => {
  type Item = { id: number; product_id: number; price: string; status: string; name: string; category_name: string };
  /** What a filter really matches in A, by status: the ground truth a (possibly cached) answer must equal. */
  const truth = async (where: ReturnType<typeof sql>) => {
    const rows = await t.database.db.execute(
      sql`select q.status, count(*)::int as n from quote q join product p on p.id = q.product_id
          where q.pharmacy_id = ${A} and ${where} group by q.status`,
    );
    const by = Object.fromEntries(
      ((rows as { rows: unknown[] }).rows as { status: string; n: number }[]).map((r) => [r.status, Number(r.n)]),
    );
    const on = by.on_shelf ?? 0;
    const off = by.off_shelf ?? 0;
    return { all: on + off, on_shelf: on, off_shelf: off };
  };

  it('stay exact after a price-only update, a status flip, an insert, a delete and a product rename', async () => {
    const tag = `精确计数${Date.now().toString(36)}`;
    const made = await t.database.db
      .insert(product)
      .values(
        ['甲', '乙', '丙', '丁'].map((n) => ({
          name: `${tag}${n}片`,
          type: 'OTC' as const,
          status: 'active' as const,
        })),
      )
      .returning({ id: product.id });
    const [p1, p2, p3, p4] = made.map((r) => r.id);
    const create = async (productId: number, price: string) =>
      (await data('POST', '/pharmacy/quote', admin, A, { product_id: productId, price, stock: 5 })).id as number;
    const q1 = await create(p1, '9.90');
    const q2 = await create(p2, '12.00');
    const keyword = `keyword=${encodeURIComponent(tag)}`;
    const byTag = sql`p.name like ${`${tag}%`}`;
    /** Reads the search twice (the second answer comes from the cached matches) and checks both against the truth. */
    const read = async (query: string, where: ReturnType<typeof sql>) => {
      const first = await data('GET', `/pharmacy/quote?${query}&page_size=100`, admin);
      const again = await data('GET', `/pharmacy/quote?${query}&page_size=100`, admin);
      expect(again).toEqual(first);
      expect(first.counts).toEqual(await truth(where));
      expect(first.total).toBe(first.list.length);
      for (const q of first.list) quoteListItemSchema.strict().parse(q);
      return first as { counts: { all: number; on_shelf: number; off_shelf: number }; list: Item[] };
    };
    const cheap = `${keyword}&price_max=10`;
    const cheapWhere = sql`${byTag} and q.price <= 10`;
    expect((await read(keyword, byTag)).counts).toEqual({ all: 2, on_shelf: 2, off_shelf: 0 });
    expect((await read(cheap, cheapWhere)).list.map((q) => q.id)).toEqual([q1]);

    // a price-only update: the price filter's answer changes, and the page shows the new price
    await data('PUT', `/pharmacy/quote/${q2}`, admin, A, { price: '8.80', stock: 5 });
    const cheaper = await read(cheap, cheapWhere);
    expect(cheaper.counts.all).toBe(2);
    expect(cheaper.list.find((q) => q.id === q2)?.price).toBe('8.80');

    // a status flip: the tab counts move, and the tab's page follows
    await data('PUT', '/pharmacy/quote/shelf', admin, A, { ids: [q1], status: 'off_shelf' });
    expect((await read(keyword, byTag)).counts).toEqual({ all: 2, on_shelf: 1, off_shelf: 1 });
    const offTab = await read(`${keyword}&status=off_shelf`, byTag);
    expect(offTab.list.map((q) => q.id)).toEqual([q1]);

    // an insert
    const q3 = await create(p3, '5.00');
    expect((await read(keyword, byTag)).counts).toEqual({ all: 3, on_shelf: 2, off_shelf: 1 });
    expect((await read(cheap, cheapWhere)).counts.all).toBe(3);

    // a delete
    await data('DELETE', `/pharmacy/quote/${q3}`, admin);
    expect((await read(keyword, byTag)).counts).toEqual({ all: 2, on_shelf: 1, off_shelf: 1 });

    // a product rename (a catalogue write, here straight in SQL as an operator tool or psql would): out of the search,
    // and another product renamed into it (p4, quoted while named otherwise)
    await t.database.db.update(product).set({ name: '改名后的药品' }).where(eq(product.id, p2));
    expect((await read(keyword, byTag)).counts).toEqual({ all: 1, on_shelf: 0, off_shelf: 1 });
    await t.database.db.update(product).set({ name: '另一个名字' }).where(eq(product.id, p4));
    await create(p4, '7.00');
    expect((await read(keyword, byTag)).counts).toEqual({ all: 1, on_shelf: 0, off_shelf: 1 });
    await t.database.db
      .update(product)
      .set({ name: `${tag}戊片` })
      .where(eq(product.id, p4));
    const renamed = await read(keyword, byTag);
    expect(renamed.counts).toEqual({ all: 2, on_shelf: 1, off_shelf: 1 });
    expect(renamed.list.map((q) => q.name).sort()).toEqual([`${tag}戊片`, `${tag}甲片`]);

    // a write outside the routes (a quote's stock in SQL) moves a stock filter's answer just the same
    const lowStock = `${keyword}&stock_below=3`;
    const lowWhere = sql`${byTag} and q.stock < 3`;
    expect((await read(lowStock, lowWhere)).counts.all).toBe(0);
    await t.database.db.update(quote).set({ stock: 1 }).where(eq(quote.id, q1));
    expect((await read(lowStock, lowWhere)).counts).toEqual({ all: 1, on_shelf: 0, off_shelf: 1 });
  });

  it('a category filter follows the category tree (a sub-category moved to another parent)', async () => {
    const tag = `分类计数${Date.now().toString(36)}`;
    const [parentA, parentB] = await t.database.db
      .insert(category)
      .values([{ name: `${tag}甲类` }, { name: `${tag}乙类` }])
      .returning({ id: category.id });
    const [child] = await t.database.db
      .insert(category)
      .values({ name: `${tag}子类`, parentId: parentA.id })
      .returning({ id: category.id });
    const [p] = await t.database.db
      .insert(product)
      .values({ name: `${tag}片`, type: 'RX', status: 'active', categoryId: child.id })
      .returning({ id: product.id });
    const created = await data('POST', '/pharmacy/quote', admin, A, { product_id: p.id, price: '3.00', stock: 1 });
    const under = async (parent: number) => {
      const first = await data('GET', `/pharmacy/quote?category_id=${parent}`, admin);
      expect(await data('GET', `/pharmacy/quote?category_id=${parent}`, admin)).toEqual(first);
      return first as { total: number; list: Item[] };
    };
    const inA = await under(parentA.id);
    expect(inA.total).toBe(1);
    expect(inA.list[0]).toMatchObject({ id: created.id, category_name: `${tag}子类` });
    expect((await under(parentB.id)).total).toBe(0);
    await t.database.db.update(category).set({ parentId: parentB.id }).where(eq(category.id, child.id));
    expect((await under(parentA.id)).total).toBe(0);
    expect((await under(parentB.id)).total).toBe(1);
  });
});

describe('counters', () => {
  it('unfiltered counts equal a real count(*) after any sequence of creates, shelf changes and deletes', async () => {
    const pool = await unquotedProducts(A, 40);
    const command = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), pick: fc.nat(), off: fc.boolean() }),
      fc.record({
        kind: fc.constant('shelf' as const),
        picks: fc.array(fc.nat(), { maxLength: 4 }),
        off: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    const created: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const c of commands) {
          if (c.kind === 'create') {
            const productId = pool[c.pick % pool.length];
            const res = await call('POST', '/pharmacy/quote', admin, A, {
              product_id: productId,
              price: '6.60',
              stock: 3,
              status: c.off ? 'off_shelf' : 'on_shelf',
            });
            if (res.statusCode === 200) created.push(res.json().data.id);
            else expect(res.statusCode).toBe(409);
          } else if (c.kind === 'shelf' && created.length) {
            const ids = c.picks.map((p) => created[p % created.length]);
            if (ids.length)
              await data('PUT', '/pharmacy/quote/shelf', admin, A, { ids, status: c.off ? 'off_shelf' : 'on_shelf' });
          } else if (c.kind === 'delete' && created.length) {
            const [id] = created.splice(c.pick % created.length, 1);
            await data('DELETE', `/pharmacy/quote/${id}`, admin);
          }
        }
        const list = await data('GET', '/pharmacy/quote?page_size=1', admin);
        const real = await realCounts(A);
        expect(list.counts).toEqual(real);
        expect(list.total).toBe(real.all);
        const off = await data('GET', '/pharmacy/quote?status=off_shelf&page_size=1', admin);
        expect(off.total).toBe(real.off_shelf);
      }),
      { numRuns: 12 },
    );
  });
});
