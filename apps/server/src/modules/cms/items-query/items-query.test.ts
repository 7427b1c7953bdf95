import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileItemsQuery } from './compile';
import { ItemsQueryError } from './errors';
import { parseItemsQuery, type RawItemsQuery } from './parse';
import { testRegistry } from './test-collections';
import type { FilterNode, ItemsQueryOptions } from './types';

const dialect = new PgDialect();
const parse = (q: RawItemsQuery, collection = 'product', options?: ItemsQueryOptions) =>
  parseItemsQuery(testRegistry, collection, q, options);
const render = (q: RawItemsQuery, collection = 'product', options?: ItemsQueryOptions) => {
  const compiled = compileItemsQuery(testRegistry, parse(q, collection, options));
  return {
    data: dialect.sqlToQuery(compiled.data),
    filterCount: compiled.filterCount && dialect.sqlToQuery(compiled.filterCount),
    totalCount: compiled.totalCount && dialect.sqlToQuery(compiled.totalCount),
  };
};
/** The WHERE clause and its parameters, for cases that only differ there. */
const whereOf = (q: RawItemsQuery) => {
  const { sql, params } = render(`fields=id&${q}`).data;
  const m = / where (.*) order by /.exec(sql);
  return { where: m ? m[1] : null, params: params.slice(0, -1) };
};
const cond = (path: string, operator: string, value: unknown): FilterNode =>
  ({ type: 'condition', path: path.split('.'), operator, value }) as FilterNode;

const ALL_FIELDS = [
  'id',
  'name',
  'generic_name',
  'type',
  'price',
  'stock',
  'is_rx',
  'tags',
  'instructions',
  'category_id',
  'created_at',
] as const;
const P = '"t0"';
const ALL_PRODUCT =
  `${P}."id" as "id", ${P}."name" as "name", ${P}."generic_name" as "generic_name", ${P}."type" as "type", ` +
  `${P}."price" as "price", ${P}."stock" as "stock", ${P}."is_rx" as "is_rx", ${P}."tags" as "tags", ` +
  `${P}."instructions" as "instructions", ${P}."category_id" as "category_id", ${P}."created_at" as "created_at"`;

describe('defaults', () => {
  it('selects every field, sorts by the primary key and returns 100 rows with no meta', () => {
    const ast = parse('');
    expect(ast).toMatchObject({ filter: null, search: null, limit: 100, offset: 0, meta: [] });
    expect(ast.sort).toEqual([{ path: ['id'], direction: 'asc' }]);
    expect(render('').data).toEqual({
      sql: `select ${ALL_PRODUCT} from "test_product" as "t0" order by "t0"."id" asc limit $1`,
      params: [100],
      typings: ['none'],
    });
  });

  it("sorts by the collection's sort field when it has one", () => {
    expect(render('fields=id', 'category').data.sql).toBe(
      'select "t0"."id" as "id" from "test_category" as "t0" order by "t0"."sort" asc limit $1',
    );
  });

  it("adds the collection's scope to rows and to both counts", () => {
    const r = render('fields=id&meta=*', 'notice');
    expect(r.data.sql).toBe(
      `select "t0"."id" as "id" from "test_notice" as "t0" where "t0"."status" <> 'archived' order by "t0"."id" asc limit $1`,
    );
    expect(r.totalCount?.sql).toBe(
      `select count(*)::int as "count" from "test_notice" as "t0" where "t0"."status" <> 'archived'`,
    );
  });
});

describe('filter operators (each compiles to a parameterised condition)', () => {
  const cases: [string, string, FilterNode, string, unknown[]][] = [
    ['_eq', 'filter[type][_eq]=RX', cond('type', '_eq', 'RX'), '"t0"."type" = $1', ['RX']],
    ['_eq null', 'filter[type][_eq]=null', cond('type', '_eq', null), '"t0"."type" is null', []],
    ['_neq', 'filter[stock][_neq]=0', cond('stock', '_neq', 0), '"t0"."stock" <> $1', [0]],
    ['_neq null', 'filter[stock][_neq]=null', cond('stock', '_neq', null), '"t0"."stock" is not null', []],
    ['_in comma list', 'filter[id][_in]=1,2,3', cond('id', '_in', [1, 2, 3]), '"t0"."id" in ($1, $2, $3)', [1, 2, 3]],
    [
      '_in array',
      'filter[type][_in][]=RX&filter[type][_in][]=OTC',
      cond('type', '_in', ['RX', 'OTC']),
      '"t0"."type" in ($1, $2)',
      ['RX', 'OTC'],
    ],
    ['_nin', 'filter[id][_nin]=4', cond('id', '_nin', [4]), '"t0"."id" not in ($1)', [4]],
    ['_contains', 'filter[name][_contains]=胶囊', cond('name', '_contains', '胶囊'), '"t0"."name" like $1', ['%胶囊%']],
    [
      '_contains on an array',
      'filter[tags][_contains]=hot',
      cond('tags', '_contains', 'hot'),
      '$1 = any("t0"."tags")',
      ['hot'],
    ],
    ['_icontains', 'filter[name][_icontains]=Vc', cond('name', '_icontains', 'Vc'), '"t0"."name" ilike $1', ['%Vc%']],
    [
      '_icontains on json',
      'filter[instructions][_icontains]=孕妇',
      cond('instructions', '_icontains', '孕妇'),
      '"t0"."instructions"::text ilike $1',
      ['%孕妇%'],
    ],
    [
      '_starts_with',
      'filter[name][_starts_with]=阿莫',
      cond('name', '_starts_with', '阿莫'),
      '"t0"."name" like $1',
      ['阿莫%'],
    ],
    ['_gt', 'filter[stock][_gt]=5', cond('stock', '_gt', 5), '"t0"."stock" > $1', [5]],
    ['_gte decimal string', 'filter[price][_gte]=9.90', cond('price', '_gte', '9.90'), '"t0"."price" >= $1', ['9.90']],
    [
      '_lt datetime',
      'filter[created_at][_lt]=2026-01-01T00:00:00Z',
      cond('created_at', '_lt', '2026-01-01T00:00:00Z'),
      '"t0"."created_at" < $1',
      ['2026-01-01T00:00:00Z'],
    ],
    ['_lte', 'filter[stock][_lte]=-1.5', cond('stock', '_lte', -1.5), '"t0"."stock" <= $1', [-1.5]],
    ['_null', 'filter[category_id][_null]=true', cond('category_id', '_null', true), '"t0"."category_id" is null', []],
    [
      '_null false',
      'filter[category_id][_null]=false',
      cond('category_id', '_null', false),
      '"t0"."category_id" is not null',
      [],
    ],
    [
      '_nnull',
      'filter[category_id][_nnull]',
      cond('category_id', '_nnull', true),
      '"t0"."category_id" is not null',
      [],
    ],
    [
      '_empty string',
      'filter[generic_name][_empty]=true',
      cond('generic_name', '_empty', true),
      `("t0"."generic_name" is null or "t0"."generic_name" = '')`,
      [],
    ],
    [
      '_empty array',
      'filter[tags][_empty]=true',
      cond('tags', '_empty', true),
      '("t0"."tags" is null or cardinality("t0"."tags") = 0)',
      [],
    ],
    [
      '_nempty json',
      'filter[instructions][_nempty]=true',
      cond('instructions', '_nempty', true),
      `not ("t0"."instructions" is null or "t0"."instructions"::text in ('null', '""', '[]', '{}'))`,
      [],
    ],
    ['_empty on a number', 'filter[stock][_empty]=true', cond('stock', '_empty', true), '"t0"."stock" is null', []],
    ['boolean "true"', 'filter[is_rx][_eq]=true', cond('is_rx', '_eq', true), '"t0"."is_rx" = $1', [true]],
    ['boolean "false"', 'filter[is_rx][_neq]=false', cond('is_rx', '_neq', false), '"t0"."is_rx" <> $1', [false]],
    [
      '"true" stays text on a string field',
      'filter[name][_eq]=true',
      cond('name', '_eq', 'true'),
      '"t0"."name" = $1',
      ['true'],
    ],
    ['empty _in matches nothing', 'filter={"id":{"_in":[]}}', cond('id', '_in', []), 'false', []],
    ['empty _nin matches everything', 'filter={"id":{"_nin":[]}}', cond('id', '_nin', []), 'true', []],
  ];

  it.each(cases)('%s', (_name, q, ast, where, params) => {
    expect(parse(q).filter).toEqual(ast);
    expect(whereOf(q)).toEqual({ where, params });
  });
});

describe('filter nesting', () => {
  it('ANDs several keys at one level and several operators on one field', () => {
    const q = 'filter[type][_eq]=OTC&filter[stock][_gt]=1&filter[stock][_lt]=9';
    expect(parse(q).filter).toEqual({
      type: 'and',
      children: [cond('type', '_eq', 'OTC'), cond('stock', '_gt', 1), cond('stock', '_lt', 9)],
    });
    expect(whereOf(q)).toEqual({
      where: '("t0"."type" = $1 and "t0"."stock" > $2 and "t0"."stock" < $3)',
      params: ['OTC', 1, 9],
    });
  });

  it('reads _or / _and in bracket form with indexes', () => {
    const q =
      'filter[_or][0][type][_eq]=RX&filter[_or][1][_and][0][type][_eq]=OTC&filter[_or][1][_and][1][stock][_gt]=0';
    expect(parse(q).filter).toEqual({
      type: 'or',
      children: [
        cond('type', '_eq', 'RX'),
        { type: 'and', children: [cond('type', '_eq', 'OTC'), cond('stock', '_gt', 0)] },
      ],
    });
    expect(whereOf(q)).toEqual({
      where: '("t0"."type" = $1 or ("t0"."type" = $2 and "t0"."stock" > $3))',
      params: ['RX', 'OTC', 0],
    });
  });

  it('reads the same filter in JSON form', () => {
    const json = JSON.stringify({
      _or: [{ type: { _eq: 'RX' } }, { _and: [{ type: { _eq: 'OTC' } }, { stock: { _gt: 0 } }] }],
    });
    expect(whereOf(`filter=${encodeURIComponent(json)}`)).toEqual({
      where: '("t0"."type" = $1 or ("t0"."type" = $2 and "t0"."stock" > $3))',
      params: ['RX', 'OTC', 0],
    });
  });

  it('takes an already parsed querystring object (Fastify) as well as text', () => {
    const q = { 'filter[type][_eq]': 'RX', fields: ['id', 'name'], limit: '5' };
    expect(render(q).data).toMatchObject({
      sql: 'select "t0"."id" as "id", "t0"."name" as "name" from "test_product" as "t0" where "t0"."type" = $1 order by "t0"."id" asc limit $2',
      params: ['RX', 5],
    });
  });

  it('filters through a many-to-one relation with a join, and on the foreign key itself', () => {
    const q =
      'filter[category_id][name][_eq]=感冒发烧&filter[category_id][_nnull]=true&filter[category_id][parent][name][_starts_with]=西';
    expect(parse(q).filter).toEqual({
      type: 'and',
      children: [
        cond('category_id', '_nnull', true),
        cond('category_id.name', '_eq', '感冒发烧'),
        cond('category_id.parent.name', '_starts_with', '西'),
      ],
    });
    const r = render(`fields=id&${q}&meta=filter_count`);
    expect(r.data.sql).toBe(
      'select "t0"."id" as "id" from "test_product" as "t0"' +
        ' left join "test_category" as "r1" on "r1"."id" = "t0"."category_id"' +
        ' left join "test_category" as "r2" on "r2"."id" = "r1"."parent_id"' +
        ' where ("t0"."category_id" is not null and "r1"."name" = $1 and "r2"."name" like $2)' +
        ' order by "t0"."id" asc limit $3',
    );
    expect(r.filterCount?.sql).toBe(
      'select count(*)::int as "count" from "test_product" as "t0"' +
        ' left join "test_category" as "r1" on "r1"."id" = "t0"."category_id"' +
        ' left join "test_category" as "r2" on "r2"."id" = "r1"."parent_id"' +
        ' where ("t0"."category_id" is not null and "r1"."name" = $1 and "r2"."name" like $2)',
    );
  });
});

describe('fields', () => {
  it('reads a comma list, fields[] and repeated keys alike', () => {
    for (const q of ['fields=id,name', 'fields[]=id&fields[]=name', 'fields=id&fields=name', 'fields= id , name ,']) {
      expect(parse(q).fields).toEqual({ fields: ['id', 'name'], relations: {} });
    }
  });

  it('returns a related item as a nested object built in SQL', () => {
    const ast = parse('fields=id,category_id.name,category_id.parent.*');
    expect(ast.fields).toEqual({
      fields: ['id', 'category_id'],
      relations: {
        category_id: {
          fields: ['name', 'parent'],
          relations: { parent: { fields: ['id', 'name', 'parent_id', 'sort'], relations: {} } },
        },
      },
    });
    expect(render('fields=id,category_id.name').data.sql).toBe(
      'select "t0"."id" as "id", case when "r1"."id" is null then null else json_build_object(\'name\', "r1"."name"::text) end as "category_id"' +
        ' from "test_product" as "t0" left join "test_category" as "r1" on "r1"."id" = "t0"."category_id" order by "t0"."id" asc limit $1',
    );
  });

  it('expands *.* as Directus does: every top-level field, each relation one level down', () => {
    expect(parse('fields=*.*', 'category').fields).toEqual({
      fields: ['id', 'name', 'parent_id', 'sort', 'parent'],
      relations: { parent: { fields: ['id', 'name', 'parent_id', 'sort'], relations: {} } },
    });
    const category = { fields: ['id', 'name', 'parent_id', 'sort'], relations: {} };
    expect(parse('fields=*.*').fields).toEqual({
      fields: [...ALL_FIELDS],
      relations: { category_id: category },
    });
  });

  it("expands *.*.* with the relation's relations expanded and its other foreign keys raw", () => {
    expect(parse('fields=*.*.*').fields).toEqual({
      fields: [...ALL_FIELDS],
      relations: {
        category_id: {
          fields: ['id', 'name', 'parent_id', 'sort', 'parent'],
          relations: { parent: { fields: ['id', 'name', 'parent_id', 'sort'], relations: {} } },
        },
      },
    });
    // a collection without relations: *.* and *.*.* are just *
    for (const q of ['fields=*.*', 'fields=*.*.*'])
      expect(parse(q, 'notice').fields).toEqual({ fields: ['id', 'title', 'status'], relations: {} });
  });

  it('expands * and field.* mixed: the named relation nested, the other fields as they are', () => {
    const category = { fields: ['id', 'name', 'parent_id', 'sort'], relations: {} };
    expect(parse('fields=*').fields).toEqual({ fields: [...ALL_FIELDS], relations: {} });
    for (const q of ['fields=*,category_id.*', 'fields=category_id.*,*']) {
      const { fields, relations } = parse(q).fields;
      expect([...fields].sort()).toEqual([...ALL_FIELDS].sort());
      expect(relations).toEqual({ category_id: category });
    }
    expect(parse('fields=*.*,category_id.parent.name').fields.relations).toEqual({
      category_id: {
        fields: [...category.fields, 'parent'],
        relations: { parent: { fields: ['name'], relations: {} } },
      },
    });
  });

  it('returns an alias relation named alone as its foreign key', () => {
    expect(render('fields=id,parent', 'category').data.sql).toBe(
      'select "t0"."id" as "id", "t0"."parent_id" as "parent" from "test_category" as "t0" order by "t0"."sort" asc limit $1',
    );
  });
});

describe('sort, search, paging and meta', () => {
  it('sorts by a comma list with - for descending, through relations too', () => {
    const ast = parse('sort=-price,category_id.name,name');
    expect(ast.sort).toEqual([
      { path: ['price'], direction: 'desc' },
      { path: ['category_id', 'name'], direction: 'asc' },
      { path: ['name'], direction: 'asc' },
    ]);
    expect(render('fields=id&sort=-price,category_id.name').data.sql).toBe(
      'select "t0"."id" as "id" from "test_product" as "t0" left join "test_category" as "r1" on "r1"."id" = "t0"."category_id"' +
        ' order by "t0"."price" desc, "r1"."name" asc limit $1',
    );
  });

  it('searches the searchable fields case-insensitively, wildcards escaped', () => {
    expect(whereOf('search=布洛芬_100%')).toEqual({
      where: '("t0"."name" ilike $1 or "t0"."generic_name" ilike $2)',
      params: ['%布洛芬\\_100\\%%', '%布洛芬\\_100\\%%'],
    });
    expect(parse('search=%20%20').search).toBeNull();
  });

  it.each([
    ['limit=20', 20, 0],
    ['limit=20&offset=40', 20, 40],
    ['limit=20&page=3', 20, 40],
    ['limit=20&page=3&offset=5', 20, 40],
    ['page=2', 100, 100],
    ['limit=-1', 10_000, 0],
    ['limit=-1&page=3', 10_000, 0],
    ['limit=-1&offset=7', 10_000, 7],
    ['limit=50000', 10_000, 0],
    ['limit=0', 0, 0],
  ])('%s → limit %i offset %i', (q, limit, offset) => {
    expect(parse(q)).toMatchObject({ limit, offset });
  });

  it('uses the configured default and cap', () => {
    expect(parse('', 'product', { defaultLimit: 20, maxLimit: 500 }).limit).toBe(20);
    expect(parse('limit=-1', 'product', { defaultLimit: 20, maxLimit: 500 }).limit).toBe(500);
  });

  it('renders limit and offset as parameters', () => {
    expect(render('fields=id&limit=10&page=3').data).toMatchObject({
      sql: 'select "t0"."id" as "id" from "test_product" as "t0" order by "t0"."id" asc limit $1 offset $2',
      params: [10, 20],
    });
  });

  it.each([
    ['meta=total_count', ['total_count']],
    ['meta=filter_count', ['filter_count']],
    ['meta=total_count,filter_count', ['total_count', 'filter_count']],
    ['meta=filter_count,total_count', ['total_count', 'filter_count']],
    ['meta=*', ['total_count', 'filter_count']],
    ['', []],
  ])('%s asks for %j', (q, meta) => {
    expect(parse(q).meta).toEqual(meta);
    const r = render(q);
    expect(Boolean(r.totalCount)).toBe(meta.includes('total_count'));
    expect(Boolean(r.filterCount)).toBe(meta.includes('filter_count'));
  });

  it('counts the filtered rows without joins the filter does not need', () => {
    const r = render('fields=id,category_id.name&filter[stock][_gt]=0&search=片&meta=*');
    expect(r.filterCount).toEqual({
      sql: 'select count(*)::int as "count" from "test_product" as "t0" where "t0"."stock" > $1 and ("t0"."name" ilike $2 or "t0"."generic_name" ilike $3)',
      params: [0, '%片%', '%片%'],
      typings: ['none', 'none', 'none'],
    });
    expect(r.totalCount).toEqual({ sql: 'select count(*)::int as "count" from "test_product" as "t0"', params: [] });
  });
});

describe('errors', () => {
  const refuse = (q: RawItemsQuery, collection = 'product') => {
    try {
      parse(q, collection);
    } catch (e) {
      expect(e).toBeInstanceOf(ItemsQueryError);
      const err = e as ItemsQueryError;
      return { status: err.status, code: err.code, body: err.toBody() };
    }
    throw new Error(`accepted: ${String(q)}`);
  };

  it.each([
    ['unknown collection', '', 'directus_users'],
    ['collection named like an Object property', '', 'constructor'],
    ['unknown field in fields', 'fields=id,password'],
    ['unknown field in a dot path', 'fields=category_id.secret'],
    ['dot path through a scalar field', 'fields=name.length'],
    ['unknown field in sort', 'sort=-password'],
    ['unknown field in filter', 'filter[password][_eq]=1'],
    ['unknown field in a related filter', 'filter[category_id][secret][_eq]=1'],
    ['a nested key under a scalar field', 'filter[name][first][_eq]=1'],
    ['field name carrying SQL', 'fields=id,"name";drop table test_product;--'],
    ['sort carrying SQL', 'sort=name desc; drop table x'],
    ['filter key carrying SQL', `filter=${encodeURIComponent('{"name\\" = \'\' or 1=1 --":{"_eq":"x"}}')}`],
    ['constructor as a filter field', 'filter[constructor][_eq]=1'],
    ['hasOwnProperty as a related filter field', 'filter[category_id][hasOwnProperty][_eq]=1'],
    ['constructor as a field', 'fields=constructor'],
    ['toString in sort', 'sort=toString'],
  ])('%s → 403 FORBIDDEN', (_name, q, collection = 'product') => {
    const r = refuse(q, collection);
    expect(r.status).toBe(403);
    expect(r.code).toBe('FORBIDDEN');
    expect(r.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it.each([
    ['unknown operator', 'filter[name][_like]=x'],
    ['__proto__ as a filter key (JSON)', 'filter={"__proto__":{"_eq":1}}'],
    ['__proto__ as a filter key (brackets)', 'filter[__proto__][polluted][_eq]=1'],
    ['operator with no field', 'filter[_eq]=1'],
    ['o2m operator not offered', 'filter[category_id][_some][name][_eq]=x'],
    ['bad JSON', 'filter={"name":'],
    ['filter not an object', 'filter=[1,2]'],
    ['operators not in an object', 'filter={"name":"x"}'],
    ['_or not a list', 'filter={"_or":{"name":{"_eq":"x"}}}'],
    ['number expected', 'filter[stock][_gt]=abc'],
    ['boolean expected', 'filter[is_rx][_eq]=yes'],
    ['date expected', 'filter[created_at][_gt]=yesterday'],
    ['_gt on a boolean', 'filter[is_rx][_gt]=true'],
    ['_gt null', 'filter[stock][_gt]=null'],
    ['_eq with a list', 'filter={"stock":{"_eq":[1,2]}}'],
    ['_contains null', 'filter={"name":{"_contains":null}}'],
    ['limit below -1', 'limit=-2'],
    ['limit not a number', 'limit=ten'],
    ['offset negative', 'offset=-5'],
    ['page 0', 'page=0'],
    ['meta unknown', 'meta=count'],
    ['meta empty', 'meta='],
    ['meta partly unknown', 'meta=total_count,everything'],
    ['search repeated', 'search=a&search=b'],
    ['search too long', `search=${'药'.repeat(201)}`],
    ['aggregate not supported', 'aggregate[count]=*'],
    ['deep not supported', 'deep[category_id][_limit]=1'],
    ['path too deep', 'fields=category_id.parent.parent.parent.name'],
    ['too many sort fields', `sort=${Array(11).fill('id').join(',')}`],
    ['filter too large', `filter=${encodeURIComponent(JSON.stringify({ name: { _eq: 'x'.repeat(6000) } }))}`],
    ['value too long', `filter=${encodeURIComponent(JSON.stringify({ name: { _eq: 'x'.repeat(1001) } }))}`],
    [
      'filter too deep',
      `filter=${encodeURIComponent(JSON.stringify(Array.from({ length: 11 }).reduce<object>((f) => ({ _and: [f] }), { id: { _eq: 1 } })))}`,
    ],
    ['too many conditions', Array.from({ length: 51 }, (_, i) => `filter[_and][${i}][id][_neq]=${i}`).join('&')],
    ['too many _in values', `filter[id][_in]=${Array.from({ length: 501 }, (_, i) => i).join(',')}`],
  ])('%s → 400 INVALID_QUERY', (_name, q) => {
    const r = refuse(q);
    expect(r.status).toBe(400);
    expect(r.code).toBe('INVALID_QUERY');
    expect(r.body.errors[0].message).toMatch(/^Invalid query\. /);
  });
});

it('leaves Object.prototype alone whatever the keys', () => {
  for (const q of ['filter[__proto__][polluted][_eq]=1', 'fields[__proto__]=x', '__proto__[polluted]=1']) {
    try {
      parse(q);
    } catch {
      // refused or ignored: either way nothing may leak onto every object
    }
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('injection attempts in values', () => {
  const attacks = [
    "' OR 1=1 --",
    "x'); DROP TABLE test_product; --",
    '"; select pg_sleep(10); --',
    '$$ or true $$',
    '\\',
    '%_%',
    '布洛芬\u0000',
  ];

  it.each(attacks)('%j travels only as a parameter', (value) => {
    const encoded = encodeURIComponent(value);
    for (const q of [
      `filter[name][_eq]=${encoded}`,
      `filter[name][_in]=${encoded}`,
      `filter[name][_icontains]=${encoded}`,
      `filter=${encodeURIComponent(JSON.stringify({ _or: [{ name: { _starts_with: value } }] }))}`,
      `search=${encoded}`,
    ]) {
      const { sql, params } = render(`fields=id&${q}`).data;
      expect(sql).not.toContain(value);
      expect(sql).not.toMatch(/drop|pg_sleep|1=1/i);
      expect(
        params.some((p) => (typeof p === 'string' && p.includes(value.replace(/[\\%_]/g, '\\$&'))) || p === value),
      ).toBe(true);
    }
  });
});
