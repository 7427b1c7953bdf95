import { randomUUID } from 'node:crypto';
import { API_BASE, CHAT_WS_PATH, type ChatServerFrame, chatCloseCodes } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { chatHubs } from './chat-ws';

let t: TestApp;
let wsUrl = '';
let pharmacyA = 0;
let pharmacyB = 0;
const tokens: Record<string, string> = {};
const sockets: WebSocket[] = [];

interface Client {
  ws: WebSocket;
  frames: ChatServerFrame[];
  /** Resolves with the first frame (already received or to come) that matches. */
  next(match: (f: ChatServerFrame) => boolean): Promise<ChatServerFrame>;
  closed: Promise<number>;
  send(frame: unknown): void;
}

function open(): Client {
  const ws = new WebSocket(wsUrl);
  sockets.push(ws);
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
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    next: (match) => {
      const seen = frames.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
    send: (frame) => void opened.then(() => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))),
  };
}

/** A socket that has said hello and been answered `ready`. */
async function connect(phone: string, side: 'staff' | 'patient', pharmacyId?: number) {
  const client = open();
  client.send({ t: 'hello', token: tokens[phone], side, ...(pharmacyId ? { pharmacy_id: pharmacyId } : {}) });
  const ready = await Promise.race([client.next((f) => f.t === 'ready'), client.closed.then((code) => code)]);
  if (typeof ready === 'number') throw new Error(`${phone} closed with ${ready}`);
  return client;
}

const accountId = async (phone: string) =>
  (await queryRows<{ id: number }>(t.app.db, sql`select id from account where phone = ${phone}`)).rows[0].id;

/** Opens (or finds) the patient's conversation with a pharmacy through the patient route. */
async function openConversation(phone: string, pharmacyId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chat/patient/conversations',
    headers: headers(tokens[phone]),
    payload: { pharmacy_id: pharmacyId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function patientSends(phone: string, conversationId: number, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/chat/patient/conversations/${conversationId}/messages`,
    headers: headers(tokens[phone]),
    payload: { client_id: randomUUID(), kind: 'text', body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; seq: number; conversation_id: number };
}

const isMessage = (body: string) => (f: ChatServerFrame) => f.t === 'message' && f.message.body === body;
const bodies = (c: Client) => c.frames.flatMap((f) => (f.t === 'message' ? [f.message.body] : []));

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}${API_BASE}${CHAT_WS_PATH}`;
  const { rows } = await queryRows<{ id: number }>(t.app.db, sql`select id from pharmacy order by id limit 2`);
  [pharmacyA, pharmacyB] = rows.map((r) => r.id);
  // pharmacy B gets a pharmacist of its own (the doctor's account), and 13800000002 talks as a second patient
  await queryRows(
    t.app.db,
    sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
        values (${pharmacyB}, ${await accountId('13800000005')}, 'pharmacist', '{}')`,
  );
  for (const phone of ['13800000001', '13800000002', '13800000005', '13800000006', '13900000001']) {
    tokens[phone] = await t.login(phone);
  }
}, 60_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t?.close();
});

describe('chat WebSocket: who may connect', () => {
  it('closes 4401 for an unknown token and 4400 when the first frame is not a hello', async () => {
    const bad = open();
    bad.send({ t: 'hello', token: 'not-a-session', side: 'patient' });
    expect(await bad.closed).toBe(chatCloseCodes.unauthorized);

    const rude = open();
    rude.send({ t: 'ping' });
    expect(await rude.closed).toBe(chatCloseCodes.badFrame);
  });

  it('closes 4403 for staff of a pharmacy the account has no chat role in, and answers ready otherwise', async () => {
    const outsider = open();
    outsider.send({ t: 'hello', token: tokens['13800000006'], side: 'staff', pharmacy_id: pharmacyB });
    expect(await outsider.closed).toBe(chatCloseCodes.forbidden);

    const patientAsStaff = open();
    patientAsStaff.send({ t: 'hello', token: tokens['13900000001'], side: 'staff', pharmacy_id: pharmacyA });
    expect(await patientAsStaff.closed).toBe(chatCloseCodes.forbidden);

    const staff = await connect('13800000006', 'staff', pharmacyA);
    expect(staff.frames[0]).toMatchObject({ t: 'ready', account_id: await accountId('13800000006') });
    staff.send({ t: 'ping' });
    await staff.next((f) => f.t === 'pong');
    staff.send('not json');
    await staff.next((f) => f.t === 'error' && f.code === 400);
    // the console's connection marks it seen (a status row created online the first time)
    const { rows } = await queryRows<{ status: string; seen: boolean }>(
      t.app.db,
      sql`select status, last_seen_at is not null as seen from chat_staff_status
          where pharmacy_id = ${pharmacyA} and account_id = ${await accountId('13800000006')}`,
    );
    expect(rows).toEqual([{ status: 'online', seen: true }]);
    staff.ws.close();
  });
});

describe('chat WebSocket: frames go to their conversation’s people only', () => {
  it("pharmacy B's staff gets none of pharmacy A's frames; A's staff and the patient do; another patient neither", async () => {
    const staffA = await connect('13800000006', 'staff', pharmacyA);
    const staffB = await connect('13800000005', 'staff', pharmacyB);
    const shopB = await connect('13800000001', 'staff', pharmacyB);
    const patient = await connect('13900000001', 'patient');
    const otherPatient = await connect('13800000002', 'patient');

    const inA = await openConversation('13900000001', pharmacyA);
    await patientSends('13900000001', inA, '甲店的问题');
    await staffA.next(isMessage('甲店的问题'));
    await patient.next(isMessage('甲店的问题'));

    // then a frame each of the others must get; frames reach a socket in order, so what came before it is all
    const inB = await openConversation('13800000002', pharmacyB);
    await patientSends('13800000002', inB, '乙店的问题');
    await staffB.next(isMessage('乙店的问题'));
    await shopB.next(isMessage('乙店的问题'));
    await otherPatient.next(isMessage('乙店的问题'));

    expect(bodies(staffB)).not.toContain('甲店的问题');
    expect(bodies(shopB)).not.toContain('甲店的问题');
    expect(bodies(otherPatient)).not.toContain('甲店的问题');
    const conversationsSeen = (c: Client) => [
      ...new Set(c.frames.flatMap((f) => ('conversation' in f ? [f.conversation.id] : []))),
    ];
    expect(conversationsSeen(staffB)).toEqual([inB]);
    expect(conversationsSeen(shopB)).toEqual([inB]);
    expect(conversationsSeen(otherPatient)).toEqual([inB]);
    // the patient only sees their own conversation
    await patientSends('13900000001', inA, '甲店的第二个问题');
    await patient.next(isMessage('甲店的第二个问题'));
    await staffA.next(isMessage('甲店的第二个问题'));
    expect(bodies(patient)).not.toContain('乙店的问题');
    expect(bodies(staffA)).not.toContain('乙店的问题');
    expect(conversationsSeen(patient)).toEqual([inA]);

    for (const c of [staffA, staffB, shopB, patient, otherPatient]) c.ws.close();
  });

  it('a staff reply sent through REST reaches the patient as a message frame, and the typing frame its other side', async () => {
    const staffA = await connect('13800000006', 'staff', pharmacyA);
    const patient = await connect('13900000001', 'patient');
    const inA = await openConversation('13900000001', pharmacyA);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/conversations/${inA}/messages`,
      headers: headers(tokens['13800000006'], pharmacyA),
      payload: { client_id: randomUUID(), kind: 'text', body: '您好，请问有什么可以帮您？' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const frame = await patient.next(isMessage('您好，请问有什么可以帮您？'));
    expect(frame).toMatchObject({
      t: 'message',
      message: { conversation_id: inA, seq: reply.json().data.seq, sender_side: 'staff' },
      conversation: { id: inA },
    });

    patient.send({ t: 'typing', conversation_id: inA });
    expect(await staffA.next((f) => f.t === 'typing')).toEqual({
      t: 'typing',
      conversation_id: inA,
      side: 'patient',
      name: '李小华',
    });
    staffA.send({ t: 'typing', conversation_id: inA });
    expect(await patient.next((f) => f.t === 'typing')).toMatchObject({ conversation_id: inA, side: 'staff' });
    // not echoed to the sender's own socket
    expect(patient.frames.filter((f) => f.t === 'typing')).toHaveLength(1);
    expect(staffA.frames.filter((f) => f.t === 'typing')).toHaveLength(1);
    staffA.ws.close();
    patient.ws.close();
  });

  it("typing on another pharmacy's (or another patient's) conversation is refused and forwarded to nobody", async () => {
    const staffA = await connect('13800000006', 'staff', pharmacyA);
    const staffB = await connect('13800000005', 'staff', pharmacyB);
    const patient = await connect('13900000001', 'patient');
    const otherPatient = await connect('13800000002', 'patient');
    const inA = await openConversation('13900000001', pharmacyA);

    staffB.send({ t: 'typing', conversation_id: inA });
    expect(await staffB.next((f) => f.t === 'error')).toMatchObject({ t: 'error', code: 404 });
    otherPatient.send({ t: 'typing', conversation_id: inA });
    expect(await otherPatient.next((f) => f.t === 'error')).toMatchObject({ t: 'error', code: 404 });
    // A's own staff typing comes after: the patient gets that one, and nothing before it
    staffA.send({ t: 'typing', conversation_id: inA });
    await patient.next((f) => f.t === 'typing');
    expect(patient.frames.filter((f) => f.t === 'typing')).toEqual([
      { t: 'typing', conversation_id: inA, side: 'staff', name: '刘静怡' },
    ]);
    // and A's staff got no typing frame from the others' attempts: its next typing is the patient's own
    patient.send({ t: 'typing', conversation_id: inA });
    await staffA.next((f) => f.t === 'typing');
    expect(staffA.frames.filter((f) => f.t === 'typing')).toEqual([
      { t: 'typing', conversation_id: inA, side: 'patient', name: '李小华' },
    ]);
    for (const c of [staffA, staffB, patient, otherPatient]) c.ws.close();
  });
});

describe('chat WebSocket: the queue', () => {
  it("a staff console that connects is offered its pharmacy's oldest queued conversation", async () => {
    tokens['13800000003'] = await t.login('13800000003');
    await openConversation('13800000003', pharmacyA); // a new conversation waits in A's queue
    tokens['13800000004'] = await t.login('13800000004');
    const cs = await connect('13800000004', 'staff', pharmacyA);
    const offer = await cs.next((f) => f.t === 'offer');
    expect(offer).toMatchObject({
      t: 'offer',
      conversation: { pharmacy_id: pharmacyA, status: 'open', assignee_id: null },
    });
    cs.ws.close();
  });
});

describe('chat WebSocket: sessions are re-read', () => {
  it('closes 4401 once the session is signed out', async () => {
    const token = await t.login('13900000001');
    tokens.signedOut = token;
    const patient = await connect('signedOut', 'patient');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: headers(token) });
    expect(out.statusCode).toBe(200);
    // the periodic re-check (every 60 s), run now
    for (const hub of chatHubs) await hub.recheckSessions();
    expect(await patient.closed).toBe(chatCloseCodes.unauthorized);
  });

  it("closes a staff socket 4403 once its chat role in that pharmacy is gone; the account's others stay", async () => {
    const staffB = await connect('13800000005', 'staff', pharmacyB);
    const asPatient = await connect('13800000005', 'patient');
    await queryRows(
      t.app.db,
      sql`delete from pharmacy_member where pharmacy_id = ${pharmacyB} and account_id = ${await accountId('13800000005')}`,
    );
    for (const hub of chatHubs) await hub.recheckSessions();
    expect(await staffB.closed).toBe(chatCloseCodes.forbidden);
    asPatient.send({ t: 'ping' });
    await asPatient.next((f) => f.t === 'pong');
    asPatient.ws.close();
  });
});
