import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../config';
import { postgresTemplate } from '../test/template';

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout + stderr so far (for failure messages). */
  output(): string;
  /** SIGKILL the whole process group (tsx and the node process it runs): a crash, no shutdown hooks. */
  crash(): Promise<void>;
  /** SIGTERM and wait: a clean stop. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * The real server (`tsx apps/server/src/main.ts`) as a child process in its own process group, on PGlite in `dataDir`
 * or on PostgreSQL at `databaseUrl` (seeded with the demo data). Resolves once /healthz answers.
 */
export async function startServer(options: { dataDir: string; databaseUrl?: string; timeoutMs?: number }) {
  const port = await freePort();
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      WEB_DIST: path.join(options.dataDir, 'no-web'),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, SEED_DEMO: '1' } : {}),
    },
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => log,
    async crash() {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited(child);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await server.crash();
  throw new Error(`server did not start in time: ${log}`);
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, and how to drop it. */
export async function createPgDatabase(serverUrl: string, options: { seeded?: boolean } = {}) {
  const name = `h_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // seeded: a copy of the test template (migrated and seeded, test/template.ts); else empty, for the server to fill
    await admin.query(
      options.seeded
        ? `create database ${name} template ${await postgresTemplate(admin, serverUrl)}`
        : `create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // let closing pools finish first: a forced drop would send their sockets a FATAL mid-close
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A small JSON client for the console API. */
export function apiClient(base: string) {
  return async function call<T = unknown>(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; pharmacyId?: number; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: { code: number; msg: string; data: T } }> {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { auth: options.token } : {}),
        ...(options.pharmacyId ? { pharmacyid: String(options.pharmacyId) } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    let body: { code: number; msg: string; data: T };
    try {
      body = JSON.parse(text);
    } catch {
      body = { code: -1, msg: text.slice(0, 200), data: null as T };
    }
    return { status: res.status, body };
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Multipart upload to the console API. */
export function uploadClient(base: string) {
  return async function upload<T = unknown>(url: string, form: FormData, token?: string) {
    const res = await fetch(`${base}/api/v1${url}`, {
      method: 'POST',
      headers: token ? { auth: token } : {},
      body: form,
    });
    const text = await res.text();
    let body: { code: number; msg: string; data: T };
    try {
      body = JSON.parse(text);
    } catch {
      body = { code: -1, msg: text.slice(0, 200), data: null as T };
    }
    return { status: res.status, body };
  };
}

export type UploadClient = ReturnType<typeof uploadClient>;

export async function signIn(call: ApiClient, phone: string, password = 'Demo@12345') {
  const res = await call<{ token: string }>('POST', '/user/admin/login', { body: { phone, password } });
  if (res.status !== 200) throw new Error(`sign-in ${phone}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}
