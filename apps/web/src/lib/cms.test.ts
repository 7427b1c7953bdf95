import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN_COOKIE_NAME } from '@pharmacy/shared';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { cmsQuery, deleteCmsItem, getCmsItems, getCmsRows, updateCmsItem } from './cms';
import { configureHttp, resetHttpConfig } from './http';

interface Seen {
  method: string;
  url: URL;
  body: string;
}

let server: Server;
let seen: Seen[] = [];
let answer: { status?: number; body?: unknown } = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://x'),
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body ?? { data: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  answer = {};
  configureHttp({
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    toastError: vi.fn(),
    confirm: vi.fn(),
    log: vi.fn(),
  });
  Cookies.set(TOKEN_COOKIE_NAME, 'session-1');
});
afterEach(() => {
  resetHttpConfig();
  Cookies.remove(TOKEN_COOKIE_NAME);
});

const swiper = { id: 1, status: 'published', sort: 0, title: '轮播', image: '/a.png', link: '/medicine/list' };

describe('the Directus query of the CMS client', () => {
  it('writes lists comma-separated, the filter as JSON, numbers as text, and leaves absent parameters out', () => {
    expect(
      cmsQuery({
        fields: ['id', 'category_id.name'],
        filter: { status: { _eq: 'published' } },
        sort: ['sort', '-id'],
        limit: -1,
        page: 2,
        search: '布洛芬',
        meta: ['filter_count', 'total_count'],
      }),
    ).toEqual({
      fields: 'id,category_id.name',
      filter: '{"status":{"_eq":"published"}}',
      sort: 'sort,-id',
      limit: '-1',
      page: '2',
      search: '布洛芬',
      meta: 'filter_count,total_count',
    });
    expect(cmsQuery({ sort: 'sort', search: '' })).toEqual({ sort: 'sort' });
    expect(cmsQuery({})).toEqual({});
  });
});

describe('the CMS client’s calls', () => {
  it('reads a collection’s rows at /scms with the query, typed by the collection’s schema (unknown fields dropped)', async () => {
    answer = { body: { data: [{ ...swiper, created_at: '2026-01-01T00:00:00.000Z' }] } };
    const rows = await getCmsRows('home_swiper', { sort: 'sort', limit: -1 });
    expect(rows).toEqual([swiper]);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url.pathname).toBe('/scms/items/home_swiper');
    expect(Object.fromEntries(seen[0].url.searchParams)).toEqual({ sort: 'sort', limit: '-1' });
  });

  it('fails a read whose rows are not of the collection’s shape, rather than passing them on', async () => {
    answer = { body: { data: [{ ...swiper, title: null }] } };
    await expect(getCmsRows('home_swiper')).rejects.toBeInstanceOf(ZodError);
  });

  it('reads any collection with its counts for the editor, and writes and deletes its rows', async () => {
    answer = { body: { data: [{ id: 3, name: '青霉素' }], meta: { filter_count: 1 } } };
    await expect(getCmsItems('allergy_history', { meta: 'filter_count', page: 1, limit: 20 })).resolves.toEqual({
      data: [{ id: 3, name: '青霉素' }],
      meta: { filter_count: 1 },
    });
    expect(seen[0].url.search).toContain('meta=filter_count');

    answer = { body: { data: { ...swiper, sort: 4 } } };
    await expect(updateCmsItem('home_swiper', 1, { sort: 4 })).resolves.toMatchObject({ id: 1, sort: 4 });
    expect(seen[1]).toMatchObject({ method: 'PATCH', body: '{"sort":4}' });
    expect(seen[1].url.pathname).toBe('/scms/items/home_swiper/1');

    answer = { status: 204 };
    await deleteCmsItem('home_swiper', 1);
    expect(seen[2].method).toBe('DELETE');
    expect(seen[2].url.pathname).toBe('/scms/items/home_swiper/1');
  });
});
