import { shanghaiToday } from '@pharmacy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

interface Entry {
  id: number;
  created_at: string;
  account_id: number | null;
  account_phone: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown> | null;
  ip: string;
}

const list = async (query: string, token = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/audit_log?${query}`, headers: headers(token) });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: { list: Entry[]; total: number } },
  };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000007');
});
afterAll(() => t?.close());

describe('GET /api/v1/admin/audit_log', () => {
  it('records sign-in, password change and sign-out with who and from where, newest first', async () => {
    const ip = t.nextIp();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone: '13800000003', password: 'Demo@12345' },
      remoteAddress: ip,
    });
    const token = login.json().data.token as string;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: headers(token),
      payload: { old_password: 'Demo@12345', new_password: 'Demo@54321' },
      remoteAddress: ip,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: headers(token), remoteAddress: ip });

    const { status, body } = await list('page_size=100');
    expect(status).toBe(200);
    const mine = body.data.list.filter((e) => e.account_phone === '13800000003');
    expect(mine.map((e) => e.action)).toEqual(['auth.logout', 'auth.password_change', 'auth.login']);
    for (const e of mine) expect(e.ip).toBe(ip);
    expect(new Set(mine.map((e) => e.account_id)).size).toBe(1);
    const ids = body.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by action, account and date, and pages', async () => {
    const logins = await list('action=auth.login&page_size=100');
    expect(logins.body.data.list.length).toBeGreaterThan(0);
    expect(logins.body.data.list.every((e) => e.action === 'auth.login')).toBe(true);

    const someone = logins.body.data.list[0].account_id!;
    const byAccount = await list(`account_id=${someone}&page_size=100`);
    expect(byAccount.body.data.list.every((e) => e.account_id === someone)).toBe(true);

    const today = shanghaiToday();
    const inDay = await list(`date_from=${today}&date_to=${today}`);
    expect(inDay.body.data.total).toBe((await list('')).body.data.total);
    expect((await list('date_to=2000-01-01')).body.data.total).toBe(0);

    const page1 = await list('page=1&page_size=1');
    const page2 = await list('page=2&page_size=1');
    expect(page1.body.data.list[0].id).toBeGreaterThan(page2.body.data.list[0].id);
  });

  it('is for operators only, and refuses bad filters with the envelope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit_log' })).statusCode).toBe(401);
    expect((await list('', await t.login('13800000002'))).status).toBe(403);
    const bad = await list('date_from=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400000);
    const reversed = await list('date_from=2026-02-01&date_to=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toMatch(/开始日期/);
  });

  it('refuses dates outside 1900–2100 and ids past 2³¹−1 by their field (year 0 reached PostgreSQL: 500)', async () => {
    for (const [query, field] of [
      ['date_from=0001-01-01', 'date_from'],
      ['date_from=0000-01-01', 'date_from'],
      ['date_to=9999-12-31', 'date_to'],
      ['date_to=1899-12-31', 'date_to'],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 400000, msg: `${field} 日期应在 1900-01-01 至 2100-12-31 之间` });
    }
    for (const query of ['account_id=2147483648', 'pharmacy_id=4294967296']) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.msg, query).toMatch(/ID 不正确$/);
    }
    expect((await list('date_from=1900-01-01&date_to=2100-12-31')).status).toBe(200);
  });
});
