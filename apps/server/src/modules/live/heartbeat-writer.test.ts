import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HeartbeatWriter } from './heartbeat-writer';
import { viewerServices } from './viewer.routes';

let t: TestApp;
let pharmacyId: number;
let liveA: number;
let liveB: number;
let accounts: number[];

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: pharmacyId }] = await rows<{ id: number }>(sql`select id from pharmacy order by id limit 1`);
  const lives = await rows<{ id: number }>(
    sql`insert into live (pharmacy_id, title, lecturer, start_at, end_at, status)
      values (${pharmacyId}, '甲', '讲师', now(), now() + interval '1 hour', 'live'),
             (${pharmacyId}, '乙', '讲师', now(), now() + interval '1 hour', 'live') returning id`,
  );
  [liveA, liveB] = lives.map((l) => l.id);
  accounts = (await rows<{ id: number }>(sql`select id from account order by id limit 3`)).map((a) => a.id);
});
afterAll(async () => {
  await t?.close();
});

/** A clock the test moves. */
const clock = (start = Date.parse('2026-11-24T03:00:00Z')) => {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
};

const watchOf = async (liveId: number) =>
  rows<{ account_id: number; seconds: number; beats: number; day: string }>(
    sql`select account_id, seconds, beats, day::text as day from live_watch where live_id = ${liveId} order by account_id, day`,
  );

describe('HeartbeatWriter', () => {
  it('credits one beat per (live, account) per window and per beat period; flush writes both tables at once', async () => {
    const c = clock();
    const writer = new HeartbeatWriter(t.database.db, { flushMs: 0, now: c.now });
    const beat = (liveId: number, accountId: number) => writer.add({ pharmacyId, liveId, accountId, mode: 'live' });
    expect(beat(liveA, accounts[0])).toBe(true);
    expect(beat(liveA, accounts[0])).toBe(false); // same window
    expect(beat(liveA, accounts[1])).toBe(true);
    expect(beat(liveB, accounts[0])).toBe(true);
    expect(writer.pendingCount).toBe(3);
    expect(await writer.flush()).toBe(3);
    expect(writer.pendingCount).toBe(0);

    c.advance(1000); // a page beating every second: not credited until the beat period has passed
    expect(beat(liveA, accounts[0])).toBe(false);
    c.advance(3000);
    expect(beat(liveA, accounts[0])).toBe(true);
    expect(await writer.flush()).toBe(1);
    c.advance(5000);
    expect(beat(liveA, accounts[0])).toBe(true);
    expect(await writer.flush()).toBe(1);
    expect(await writer.flush()).toBe(0);

    expect(await watchOf(liveA)).toEqual([
      { account_id: accounts[0], seconds: 15, beats: 3, day: '2026-11-24' },
      { account_id: accounts[1], seconds: 5, beats: 1, day: '2026-11-24' },
    ]);
    expect(await watchOf(liveB)).toEqual([{ account_id: accounts[0], seconds: 5, beats: 1, day: '2026-11-24' }]);
    const raw = await rows<{ n: number; s: number }>(
      sql`select count(*)::int as n, sum(seconds)::int as s from live_heartbeat where live_id = ${liveA}`,
    );
    expect(raw).toEqual([{ n: 4, s: 20 }]);
    await writer.close();
  });

  it('splits watch time by Shanghai day (16:00 UTC is midnight in Shanghai)', async () => {
    const c = clock(Date.parse('2026-11-25T15:59:58Z'));
    const writer = new HeartbeatWriter(t.database.db, { flushMs: 0, now: c.now });
    writer.add({ pharmacyId, liveId: liveB, accountId: accounts[2], mode: 'replay' });
    await writer.flush();
    c.advance(5000);
    writer.add({ pharmacyId, liveId: liveB, accountId: accounts[2], mode: 'replay' });
    await writer.flush();
    const days = (await watchOf(liveB)).filter((w) => w.account_id === accounts[2]);
    expect(days).toEqual([
      { account_id: accounts[2], seconds: 5, beats: 1, day: '2026-11-25' },
      { account_id: accounts[2], seconds: 5, beats: 1, day: '2026-11-26' },
    ]);
    await writer.close();
  });

  it('keeps a failed batch for the next flush (nothing lost, nothing doubled)', async () => {
    const c = clock(Date.parse('2026-11-27T03:00:00Z'));
    let fail = true;
    const errors: unknown[] = [];
    const flaky = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        // PostgreSQL's named statements go to the pool ($client) directly: without it they go through execute
        if (prop === '$client' && fail) return undefined;
        if (prop === 'execute' && fail) {
          return async () => {
            throw new Error('connection lost');
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as Database;
    const writer = new HeartbeatWriter(flaky, { flushMs: 0, now: c.now, onError: (e) => errors.push(e) });
    writer.add({ pharmacyId, liveId: liveA, accountId: accounts[2], mode: 'live' });
    expect(await writer.flush()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(writer.pendingCount).toBe(1);
    fail = false;
    expect(await writer.flush()).toBe(1);
    const w = (await watchOf(liveA)).filter((r) => r.account_id === accounts[2] && r.day === '2026-11-27');
    expect(w).toEqual([{ account_id: accounts[2], seconds: 5, beats: 1, day: '2026-11-27' }]);
    await writer.close();
  });

  it('close() writes what is left and refuses later beats', async () => {
    const c = clock(Date.parse('2026-11-28T03:00:00Z'));
    const writer = new HeartbeatWriter(t.database.db, { flushMs: 0, now: c.now });
    writer.add({ pharmacyId, liveId: liveB, accountId: accounts[1], mode: 'live' });
    await writer.close();
    expect(writer.add({ pharmacyId, liveId: liveB, accountId: accounts[0], mode: 'live' })).toBe(false);
    const w = (await watchOf(liveB)).filter((r) => r.day === '2026-11-28');
    expect(w).toEqual([{ account_id: accounts[1], seconds: 5, beats: 1, day: '2026-11-28' }]);
  });
});

describe("the app's writer", () => {
  it('flushes the buffered beats when the app closes, before the database closes', async () => {
    const app = await createTestApp();
    const [{ id: live }] = (
      await queryRows<{ id: number }>(
        app.database.db,
        sql`insert into live (pharmacy_id, title, lecturer, start_at, end_at, status)
          values (${pharmacyId}, '丙', '讲师', now(), now() + interval '1 hour', 'live') returning id`,
      )
    ).rows;
    const writer = viewerServices.get(app.app.db)!.writer;
    expect(writer.add({ pharmacyId, liveId: live, accountId: accounts[0], mode: 'live' })).toBe(true);
    let written: unknown[] = [];
    const closeDatabase = app.database.close.bind(app.database);
    app.database.close = async () => {
      written = (await queryRows(app.database.db, sql`select seconds, beats from live_watch where live_id = ${live}`))
        .rows;
      await closeDatabase();
    };
    await app.close();
    expect(written).toEqual([{ seconds: 5, beats: 1 }]);
  });
});
