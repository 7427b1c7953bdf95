import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { seededPgliteDataDir } from '../test/template';
import { apiClient, createPgDatabase, type ServerProcess, signIn, startServer, uploadClient } from './server-process';
import { queryDb } from './world';
import { type ScenarioContext, writeScenarios } from './write-scenarios';

// The server project runs once on PGlite and once on PostgreSQL: this file crashes the server on the same engine.
const pgUrl = testDatabaseUrl();
const engine = pgUrl ? 'PostgreSQL' : 'PGlite';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe(`crash safety on ${engine}: SIGKILL during a burst of writes, restart on the same data`, () => {
  it('keeps every acknowledged write and no partial record', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'harness-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // the server starts on a copy of the seeded test template: its first start (migrate, seed) is not the subject here
    let databaseUrl: string | undefined;
    if (pgUrl) {
      const db = await createPgDatabase(pgUrl, { seeded: true });
      cleanups.push(db.drop);
      databaseUrl = db.url;
    } else await seededPgliteDataDir(dataDir);
    let server: ServerProcess = await startServer({ dataDir, databaseUrl });
    cleanups.push(() => server.crash());

    const ctx: ScenarioContext = {
      call: apiClient(server.url),
      upload: uploadClient(server.url),
      tokens: { admin: '', patient: '' },
    };
    ctx.tokens.admin = await signIn(ctx.call, '13800000007');
    ctx.tokens.patient = await signIn(ctx.call, '13900000001');
    const scenarios = writeScenarios();
    for (const s of scenarios) await s.prepare?.(ctx);

    // the burst: two writers per scenario; SIGKILL once enough writes are acknowledged, while others are in flight
    const next = new Map(scenarios.map((s) => [s, 0]));
    const lastError = new Map<(typeof scenarios)[number], string>();
    let crashed = false;
    const writer = async (s: (typeof scenarios)[number]) => {
      while (!crashed) {
        const n = next.get(s) ?? 0;
        next.set(s, n + 1);
        try {
          await s.write(ctx, n);
        } catch (err) {
          lastError.set(s, String(err));
          return; // the server is gone (or the scenario broke: reported below): this write is unacknowledged
        }
      }
    };
    const ready = () => scenarios.every((s) => s.acknowledged() >= 3 || lastError.has(s));
    const writers = scenarios.flatMap((s) => [writer(s), writer(s)]);
    const started = Date.now();
    while (!ready() && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 5));
    crashed = true;
    await server.crash();
    await Promise.all(writers);
    for (const s of scenarios) {
      expect(s.acknowledged(), `${s.name}: acknowledged writes before the crash (${lastError.get(s)})`).toBeGreaterThan(
        0,
      );
    }

    // restart on the same data; the sessions of before the crash are still valid
    server = await startServer({ dataDir, databaseUrl });
    ctx.call = apiClient(server.url);
    ctx.upload = uploadClient(server.url);
    console.info(
      `${engine}: acknowledged before SIGKILL — ${scenarios.map((s) => `${s.name}: ${s.acknowledged()}`).join(', ')}`,
    );
    const problems: string[] = [];
    for (const s of scenarios) problems.push(...(await s.verify(ctx)).map((p) => `${s.name}: ${p}`));
    await server.stop();
    // what the API does not show, read from the database itself once the server is gone (PGlite has one owner)
    const database = databaseUrl ? openPostgres(databaseUrl, 1) : await openPglite(path.join(dataDir, 'pglite'));
    try {
      const sql = (text: string) => queryDb<Record<string, unknown>>(database.db, text);
      for (const s of scenarios) problems.push(...((await s.verifyStored?.(sql)) ?? []).map((p) => `${s.name}: ${p}`));
    } finally {
      await database.close();
    }
    expect(problems).toEqual([]);
  }, 150_000);
});
