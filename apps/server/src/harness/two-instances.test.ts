import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, CHAT_WS_PATH, type ChatServerFrame } from '@pharmacy/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDatabaseUrl } from '../config';
import { seededPgliteDataDir } from '../test/template';
import {
  type ApiClient,
  apiClient,
  createPgDatabase,
  type ServerProcess,
  signIn,
  startServer,
  type UploadClient,
  uploadClient,
} from './server-process';

const pgUrl = testDatabaseUrl();

/** A chat socket that has said hello; `next` waits for a frame (already received or to come). */
async function chatSocket(serverUrl: string, hello: Record<string, unknown>) {
  const ws = new WebSocket(`${serverUrl.replace('http', 'ws')}${API_BASE}${CHAT_WS_PATH}`);
  const frames: ChatServerFrame[] = [];
  const waiters: Array<{ match: (f: ChatServerFrame) => boolean; resolve: (f: ChatServerFrame) => void }> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ChatServerFrame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const next = (match: (f: ChatServerFrame) => boolean) => {
    const seen = frames.find(match);
    return seen ? Promise.resolve(seen) : new Promise<ChatServerFrame>((resolve) => waiters.push({ match, resolve }));
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ t: 'hello', ...hello }));
  const ready = await Promise.race([next((f) => f.t === 'ready'), closed]);
  if (typeof ready === 'number') throw new Error(`chat socket closed with ${ready}`);
  return { ws, frames, next, closed };
}

const messageWith = (body: string) => (f: ChatServerFrame) => f.t === 'message' && f.message.body === body;

/**
 * Two server processes on one fresh PostgreSQL database and one data directory (a shared volume: the file storage):
 * nothing one instance knows lives only in its memory.
 */
function twoInstancesOnPostgres(serverUrl: string) {
  describe('two instances on one PostgreSQL', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'harness-two-'));
    let drop: () => Promise<void> = async () => undefined;
    let dbUrl = '';
    let one: ServerProcess | undefined;
    let two: ServerProcess | undefined;
    let api1: ApiClient;
    let api2: ApiClient;
    let upload1: UploadClient;

    beforeAll(async () => {
      const db = await createPgDatabase(serverUrl);
      drop = db.drop;
      dbUrl = db.url;
      // started together: the second waits for the first's migrations (advisory lock) and finds the seed done
      [one, two] = await Promise.all([
        startServer({ dataDir, databaseUrl: db.url }),
        startServer({ dataDir, databaseUrl: db.url }),
      ]);
      api1 = apiClient(one.url);
      api2 = apiClient(two.url);
      upload1 = uploadClient(one.url);
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
      // instance one has seen the session too, and keeps its principal (plugins/principal-cache.ts)
      expect((await api1('GET', '/user/info/me', { token })).status).toBe(200);
      expect((await api2('POST', '/user/logout', { token })).status).toBe(200);
      // one hears of the sign-out through NOTIFY, moments after two's commit: within a second, never later
      const deadline = Date.now() + 1_000;
      let status = 200;
      while (status !== 401 && Date.now() < deadline) {
        status = (await api1('GET', '/user/info/me', { token })).status;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status).toBe(401);
    });

    it("a membership taken away by another connection closes the pharmacy's routes on an instance that kept it", async () => {
      const token = await signIn(api1, '13800000002');
      const orders = () => api1('GET', '/orders/pharmacy?page=1&page_size=10', { token, pharmacyId: 1 });
      expect((await orders()).status).toBe(200);
      const admin = new pg.Client({ connectionString: dbUrl });
      await admin.connect();
      const member = "account_id = (select id from account where phone = '13800000002')";
      try {
        await admin.query(`update pharmacy_member set status = 'disabled' where ${member}`);
        const deadline = Date.now() + 1_000;
        let status = 200;
        while (status !== 403 && Date.now() < deadline) {
          status = (await orders()).status;
          if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(status).toBe(403);
      } finally {
        await admin.query(`update pharmacy_member set status = 'active' where ${member}`);
        await admin.end();
      }
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

    it('a medicine file previewed on one instance is applied, and its error report read, on the other', async () => {
      const admin = await signIn(api1, '13800000007');
      const stamp = Date.now() % 100_000_000;
      const csv = [
        '药品名称*,通用名*,规格*,生产厂家*,批准文号,类型*',
        `双实例导入甲${stamp},双实例通用名甲,10mg*12片,测试制药有限公司,国药准字H${String(stamp).padStart(8, '0')},OTC`,
        `双实例导入乙${stamp},双实例通用名乙,20mg*12片,测试制药有限公司,国药准字H${String(stamp + 1).padStart(8, '0')},OTC`,
        `双实例导入丙${stamp},,20mg*12片,测试制药有限公司,,OTC`,
      ].join('\n');
      const form = new FormData();
      form.append('file', new Blob([csv]), '药品.csv');
      form.append('mode', 'create');
      const preview = await upload1<{ upload_id: string; report: { valid: number; invalid: number } }>(
        '/admin/product/import/preview',
        form,
        admin,
      );
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.report).toMatchObject({ valid: 2, invalid: 1 });
      const { upload_id } = preview.body.data;

      const report = await fetch(`${two?.url}/api/v1/admin/product/import/${upload_id}/errors`, {
        headers: { auth: admin },
      });
      expect(report.status).toBe(200);
      expect((await report.arrayBuffer()).byteLength).toBeGreaterThan(0);

      const applied = await api2<{ created: number; skipped: number }>('POST', '/admin/product/import', {
        token: admin,
        body: { upload_id, only_valid: true },
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      expect(applied.body.data).toEqual({ created: 2, updated: 0, skipped: 1 });
      // the rows are in the one database: applying again through the first instance finds them there
      const again = await api1('POST', '/admin/product/import', {
        token: admin,
        body: { upload_id, only_valid: false },
      });
      expect(again.status).toBe(400);
      expect(again.body.msg).toContain('未导入任何数据');
    });

    it('chat: a patient on one instance and a pharmacist on the other talk both ways over WebSockets', async () => {
      const patient = await signIn(api1, '13900000001');
      const pharmacist = await signIn(api2, '13800000006');
      const pharmacyId = (await api2<{ pharmacy_info: { id: number } }>('GET', '/user/info/me', { token: pharmacist }))
        .body.data.pharmacy_info.id;
      const patientSocket = await chatSocket(one!.url, { token: patient, side: 'patient' });
      const staffSocket = await chatSocket(two!.url, { token: pharmacist, side: 'staff', pharmacy_id: pharmacyId });
      try {
        const opened = await api1<{ id: number }>('POST', '/chat/patient/conversations', {
          token: patient,
          body: { pharmacy_id: pharmacyId },
        });
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
        const id = opened.body.data.id;

        const asked = await api1<{ seq: number }>('POST', `/chat/patient/conversations/${id}/messages`, {
          token: patient,
          body: { client_id: randomUUID(), kind: 'text', body: '实例一的患者提问' },
        });
        expect(asked.status, JSON.stringify(asked.body)).toBe(200);
        expect(await staffSocket.next(messageWith('实例一的患者提问'))).toMatchObject({
          message: { conversation_id: id, seq: asked.body.data.seq, sender_side: 'patient' },
        });

        const answered = await api2<{ seq: number }>('POST', `/chat/conversations/${id}/messages`, {
          token: pharmacist,
          pharmacyId,
          body: { client_id: randomUUID(), kind: 'text', body: '实例二的药师回答' },
        });
        expect(answered.status, JSON.stringify(answered.body)).toBe(200);
        expect(await patientSocket.next(messageWith('实例二的药师回答'))).toMatchObject({
          message: { conversation_id: id, seq: answered.body.data.seq, sender_side: 'staff' },
        });

        // each side's socket also had its own message back (both instances listen), once
        await patientSocket.next(messageWith('实例一的患者提问'));
        await staffSocket.next(messageWith('实例二的药师回答'));
        const count = (frames: ChatServerFrame[], body: string) => frames.filter(messageWith(body)).length;
        expect(count(patientSocket.frames, '实例一的患者提问')).toBe(1);
        expect(count(staffSocket.frames, '实例一的患者提问')).toBe(1);
        expect(count(patientSocket.frames, '实例二的药师回答')).toBe(1);
        expect(count(staffSocket.frames, '实例二的药师回答')).toBe(1);
      } finally {
        patientSocket.ws.close();
        staffSocket.ws.close();
      }
    });

    it("chat: when PostgreSQL ends an instance's LISTEN connection, its sockets are closed to resync (1012) and frames flow again", async () => {
      const patient = await signIn(api1, '13900000001');
      const pharmacist = await signIn(api2, '13800000006');
      const pharmacyId = (await api2<{ pharmacy_info: { id: number } }>('GET', '/user/info/me', { token: pharmacist }))
        .body.data.pharmacy_info.id;
      const before = await chatSocket(one!.url, { token: patient, side: 'patient' });
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = $1 and query ilike 'LISTEN chat_frames%'`,
          [new URL(dbUrl).pathname.slice(1)],
        );
        expect(rows[0].n).toBe(2);
      } finally {
        await admin.end();
      }
      // the instance listens again, then tells its clients to reconnect and catch up
      expect(await before.closed).toBe(1012);
      const patientSocket = await chatSocket(one!.url, { token: patient, side: 'patient' });
      const opened = await api1<{ id: number }>('POST', '/chat/patient/conversations', {
        token: patient,
        body: { pharmacy_id: pharmacyId },
      });
      const id = opened.body.data.id;
      const answered = await api2('POST', `/chat/conversations/${id}/messages`, {
        token: pharmacist,
        pharmacyId,
        body: { client_id: randomUUID(), kind: 'text', body: '重连之后的回答' },
      });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      await patientSocket.next(messageWith('重连之后的回答'));
      patientSocket.ws.close();
    });

    it('both keep serving when PostgreSQL ends their idle connections (a database restart, an administrator)', async () => {
      const token = await signIn(api1, '13800000002');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [new URL(dbUrl).pathname.slice(1)],
        );
        expect(rows[0].n).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(one?.child.exitCode).toBeNull();
      expect(two?.child.exitCode).toBeNull();
      expect((await api1('GET', '/user/info/me', { token })).status).toBe(200);
      expect((await api2('GET', '/user/info/me', { token })).status).toBe(200);
    });
  });
}

/**
 * On PGlite the database lives inside one server process: two instances cannot share it. What must hold instead is that
 * a second server on the same data directory refuses to start (it used to start and work on a diverging copy).
 */
function secondInstanceRefusedOnPglite() {
  console.info('two-instances: sharing needs PostgreSQL (TEST_DATABASE_URL); on PGlite a second instance must refuse');
  describe("two instances on PGlite: the second refuses the first one's data directory", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'harness-two-pglite-'));
    let first: ServerProcess | undefined;
    afterAll(async () => {
      await first?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a second server on the same DATA_DIR exits naming the owner, and the first keeps serving', async () => {
      await seededPgliteDataDir(dataDir); // a seeded database, as the first instance has after its first start
      first = await startServer({ dataDir });
      await expect(startServer({ dataDir, timeoutMs: 30_000 })).rejects.toThrow(/in use by process \d+/);
      const api = apiClient(first.url);
      const me = await api('GET', '/user/info/me', { token: await signIn(api, '13800000002') });
      expect(me.status).toBe(200);
    }, 90_000);
  });
}

if (pgUrl) twoInstancesOnPostgres(pgUrl);
else secondInstanceRefusedOnPglite();
