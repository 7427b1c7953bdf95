import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemo } from '../db/seed/index';
import { createOperator } from '../db/seed/operator';
import { createTestApp, type TestApp } from '../test/test-app';
import { INITIAL_DATA_URLS, scriptSafeJson } from './static';

let t: TestApp;
let webDist: string;
const indexHtml = (build: string) =>
  `<!doctype html><html><head><title>${build}</title></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml('build-1'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/medicine/list': { js: ['assets/medicine-list-page-1.js'], css: ['assets/medicine-list-page-1.css'] },
    }),
  );
  webDist = dist;
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({
    webDist: dist,
    beforeReady: (app) => {
      app.get('/api/v1/test/boom', async () => {
        throw new Error('database exploded at /srv/secret.ts:12');
      });
      // a value no schema bounded reaching PostgreSQL (class 22, data exception), and a genuine SQL fault (class 42)
      app.get('/api/v1/test/sql/:case', async (request) => {
        const cases: Record<string, string> = {
          'int-out-of-range': 'select 2147483648::int',
          'year-zero': "select '0000-12-31 16:00:00+00'::timestamptz",
          'bad-number-text': "select 'abc'::int",
          'syntax-error': 'select from where',
        };
        await app.db.execute(sql.raw(cases[(request.params as { case: string }).case] ?? 'select 1'));
        return { ok: true };
      });
      app.get(
        '/api/v1/test/bad-response',
        { schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => ({ n: 'not a number' }) as unknown as { n: number },
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('error envelope', () => {
  it('unknown /api path → 404 JSON 接口不存在', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/user/nothing'],
      ['DELETE', '/api'],
      ['GET', '/api/v1/message/list/extra'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ code: 404000, msg: '接口不存在', data: null });
    }
  });

  it('malformed JSON → 400; wrong content type → 415; oversized body → 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400000, msg: 'JSON 格式不正确' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe(415000);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: '13800000001', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413000, msg: '上传内容过大' });
  });

  it('missing body → 400 naming the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/admin/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400000);
    expect(res.json().msg).toMatch(/^请求体 /);
  });

  it('never leaks a stack trace: unexpected errors → 500 服务器错误', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500000,
      msg: '服务器错误，请稍后再试',
      message: 'Internal server error',
      data: null,
    });
    expect(res.body).not.toContain('secret');
    const mismatch = await t.app.inject({ method: 'GET', url: '/api/v1/test/bad-response' });
    expect(mismatch.statusCode).toBe(500);
    expect(mismatch.json().code).toBe(500000);
  });

  it("a PostgreSQL data exception (SQLSTATE class 22) is the client's input: 400 with the envelope, on both drivers", async () => {
    for (const name of ['int-out-of-range', 'year-zero', 'bad-number-text']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/test/sql/${name}` });
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 400000, msg: '数值或日期超出允许范围，或格式不正确', data: null });
      expect(res.json().message, name).toMatch(/^Input the database refuses \(SQLSTATE 22[0-9A-Z]{3}\)$/);
    }
    // any other database failure is still the server's fault
    const fault = await t.app.inject({ method: 'GET', url: '/api/v1/test/sql/syntax-error' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json().code).toBe(500000);
  });

  it('ids past 2³¹−1 are refused by the schema (400 ID 不正确), not by the database', async () => {
    const token = await t.login('13800000002');
    const headers = { auth: token };
    for (const id of ['2147483648', '4294967296', '9007199254740991']) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/message/${id}`, headers });
      expect(del.statusCode, id).toBe(400);
      expect(del.json(), id).toMatchObject({ code: 400000, msg: 'id ID 不正确' });
      const read = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/message/read',
        headers,
        payload: { ids: [Number(id)] },
      });
      expect(read.statusCode, id).toBe(400);
      expect(read.json(), id).toMatchObject({ code: 400000, msg: 'ids.0 ID 不正确' });
    }
    const largest = await t.app.inject({ method: 'DELETE', url: '/api/v1/message/2147483647', headers });
    expect(largest.statusCode).toBe(404);
  });

  it('hostile input never yields a 500', async () => {
    const payloads: unknown[] = [
      null,
      [],
      'string',
      42,
      { phone: null },
      { phone: ['13800000001'] },
      { phone: { $ne: 1 } },
      { phone: '13800000001', password: 123 },
      { phone: '13800000001', password: 'x', captcha_id: 'y'.repeat(1000) },
      { __proto__: { admin: true }, phone: '13800000001', password: 'x' },
      { phone: '13800000001\u0000', password: 'x' },
    ];
    for (const payload of payloads) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/admin/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: t.nextIp(),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(typeof res.json().msg).toBe('string');
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "phone": "13800000001", "password": "x"}',
    });
    expect(proto.statusCode).toBe(400);
    for (const url of [
      '/api/v1/message/list?page=0',
      '/api/v1/message/list?page=abc&page_size=-1',
      '/api/v1/message/list?page_size=1000',
      '/api/v1/user/login/qrcode/%E0%A4%A',
      '/api/v1/message/list?page[]=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('platform', () => {
  it('GET /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: t.database.driver });
  });

  it('serves OpenAPI 3 and a self-contained docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/user/admin/login',
      '/api/v1/user/info/me',
      '/api/v1/message/list',
      '/api/v1/message/{id}',
      '/api/v1/pharmacy/me',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/api/v1/user/admin/login'].post.requestBody).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('/api/docs/docs.js');
    expect(docs.body).not.toMatch(/https?:\/\/(?!localhost)/);
    const js = await t.app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('sends security headers the console can live with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the console with SPA fallback, but never for /api or /scms', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('id="root"');
    const deep = await t.app.inject({ method: 'GET', url: '/pharmacy/order?page=2' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('id="root"');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const cms = await t.app.inject({ method: 'GET', url: '/scms/items/nothing-here-at-all' });
    expect(cms.headers['content-type']).toContain('application/json');
    const post = await t.app.inject({ method: 'POST', url: '/pharmacy/order' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(404000);
  });

  it("adds a route's own chunks to its index.html as preload links; a new build is picked up", async () => {
    const link = '<link rel="modulepreload" crossorigin href="/assets/medicine-list-page-1.js">';
    for (const url of ['/medicine/list', '/medicine/list/', '/medicine/list?page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(link);
      expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/medicine-list-page-1.css">');
      expect(res.body.indexOf(link)).toBeLessThan(res.body.indexOf('</head>'));
    }
    const other = await t.app.inject({ method: 'GET', url: '/pharmacy/order' });
    expect(other.body).not.toContain('modulepreload');

    const br = await t.app.inject({ method: 'GET', url: '/medicine/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(link);
    const again = await t.app.inject({
      method: 'GET',
      url: '/medicine/list',
      headers: { 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    writeFileSync(path.join(webDist, 'index.html'), indexHtml('build-2'));
    utimesSync(path.join(webDist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const next = await t.app.inject({ method: 'GET', url: '/medicine/list' });
    expect(next.body).toContain('<title>build-2</title>');
    expect(next.body).toContain(link);
    expect(next.headers.etag).not.toBe(br.headers.etag);
  });

  it("sends the home page's public answers inside its HTML, safe inside a script element", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const match = home.body.match(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/);
    expect(match).not.toBeNull();
    const answers = JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual([...INITIAL_DATA_URLS['/']].sort());
    const swiper = await t.app.inject({ method: 'GET', url: '/scms/items/home_swiper?sort=sort' });
    expect(answers['/scms/items/home_swiper?sort=sort']).toEqual(swiper.json());
    // Another path carries none; text that would close the element is escaped.
    expect((await t.app.inject({ method: 'GET', url: '/pharmacy/order' })).body).not.toContain('initial-data');
    const hostile = scriptSafeJson({ title: '</script><script>alert(1)</script><!--' });
    expect(hostile).not.toContain('<');
    expect(JSON.parse(hostile)).toEqual({ title: '</script><script>alert(1)</script><!--' });
  });

  it('create-admin makes a signed-in operator, and re-running resets the password', async () => {
    const first = await createOperator(t.database.db, { phone: '13600000009', password: 'Operator123' });
    expect(first.created).toBe(true);
    const token = await t.login('13600000009', 'Operator123');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/info/me', headers: { auth: token } });
    expect(me.json().data).toMatchObject({ roles: ['admin'], admin_permissions: ['all'] });
    const again = await createOperator(t.database.db, { phone: '13600000009', password: 'Operator456' });
    expect(again).toEqual({ accountId: first.accountId, created: false });
    await t.login('13600000009', 'Operator456');
  });

  it('seeding twice is a no-op', async () => {
    expect(await seedDemo(t.database.db)).toEqual({ seeded: false });
  });
});
