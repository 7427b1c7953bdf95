import {
  type ChatConversation,
  type ChatMessage,
  type ChatServerFrame,
  chatConversationSchema,
  chatDefaults,
  chatMessageSchema,
  chatMessages,
  chatSystemTexts,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatBus, ChatEnvelope } from '../../lib/chat-bus';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createFileStorage } from '../../lib/storage';
import { insertOrder, pickQuotes } from '../../test/order-fixture';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';
import { ConversationRepository } from './conversation.repository';
import { ConversationService } from './conversation.service';

let t: TestApp;
let pharmacyA: number;
let pharmacyB: number;
let pharmacyC: number;
/** staff of A */
let cs: string;
let pharmacist: string;
let manager: string;
let csId: number;
let pharmacistId: number;
/** staff of B only */
let staffB: string;
/** the shop: a member of both A and B */
let shop: string;
let patientSeq = 0;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f9d0000000049454e44ae426082',
  'hex',
);

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, pharmacyId?: number) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    remoteAddress: t.nextIp(),
    ...(payload ? { payload } : {}),
  });
/** A staff call in pharmacy A (or the one given). */
const staff = (method: Method, url: string, token: string, payload?: object, pharmacyId = pharmacyA) =>
  call(method, url, token, payload, pharmacyId);

const accountIdOf = async (phone: string) =>
  (await one<{ id: number }>(sql`select id from account where phone = ${phone}`)).id;

/** A fresh patient account (signed in): each test talks in its own conversations. */
async function newPatient(): Promise<{ token: string; id: number }> {
  patientSeq += 1;
  const phone = `1370000${String(2000 + patientSeq).padStart(4, '0')}`;
  const hash = await hashPassword(DEMO_PASSWORD);
  const id = (
    await one<{ id: number }>(sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${`患者${patientSeq}`}, ${hash}) returning id`)
  ).id;
  return { token: await t.login(phone), id };
}

let clientSeq = 0;
const clientId = () => `test-client-${Date.now()}-${++clientSeq}`;
const text = (body: string, id = clientId()) => ({ client_id: id, kind: 'text', body });

async function open(patient: string, pharmacyId = pharmacyA): Promise<ChatConversation> {
  const res = await call('POST', '/chat/patient/conversations', patient, { pharmacy_id: pharmacyId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function patientSend(patient: string, id: number, body: object): Promise<ChatMessage> {
  const res = await call('POST', `/chat/patient/conversations/${id}/messages`, patient, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function staffSend(token: string, id: number, body: object): Promise<ChatMessage> {
  const res = await staff('POST', `/chat/conversations/${id}/messages`, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function allMessages(conversationId: number): Promise<{ seq: number; kind: string; body: string }[]> {
  return rows(sql`select seq, kind, body, sender_side from chat_message where conversation_id = ${conversationId}
    order by seq`);
}

/** Chat settings straight into the table (the desk's settings route is another part's). */
async function setSettings(pharmacyId: number, values: Partial<Record<'work_days' | 'per_staff_limit', unknown>>) {
  const workDays = (values.work_days as number[] | undefined) ?? [1, 2, 3, 4, 5, 6, 7];
  const limit = (values.per_staff_limit as number | undefined) ?? 10;
  await t.database.db.execute(sql`insert into chat_setting (pharmacy_id, greeting, off_hours_reply, work_days,
      work_start, work_end, per_staff_limit)
    values (${pharmacyId}, ${chatDefaults.greeting}, ${chatDefaults.off_hours_reply},
      ${`{${workDays.join(',')}}`}::smallint[], '00:00', '24:00', ${limit})
    on conflict (pharmacy_id) do update set work_days = excluded.work_days, per_staff_limit = excluded.per_staff_limit,
      work_start = excluded.work_start, work_end = excluded.work_end`);
}

beforeAll(async () => {
  t = await createTestApp();
  const memberOf = async (phone: string) =>
    (
      await one<{ pharmacy_id: number }>(sql`select m.pharmacy_id from pharmacy_member m join account a
        on a.id = m.account_id where a.phone = ${phone} order by m.pharmacy_id limit 1`)
    ).pharmacy_id;
  pharmacyA = await memberOf('13800000004');
  pharmacyB = await memberOf('13800000017');
  pharmacyC = (
    await one<{ id: number }>(sql`select id from pharmacy where status = 'active' and id not in (${pharmacyA},
      ${pharmacyB}) order by id limit 1`)
  ).id;
  expect(pharmacyA).not.toBe(pharmacyB);
  // always working hours in A and B (00:00–24:00 every day): no off-hours reply whenever the tests run
  await setSettings(pharmacyA, {});
  await setSettings(pharmacyB, {});
  cs = await t.login('13800000004');
  pharmacist = await t.login('13800000006');
  manager = await t.login('13800000003');
  staffB = await t.login('13800000017');
  shop = await t.login('13800000001');
  csId = await accountIdOf('13800000004');
  pharmacistId = await accountIdOf('13800000006');
});
afterAll(async () => {
  await t?.close();
});

describe('opening and sending', () => {
  it('open creates one queued conversation with the greeting; opening again answers the same one', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    chatConversationSchema.strict().parse(conversation);
    expect(conversation).toMatchObject({
      pharmacy_id: pharmacyA,
      patient_account_id: p.id,
      status: 'open',
      assignee_id: null,
      last_seq: 1,
      last_message_preview: chatDefaults.greeting,
      staff_unread: 0,
      patient_unread: 0,
    });
    expect(conversation.queued_at).not.toBeNull();
    const again = await open(p.token);
    expect(again.id).toBe(conversation.id);

    const res = await call('GET', `/chat/patient/conversations/${conversation.id}/messages`, p.token);
    expect(res.statusCode).toBe(200);
    const { list, has_more } = res.json().data;
    expect(has_more).toBe(false);
    expect(list).toHaveLength(1);
    chatMessageSchema.strict().parse(list[0]);
    expect(list[0]).toMatchObject({ seq: 1, sender_side: 'system', kind: 'text', body: chatDefaults.greeting });
    const pharmacyName = (await one<{ name: string }>(sql`select name from pharmacy where id = ${pharmacyA}`)).name;
    expect(list[0].sender_name).toBe(pharmacyName);
  });

  it('concurrent opens make one conversation', async () => {
    const p = await newPatient();
    const opened = await Promise.all([open(p.token), open(p.token), open(p.token)]);
    expect(new Set(opened.map((c) => c.id)).size).toBe(1);
    expect(await allMessages(opened[0].id)).toHaveLength(1);
  });

  it('send answers the stored message with its seq; staff see it in the list with the unread count', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const m = await patientSend(p.token, conversation.id, text('你好，请问布洛芬怎么吃？'));
    chatMessageSchema.strict().parse(m);
    expect(m).toMatchObject({ conversation_id: conversation.id, seq: 2, sender_side: 'patient', sender_id: p.id });

    const list = await staff('GET', '/chat/conversations?scope=unassigned&page_size=100', cs);
    expect(list.statusCode).toBe(200);
    const row = list.json().data.list.find((c: ChatConversation) => c.id === conversation.id);
    expect(row).toMatchObject({ staff_unread: 1, last_seq: 2, last_message_preview: '你好，请问布洛芬怎么吃？' });
    // the patient's phone is masked for staff, whole for the patient
    expect(row.patient_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const mine = (await call('GET', '/chat/patient/conversations', p.token)).json().data as ChatConversation[];
    expect(mine.find((c) => c.id === conversation.id)!.patient_phone).toMatch(/^\d{11}$/);

    const detail = await staff('GET', `/chat/conversations/${conversation.id}`, pharmacist);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.id).toBe(conversation.id);
  });

  it('the same client_id twice is one message, also when sent at once', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const id = clientId();
    const first = await patientSend(p.token, conversation.id, text('只发一次', id));
    const again = await patientSend(p.token, conversation.id, text('只发一次', id));
    expect(again).toEqual(first);
    const concurrentId = clientId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => patientSend(p.token, conversation.id, text('并发重发', concurrentId))),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const stored = await allMessages(conversation.id);
    expect(stored.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(
      (
        await one<{ staff_unread: number }>(sql`select staff_unread from conversation
      where id = ${conversation.id}`)
      ).staff_unread,
    ).toBe(2);
  });

  it('20 concurrent sends get seqs 2..21 without gaps or duplicates', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => patientSend(p.token, conversation.id, text(`第 ${i + 1} 条`))),
    );
    const seqs = answers.map((a) => a.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const stored = await allMessages(conversation.id);
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    for (const a of answers) expect(stored.find((m) => m.seq === a.seq)!.body).toBe(a.body);
    const row = await one<{ last_seq: number; staff_unread: number }>(sql`select last_seq, staff_unread
      from conversation where id = ${conversation.id}`);
    expect(row).toEqual({ last_seq: 21, staff_unread: 20 });
  });

  it('staff sending into a queued conversation takes it and the patient is told', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const m = await staffSend(cs, conversation.id, text('您好，我是客服'));
    expect(m.seq).toBe(3);
    expect(m.sender_side).toBe('staff');
    expect(m.sender_name).toBe('王丽娟');
    const stored = await allMessages(conversation.id);
    expect(stored[1]).toMatchObject({ seq: 2, kind: 'system', body: chatSystemTexts.assigned('王丽娟') });
    const detail = (await staff('GET', `/chat/conversations/${conversation.id}`, cs)).json().data;
    expect(detail).toMatchObject({ assignee_id: csId, assignee_name: '王丽娟', queued_at: null, patient_unread: 1 });
  });

  it('older messages page backward with before_seq, catch up forward with after_seq', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    for (let i = 0; i < 7; i++) await patientSend(p.token, conversation.id, text(`消息 ${i}`));
    const newest = (await staff('GET', `/chat/conversations/${conversation.id}/messages?limit=3`, cs)).json().data;
    expect(newest.list.map((m: ChatMessage) => m.seq)).toEqual([6, 7, 8]);
    expect(newest.has_more).toBe(true);
    const older = (
      await staff('GET', `/chat/conversations/${conversation.id}/messages?limit=10&before_seq=6`, cs)
    ).json().data;
    expect(older.list.map((m: ChatMessage) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(older.has_more).toBe(false);
    const after = (
      await call('GET', `/chat/patient/conversations/${conversation.id}/messages?after_seq=5&limit=2`, p.token)
    ).json().data;
    expect(after.list.map((m: ChatMessage) => m.seq)).toEqual([6, 7]);
  });
});

describe('bad input gets a Chinese message, never a 500', () => {
  it.each([
    ['empty text', { client_id: 'abcdefgh1', kind: 'text', body: '   ' }],
    ['too long', { client_id: 'abcdefgh2', kind: 'text', body: 'x'.repeat(1001) }],
    ['bad client id', { client_id: 'a b', kind: 'text', body: 'hi' }],
    ['unknown kind', { client_id: 'abcdefgh3', kind: 'video', body: 'hi' }],
    ['no body', undefined],
  ])('%s → 400', async (_name, payload) => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const res = await call('POST', `/chat/patient/conversations/${conversation.id}/messages`, p.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('an unknown conversation id → 404 会话不存在; a malformed one → 400', async () => {
    const p = await newPatient();
    const missing = await call('POST', '/chat/patient/conversations/99999999/messages', p.token, text('hi'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(chatMessages.notFound);
    const malformed = await staff('GET', '/chat/conversations/abc', cs);
    expect(malformed.statusCode).toBe(400);
  });

  it('opening with a missing pharmacy → 404 药店不存在', async () => {
    const p = await newPatient();
    const res = await call('POST', '/chat/patient/conversations', p.token, { pharmacy_id: 99999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(chatMessages.pharmacyNotFound);
  });
});
