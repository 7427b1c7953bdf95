import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemsQueryError } from './errors';
import { readItem, readItems } from './execute';
import { testRegistry } from './test-collections';

const client = new PGlite();
const db = drizzle(client);

const nasty = "x'); DROP TABLE test_product; --";

beforeAll(async () => {
  await client.exec(`
    create table test_category (id serial primary key, name text not null, parent_id int references test_category(id), sort int not null default 0);
    create table test_product (
      id serial primary key, name text not null, generic_name text, type text not null, price numeric(12,2) not null,
      stock int not null default 0, is_rx boolean not null default false, tags text[] not null default '{}',
      instructions jsonb, category_id int references test_category(id), created_at timestamptz not null default now()
    );
    create table test_notice (id serial primary key, title text not null, status text not null);
    insert into test_category (name, parent_id, sort) values ('西药', null, 2), ('中药', null, 1), ('感冒发烧', 1, 3);
    insert into test_notice (title, status) values ('上新', 'published'), ('旧闻', 'archived');
  `);
  await db.execute(sql`
    insert into test_product (name, generic_name, type, price, stock, is_rx, tags, instructions, category_id, created_at) values
    ('布洛芬缓释胶囊', '布洛芬', 'OTC', 12.50, 30, false, '{hot}', '{"usage":"口服"}', 3, '2026-01-02T03:04:05.678Z'),
    ('阿莫西林胶囊', '阿莫西林', 'RX', 9.90, 0, true, '{}', null, 1, '2026-02-01T00:00:00Z'),
    ('当归(饮片)', '', 'HERBAL', 35.00, 12, false, '{}', '{}', 2, '2026-03-01T00:00:00Z'),
    ('医用外科口罩', null, 'NON_DRUG', 19.90, 500, false, '{hot,new}', null, null, '2026-04-01T00:00:00Z'),
    (${nasty}, '100%_纯', 'OTC', 1.00, 1, false, '{}', null, 3, '2026-05-01T00:00:00Z')
  `);
});

afterAll(() => client.close());

const read = (q: string, collection = 'product') => readItems(db, testRegistry, collection, q);
const ids = async (q: string) => (await read(`fields=id&sort=id&limit=-1&${q}`)).data.map((r) => r.id);
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ItemsQueryError);
  return (err as ItemsQueryError).toBody();
};

describe('readItems on PGlite', () => {
  it('returns rows as Directus does: decimals as text, instants in ISO 8601 UTC, arrays and json as values', async () => {
    const { data, meta } = await read('filter[id][_eq]=1');
    expect(meta).toBeUndefined();
    expect(data).toEqual([
      {
        id: 1,
        name: '布洛芬缓释胶囊',
        generic_name: '布洛芬',
        type: 'OTC',
        price: '12.50',
        stock: 30,
        is_rx: false,
        tags: ['hot'],
        instructions: { usage: '口服' },
        category_id: 3,
        created_at: '2026-01-02T03:04:05.678Z',
      },
    ]);
  });

  it('nests related items, null when the link is empty', async () => {
    const { data } = await read(
      'fields=id,name,category_id.name,category_id.parent.name&filter[id][_in]=1,2,4&sort=id',
    );
    expect(data).toEqual([
      { id: 1, name: '布洛芬缓释胶囊', category_id: { name: '感冒发烧', parent: { name: '西药' } } },
      { id: 2, name: '阿莫西林胶囊', category_id: { name: '西药', parent: null } },
      { id: 4, name: '医用外科口罩', category_id: null },
    ]);
  });

  it('keeps decimals and instants of related items in the same format', async () => {
    const reg = await read('fields=id,category_id.*&filter[id][_eq]=1');
    expect(reg.data[0].category_id).toEqual({ id: 3, name: '感冒发烧', parent_id: 1, sort: 3 });
  });

  describe('wildcard depth, as Directus answers it', () => {
    const ibuprofen = {
      id: 1,
      name: '布洛芬缓释胶囊',
      generic_name: '布洛芬',
      type: 'OTC',
      price: '12.50',
      stock: 30,
      is_rx: false,
      tags: ['hot'],
      instructions: { usage: '口服' },
      created_at: '2026-01-02T03:04:05.678Z',
    };
    const cold = { id: 3, name: '感冒发烧', parent_id: 1, sort: 3 };
    const western = { id: 1, name: '西药', parent_id: null, sort: 2 };
    const one = async (fields: string) => (await read(`fields=${fields}&filter[id][_eq]=1`)).data[0];

    it('* gives the top-level fields, the foreign key raw', async () => {
      expect(await one('*')).toEqual({ ...ibuprofen, category_id: 3 });
    });

    it('*.* gives the top-level fields with each relation expanded one level', async () => {
      expect(await one('*.*')).toEqual({ ...ibuprofen, category_id: cold });
    });

    it("*.*.* expands the relation's own relations, keeping foreign keys with no further relation raw", async () => {
      expect(await one('*.*.*')).toEqual({ ...ibuprofen, category_id: { ...cold, parent: western } });
      const { data } = await read('fields=*.*.*&sort=id', 'category');
      expect(data[0]).toEqual({ ...western, parent: null });
      expect(data[2]).toEqual({ ...cold, parent: { ...western, parent: null } });
    });

    it('* mixed with field.* nests only the named relation', async () => {
      expect(await one('*,category_id.*')).toEqual({ ...ibuprofen, category_id: cold });
      expect(await one('id,category_id.*')).toEqual({ id: 1, category_id: cold });
      expect(await one('*,category_id.parent.name')).toEqual({
        ...ibuprofen,
        category_id: { parent: { name: '西药' } },
      });
    });
  });

  it.each([
    ['filter[type][_eq]=OTC', [1, 5]],
    ['filter[type][_neq]=OTC', [2, 3, 4]],
    ['filter[type][_in]=RX,HERBAL', [2, 3]],
    ['filter[type][_nin][]=RX&filter[type][_nin][]=OTC', [3, 4]],
    ['filter[name][_contains]=胶囊', [1, 2]],
    ['filter[generic_name][_icontains]=阿莫', [2]],
    ['filter[name][_starts_with]=医用', [4]],
    ['filter[price][_gt]=12.5', [3, 4]],
    ['filter[price][_gte]=12.5', [1, 3, 4]],
    ['filter[stock][_lt]=12', [2, 5]],
    ['filter[stock][_lte]=12', [2, 3, 5]],
    ['filter[created_at][_gte]=2026-03-01T00:00:00Z', [3, 4, 5]],
    ['filter[category_id][_null]=true', [4]],
    ['filter[category_id][_nnull]=true', [1, 2, 3, 5]],
    ['filter[generic_name][_empty]=true', [3, 4]],
    ['filter[generic_name][_nempty]=true', [1, 2, 5]],
    ['filter[tags][_contains]=hot', [1, 4]],
    ['filter[tags][_empty]=true', [2, 3, 5]],
    ['filter[instructions][_nempty]=true', [1]],
    ['filter[is_rx][_eq]=true', [2]],
    ['filter[is_rx][_eq]=false&filter[stock][_gt]=20', [1, 4]],
    ['filter[_or][0][type][_eq]=RX&filter[_or][1][stock][_gte]=500', [2, 4]],
    ['filter[category_id][name][_eq]=感冒发烧', [1, 5]],
    ['filter[category_id][parent][name][_eq]=西药', [1, 5]],
    ['search=阿莫', [2]],
    ['search=100%25_', [5]],
    ['search=%25', [5]],
    ['search=_', [5]],
  ])('%s', async (q, expected) => {
    expect(await ids(q)).toEqual(expected);
  });

  it('stores and matches injection attempts literally', async () => {
    const encoded = encodeURIComponent(nasty);
    expect(await ids(`filter[name][_eq]=${encoded}`)).toEqual([5]);
    expect(await ids(`filter[name][_icontains]=${encodeURIComponent("'); drop")}`)).toEqual([5]);
    expect(await ids(`search=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    expect(await ids(`filter[name][_in]=${encodeURIComponent("a','b")}`)).toEqual([]);
    expect((await read('fields=id&limit=-1')).data).toHaveLength(5);
  });

  it('sorts, pages and counts', async () => {
    const r = await read('fields=id,price&sort=-price,id&limit=2&page=2&meta=*&filter[stock][_gt]=0');
    expect(r).toEqual({
      data: [
        { id: 1, price: '12.50' },
        { id: 5, price: '1.00' },
      ],
      meta: { total_count: 5, filter_count: 4 },
    });
    expect((await read('fields=id&sort=category_id.name,-id&filter[category_id][_nnull]=true')).data).toEqual([
      { id: 3 },
      { id: 5 },
      { id: 1 },
      { id: 2 },
    ]);
    expect((await read('fields=id&offset=3')).data).toEqual([{ id: 4 }, { id: 5 }]);
    expect((await read('fields=id&limit=0&meta=filter_count&search=胶囊')).meta).toEqual({ filter_count: 2 });
  });

  it("applies the collection's scope", async () => {
    expect(await read('meta=total_count', 'notice')).toEqual({
      data: [{ id: 1, title: '上新', status: 'published' }],
      meta: { total_count: 1 },
    });
  });

  it('answers a value the column cannot hold with 400 INVALID_QUERY, not a server error', async () => {
    const body = await refusal(read('filter[stock][_eq]=1.5'));
    expect(body.errors[0].extensions.code).toBe('INVALID_QUERY');
    expect((await refusal(read('filter[stock][_gt]=99999999999'))).errors[0].extensions.code).toBe('INVALID_QUERY');
  });
});

describe('readItem on PGlite', () => {
  it('returns one item as { data }', async () => {
    expect(await readItem(db, testRegistry, 'product', '2', 'fields=id,name,category_id.name')).toEqual({
      data: { id: 2, name: '阿莫西林胶囊', category_id: { name: '西药' } },
    });
  });

  it.each([
    ['a missing item', 'product', '999'],
    ['an id that cannot be one', 'product', '1 or 1=1'],
    ['an unknown collection', 'directus_users', '1'],
    ['an item outside the scope', 'notice', '2'],
  ])('refuses %s with 403 FORBIDDEN', async (_name, collection, id) => {
    expect(await refusal(readItem(db, testRegistry, collection, id))).toEqual({
      errors: [{ message: "You don't have permission to access this.", extensions: { code: 'FORBIDDEN' } }],
    });
  });
});
