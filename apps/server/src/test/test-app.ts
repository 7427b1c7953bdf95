import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { loadConfig, testDatabaseUrl } from '../config';
import { type DatabaseHandle, migrationsFolder, openPglite, openPostgres } from '../db/client';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/index';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  /** The text of the last captcha the app drew (the image itself is random noise to a test). */
  lastCaptchaText(): string;
  /** The code of the latest SMS the built-in provider wrote to the outbox for this phone. */
  lastSmsCode(phone: string): string | undefined;
  /** Signs in with the demo password and returns the session token. */
  login(phone: string, password?: string): Promise<string>;
  /** A fresh client address, so that failure counting per address does not leak between tests. */
  nextIp(): string;
  close(): Promise<void>;
}

let ipCounter = 0;

const templateSources = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const seedDir = path.join(here, '../db/seed');
  const files = [
    ...readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name)),
    ...readdirSync(seedDir)
      .filter((f) => !f.endsWith('.test.ts'))
      .map((f) => path.join(seedDir, f)),
  ].sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
};

/**
 * PGlite runs initdb on every new database (seconds). The first test file migrates and seeds one and dumps it to
 * a tarball keyed by the migrations and seed sources; later files start from that dump.
 */
async function openTemplatedPglite(): Promise<DatabaseHandle> {
  const file = path.join(tmpdir(), `pharmacy-pglite-template-${templateSources()}.tar`);
  if (existsSync(file)) return openPglite(undefined, new Blob([readFileSync(file)]));
  const database = await openPglite();
  await database.migrate();
  await seedDemo(database.db);
  const dump = await database.dump!();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/** Serialises building the PostgreSQL template across test processes (the seed uses 72_011_002). */
const PG_TEMPLATE_LOCK_KEY = 72_011_913;

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Waits until no session is connected to `name` (pg's pool.end() resolves before its sockets have closed). */
async function waitForNoSessions(client: pg.Client, name: string) {
  for (let i = 0; i < 40; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let pgTemplateName: string | undefined;

/**
 * The PostgreSQL counterpart of the PGlite dump: one database `tpl_<hash of migrations and seed>` migrated and seeded
 * once per server (built under a temporary name and renamed, so a half-built one is never used); each test file's
 * database is a copy of it (CREATE DATABASE … TEMPLATE, a file copy) instead of migrating and seeding (seconds).
 */
async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `tpl_${templateSources()}`;
  if (pgTemplateName === name) return name;
  const exists = async () =>
    ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  if (!(await exists())) {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK_KEY]);
    try {
      if (!(await exists())) {
        const building = `${name}_b${process.pid}`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(
          `create database ${building} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
        );
        const database = openPostgres(databaseUrl(serverUrl, building), 5);
        try {
          await database.migrate();
          await seedDemo(database.db);
        } finally {
          await database.close();
        }
        await waitForNoSessions(admin, building);
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK_KEY]);
    }
  }
  pgTemplateName = name;
  return name;
}

async function createDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const database = await openTemplatedPglite();
    return { database, drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = await postgresTemplate(admin, serverUrl);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(databaseUrl(serverUrl, name), 5);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed; a forced drop then terminates them mid-close and the
      // FATAL 57P01 surfaces as an unhandled error in whichever test file runs next. Wait for them to go first.
      await waitForNoSessions(c, name);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real app on a fresh database per test file: PGlite in memory, or a throwaway database `t_<random>` on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards), both copied from a migrated and seeded template.
 */
export async function createTestApp(
  options: {
    rateLimit?: { loginPerMinute: number; smsPerMinute: number };
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    webDist?: string;
  } & Partial<Pick<BuildAppOptions, 'serveWeb'>> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-test-'));
  const { database, drop } = await createDatabase();
  await database.migrate();
  await seedDemo(database.db);

  let captchaText = '';
  const config = {
    ...loadConfig({}),
    dataDir,
    webDist: options.webDist ?? path.join(dataDir, 'no-web'),
    rateLimit: options.rateLimit ?? { loginPerMinute: 10_000, smsPerMinute: 10_000 },
  };
  const app = await buildApp({
    config,
    database,
    logger: false,
    housekeeping: false,
    serveWeb: options.serveWeb ?? !!options.webDist,
    createCaptchaImage: () => {
      captchaText = randomBytes(3).toString('hex').slice(0, 4);
      return { text: captchaText, svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${captchaText}</text></svg>` };
    },
  });
  await options.beforeReady?.(app);
  await app.ready();

  const outbox = path.join(dataDir, 'sms-outbox.log');
  const nextIp = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  return {
    app,
    database,
    dataDir,
    lastCaptchaText: () => captchaText,
    lastSmsCode(phone) {
      let text = '';
      try {
        text = readFileSync(outbox, 'utf8');
      } catch {
        return undefined;
      }
      const lines = text.trim().split('\n').filter(Boolean);
      for (let i = lines.length - 1; i >= 0; i--) {
        const entry = JSON.parse(lines[i]) as { phone: string; code: string };
        if (entry.phone === phone) return entry.code;
      }
      return undefined;
    },
    async login(phone, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/admin/login',
        payload: { phone, password },
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 200) throw new Error(`login ${phone} failed: ${res.body}`);
      return res.json().data.token as string;
    },
    nextIp,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers a console call carries. */
export const headers = (token?: string, pharmacyId?: number | string): InjectOptions['headers'] => ({
  ...(token ? { auth: token } : {}),
  ...(pharmacyId !== undefined ? { pharmacyid: String(pharmacyId) } : {}),
});
