import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { HSTS_VALUE, transportSecurityPlugin } from '../plugins/transport-security';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test/test-app';
import { envelopeProblem } from './findings';
import { callerFor } from './fuzz';
import { fillPath, loadOperations, type Operation } from './openapi';
import { createWorld, type World } from './world';

const builtIndex = path.join(repoRoot, 'apps/web/dist/index.html');

let t: TestApp;
let world: World;
let operations: Operation[];
let webDist: string;

beforeAll(async () => {
  // the built console when there is one (npm test builds it for e2e), else the source page: same script tags
  const tmp = path.join(repoRoot, '.tmp', `harness-web-${randomBytes(4).toString('hex')}`);
  webDist = existsSync(builtIndex) ? path.dirname(builtIndex) : tmp;
  if (!existsSync(builtIndex)) {
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, 'index.html'), readFileSync(path.join(repoRoot, 'apps/web/index.html')));
  }
  t = await createTestApp({ webDist, rateLimit: { loginPerMinute: 3, smsPerMinute: 2 } });
  world = await createWorld(t);
  operations = await loadOperations(t.app);
});
afterAll(() => t?.close());

const cspOf = (value: unknown) =>
  Object.fromEntries(
    String(value ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>;

describe('security headers', () => {
  it('the console page and the API carry CSP, frame-ancestors, nosniff and a referrer policy', async () => {
    for (const url of ['/', '/login', '/api/v1/openapi.json', '/api/v1/user/info/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = cspOf(res.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'self'"]);
      expect(["'none'", "'self'"]).toContain(csp['frame-ancestors']?.join(' '));
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toMatch(/no-referrer|same-origin|strict-origin/);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      // fetches and sockets go to the console's own origin only ('self' covers ws:/wss: on the same host and port;
      // e2e/tests/browser-policies.spec.ts shows Chromium doing so)
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      const permissions = String(res.headers['permissions-policy'] ?? '');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(permissions, `${url} ${feature}`).toContain(`${feature}=()`);
      }
    }
  });

  it('answers that need a session, and sign-in answers, are never stored (Cache-Control: no-store)', async () => {
    const privateOps = operations.filter((o) => o.access && !('public' in o.access));
    expect(privateOps.length).toBeGreaterThan(5);
    for (const op of privateOps) {
      const url = fillPath(op.path, {});
      // without a session: the 401 says something about the session too
      const anonymous = await t.app.inject({ method: op.method as 'GET', url, remoteAddress: t.nextIp() });
      expect(anonymous.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(anonymous.headers['cache-control'], `${op.method} ${op.path}`).toBe('no-store');
      if (op.method !== 'GET') continue;
      const caller = await callerFor(world, op);
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: {
          ...(caller.actor ? { auth: await world.token(caller.actor) } : {}),
          ...(caller.pharmacyId ? { pharmacyid: String(caller.pharmacyId) } : {}),
        },
        remoteAddress: t.nextIp(),
      });
      expect(res.statusCode, `GET ${op.path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      const cacheControl = String(res.headers['cache-control']);
      // a route may state its own rule only when it keeps the answer private too
      expect(cacheControl === 'no-store' || /\bprivate\b/.test(cacheControl), `GET ${op.path}: ${cacheControl}`).toBe(
        true,
      );
    }

    // the password sign-in answer carries the session token
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone: '13800000006', password: DEMO_PASSWORD },
      remoteAddress: t.nextIp(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data.token).toBeTruthy();
    expect(signIn.headers['cache-control']).toBe('no-store');

    // so does the QR poll's first answer after the phone confirmed
    const ticket = (
      await t.app.inject({ method: 'POST', url: '/api/v1/user/login/qrcode', remoteAddress: t.nextIp() })
    ).json().data as { qr_id: string };
    const phone = await world.token(world.staffA);
    for (const step of ['scan', 'confirm']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/user/login/qrcode/${ticket.qr_id}/${step}`,
        headers: { auth: phone },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const confirmed = await t.app.inject({ method: 'GET', url: `/api/v1/user/login/qrcode/${ticket.qr_id}` });
    expect(confirmed.json().data.token).toBeTruthy();
    expect(confirmed.headers['cache-control']).toBe('no-store');

    // a public answer is private once the caller sent a session (some say what this caller did, e.g. my_vote)
    const open = await t.app.inject({ method: 'GET', url: '/api/v1/pharmacy/list' });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBeUndefined();
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/v1/pharmacy/list', headers: { auth: phone } });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('the console satisfies its CSP: no inline script, no inline handler, no script from elsewhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<script\b[^>]*\bsrc=/i);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    for (const [, attrs, body] of scripts) {
      const type = /\btype=["']?([^"'\s>]+)/i.exec(attrs)?.[1];
      if (type && !/module|javascript/i.test(type)) continue; // data blocks (JSON) do not run
      expect(body.trim(), `inline script: ${body.slice(0, 80)}`).toBe('');
      const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? '';
      expect(src.startsWith('/') && !src.startsWith('//'), `script from ${src}`).toBe(true);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('HSTS only over TLS: not for plain HTTP, not for x-forwarded-proto from an untrusted peer', async () => {
    const spoofed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    for (const trustProxy of [true, false]) {
      const app = Fastify({ trustProxy });
      await app.register(transportSecurityPlugin);
      app.get('/x', async () => 'ok');
      const behindTls = await app.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } });
      const plain = await app.inject({ url: '/x' });
      expect(behindTls.headers['strict-transport-security']).toBe(trustProxy ? HSTS_VALUE : undefined);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      await app.close();
    }
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

function multipart(field: string, filename: string, content: Buffer) {
  const boundary = `----harness${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const uploadRoutes = () => operations.filter((o) => o.bodyTypes.includes('multipart/form-data'));
const fileField = (op: Operation) =>
  Object.entries(op.body?.properties ?? {}).find(([, s]) => s.format === 'binary')?.[0] ?? 'file';

/** The route's path with an id-shaped value for each path parameter (the body is what these checks are about). */
const urlOf = (op: Operation) => fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, 1])));

async function upload(op: Operation, filename: string, content: Buffer) {
  const caller = await callerFor(world, op);
  const token = caller.actor ? await world.token(caller.actor) : undefined;
  const body = multipart(fileField(op), filename, content);
  return t.app.inject({
    method: op.method as 'POST',
    url: urlOf(op),
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(token ? { auth: token } : {}),
      ...(caller.pharmacyId ? { pharmacyid: String(caller.pharmacyId) } : {}),
    },
    remoteAddress: t.nextIp(),
  });
}

describe('uploads (every multipart route of the OpenAPI document)', () => {
  const impostors: [string, Buffer][] = [
    ['photo.png', HTML],
    ['photo.jpg', PNG],
    ['scan.pdf', PNG],
    ['products.xlsx', PDF],
    ['products.csv', PNG],
    ['products.csv', EXE],
    ['page.html', HTML],
    ['logo.svg', SVG],
    ['tool.exe', EXE],
    ['no-extension', PNG],
  ];

  it('refuses a file whose content is not what its name says, with the envelope', async () => {
    expect(uploadRoutes().map((o) => `${o.method} ${o.path}`)).toContain('POST /api/v1/upload');
    for (const op of uploadRoutes()) {
      for (const [name, content] of impostors) {
        const res = await upload(op, name, content);
        expect(res.statusCode, `${op.path} ${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op.path} ${name}`).toBeLessThan(500);
        expect(envelopeProblem(res), `${op.path} ${name}`).toBeNull();
        // the generic upload accepts these names with the right content (next test): refused here for the content
        if (op.path === '/api/v1/upload') expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      }
    }
  });

  it('the generic upload keeps what it accepts and serves it back as its sniffed type', async () => {
    const op = uploadRoutes().find((o) => o.path === '/api/v1/upload')!;
    const csv = Buffer.from('名称,价格\n布洛芬缓释胶囊,12.50\n');
    for (const [name, content, type] of [
      ['a.png', PNG, 'image/png'],
      ['b.PDF', PDF, 'application/pdf'],
      ['c.csv', csv, 'text/csv'],
    ] as const) {
      const res = await upload(op, name, content);
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json().data as { url: string };
      expect(url).toMatch(/^\/api\/v1\/upload\/[A-Za-z0-9_-]{24}\.[a-z]+$/);
      const back = await t.app.inject({ method: 'GET', url });
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(content)).toBe(true);
      expect(back.headers['content-type']).toContain(type);
      expect(back.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/upload/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
    // a bad file name is told in words a person reads, never as the regular expression it failed
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/upload/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('key 文件地址不正确');
  });

  it('answers a body cut off inside a part, or without its boundary, with 400 and a Chinese message', async () => {
    for (const op of uploadRoutes()) {
      const whole = multipart(
        fileField(op),
        'products.csv',
        Buffer.from('名称,价格\n布洛芬缓释胶囊,12.50\n'.repeat(50)),
      );
      const cases: [string, Buffer, string][] = [
        ['inside the file', whole.payload.subarray(0, whole.payload.length - 300), whole.headers['content-type']],
        ['inside the part headers', whole.payload.subarray(0, 60), whole.headers['content-type']],
        [
          'before the closing boundary',
          whole.payload.subarray(0, whole.payload.length - 4),
          whole.headers['content-type'],
        ],
        ['no boundary given', whole.payload, 'multipart/form-data'],
      ];
      for (const [label, payload, type] of cases) {
        const caller = await callerFor(world, op);
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: urlOf(op),
          payload,
          headers: {
            'content-type': type,
            ...(caller.actor ? { auth: await world.token(caller.actor) } : {}),
            ...(caller.pharmacyId ? { pharmacyid: String(caller.pharmacyId) } : {}),
          },
          remoteAddress: t.nextIp(),
        });
        const where = `${op.path} ${label}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBe(400);
        expect(envelopeProblem(res), where).toBeNull();
        expect(res.json().code, where).toBe(400000);
        expect(res.json().msg, where).toMatch(/^上传(内容不完整|格式不正确)/);
      }
    }
  });

  it('is for signed-in staff: no session 401, a patient 403', async () => {
    const op = uploadRoutes().find((o) => o.path === '/api/v1/upload')!;
    const body = multipart('file', 'a.png', PNG);
    const anonymous = await t.app.inject({ method: 'POST', url: op.path, ...body });
    expect(anonymous.statusCode).toBe(401);
    const patient = await t.app.inject({
      method: 'POST',
      url: op.path,
      payload: body.payload,
      headers: { ...body.headers, auth: await world.token(world.patient) },
    });
    expect(patient.statusCode).toBe(403);
  });
});

describe('open redirects', () => {
  const evil = ['https://evil.example/', '//evil.example', '/\\evil.example', 'https:evil.example'];
  const offSite = (location: string) => !location.startsWith('/') || /^\/[/\\]/.test(location);

  it('no route, page or file answers with a redirect to a client-given address', async () => {
    const urls = [
      '//evil.example',
      '//evil.example/%2e%2e',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/assets/..%2F..%2F',
      '/assets',
      '/api/v1//evil.example',
    ];
    for (const target of evil) {
      const q = encodeURIComponent(target);
      urls.push(`/login?redirect=${q}`, `/?next=${q}&return_url=${q}&url=${q}`);
      for (const op of operations.filter((o) => o.method === 'GET' && o.pathParams.length === 0)) {
        urls.push(`${op.path}?redirect=${q}&redirect_uri=${q}&next=${q}&url=${q}&return_to=${q}`);
      }
    }
    const redirects: string[] = [];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBeLessThan(500);
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && location && offSite(String(location))) {
        redirects.push(`${url} → ${location}`);
      }
    }
    expect(redirects).toEqual([]);
  });
});

describe('rate limits', () => {
  it('sign-in: the 4th attempt in a minute from one address is 429 with a Chinese message; others are unaffected', async () => {
    const ip = t.nextIp();
    const attempt = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/admin/login',
        payload: { phone: '13800000002', password: 'Wrong@12345' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await attempt(ip)).statusCode).not.toBe(429);
    const limited = await attempt(ip);
    expect(limited.statusCode).toBe(429);
    expect(envelopeProblem(limited)).toBeNull();
    expect(limited.json().msg).toMatch(/操作过于频繁，请 \d+ 秒后再试/);
    expect((await attempt(t.nextIp())).statusCode).not.toBe(429);
  });

  it('SMS codes: the 3rd request in a minute from one address is 429 with a Chinese message', async () => {
    const ip = t.nextIp();
    // a different phone each time, so that the per-phone resend interval is not what answers
    const send = (phone: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/sms_code', payload: { phone }, remoteAddress: ip });
    for (const phone of ['13800000003', '13800000004']) {
      const res = await send(phone);
      expect(res.statusCode, res.body).not.toBe(429);
    }
    const limited = await send('13800000005');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toMatch(/操作过于频繁/);
  });
});
