import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema/index';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { specCollections } from './collections';

let t: TestApp;
let admin: string;
let patient: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, patient] = await Promise.all([t.login('13800000007'), t.login('13900000001')]);
}, 120_000);
afterAll(async () => t?.close());

type Row = Record<string, unknown>;
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: headers(token) });
const items = async (query: string, token?: string) => {
  const res = await get(`/scms/items/${query}`, token);
  return { status: res.statusCode, body: res.json() as { data: Row[]; meta?: Row; errors?: Row[] } };
};
const errorCode = (body: { errors?: Row[] }) => (body.errors?.[0]?.extensions as { code?: string } | undefined)?.code;
const enc = encodeURIComponent;

describe('GET /scms/items/<collection> (Directus shape, through real HTTP)', () => {
  it('serves every collection of the spec', async () => {
    for (const name of specCollections) {
      const { status, body } = await items(`${name}?limit=1`);
      expect(status, name).toBe(200);
      expect(body.data.length, name).toBe(1);
      expect(body).not.toHaveProperty('meta');
    }
  });

  // [query, check of the rows]
  const cases: [string, string, (rows: Row[]) => void][] = [
    ['_eq', 'product?filter[type][_eq]=HERBAL&limit=5', (r) => expect(r.every((x) => x.type === 'HERBAL')).toBe(true)],
    ['_neq', 'product?filter[type][_neq]=RX&limit=50', (r) => expect(r.some((x) => x.type === 'RX')).toBe(false)],
    ['_in (comma list)', 'product?filter[id][_in]=3,1,2', (r) => expect(r.map((x) => x.id)).toEqual([1, 2, 3])],
    [
      '_in (array, JSON)',
      `product?filter=${enc('{"id":{"_in":[5,4]}}')}`,
      (r) => expect(r.map((x) => x.id)).toEqual([4, 5]),
    ],
    ['_nin', 'product?filter[id][_nin]=1,2&limit=2', (r) => expect(r.map((x) => x.id)).toEqual([3, 4])],
    [
      '_contains (Chinese)',
      `product?filter[name][_contains]=${enc('布洛芬')}&limit=5`,
      (r) => expect(r.every((x) => String(x.name).includes('布洛芬'))).toBe(true),
    ],
    [
      '_icontains',
      'product?filter[approval_no][_icontains]=h2&limit=5',
      (r) => expect(r.every((x) => /h2/i.test(String(x.approval_no)))).toBe(true),
    ],
    [
      '_starts_with',
      `product?filter[approval_no][_starts_with]=${enc('国药准字Z')}&limit=5`,
      (r) => expect(r.every((x) => String(x.approval_no).startsWith('国药准字Z'))).toBe(true),
    ],
    ['_gt', 'product?filter[id][_gt]=600', (r) => expect(r.map((x) => x.id)).toEqual([601, 602, 603])],
    ['_gte', 'product?filter[id][_gte]=602', (r) => expect(r.map((x) => x.id)).toEqual([602, 603])],
    ['_lt', 'product?filter[id][_lt]=3', (r) => expect(r.map((x) => x.id)).toEqual([1, 2])],
    ['_lte', 'product?filter[id][_lte]=2', (r) => expect(r.map((x) => x.id)).toEqual([1, 2])],
    ['_null', 'category?filter[parent_id][_null]=true', (r) => expect(r.every((x) => x.parent_id === null)).toBe(true)],
    [
      '_nnull',
      'quote?filter[original_price][_nnull]=true&limit=5',
      (r) => expect(r.every((x) => typeof x.original_price === 'string')).toBe(true),
    ],
    [
      '_empty',
      'product?filter[approval_no][_empty]=true&limit=5',
      (r) => expect(r.every((x) => x.approval_no === '')).toBe(true),
    ],
    [
      '_nempty',
      'product?filter[barcode][_nempty]=true&limit=5',
      (r) => expect(r.every((x) => String(x.barcode).length === 13)).toBe(true),
    ],
    [
      '_and / _or nesting',
      `product?filter=${enc('{"_and":[{"_or":[{"type":{"_eq":"OTC"}},{"type":{"_eq":"RX"}}]},{"id":{"_lte":20}}]}')}&limit=-1`,
      (r) => expect(r.every((x) => ['OTC', 'RX'].includes(String(x.type)) && Number(x.id) <= 20)).toBe(true),
    ],
    [
      'bracket _or',
      'product?filter[_or][0][id][_eq]=7&filter[_or][1][id][_eq]=9',
      (r) => expect(r.map((x) => x.id)).toEqual([7, 9]),
    ],
    [
      'several keys ANDed',
      'quote?filter[product_id][_eq]=1&filter[price][_gte]=0&limit=-1',
      (r) => expect(r.every((x) => x.product_id === 1)).toBe(true),
    ],
    [
      'through a relation',
      `product?filter[category_id][name][_eq]=${enc('退烧镇痛')}&fields=id,category_id.name&limit=3`,
      (r) => expect(r.every((x) => (x.category_id as Row).name === '退烧镇痛')).toBe(true),
    ],
    [
      'nested fields (m2o)',
      'quote?fields=id,price,pharmacy_id.name,product_id.name,product_id.category_id.name&limit=2',
      (r) => {
        expect(typeof (r[0].pharmacy_id as Row).name).toBe('string');
        expect(typeof ((r[0].product_id as Row).category_id as Row).name).toBe('string');
        expect(r[0].price).toMatch(/^\d+\.\d{2}$/);
      },
    ],
    [
      'fields=*.* (top level kept, each relation expanded)',
      'quote?fields=*.*&limit=2',
      (r) => {
        expect(r[0].price).toMatch(/^\d+\.\d{2}$/);
        expect(typeof (r[0].pharmacy_id as Row).name).toBe('string');
        expect(typeof (r[0].product_id as Row).name).toBe('string');
        expect(typeof (r[0].product_id as Row).category_id).toBe('number');
      },
    ],
    [
      'fields=*.*.* (a relation without relations in full, not {}; the raw key where depth runs out)',
      'quote?fields=*.*.*&limit=2',
      (r) => {
        expect(r[0].price).toMatch(/^\d+\.\d{2}$/);
        expect(typeof (r[0].pharmacy_id as Row).name).toBe('string');
        const category = (r[0].product_id as Row).category_id as Row;
        expect(typeof category.name).toBe('string');
        expect(typeof category.parent_id).toBe('number');
      },
    ],
    [
      'fields[] form',
      'product?fields[]=id&fields[]=name&limit=1',
      (r) => expect(Object.keys(r[0])).toEqual(['id', 'name']),
    ],
    [
      'sort descending, then ascending',
      'quote?sort=-price,id&limit=5&fields=id,price',
      (r) => {
        const prices = r.map((x) => Number(x.price));
        expect(prices).toEqual([...prices].sort((a, b) => b - a));
      },
    ],
    [
      'sort through a relation',
      'sub_category?sort=parent_id.sort,sort&fields=id,parent_id.sort&limit=-1',
      (r) => {
        const s = r.map((x) => Number((x.parent_id as Row).sort));
        expect(s).toEqual([...s].sort((a, b) => a - b));
      },
    ],
    ['limit and offset', 'product?limit=2&offset=10&fields=id', (r) => expect(r.map((x) => x.id)).toEqual([11, 12])],
    [
      'page wins over offset',
      'product?limit=2&page=3&offset=99&fields=id',
      (r) => expect(r.map((x) => x.id)).toEqual([5, 6]),
    ],
    ['limit=-1 returns all', 'product?limit=-1&fields=id', (r) => expect(r).toHaveLength(603)],
    [
      'search',
      `product?search=${enc('布洛芬')}&fields=id,name,generic_name&limit=-1`,
      (r) => {
        expect(r.length).toBeGreaterThan(0);
        expect(r.every((x) => `${x.name}${x.generic_name}`.includes('布洛芬'))).toBe(true);
      },
    ],
    [
      'strings coerced: true/false/null',
      'quote?filter[is_top][_eq]=true&limit=-1&fields=is_top',
      (r) => expect(r.every((x) => x.is_top === true)).toBe(true),
    ],
    ['null for an m2o that is empty', 'category?fields=id,parent_id&limit=1', (r) => expect(r[0].parent_id).toBeNull()],
  ];

  it.each(cases)('%s', async (_name, query, check) => {
    const { status, body } = await items(query);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    check(body.data);
  });

  it('meta: total_count, filter_count, both, * — and nothing unless asked', async () => {
    const q = 'product?filter[type][_eq]=HERBAL&limit=1';
    const total = (await items(`${q}&meta=total_count`)).body.meta;
    expect(total).toEqual({ total_count: 603 });
    const filtered = (await items(`${q}&meta=filter_count`)).body.meta as { filter_count: number };
    expect(filtered.filter_count).toBeGreaterThan(0);
    expect(filtered.filter_count).toBeLessThan(603);
    expect((await items(`${q}&meta=total_count,filter_count`)).body.meta).toEqual({ total_count: 603, ...filtered });
    expect((await items(`${q}&meta=*`)).body.meta).toEqual({ total_count: 603, ...filtered });
    expect((await items(`${q}&meta=bogus`)).status).toBe(400);
  });

  it('one item: { data: {…} }; missing, malformed or hidden → 403 FORBIDDEN', async () => {
    const one = await get('/scms/items/product/3?fields=id,name,category_id.name');
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: 3, category_id: { name: expect.any(String) } });
    for (const url of ['/scms/items/product/999999', '/scms/items/product/abc', '/scms/items/category/12']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res.json())).toBe('FORBIDDEN');
    }
  });

  const refusals: [string, string, number, string][] = [
    ['unknown collection', 'directus_users', 403, 'FORBIDDEN'],
    ['a table that is not a collection', 'account', 403, 'FORBIDDEN'],
    ['unknown field in fields', 'product?fields=password_hash', 403, 'FORBIDDEN'],
    ['unknown field in filter', 'product?filter[owner_account_id][_eq]=1', 403, 'FORBIDDEN'],
    ['unknown field in sort', 'product?sort=-secret', 403, 'FORBIDDEN'],
    ['restricted pharmacy field', 'quote?fields=pharmacy_id.owner_account_id', 403, 'FORBIDDEN'],
    ['prototype names', 'product?fields=constructor', 403, 'FORBIDDEN'],
    ['unknown operator', 'product?filter[id][_regex]=1', 400, 'INVALID_QUERY'],
    ['malformed JSON filter', `product?filter=${enc('{"id":')}`, 400, 'INVALID_QUERY'],
    ['bad number', 'product?filter[id][_eq]=abc', 400, 'INVALID_QUERY'],
    ['bad limit', 'product?limit=ten', 400, 'INVALID_QUERY'],
    ['aggregate refused', 'product?aggregate[count]=*', 400, 'INVALID_QUERY'],
    ['paths deeper than the cap', `product?fields=${enc('a.b.c.d.e.f')}`, 400, 'INVALID_QUERY'],
  ];

  it.each(refusals)('refuses %s', async (_name, query, status, code) => {
    const res = await get(`/scms/items/${query}`);
    expect(res.statusCode, res.body).toBe(status);
    expect(errorCode(res.json())).toBe(code);
    expect(res.body).not.toMatch(/\n\s+at /);
  });

  it('takes injection attempts as literal values', async () => {
    const hostile = ["' or 1=1 --", '%', '_', "x'); drop table product; --", '\\', '100%'];
    const names = (await items('product?limit=-1&fields=name')).body.data.map((r) => String(r.name));
    for (const value of hostile) {
      const { status, body } = await items(`product?filter[name][_eq]=${enc(value)}&meta=filter_count`);
      expect(status, value).toBe(200);
      expect(body.meta, value).toEqual({ filter_count: 0 });
      // wildcards are characters: '%' matches the names that contain a percent sign (0.9%…), no more
      const like = await items(`product?filter[name][_contains]=${enc(value)}&meta=filter_count`);
      expect(like.body.meta, value).toEqual({ filter_count: names.filter((n) => n.includes(value)).length });
    }
    // stored as typed, matched literally
    const created = await t.app.inject({
      method: 'POST',
      url: '/scms/items/allergy_history',
      headers: headers(admin),
      payload: { name: "青霉素' or '1'='1 100%_" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const back = await items(`allergy_history?filter[name][_eq]=${enc("青霉素' or '1'='1 100%_")}&fields=name`);
    expect(back.body.data).toEqual([{ name: "青霉素' or '1'='1 100%_" }]);
    const contains = await items(`allergy_history?filter[name][_contains]=${enc('100%_')}&fields=name`);
    expect(contains.body.data).toEqual([{ name: "青霉素' or '1'='1 100%_" }]);
    expect((await items('product?limit=1&meta=total_count')).body.meta).toEqual({ total_count: 603 });
  });
});

describe('content editing by the operator (fields, create, update, delete)', () => {
  it('describes the fields of a content collection', async () => {
    const res = await get('/scms/fields/home_swiper', admin);
    expect(res.statusCode).toBe(200);
    const fields = res.json().data as { field: string; meta: { readonly: boolean } }[];
    expect(fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['id', 'status', 'sort', 'title', 'image', 'link']),
    );
    expect(fields.find((f) => f.field === 'id')?.meta.readonly).toBe(true);
  });

  it('creates a draft the public cannot see, publishes it, reorders and deletes it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/scms/items/home_swiper',
      headers: headers(admin),
      payload: { title: '草稿轮播', image: '/demo/swiper/1.svg', link: '/medicine/list', status: 'draft', sort: 99 },
    });
    const emptied = await t.app.inject({
      method: 'POST',
      url: '/scms/items/entry_2',
      headers: headers(admin),
      payload: { title: '排序留空', subtitle: '', image: '', link: '', status: 'draft', sort: null },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data).toMatchObject({ sort: 0, status: 'draft' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const hidden = await items(`home_swiper?filter[id][_eq]=${id}`);
    expect(hidden.body.data).toEqual([]);
    expect((await get(`/scms/items/home_swiper/${id}`)).statusCode).toBe(403);
    const asOperator = await items(`home_swiper?filter[id][_eq]=${id}`, admin);
    expect(asOperator.body.data).toHaveLength(1);

    const published = await t.app.inject({
      method: 'PATCH',
      url: `/scms/items/home_swiper/${id}`,
      headers: headers(admin),
      payload: { status: 'published', sort: 0 },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ id, status: 'published', sort: 0 });
    expect((await items('home_swiper?fields=id&limit=1')).body.data).toEqual([{ id }]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/scms/items/home_swiper/${id}`,
      headers: headers(admin),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/scms/items/home_swiper/${id}`, admin)).statusCode).toBe(403);
  });

  it('refuses bad payloads with INVALID_PAYLOAD and the catalogue tables with FORBIDDEN', async () => {
    const bad: [string, string, unknown, number, string][] = [
      ['POST', '/scms/items/home_swiper', { image: 'x' }, 400, 'INVALID_PAYLOAD'],
      ['POST', '/scms/items/home_swiper', { title: 'x', status: 'live' }, 400, 'INVALID_PAYLOAD'],
      ['POST', '/scms/items/home_swiper', { title: 'x', secret: 1 }, 400, 'INVALID_PAYLOAD'],
      ['POST', '/scms/items/top_sales', { product_id: 99_999_999 }, 400, 'INVALID_PAYLOAD'],
      ['POST', '/scms/items/express_company', { code: 'SF', name: '顺丰重复' }, 400, 'INVALID_PAYLOAD'],
      ['POST', '/scms/items/product', { name: 'x' }, 403, 'FORBIDDEN'],
      ['PATCH', '/scms/items/home_swiper/99999', { title: 'x' }, 403, 'FORBIDDEN'],
      ['DELETE', '/scms/items/home_swiper/abc', undefined, 403, 'FORBIDDEN'],
    ];
    for (const [method, url, payload, status, code] of bad) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: headers(admin),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
      expect(errorCode(res.json()), url).toBe(code);
    }
  });

  it('is for operators: no session 401, a patient 403', async () => {
    for (const [method, url] of [
      ['GET', '/scms/fields/home_swiper'],
      ['POST', '/scms/items/home_swiper'],
      ['PATCH', '/scms/items/home_swiper/1'],
      ['DELETE', '/scms/items/home_swiper/1'],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { title: 'x' } });
      expect(anonymous.statusCode, url).toBe(401);
      expect(errorCode(anonymous.json())).toBe('INVALID_CREDENTIALS');
      const res = await t.app.inject({
        method,
        url,
        headers: headers(patient),
        payload: method === 'GET' ? undefined : { title: 'x' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res.json())).toBe('FORBIDDEN');
    }
  });
});

describe('catalogue reads through the catalogue cache', () => {
  let approval = 90_000_000 + Math.floor(Math.random() * 900_000) * 10;
  /** Imports products named `<tag>片1…n` through the admin import routes, which declare `changesCatalogue`. */
  async function importProducts(tag: string, n: number) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('药品信息');
    sheet.addRow([
      '药品名称*',
      '通用名*',
      '规格*',
      '剂型',
      '生产厂家*',
      '批准文号',
      '条形码',
      '类型*（处方药/OTC/中药饮片/非药品）',
    ]);
    for (let i = 1; i <= n; i++) {
      approval += 1;
      sheet.addRow([
        `${tag}片${i}`,
        `${tag}通用名`,
        `${i}0mg*12片`,
        '片剂',
        '测试制药有限公司',
        `国药准字H${approval}`,
        '',
        'OTC',
      ]);
    }
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const boundary = `----cms${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="药品.xlsx"\r\n`),
      Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
      file,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\ncreate\r\n--${boundary}--\r\n`,
      ),
    ]);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/import/preview',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers(admin) },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/product/import',
      headers: headers(admin),
      payload: { upload_id: preview.json().data.upload_id, only_valid: false },
    });
    expect(applied.statusCode, applied.body).toBe(200);
  }

  it('a filtered search with filter_count is exact after every catalogue write', async () => {
    const tag = `缓存测试${randomBytes(3).toString('hex')}`;
    const search = `product?filter[type][_eq]=OTC&filter[name][_contains]=${enc(tag)}&meta=filter_count&limit=2`;
    const read = async (token?: string) => (await items(search, token)).body;
    expect(await read()).toEqual({ data: [], meta: { filter_count: 0 } });

    await importProducts(tag, 3);
    const afterImport = await read();
    expect(afterImport.meta).toEqual({ filter_count: 3 });
    expect(afterImport.data.map((r) => r.name)).toEqual([`${tag}片1`, `${tag}片2`]);

    // A write that bypasses every route (a script on the database) is not announced, so a visitor's answer is the
    // cached one for at most the cache's time to live: proof that the reads above went through the cache…
    await t.database.db
      .update(product)
      .set({ type: 'RX' })
      .where(eq(product.name, `${tag}片1`));
    expect((await read()).meta).toEqual({ filter_count: 3 });
    // …while an operator, who sees drafts, always reads afresh
    expect((await read(admin)).meta).toEqual({ filter_count: 2 });

    // and the next catalogue write empties the cache: visitors see both changes (one product less, two more)
    await importProducts(`${tag}乙`, 2);
    const afterSecond = await read();
    expect(afterSecond.meta).toEqual({ filter_count: 4 });
    expect(afterSecond.data.map((r) => r.name)).toEqual([`${tag}片2`, `${tag}片3`]);
    const rows = await t.database.db
      .select({ id: product.id })
      .from(product)
      .where(like(product.name, `%${tag}%`));
    expect(rows).toHaveLength(5);
  });

  it('reads the content collections afresh (their writes are /scms writes)', async () => {
    const before = (await items('home_swiper?meta=filter_count&limit=1')).body.meta?.filter_count as number;
    const created = await t.app.inject({
      method: 'POST',
      url: '/scms/items/home_swiper',
      headers: headers(admin),
      payload: { title: '缓存测试轮播', image: '/demo/swiper/1.svg', status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await items('home_swiper?meta=filter_count&limit=1')).body.meta?.filter_count).toBe(before + 1);
  });
});
