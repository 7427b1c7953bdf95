import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testDatabaseUrl } from '../config';
import { type ApiClient, apiClient, createPgDatabase, type ServerProcess, signIn, startServer } from './server-process';

const pgUrl = testDatabaseUrl();

/** Two server processes on one fresh PostgreSQL database: nothing one instance knows lives only in its memory. */
function twoInstancesOnPostgres(serverUrl: string) {
  describe('two instances on one PostgreSQL', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'harness-two-'));
    let drop: () => Promise<void> = async () => undefined;
    let one: ServerProcess | undefined;
    let two: ServerProcess | undefined;
    let api1: ApiClient;
    let api2: ApiClient;

    beforeAll(async () => {
      const db = await createPgDatabase(serverUrl);
      drop = db.drop;
      // started together: the second waits for the first's migrations (advisory lock) and finds the seed done
      [one, two] = await Promise.all([
        startServer({ dataDir: path.join(dataDir, 'one'), databaseUrl: db.url }),
        startServer({ dataDir: path.join(dataDir, 'two'), databaseUrl: db.url }),
      ]);
      api1 = apiClient(one.url);
      api2 = apiClient(two.url);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()]);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a session created on one instance is valid on the other, and a sign-out on the other ends it', async () => {
      const token = await signIn(api1, '13800000002');
      const me = await api2<{ phone: string }>('GET', '/user/info/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.data.phone).toBe('13800000002');
      expect((await api2('POST', '/user/logout', { token })).status).toBe(200);
      expect((await api1('GET', '/user/info/me', { token })).status).toBe(401);
    });

    it('a message sent through one instance is counted as unread through the other', async () => {
      const patient = await signIn(api1, '13900000001');
      const admin = await signIn(api2, '13800000007');
      const before = await api1<{ count: number }>('GET', '/message/unread_count', { token: patient });
      const sent = await api2('POST', '/message', {
        token: admin,
        body: { phone: '13900000001', kind: 'system', title: '双实例测试', content: '经由第二个实例发送' },
      });
      expect(sent.status).toBe(200);
      const after = await api1<{ count: number }>('GET', '/message/unread_count', { token: patient });
      expect(after.body.data.count).toBe(before.body.data.count + 1);
    });
  });
}

/** On PGlite the database lives inside one server process, so a second instance has nothing to share. */
function notApplicableOnPglite() {
  const reason =
    'two instances need a shared PostgreSQL (TEST_DATABASE_URL); the embedded PGlite database belongs to one process';
  console.info(`two-instances: ${reason}`);
  describe('two instances: not applicable on PGlite', () => {
    it('runs on the embedded database here, which one process owns (set TEST_DATABASE_URL for the two-instance run)', () => {
      expect(loadConfig({ DATA_DIR: 'data' }).databaseUrl).toBeUndefined();
    });
  });
}

if (pgUrl) twoInstancesOnPostgres(pgUrl);
else notApplicableOnPglite();
