import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, repoRoot, testDatabaseUrl } from '../config';
import { openDatabase } from '../db/client';

/**
 * The README's commands, run as the README writes them. `README.md`'s ```bash blocks are read line by line; every
 * command there must be one this file runs or one whose runner is named below, so a command added to the README
 * without a test fails here.
 */
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const readmeCommands = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1].split('\n'))
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const withoutComment = (line: string) => line.replace(/\s+#.*$/, '');

/** Commands that other runners execute on a fresh clone (the README's own test command runs them all). */
const runElsewhere: Record<string, string> = {
  'npm install && npm start':
    '.ci/run (npm install); npm test builds the console and e2e starts the server on an embedded database',
  'DATABASE_URL=postgres://user:pass@host:5432/db npm start':
    'the server on PostgreSQL: the API suite on PostgreSQL (scripts/test-all.sh) and harness/two-instances.test.ts',
  'DATABASE_URL=postgres://user:pass@host:5432/db SEED_DEMO=1 npm start':
    "seeding on PostgreSQL: the API tests' template database is seeded once per run under scripts/test-all.sh (test/test-app.ts), and harness/two-instances.test.ts starts servers with SEED_DEMO=1",
  'npm test': '.ci/run',
  'npm run bench': 'by hand: bench/README.md (timings are recorded there, not asserted)',
};

describe('README commands', () => {
  it('every command the README shows is run here or by a named runner', () => {
    expect(readmeCommands.length).toBeGreaterThan(0);
    const unknown = readmeCommands
      .map(withoutComment)
      .filter((c) => !(c in runElsewhere) && !c.startsWith('npm run create-admin '));
    expect(unknown).toEqual([]);
    expect(readmeCommands.filter((c) => c.startsWith('npm run create-admin '))).toHaveLength(1);
  });
});

describe('npm run create-admin, as the README writes it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
  let dropDatabase = async () => undefined;
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A throwaway PostgreSQL database when the suite runs on PostgreSQL; else the CLI uses PGlite under DATA_DIR. */
  const databaseUrl = async () => {
    const server = testDatabaseUrl();
    if (!server) return undefined;
    const name = `t_admin_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name} template template0 encoding 'UTF8'`);
    await admin.end();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  };

  it('creates an operator who can then sign in', { timeout: 180_000 }, async () => {
    const line = readmeCommands.find((c) => c.startsWith('npm run create-admin '))!;
    const url = await databaseUrl();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '' };
    delete env.DATABASE_URL;
    if (url) env.DATABASE_URL = url;
    // exactly the README's line, from the repository root, through a shell (its quoting, its comment)
    const run = spawnSync('bash', ['-c', line], { cwd: repoRoot, env, encoding: 'utf8', timeout: 170_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);

    const phone = /--phone\s+(\d{11})/.exec(line)![1];
    const password = /--password\s+'([^']+)'/.exec(line)![1];
    expect(run.stdout).toContain(`已创建运营账号 ${phone}`);

    const config = { ...loadConfig({}), dataDir, databaseUrl: url, webDist: path.join(dataDir, 'no-web') };
    const database = await openDatabase({ databaseUrl: url, dataDir, poolMax: 2 });
    const app = await buildApp({ config, database, logger: false, housekeeping: false, serveWeb: false });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/admin/login',
        payload: { phone, password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user_info).toMatchObject({ phone, roles: ['admin'], admin_permissions: ['all'] });
    } finally {
      await app.close();
    }
  });
});
