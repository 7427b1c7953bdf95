import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { loadConfig, testDatabaseUrl } from '../config';
import { type DatabaseHandle, openPostgres } from '../db/client';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/index';
import { databaseUrl, openTemplatedPglite, postgresTemplate, waitForNoSessions } from './template';

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
