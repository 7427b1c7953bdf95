import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { UserInfo } from '@pharmacy/shared';

/** The demo accounts' password (README), also the fresh accounts'. */
export const DEMO_PASSWORD = 'Demo@12345';
/** The demo operator (平台运营, `all`): may send messages to any account. */
export const OPERATOR_PHONE = '13800000007';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

export interface RealServer {
  /** `http://127.0.0.1:<port>`: give it to configureHttp({ baseURL }). */
  url: string;
  /** Fresh accounts (no role, no data), one per test that needs data of its own. */
  accounts: string[];
  /** Calls the API directly (set-up and checks); answers the envelope's `data`, throws on anything but code 0. */
  api<T = unknown>(method: string, url: string, options?: { token?: string; body?: unknown }): Promise<T>;
  /** Signs in with the password and answers the session token and the user (as the console stores them). */
  signIn(phone: string): Promise<{ token: string; user: UserInfo }>;
  stop(): Promise<void>;
}

/**
 * Starts the real API server (apps/server/src/test/web-test-server.ts: the Fastify app on a fresh database from the
 * seeded PGlite template) as a child process, for one test file: call it in `beforeAll` and `stop()` in `afterAll`.
 * The child also stops by itself when this process ends, since its stdin is a pipe from here.
 */
export async function startRealServer(options: { accounts?: number; timeoutMs?: number } = {}): Promise<RealServer> {
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/server/src/test/web-test-server.ts', '--accounts', String(options.accounts ?? 0)],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    },
  );
  let output = '';
  const ready = new Promise<{ url: string; accounts: string[] }>((resolve, reject) => {
    let line = '';
    child.stdout?.on('data', (d: Buffer) => {
      line += d.toString();
      const end = line.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(line.slice(0, end)));
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`test server exited (${code ?? signal}): ${output}`)));
  });
  ready.catch(() => undefined); // its failure is reported once, by the race below
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };

  const timeoutMs = options.timeoutMs ?? 90_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`test server did not start in ${timeoutMs} ms: ${output}`)), timeoutMs);
  });
  let started: { url: string; accounts: string[] };
  try {
    started = await Promise.race([ready, deadline]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const api: RealServer['api'] = async (method, url, { token, body } = {}) => {
    const res = await fetch(`${started.url}/api/v1${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { auth: token } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const envelope = JSON.parse(text) as { code: number; data: never };
    if (res.status !== 200 || envelope.code !== 0) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return envelope.data;
  };

  return {
    ...started,
    api,
    async signIn(phone) {
      const { token } = await api<{ token: string }>('POST', '/user/admin/login', {
        body: { phone, password: DEMO_PASSWORD },
      });
      const user = await api<UserInfo>('GET', '/user/info/me', { token });
      return { token, user };
    },
    stop,
  };
}
