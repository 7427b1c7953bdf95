import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import { openPostgres } from '../db/client';
import { account, adminProfile, doctor, pharmacy, pharmacyMember, session } from '../db/schema/index';
import { sha256Hex } from '../lib/crypto';
import { createTestApp, headers, type TestApp } from '../test/test-app';
import type { Principal } from './principal';
import { PrincipalCache } from './principal-cache';

const somebody = (accountId: number) => ({ accountId, memberships: [{ pharmacy_id: 1 }] }) as unknown as Principal;

describe('PrincipalCache', () => {
  const setup = (listening = () => true) => {
    let now = 1_000_000;
    const cache = new PrincipalCache(listening, () => now, 60_000, 3);
    const advance = (ms: number) => {
      now += ms;
    };
    return { cache, advance, at: (ms: number) => new Date(now + ms) };
  };

  it('answers a kept principal until its session expires or the TTL passes', () => {
    const { cache, advance, at } = setup();
    cache.keep('a', somebody(1), at(30_000), cache.begin());
    cache.keep('b', somebody(2), at(600_000), cache.begin());
    expect(cache.get('a')?.accountId).toBe(1);
    advance(30_000);
    expect(cache.get('a')).toBeUndefined(); // the session's own expiry
    expect(cache.get('b')?.accountId).toBe(2);
    advance(30_000);
    expect(cache.get('b')).toBeUndefined(); // the TTL
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that a change overtook, and forgets everything on a change', () => {
    const { cache, at } = setup();
    cache.keep('a', somebody(1), at(600_000), cache.begin());
    const begun = cache.begin(); // a lookup starts ...
    cache.forgetAll(); // ... a change is heard while it runs ...
    cache.keep('b', somebody(2), at(600_000), begun); // ... so what it read may be older than the change
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    cache.keep('b', somebody(2), at(600_000), cache.begin());
    expect(cache.get('b')?.accountId).toBe(2);
  });

  it('neither keeps nor answers while no connection listens', () => {
    let listening = true;
    const { cache, at } = setup(() => listening);
    cache.keep('a', somebody(1), at(600_000), cache.begin());
    listening = false;
    expect(cache.get('a')).toBeUndefined();
    cache.keep('b', somebody(2), at(600_000), cache.begin());
    listening = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the oldest when full, and freezes what it keeps', () => {
    const { cache, at } = setup();
    for (const key of ['a', 'b', 'c', 'd']) cache.keep(key, somebody(key.charCodeAt(0)), at(600_000), cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    const kept = cache.get('d')!;
    expect(() => {
      (kept.memberships as unknown[]).push({});
    }).toThrow(TypeError);
  });
});

describe('kept principals on a running server (every change the session lookup depends on is seen at once)', () => {
  let t: TestApp;
  let token: string;
  let accountId: number;
  const me = () => t.app.inject({ method: 'GET', url: '/api/v1/user/info/me', headers: headers(token, 1) });
  const pharmacyRoute = () =>
    t.app.inject({ method: 'GET', url: '/api/v1/orders/pharmacy?page=1&page_size=10', headers: headers(token, 1) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Signs in afresh as the pharmacy_admin of pharmacy 1, and makes sure the server keeps that session. */
  async function keptSession() {
    token = await t.login('13800000002');
    const [row] = await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, '13800000002'));
    accountId = row.id;
    expect((await me()).statusCode).toBe(200);
    expect((await pharmacyRoute()).statusCode).toBe(200);
    // kept: the same principal object answers the next lookup without the database
    expect(t.app.principalCache.get(sha256Hex(token))?.accountId).toBe(accountId);
  }

  it('a sign-out', async () => {
    await keptSession();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: headers(token) })).statusCode,
    ).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('a session revoked or deleted by another statement (password change, clean-up)', async () => {
    await keptSession();
    await t.database.db.update(session).set({ revokedAt: new Date() }).where(eq(session.accountId, accountId));
    expect((await me()).statusCode).toBe(401);
    await keptSession();
    await t.database.db.delete(session).where(eq(session.tokenSha256, sha256Hex(token)));
    expect((await me()).statusCode).toBe(401);
  });

  it("the account's status and name", async () => {
    await keptSession();
    await t.database.db.update(account).set({ name: '周建华（改）' }).where(eq(account.id, accountId));
    expect((await me()).json().data.name).toBe('周建华（改）');
    await t.database.db.update(account).set({ status: 'disabled' }).where(eq(account.id, accountId));
    expect((await me()).statusCode).toBe(401);
    await t.database.db.update(account).set({ status: 'active' }).where(eq(account.id, accountId));
    expect((await me()).statusCode).toBe(200);
  });

  it('a membership removed, and its role changed', async () => {
    await keptSession();
    await t.database.db
      .update(pharmacyMember)
      .set({ status: 'disabled' })
      .where(eq(pharmacyMember.accountId, accountId));
    expect((await pharmacyRoute()).statusCode).toBe(403);
    await t.database.db.update(pharmacyMember).set({ status: 'active' }).where(eq(pharmacyMember.accountId, accountId));
    expect((await pharmacyRoute()).statusCode).toBe(200);
    await t.database.db
      .update(pharmacyMember)
      .set({ role: 'pharmacist' })
      .where(sql`${pharmacyMember.accountId} = ${accountId} and ${pharmacyMember.pharmacyId} = 1`);
    expect((await pharmacyRoute()).statusCode).toBe(403);
    await t.database.db
      .update(pharmacyMember)
      .set({ role: 'pharmacy_admin' })
      .where(sql`${pharmacyMember.accountId} = ${accountId} and ${pharmacyMember.pharmacyId} = 1`);
    expect((await pharmacyRoute()).statusCode).toBe(200);
  });

  it("the pharmacy's status and name", async () => {
    await keptSession();
    const [before] = await t.database.db.select().from(pharmacy).where(eq(pharmacy.id, 1));
    await t.database.db
      .update(pharmacy)
      .set({ status: 'suspended', statusReason: '证照过期' })
      .where(eq(pharmacy.id, 1));
    const suspended = await pharmacyRoute();
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().msg).toContain('证照过期');
    await t.database.db.update(pharmacy).set({ status: 'active', statusReason: '' }).where(eq(pharmacy.id, 1));
    await t.database.db
      .update(pharmacy)
      .set({ name: `${before.name}（新）` })
      .where(eq(pharmacy.id, 1));
    expect((await me()).json().data.pharmacy_info.name).toBe(`${before.name}（新）`);
    await t.database.db.update(pharmacy).set({ name: before.name }).where(eq(pharmacy.id, 1));
  });

  it('a doctor profile and an admin profile given and taken', async () => {
    await keptSession();
    const [doc] = await t.database.db.insert(doctor).values({ accountId }).returning({ id: doctor.id });
    expect((await me()).json().data.is_doctor).toBe(true);
    await t.database.db.update(doctor).set({ status: 'disabled' }).where(eq(doctor.id, doc.id));
    expect((await me()).json().data.is_doctor).toBe(false);
    await t.database.db.delete(doctor).where(eq(doctor.id, doc.id));
    await t.database.db.insert(adminProfile).values({ accountId, adminPermissions: ['order'] });
    expect((await me()).json().data.admin_permissions).toEqual(['order']);
    await t.database.db.delete(adminProfile).where(eq(adminProfile.accountId, accountId));
    expect((await me()).json().data.admin_permissions).toEqual([]);
  });

  it('other writes leave the kept principals alone (a new session, an order)', async () => {
    await keptSession();
    await t.login('13800000003');
    await t.database.db.update(account).set({ updatedAt: new Date() }).where(eq(account.id, accountId));
    expect(t.app.principalCache.get(sha256Hex(token))?.accountId).toBe(accountId);
  });
});

describe('the database handle: a NOTIFY on principal_change reaches its listeners', () => {
  it('before the notifying statement resolves (the embedded database and PostgreSQL alike)', async () => {
    const t = await createTestApp();
    try {
      const heard: string[] = [];
      t.database.onNotify('principal_change', (event) => heard.push(event));
      expect(t.database.listening()).toBe(true); // the app has run statements: its connections listen
      await t.database.db.execute(sql`select pg_notify('principal_change', 'test')`);
      expect(heard).toEqual(['notify']);
    } finally {
      await t.close();
    }
  });

  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    it('PostgreSQL: says "gap" when its last listening connection is gone, and listens again on the next', async () => {
      const database = openPostgres(serverUrl, 2);
      const heard: string[] = [];
      database.onNotify('principal_change', (event) => heard.push(event));
      try {
        expect(database.listening()).toBe(false); // no connection yet
        const result = await database.db.execute(sql`select pg_backend_pid() as pid`);
        const [{ pid }] = (result as unknown as { rows: { pid: number }[] }).rows;
        expect(database.listening()).toBe(true);
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        for (let i = 0; i < 100 && database.listening(); i++) await new Promise((r) => setTimeout(r, 10));
        expect(database.listening()).toBe(false);
        expect(heard).toEqual(['gap']);
        await database.db.execute(sql`select pg_notify('principal_change', 'test')`);
        expect(heard).toEqual(['gap', 'notify']);
        expect(database.listening()).toBe(true);
      } finally {
        await database.close();
      }
    });
  }
});
