import { ErrorCode } from '@pharmacy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacyMember } from '../db/schema/index';
import { createTestApp, headers, type TestApp } from '../test/test-app';

let t: TestApp;
let tokens: Record<string, string>;

// Probe routes declaring each access rule: the guards the plugin installs are under test, so the routes only echo
// what the guards set.
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/api/v1/test/pharmacy', { config: { access: { pharmacy: null } } }, async (req) => ({
        pharmacy: req.pharmacyId,
        role: req.membership?.role,
      }));
      app.get('/api/v1/test/finance', { config: { access: { pharmacy: 'finance' } } }, async () => ({ ok: true }));
      app.get('/api/v1/test/channel', { config: { access: { pharmacy: 'channel_manage' } } }, async () => ({
        ok: true,
      }));
      app.get(
        '/api/v1/test/pharmacist',
        { config: { access: { pharmacy: null, roles: ['pharmacist'] } } },
        async () => ({
          ok: true,
        }),
      );
      app.get('/api/v1/test/admin', { config: { access: { admin: null } } }, async () => ({ ok: true }));
      app.get('/api/v1/test/admin-report', { config: { access: { admin: 'report' } } }, async () => ({ ok: true }));
    },
  });
  tokens = {};
  for (const phone of [
    '13800000001',
    '13800000002',
    '13800000003',
    '13800000004',
    '13800000005',
    '13800000006',
    '13800000007',
  ]) {
    tokens[phone] = await t.login(phone);
  }
  // a pharmacy_admin of pharmacy 3 only, and an operator with one key
  const [kn] = await t.database.db
    .insert(account)
    .values({ phone: '13700000003', phoneUserId: 'pu_13700000003', name: '康宁管理员' })
    .returning({ id: account.id });
  await t.database.db
    .insert(pharmacyMember)
    .values({ pharmacyId: 3, accountId: kn.id, role: 'pharmacy_admin', permissions: ['finance'] });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, pharmacyId?: number | string) =>
  t.app.inject({ method: 'GET', url, headers: headers(token, pharmacyId) });

describe('access { pharmacy }', () => {
  it('401 without a session, before anything else', async () => {
    const res = await get('/api/v1/test/pharmacy', undefined, 1);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('400 naming pharmacyid when the header is missing or malformed', async () => {
    const missing = await get('/api/v1/test/pharmacy', tokens['13800000002']);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('pharmacyid 请先选择药店');
    const bad = await get('/api/v1/test/pharmacy', tokens['13800000002'], '1 or 1=1');
    expect(bad.json().msg).toBe('pharmacyid 药店 ID 不正确');
  });

  it('lets a member in, with the membership on the request', async () => {
    const res = await get('/api/v1/test/pharmacy', tokens['13800000002'], 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pharmacy: 1, role: 'pharmacy_admin' });
  });

  it('403 for staff of another pharmacy (even a shop owner of two others)', async () => {
    for (const phone of ['13800000001', '13800000002', '13800000004']) {
      const res = await get('/api/v1/test/pharmacy', tokens[phone], 3);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '您不是该药店的成员' });
    }
    const kn = await t.login('13700000003').catch(() => null);
    expect(kn).toBeNull(); // no password: cannot sign in with one
  });

  it('403 for a nonexistent pharmacy id', async () => {
    expect((await get('/api/v1/test/pharmacy', tokens['13800000001'], 999_999)).statusCode).toBe(403);
  });

  it('applies the shared permission check per key', async () => {
    const expectations: [string, string, number][] = [
      ['13800000001', '/api/v1/test/finance', 200], // shop passes
      ['13800000002', '/api/v1/test/finance', 200], // pharmacy_admin with all
      ['13800000003', '/api/v1/test/finance', 403], // manager lacks finance
      ['13800000003', '/api/v1/test/channel', 200], // manager holds channel_manage
      ['13800000004', '/api/v1/test/channel', 403], // customer_service lacks it
      ['13800000006', '/api/v1/test/finance', 403], // pharmacist: any other role is denied
      ['13800000006', '/api/v1/test/pharmacy', 403],
      ['13800000006', '/api/v1/test/pharmacist', 200],
      ['13800000002', '/api/v1/test/pharmacist', 403],
      ['13800000005', '/api/v1/test/pharmacy', 403], // a doctor is nobody's staff
      ['13800000007', '/api/v1/test/pharmacy', 403], // nor is the operator
    ];
    for (const [phone, url, status] of expectations) {
      const res = await get(url, tokens[phone], 1);
      expect(res.statusCode, `${phone} ${url}`).toBe(status);
      if (status === 403) expect(res.json().code).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('sees a revoked membership at once (no cached permissions)', async () => {
    const [cs] = await t.database.db.select().from(account).where(eq(account.phone, '13800000004'));
    await t.database.db.update(pharmacyMember).set({ status: 'disabled' }).where(eq(pharmacyMember.accountId, cs.id));
    expect((await get('/api/v1/test/pharmacy', tokens['13800000004'], 1)).statusCode).toBe(403);
    await t.database.db.update(pharmacyMember).set({ status: 'active' }).where(eq(pharmacyMember.accountId, cs.id));
    expect((await get('/api/v1/test/pharmacy', tokens['13800000004'], 1)).statusCode).toBe(200);
  });
});

describe('access { admin }', () => {
  it('lets operators in and keeps everyone else out', async () => {
    expect((await get('/api/v1/test/admin')).statusCode).toBe(401);
    expect((await get('/api/v1/test/admin', tokens['13800000007'])).statusCode).toBe(200);
    expect((await get('/api/v1/test/admin-report', tokens['13800000007'])).statusCode).toBe(200);
    for (const phone of ['13800000001', '13800000002', '13800000005']) {
      const res = await get('/api/v1/test/admin', tokens[phone]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403000, msg: '没有权限执行此操作' });
    }
  });

  it('checks the operator key', async () => {
    const { adminProfile } = await import('../db/schema/index');
    const [op] = await t.database.db.select().from(account).where(eq(account.phone, '13800000007'));
    await t.database.db
      .update(adminProfile)
      .set({ adminPermissions: ['order'] })
      .where(eq(adminProfile.accountId, op.id));
    expect((await get('/api/v1/test/admin-report', tokens['13800000007'])).statusCode).toBe(403);
    expect((await get('/api/v1/test/admin', tokens['13800000007'])).statusCode).toBe(200);
    await t.database.db
      .update(adminProfile)
      .set({ adminPermissions: ['all'] })
      .where(eq(adminProfile.accountId, op.id));
  });
});

describe('one access declaration', () => {
  it('installs the guard from the declared rule: a route cannot say it needs a session and skip the check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/admin' });
    expect(res.statusCode).toBe(401);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/message/list'].get;
    expect(op['x-access']).toEqual({ signedIn: true });
    expect(op.security).toEqual([{ session: [] }]);
    const open = doc.paths['/api/v1/mp/cms/medicines'].get;
    expect(open['x-access']).toEqual({ public: true });
    expect(open.security).toBeUndefined();
  });
});
