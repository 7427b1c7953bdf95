import { comboQuoteSchema, comboSchema } from '@pharmacy/shared';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacy, pharmacyMember, product, quote, quoteSet, quoteSetItem } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let p1: number;
let p2: number;
let p3: number;
/** 13800000002: pharmacy_admin of pharmacy 1 with 'all'. */
let admin: string;
/** 13800000001: shop of pharmacies 1 and 2. */
let shop: string;
/** Customer service of pharmacy 1 holding only quote_set (no quote_manage). */
let comboOnly: string;
/** Manager of pharmacy 1 without quote_set. */
let noKey: string;
/** pharmacy_admin of pharmacy 3 with 'all', nobody in pharmacy 1. */
let otherAdmin: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId?: number, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    ...(payload ? { payload } : {}),
  });

async function member(
  phone: string,
  pharmacyId: number,
  role: 'pharmacy_admin' | 'manager' | 'customer_service',
  permissions: string[],
) {
  const [row] = await t.database.db
    .insert(account)
    .values({
      phone,
      phoneUserId: `pu_${phone}`,
      name: `套餐测试${phone.slice(-2)}`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: account.id });
  await t.database.db.insert(pharmacyMember).values({ pharmacyId, accountId: row.id, role, permissions });
  return t.login(phone);
}

/** On-shelf quotes of a pharmacy with plenty of stock, not used by any combo yet. */
async function freeQuotes(pharmacyId: number, n: number) {
  const used = t.database.db.select({ id: quoteSetItem.quoteId }).from(quoteSetItem);
  const rows = await t.database.db
    .select({ id: quote.id, price: quote.price, name: product.name })
    .from(quote)
    .innerJoin(product, eq(product.id, quote.productId))
    .where(and(eq(quote.pharmacyId, pharmacyId), eq(quote.status, 'on_shelf')))
    .orderBy(asc(quote.id));
  const usedIds = new Set((await used).map((r) => r.id));
  const stocked = await t.database.db
    .select({ id: quote.id, stock: quote.stock })
    .from(quote)
    .where(eq(quote.pharmacyId, pharmacyId));
  const stock = new Map(stocked.map((s) => [s.id, s.stock]));
  return rows.filter((r) => !usedIds.has(r.id) && (stock.get(r.id) ?? 0) >= 100).slice(0, n);
}

const setCount = async (pharmacyId: number) =>
  Number((await t.database.db.select({ n: count() }).from(quoteSet).where(eq(quoteSet.pharmacyId, pharmacyId)))[0].n);
const itemCount = async () => Number((await t.database.db.select({ n: count() }).from(quoteSetItem))[0].n);

/** Cents of a "12.34" string, and back: the exact reference the API's decimals are checked against. */
const cents = (money: string) => {
  const [yuan, frac = ''] = money.split('.');
  return BigInt(yuan) * 100n + BigInt(frac.padEnd(2, '0'));
};
const money = (c: bigint): string => (c < 0n ? `-${money(-c)}` : `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  const ids = (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).orderBy(asc(pharmacy.id))).map(
    (r) => r.id,
  );
  [p1, p2, p3] = ids;
  admin = await t.login('13800000002');
  shop = await t.login('13800000001');
  comboOnly = await member('13711110001', p1, 'customer_service', ['quote_set']);
  noKey = await member('13711110002', p1, 'manager', ['order_read_pharmacy']);
  otherAdmin = await member('13711110003', p3, 'pharmacy_admin', ['all']);
});
afterAll(async () => {
  await t?.close();
});

const routes = (id: number): [Method, string, object?][] => [
  ['GET', '/quote_set'],
  ['GET', '/quote_set/quotes'],
  ['GET', `/quote_set/${id}`],
  ['POST', '/quote_set', {}],
  ['PUT', `/quote_set/${id}`, {}],
  ['PUT', `/quote_set/${id}/status`, { status: 'off_sale' }],
  ['DELETE', `/quote_set/${id}`],
];

const firstComboOf = async (pharmacyId: number) =>
  (await t.database.db.select().from(quoteSet).where(eq(quoteSet.pharmacyId, pharmacyId)).orderBy(asc(quoteSet.id)))[0];

describe('access: quote_set on every route', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url, body] of routes(1)) {
      const res = await call(method, url, undefined, p1, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses a member of the pharmacy without quote_set (403), before reading anything', async () => {
    const combo = await firstComboOf(p1);
    for (const [method, url, body] of routes(combo.id)) {
      const res = await call(method, url, noKey, p1, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await firstComboOf(p1)).toEqual(combo);
  });

  it('lets a member holding only quote_set list, read, pick quotes and build combos', async () => {
    const combo = await firstComboOf(p1);
    expect((await call('GET', '/quote_set', comboOnly, p1)).statusCode).toBe(200);
    expect((await call('GET', `/quote_set/${combo.id}`, comboOnly, p1)).statusCode).toBe(200);
    const quotes = await call('GET', '/quote_set/quotes?page_size=5', comboOnly, p1);
    expect(quotes.statusCode).toBe(200);
    const [a, b] = await freeQuotes(p1, 2);
    const created = await call('POST', '/quote_set', comboOnly, p1, {
      name: '客服搭配的维C套餐',
      price: '1.00',
      items: [
        { quote_id: a.id, qty: 1 },
        { quote_id: b.id, qty: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await call('DELETE', `/quote_set/${created.json().data.id}`, comboOnly, p1)).statusCode).toBe(200);
  });

  it("refuses another pharmacy's staff holding 'all' (403 naming pharmacy 1, 404 with its ids from their own)", async () => {
    const combo = await firstComboOf(p1);
    for (const [method, url, body] of routes(combo.id)) {
      expect((await call(method, url, otherAdmin, p1, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const valid = {
      name: '改名',
      price: '1.00',
      items: [
        { quote_id: 1, qty: 1 },
        { quote_id: 2, qty: 1 },
      ],
    };
    const byId: [Method, string, object?][] = [
      ['GET', `/quote_set/${combo.id}`],
      ['PUT', `/quote_set/${combo.id}`, valid],
      ['PUT', `/quote_set/${combo.id}/status`, { status: 'on_sale' }],
      ['DELETE', `/quote_set/${combo.id}`],
    ];
    for (const [method, url, body] of byId) {
      const res = await call(method, url, otherAdmin, p3, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(combo.name);
    }
    expect(await firstComboOf(p1)).toEqual(combo);
  });

  it("answers a combo of the shop's other pharmacy like a missing one", async () => {
    const combo = await firstComboOf(p1);
    const res = await call('GET', `/quote_set/${combo.id}`, shop, p2);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404000, msg: '套餐不存在或已删除' });
    expect((await call('GET', `/quote_set/${combo.id}`, shop, p1)).statusCode).toBe(200);
  });

  it("never builds a combo from another pharmacy's quotes, and does not say what they are", async () => {
    const [mine] = await freeQuotes(p1, 1);
    const [theirs] = await freeQuotes(p2, 1);
    const before = await setCount(p1);
    const res = await call('POST', '/quote_set', admin, p1, {
      name: '跨店套餐',
      price: '1.00',
      items: [
        { quote_id: mine.id, qty: 1 },
        { quote_id: theirs.id, qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('商品不存在或不属于本药店');
    expect(res.body).not.toContain(theirs.name);
    expect(await setCount(p1)).toBe(before);
  });
});

describe('list and detail', () => {
  it('pages newest first with total and tab counts of this pharmacy only', async () => {
    const res = await call('GET', '/quote_set?page_size=2', admin, p1);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const rows = await t.database.db.select().from(quoteSet).where(eq(quoteSet.pharmacyId, p1));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(data.total).toBe(rows.length);
    expect(data.counts).toEqual({
      all: rows.length,
      on_sale: rows.filter((r) => r.status === 'on_sale').length,
      off_sale: rows.filter((r) => r.status === 'off_sale').length,
    });
    expect(data.list).toHaveLength(2);
    for (const c of data.list) comboSchema.strict().parse(c);
    expect(data.list[0].id).toBeGreaterThan(data.list[1].id);
    const ids = new Set(rows.map((r) => r.id));
    expect(data.list.every((c: { id: number }) => ids.has(c.id))).toBe(true);
  });

  it('filters by tab and by keyword (combo name or a product in it), keeping the tab counts', async () => {
    const onSale = (await call('GET', '/quote_set?status=on_sale&page_size=100', admin, p1)).json().data;
    expect(onSale.list.every((c: { status: string }) => c.status === 'on_sale')).toBe(true);
    expect(onSale.total).toBe(onSale.counts.on_sale);
    const byName = (await call('GET', `/quote_set?keyword=${encodeURIComponent('腹泻')}`, admin, p1)).json().data;
    expect(byName.list.map((c: { name: string }) => c.name)).toEqual(['儿童腹泻护理套餐']);
    expect(byName.counts).toEqual(onSale.counts);
    const byProduct = (await call('GET', `/quote_set?keyword=${encodeURIComponent('蒙脱石')}`, admin, p1)).json().data;
    expect(byProduct.list.map((c: { name: string }) => c.name)).toContain('儿童腹泻护理套餐');
    const none = (await call('GET', `/quote_set?keyword=${encodeURIComponent('100%_\\')}`, admin, p1)).json().data;
    expect(none.total).toBe(0);
  });

  it('shows a combo holding an off-shelf quote as such, without changing it', async () => {
    const list = (await call('GET', '/quote_set?page_size=100', admin, p1)).json().data.list;
    const warned = list.filter((c: { has_off_shelf: boolean }) => c.has_off_shelf);
    expect(warned.length).toBeGreaterThan(0);
    for (const c of warned) {
      expect(c.unavailable_items.some((u: { reason: string }) => u.reason === 'off_shelf')).toBe(true);
    }
  });

  it('gives the detail with items, and sums and saving exact to the cent', async () => {
    const combo = await firstComboOf(p1);
    const data = (await call('GET', `/quote_set/${combo.id}`, admin, p1)).json().data;
    comboSchema.strict().parse(data);
    expect(data.items.length).toBeGreaterThanOrEqual(2);
    const item = data.items[0];
    expect(item).toMatchObject({ name: expect.any(String), spec: expect.any(String), type: expect.any(String) });
    const sum = data.items.reduce(
      (s: bigint, i: { price: string; qty: number }) => s + cents(i.price) * BigInt(i.qty),
      0n,
    );
    expect(data.items_total).toBe(money(sum));
    expect(data.saving).toBe(money(sum - cents(data.price)));
    expect(cents(data.saving)).toBeGreaterThan(0n);
  });

  it('answers 404 for a missing combo and 400 for a bad id', async () => {
    expect((await call('GET', '/quote_set/999999', admin, p1)).statusCode).toBe(404);
    expect((await call('GET', '/quote_set/abc', admin, p1)).statusCode).toBe(400);
  });
});

describe('picking quotes', () => {
  it("lists this pharmacy's quotes only, on shelf first, searchable by name, approval number and barcode", async () => {
    const data = (await call('GET', '/quote_set/quotes?page_size=100', comboOnly, p1)).json().data;
    for (const q of data.list) comboQuoteSchema.strict().parse(q);
    const total = Number((await t.database.db.select({ n: count() }).from(quote).where(eq(quote.pharmacyId, p1)))[0].n);
    expect(data.total).toBe(total);
    const mine = new Set(
      (await t.database.db.select({ id: quote.id }).from(quote).where(eq(quote.pharmacyId, p1))).map((r) => r.id),
    );
    expect(data.list.every((q: { quote_id: number }) => mine.has(q.quote_id))).toBe(true);
    const lastPage = Math.ceil(total / 100);
    const tail = (await call('GET', `/quote_set/quotes?page_size=100&page=${lastPage}`, comboOnly, p1)).json().data;
    expect(data.list[0].status).toBe('on_shelf');
    expect(tail.list.at(-1).status).toBe('off_shelf');

    const sample = data.list.find((q: { approval_no: string; barcode: string }) => q.approval_no && q.barcode);
    for (const keyword of [sample.approval_no, sample.barcode, sample.name]) {
      const found = (
        await call('GET', `/quote_set/quotes?keyword=${encodeURIComponent(keyword)}`, comboOnly, p1)
      ).json().data.list;
      expect(
        found.map((q: { quote_id: number }) => q.quote_id),
        keyword,
      ).toContain(sample.quote_id);
    }
    const herbal = (await call('GET', '/quote_set/quotes?type=HERBAL&page_size=100', comboOnly, p1)).json().data;
    expect(herbal.total).toBeGreaterThan(0);
    expect(herbal.list.every((q: { type: string }) => q.type === 'HERBAL')).toBe(true);
  });
});

describe('rules', () => {
  const bodyOf = (ids: number[], patch: object = {}) => ({
    name: '规则测试套餐',
    price: '1.00',
    items: ids.map((id) => ({ quote_id: id, qty: 1 })),
    ...patch,
  });

  it.each([
    [{ name: '' }, 'name 请输入套餐名称'],
    [{ name: '套'.repeat(51) }, 'name 套餐名称最多 50 字'],
    [{ price: '0' }, 'price 套餐价须大于 0'],
    [{ price: '1.234' }, 'price 套餐价须为数字，最多两位小数'],
    [{ items: [{ quote_id: 1, qty: 1 }] }, 'items 套餐至少包含 2 种商品'],
    [{ items: Array.from({ length: 21 }, (_, i) => ({ quote_id: i + 1, qty: 1 })) }, 'items 套餐最多包含 20 种商品'],
    [
      {
        items: [
          { quote_id: 1, qty: 0 },
          { quote_id: 2, qty: 1 },
        ],
      },
      'items.0.qty 数量须为 1–999 的整数',
    ],
    [
      {
        items: [
          { quote_id: 1, qty: 1000 },
          { quote_id: 2, qty: 1 },
        ],
      },
      'items.0.qty 数量须为 1–999 的整数',
    ],
    [
      {
        items: [
          { quote_id: 1, qty: 1 },
          { quote_id: 1, qty: 2 },
        ],
      },
      'items.1.quote_id 同一商品不能重复添加',
    ],
  ])('refuses %j with a Chinese message naming the field', async (patch, msg) => {
    const before = await setCount(p1);
    const res = await call('POST', '/quote_set', admin, p1, bodyOf([1, 2], patch));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400000, msg });
    expect(await setCount(p1)).toBe(before);
  });

  it('refuses a package price above the items’ sum, accepts it equal', async () => {
    const [a, b] = await freeQuotes(p1, 2);
    const total = money(cents(a.price) * 2n + cents(b.price));
    const items = [
      { quote_id: a.id, qty: 2 },
      { quote_id: b.id, qty: 1 },
    ];
    const before = await setCount(p1);
    const above = await call('POST', '/quote_set', admin, p1, {
      name: '贵的套餐',
      price: money(cents(total) + 1n),
      items,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 400000,
      msg: 'price 套餐价不能高于商品原价合计',
      data: { field: 'price' },
    });
    expect(await setCount(p1)).toBe(before);
    const equal = await call('POST', '/quote_set', admin, p1, { name: '不省钱的套餐', price: total, items });
    expect(equal.statusCode).toBe(200);
    const detail = (await call('GET', `/quote_set/${equal.json().data.id}`, admin, p1)).json().data;
    expect(detail).toMatchObject({ items_total: total, saving: '0.00', status: 'off_sale' });
    expect(detail.items.map((i: { quote_id: number; qty: number }) => [i.quote_id, i.qty])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
  });

  it('refuses to add an off-shelf quote', async () => {
    const [a] = await freeQuotes(p1, 1);
    const [off] = await t.database.db
      .select({ id: quote.id, name: product.name })
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .where(and(eq(quote.pharmacyId, p1), eq(quote.status, 'off_shelf')))
      .limit(1);
    const res = await call('POST', '/quote_set', admin, p1, bodyOf([a.id, off.id]));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`items.1.quote_id 「${off.name}」已下架，不能加入套餐`);
  });

  it('will not put on sale a combo whose quote went off shelf; the combo itself is left as it was', async () => {
    const [a, b] = await freeQuotes(p1, 2);
    const created = await call('POST', '/quote_set', admin, p1, bodyOf([a.id, b.id]));
    const id = created.json().data.id;
    expect((await call('PUT', `/quote_set/${id}/status`, admin, p1, { status: 'on_sale' })).statusCode).toBe(200);

    await t.database.db.update(quote).set({ status: 'off_shelf' }).where(eq(quote.id, b.id));
    const shown = (await call('GET', `/quote_set/${id}`, admin, p1)).json().data;
    expect(shown).toMatchObject({
      status: 'on_sale',
      has_off_shelf: true,
      unavailable_items: [{ quote_id: b.id, name: b.name, reason: 'off_shelf' }],
    });
    expect(shown.items).toHaveLength(2);

    expect((await call('PUT', `/quote_set/${id}/status`, admin, p1, { status: 'off_sale' })).statusCode).toBe(200);
    const refused = await call('PUT', `/quote_set/${id}/status`, admin, p1, { status: 'on_sale' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 400111, msg: `套餐中的「${b.name}」已下架，不能上架` });
    expect((await t.database.db.select().from(quoteSet).where(eq(quoteSet.id, id)))[0].status).toBe('off_sale');

    // editing keeps the item that went off shelf (the user may be fixing the price), and then removing it works
    const [c] = (await freeQuotes(p1, 3)).filter((q) => q.id !== a.id && q.id !== b.id);
    expect((await call('PUT', `/quote_set/${id}`, admin, p1, bodyOf([a.id, b.id], { name: '改名' }))).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/quote_set/${id}`, admin, p1, bodyOf([a.id, c.id]))).statusCode).toBe(200);
    expect((await call('PUT', `/quote_set/${id}/status`, admin, p1, { status: 'on_sale' })).statusCode).toBe(200);
    await t.database.db.update(quote).set({ status: 'on_shelf' }).where(eq(quote.id, b.id));
  });

  it('deletes a combo (its items go with it); a second delete is 404', async () => {
    const [a, b] = await freeQuotes(p1, 2);
    const id = (await call('POST', '/quote_set', admin, p1, bodyOf([a.id, b.id]))).json().data.id;
    const res = await call('DELETE', `/quote_set/${id}`, admin, p1);
    expect(res.json()).toMatchObject({ code: 0, data: null });
    expect(await t.database.db.select().from(quoteSetItem).where(eq(quoteSetItem.quoteSetId, id))).toEqual([]);
    expect((await call('DELETE', `/quote_set/${id}`, admin, p1)).statusCode).toBe(404);
  });
});

describe('one transaction per write', () => {
  it('an edit with a bad item changes nothing: not the name, not the price, not the items', async () => {
    const [a, b, c] = await freeQuotes(p1, 3);
    const [theirs] = await freeQuotes(p2, 1);
    const id = (
      await call('POST', '/quote_set', admin, p1, {
        name: '事务测试套餐',
        price: '1.00',
        items: [
          { quote_id: a.id, qty: 2 },
          { quote_id: b.id, qty: 3 },
        ],
      })
    ).json().data.id;
    const before = (await call('GET', `/quote_set/${id}`, admin, p1)).json().data;
    const items = await itemCount();

    const foreign = await call('PUT', `/quote_set/${id}`, admin, p1, {
      name: '改了名字',
      price: '2.00',
      items: [
        { quote_id: c.id, qty: 1 },
        { quote_id: theirs.id, qty: 1 },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    const tooDear = await call('PUT', `/quote_set/${id}`, admin, p1, {
      name: '改了名字',
      price: '99999999.99',
      items: [
        { quote_id: c.id, qty: 1 },
        { quote_id: a.id, qty: 1 },
      ],
    });
    expect(tooDear.statusCode).toBe(400);
    const missing = await call('POST', '/quote_set', admin, p1, {
      name: '不存在的商品',
      price: '1.00',
      items: [
        { quote_id: a.id, qty: 1 },
        { quote_id: 2_000_000_000, qty: 1 },
      ],
    });
    expect(missing.statusCode).toBe(404);

    const after = (await call('GET', `/quote_set/${id}`, admin, p1)).json().data;
    expect(after).toEqual(before);
    expect(await itemCount()).toBe(items);
    expect(
      await t.database.db.select({ id: quoteSet.id }).from(quoteSet).where(eq(quoteSet.name, '不存在的商品')),
    ).toEqual([]);
  });
});

describe('saving, exact to the cent (property)', () => {
  it('saving = Σ price × qty − package price, for random prices and quantities', async () => {
    const pool = await freeQuotes(p1, 6);
    expect(pool).toHaveLength(6);
    const poolIds = pool.map((q) => q.id);
    await fc.assert(
      fc.asyncProperty(
        fc
          .uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 6 })
          .chain((slots) =>
            fc.tuple(
              fc.constant(slots),
              fc.array(fc.integer({ min: 1, max: 9_999_999 }), { minLength: slots.length, maxLength: slots.length }),
              fc.array(fc.integer({ min: 1, max: 999 }), { minLength: slots.length, maxLength: slots.length }),
              fc.double({ min: 0, max: 1, noNaN: true }),
            ),
          ),
        async ([slots, prices, qtys, fraction]) => {
          for (const [i, slot] of slots.entries()) {
            await t.database.db
              .update(quote)
              .set({ price: money(BigInt(prices[i])) })
              .where(eq(quote.id, poolIds[slot]));
          }
          const sum = slots.reduce((s, _slot, i) => s + BigInt(prices[i]) * BigInt(qtys[i]), 0n);
          const price = 1n + BigInt(Math.floor(Number(sum - 1n) * fraction));
          const res = await call('POST', '/quote_set', admin, p1, {
            name: '随机价格套餐',
            price: money(price),
            items: slots.map((slot, i) => ({ quote_id: poolIds[slot], qty: qtys[i] })),
          });
          expect(res.statusCode, res.body).toBe(200);
          const id = res.json().data.id;
          const detail = (await call('GET', `/quote_set/${id}`, admin, p1)).json().data;
          expect(detail.items_total).toBe(money(sum));
          expect(detail.saving).toBe(money(sum - price));
          expect(detail.price).toBe(money(price));
          await call('DELETE', `/quote_set/${id}`, admin, p1);
        },
      ),
      { numRuns: 30 },
    );
    const leftovers = await t.database.db.select().from(quoteSet).where(eq(quoteSet.name, '随机价格套餐'));
    expect(leftovers).toEqual([]);
  });
});

describe('demo combos', () => {
  it('seeds 4–6 combos for each of the first two pharmacies over their own quotes, one with an off-shelf quote', async () => {
    for (const pharmacyId of [p1, p2]) {
      const sets = await t.database.db.select().from(quoteSet).where(eq(quoteSet.pharmacyId, pharmacyId));
      const seeded = sets.filter((s) => s.remark !== '');
      expect(seeded.length).toBeGreaterThanOrEqual(4);
      expect(seeded.length).toBeLessThanOrEqual(6);
      const foreign = await t.database.db
        .select({ id: quoteSetItem.id })
        .from(quoteSetItem)
        .innerJoin(quote, eq(quote.id, quoteSetItem.quoteId))
        .where(
          and(
            inArray(
              quoteSetItem.quoteSetId,
              seeded.map((s) => s.id),
            ),
            ne(quote.pharmacyId, pharmacyId),
          ),
        );
      expect(foreign).toEqual([]);
      const list = (await call('GET', '/quote_set?page_size=100', shop, pharmacyId)).json().data.list;
      expect(list.filter((c: { has_off_shelf: boolean }) => c.has_off_shelf).length).toBeGreaterThanOrEqual(1);
      for (const c of list.filter((x: { remark: string }) => x.remark !== '')) {
        expect(Number(c.saving), c.name).toBeGreaterThan(0);
        expect(Number(c.saving), c.name).toBeLessThan(20);
      }
    }
  });
});
