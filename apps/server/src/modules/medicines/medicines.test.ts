import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let patient: string;
let shop: string;

beforeAll(async () => {
  t = await createTestApp();
  [patient, shop] = await Promise.all([t.login('13900000001'), t.login('13800000001')]);
}, 120_000);
afterAll(async () => t?.close());

const api = async (url: string, token?: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token) });
  return { status: res.statusCode, body: res.json() };
};
const enc = encodeURIComponent;

type Item = Record<string, unknown>;

describe('mp/cms/medicines', () => {
  it('finds medicines by a Chinese substring of the name, generic name, approval number or barcode', async () => {
    const { status, body } = await api(`/mp/cms/medicines?q=${enc('布洛芬')}&page_size=100`);
    expect(status).toBe(200);
    const list = body.data.list as Item[];
    expect(body.data.total).toBe(list.length);
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) expect(`${m.name}${m.generic_name}`).toContain('布洛芬');
    expect(list[0]).toMatchObject({
      min_price: expect.stringMatching(/^\d+\.\d{2}$/),
      pharmacy_count: expect.any(Number),
    });

    const first = list[0];
    const byApproval = await api(`/mp/cms/medicines?q=${enc(String(first.approval_no).slice(4))}`);
    expect((byApproval.body.data.list as Item[]).map((m) => m.id)).toContain(first.id);
    const detail = await api(`/mp/cms/product/${first.id}`);
    const barcode = String(detail.body.data.barcode);
    const byBarcode = await api(`/mp/cms/medicines?q=${barcode.slice(3, 11)}`);
    expect((byBarcode.body.data.list as Item[]).map((m) => m.id)).toContain(first.id);
  });

  it('takes wildcards literally and returns nothing for nonsense', async () => {
    for (const q of ['%', '_', "' or 1=1 --", '不存在的药品名称']) {
      const { status, body } = await api(`/mp/cms/medicines?q=${enc(q)}`);
      expect(status, q).toBe(200);
      for (const m of body.data.list as Item[]) expect(`${m.name}${m.generic_name}${m.approval_no}`, q).toContain(q);
    }
  });

  it('filters by type, category (with its children) and price range, and sorts', async () => {
    const herbal = await api('/mp/cms/medicines?type=HERBAL&page_size=50');
    expect((herbal.body.data.list as Item[]).every((m) => m.type === 'HERBAL')).toBe(true);

    const top = await t.app.inject({ url: '/scms/items/category?limit=1&fields=id' });
    const topId = top.json().data[0].id as number;
    const subs = await t.app.inject({
      url: `/scms/items/sub_category?filter[parent_id][_eq]=${topId}&fields=id&limit=-1`,
    });
    const subIds = new Set((subs.json().data as { id: number }[]).map((s) => s.id));
    const inTop = await api(`/mp/cms/medicines?category_id=${topId}&page_size=100`);
    expect(inTop.body.data.total).toBeGreaterThan(0);
    expect(
      (inTop.body.data.list as Item[]).every((m) => subIds.has(Number(m.category_id)) || m.category_id === topId),
    ).toBe(true);

    const priced = await api('/mp/cms/medicines?min_price=10&max_price=20.5&sort=price_asc&page_size=100');
    const prices = (priced.body.data.list as Item[]).map((m) => Number(m.min_price));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 10 && p <= 20.5)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // A reversed range matches nothing: it is refused with a message naming the field, not answered empty.
    const reversed = await api('/mp/cms/medicines?min_price=50&max_price=10');
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ code: 400000, msg: expect.stringContaining('最高价不能低于最低价') });

    const desc = await api('/mp/cms/medicines?sort=price_desc&page_size=20');
    const d = (desc.body.data.list as Item[]).map((m) => Number(m.min_price));
    expect(d).toEqual([...d].sort((a, b) => b - a));
    const sales = await api('/mp/cms/medicines?sort=sales&page_size=20');
    const s = (sales.body.data.list as Item[]).map((m) => Number(m.sales_count));
    expect(s).toEqual([...s].sort((a, b) => b - a));
  });

  it('pages with total, page and page_size', async () => {
    const one = await api('/mp/cms/medicines?page=1&page_size=5');
    const two = await api('/mp/cms/medicines?page=2&page_size=5');
    expect(one.body.data).toMatchObject({ total: 603, page: 1, page_size: 5 });
    expect((one.body.data.list as Item[]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect((two.body.data.list as Item[]).map((m) => m.id)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('product, quotes, province, licences, entry_1, enum_rejected, hot', () => {
  it('answers a product with its instructions, and 404 for an unknown one', async () => {
    const { status, body } = await api('/mp/cms/product/1');
    expect(status).toBe(200);
    expect(Object.keys(body.data.instructions)).toEqual([
      'indications',
      'usage',
      'contraindications',
      'adverse_reactions',
      'storage',
    ]);
    expect((await api('/mp/cms/product/99999999')).status).toBe(404);
    expect((await api('/mp/cms/product/99999999999')).status).toBe(400);
  });

  it('lists a product quotes, cheapest first, with the pharmacy', async () => {
    const { body } = await api('/mp/cms/quote?product_id=1&page_size=100');
    const list = body.data.list as Item[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((q) => q.status === 'on_shelf' && typeof q.pharmacy_name === 'string')).toBe(true);
    const prices = list.map((q) => Number(q.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await api('/mp/cms/quote')).status).toBe(400);
  });

  it('serves provinces, licences, entry_1 groups and rejection reasons', async () => {
    const provinces = (await api('/mp/cms/province')).body.data as { province: string; cities: string[] }[];
    expect(provinces.length).toBeGreaterThanOrEqual(6);
    const licences = (await api('/mp/cms/items/license')).body.data as Item[];
    // the nine seeded stores but the one the operator seed suspends (issue 17): the public shows active ones only
    expect(licences.length).toBe(8);
    expect(licences.every((l) => (l.aptitude_images as string[]).length > 0)).toBe(true);
    const groups = (await api('/mp/cms/entry_1')).body.data as { items: unknown[] }[];
    expect(groups.length).toBe(3);
    expect(groups.every((g) => g.items.length > 0)).toBe(true);
    expect(((await api('/mp/cms/enum_rejected')).body.data as unknown[]).length).toBeGreaterThan(3);
  });

  it('ranks hot medicines by units sold', async () => {
    for (const path of ['/admin/medicine/hot?limit=5', '/admin/medicine/hot/week?limit=5']) {
      const list = (await api(path)).body.data as Item[];
      expect(list).toHaveLength(5);
      const sold = list.map((m) => Number(m.units_sold));
      expect(sold).toEqual([...sold].sort((a, b) => b - a));
    }
  });

  it('serves the demo placeholder images', async () => {
    const res = await t.app.inject({ url: '/demo/product/1-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect((await t.app.inject({ url: '/demo/product/9999-1.svg' })).statusCode).toBe(404);
  });
});

describe('comments and votes', () => {
  const vote = (id: number, kind: 'support' | 'objection' | null, token = patient) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/medicine/comment/${id}/vote`,
      headers: headers(token),
      payload: { kind },
    });

  it('a signed-in patient comments; one vote per account; the same vote again withdraws it', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/medicine/comment',
      payload: { product_id: 1, content: '好用', rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/medicine/comment',
      headers: headers(patient),
      payload: { product_id: 1, content: '吃了两天退烧了', rating: 4 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const comment = added.json().data;
    expect(comment).toMatchObject({ author_name: '李**', support_count: 0, objection_count: 0, my_vote: null });

    let res = await vote(comment.id, 'support');
    expect(res.json().data).toEqual({ id: comment.id, support_count: 1, objection_count: 0, my_vote: 'support' });
    res = await vote(comment.id, 'support');
    expect(res.json().data).toMatchObject({ support_count: 0, my_vote: null });
    res = await vote(comment.id, 'objection');
    expect(res.json().data).toMatchObject({ support_count: 0, objection_count: 1, my_vote: 'objection' });
    res = await vote(comment.id, 'support');
    expect(res.json().data).toMatchObject({ support_count: 1, objection_count: 0, my_vote: 'support' });
    res = await vote(comment.id, 'support', shop);
    expect(res.json().data).toMatchObject({ support_count: 2, my_vote: 'support' });
    res = await vote(comment.id, null);
    expect(res.json().data).toMatchObject({ support_count: 1, objection_count: 0, my_vote: null });

    const mine = await api('/admin/medicine/comment?product_id=1', shop);
    expect((mine.body.data.list as Item[]).find((c) => c.id === comment.id)).toMatchObject({
      support_count: 1,
      my_vote: 'support',
    });
    const visitor = await api('/admin/medicine/comment?product_id=1');
    expect((visitor.body.data.list as Item[])[0]).toMatchObject({ id: comment.id, my_vote: null });

    expect((await vote(99_999_999, 'support')).statusCode).toBe(404);
    const unauthenticated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/medicine/comment/${comment.id}/vote`,
      payload: { kind: 'support' },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('counts stay right under concurrent votes', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/medicine/comment',
      // the shop posts this one: the patient commented a moment ago and must wait (comment limits)
      headers: headers(shop),
      payload: { product_id: 2, content: '并发投票', rating: 5 },
    });
    const id = added.json().data.id as number;
    await Promise.all([
      vote(id, 'support'),
      vote(id, 'support', shop),
      vote(id, 'objection'),
      vote(id, 'support', shop),
    ]);
    const { body } = await api('/admin/medicine/comment?product_id=2', patient);
    const c = (body.data.list as Item[]).find((x) => x.id === id)!;
    const votes = await t.database.db.execute(
      // the rows are the truth the counters must match
      sql`select kind, count(*)::int as n from comment_vote where comment_id = ${id} group by kind`,
    );
    const n = Object.fromEntries(
      (votes as { rows: { kind: string; n: number }[] }).rows.map((r) => [r.kind, Number(r.n)]),
    );
    expect(c.support_count).toBe(n.support ?? 0);
    expect(c.objection_count).toBe(n.objection ?? 0);
  });

  it('refuses a comment on an unknown product and an empty comment', async () => {
    for (const payload of [
      { product_id: 99_999_999, content: 'x', rating: 5 },
      { product_id: 1, content: '   ', rating: 5 },
      { product_id: 1, content: 'x', rating: 9 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/medicine/comment',
        headers: headers(patient),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('pharmacy list, detail and products', () => {
  it('lists open pharmacies with their quote counts, by city and by search', async () => {
    const all = await api('/pharmacy/list?page_size=100');
    expect(all.body.data.total).toBe(8); // nine stores, one suspended by the operator seed
    const first = (all.body.data.list as Item[])[0];
    expect(first.quote_count).toBeGreaterThan(0);
    const city = String((all.body.data.list as Item[])[5].city);
    const byCity = await api(`/pharmacy/list?city=${enc(city)}`);
    expect((byCity.body.data.list as Item[]).every((p) => p.city === city)).toBe(true);
    const search = await api(`/pharmacy/list?q=${enc('仁心')}`);
    expect(search.body.data.total).toBe(2);
  });

  it('shows a pharmacy detail with its qualifications and its products', async () => {
    const list = (await api('/pharmacy/list?page_size=100')).body.data.list as Item[];
    const id = list[4].id as number;
    const detail = await api(`/pharmacy/detail/${id}`);
    expect(detail.status).toBe(200);
    expect((detail.body.data.aptitude_images as string[]).length).toBe(4);
    expect(detail.body.data.drug_licence_no).not.toBe('');
    const products = await api(`/pharmacy/product/list?pharmacy_id=${id}&page_size=10`);
    expect(products.body.data.total).toBe(list[4].quote_count);
    expect((products.body.data.list as Item[])[0]).toMatchObject({
      pharmacy_id: id,
      product: { name: expect.any(String) },
    });
    const herbal = await api(`/pharmacy/product/list?pharmacy_id=${id}&type=HERBAL&page_size=100`);
    expect((herbal.body.data.list as { product: Item }[]).every((q) => q.product.type === 'HERBAL')).toBe(true);
    expect((await api('/pharmacy/detail/99999999')).status).toBe(404);
  });
});
