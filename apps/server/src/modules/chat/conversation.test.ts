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

let staffSeq = 0;
/** A fresh customer-service member of pharmacy A (signed in), holding nothing yet. */
async function newStaff(): Promise<{ token: string; id: number }> {
  staffSeq += 1;
  const phone = `1360000${String(3000 + staffSeq).padStart(4, '0')}`;
  const hash = await hashPassword(DEMO_PASSWORD);
  const id = (
    await one<{ id: number }>(sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${`客服${staffSeq}`}, ${hash}) returning id`)
  ).id;
  await t.database.db.execute(sql`insert into pharmacy_member (pharmacy_id, account_id, role)
    values (${pharmacyA}, ${id}, 'customer_service')`);
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
    const { greeting } = await one<{ greeting: string }>(sql`select greeting from chat_setting
      where pharmacy_id = ${pharmacyA}`);
    expect(conversation).toMatchObject({
      pharmacy_id: pharmacyA,
      patient_account_id: p.id,
      status: 'open',
      assignee_id: null,
      last_seq: 1,
      last_message_preview: greeting.slice(0, 60),
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
    expect(list[0]).toMatchObject({ seq: 1, sender_side: 'system', kind: 'text', body: greeting });
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
    expect(stored[1]).toMatchObject({
      seq: 2,
      kind: 'system',
      body: chatSystemTexts.assigned('王丽娟', 'customer_service'),
    });
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

  it('a seq or id beyond the integer range is refused by the schema (400), not by the database', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    for (const res of [
      await call('PUT', `/chat/patient/conversations/${conversation.id}/read`, p.token, { seq: 2147483648 }),
      await call('POST', '/chat/patient/sync', p.token, { known: [{ id: 2147483648, seq: 1 }] }),
      await call('GET', `/chat/patient/conversations/${conversation.id}/messages?after_seq=2147483648`, p.token),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(/SQLSTATE/);
    }
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

describe('assignment: take, transfer, close, reopen', () => {
  it('concurrent take by two staff: one 200, one 409 该会话已被其他同事接入', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const [a, b] = await Promise.all([
      staff('POST', `/chat/conversations/${conversation.id}/take`, cs),
      staff('POST', `/chat/conversations/${conversation.id}/take`, pharmacist),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().msg).toBe(chatMessages.taken);
    const winner = (a.statusCode === 200 ? a : b).json().data as ChatConversation;
    expect([csId, pharmacistId]).toContain(winner.assignee_id);
    expect(winner.queued_at).toBeNull();
    const notices = (await allMessages(conversation.id)).filter((m) => m.kind === 'system');
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toBe(
      chatSystemTexts.assigned(
        winner.assignee_name,
        winner.assignee_id === pharmacistId ? 'pharmacist' : 'customer_service',
      ),
    );
  });

  it('over the per-staff limit → 409 with the limit', async () => {
    await setSettings(pharmacyA, { per_staff_limit: 1 });
    try {
      const fresh = await newStaff();
      const first = await open((await newPatient()).token);
      const second = await open((await newPatient()).token);
      expect((await staff('POST', `/chat/conversations/${first.id}/take`, fresh.token)).statusCode).toBe(200);
      const over = await staff('POST', `/chat/conversations/${second.id}/take`, fresh.token);
      expect(over.statusCode).toBe(409);
      expect(over.json().msg).toBe(chatMessages.overLimit(1));
      // still in the queue for someone else
      const row = (await staff('GET', `/chat/conversations/${second.id}`, cs)).json().data;
      expect(row.assignee_id).toBeNull();
    } finally {
      await setSettings(pharmacyA, {});
    }
  });

  it('transfer to a colleague, close, reopen: each tells the patient', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    await staff('POST', `/chat/conversations/${conversation.id}/take`, pharmacist);

    // only the assignee (or a settings manager) transfers; not to self; only to a chat colleague of this pharmacy
    const notMine = await staff('POST', `/chat/conversations/${conversation.id}/transfer`, cs, { assignee_id: csId });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().msg).toBe(chatMessages.notMine);
    const self = await staff('POST', `/chat/conversations/${conversation.id}/transfer`, pharmacist, {
      assignee_id: pharmacistId,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(chatMessages.selfTransfer);
    const outsider = await staff('POST', `/chat/conversations/${conversation.id}/transfer`, pharmacist, {
      assignee_id: await accountIdOf('13800000017'),
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().msg).toBe(chatMessages.colleagueNotFound);
    const doctor = await staff('POST', `/chat/conversations/${conversation.id}/transfer`, pharmacist, {
      assignee_id: await accountIdOf('13800000005'),
    });
    expect(doctor.statusCode).toBe(400);

    const moved = await staff('POST', `/chat/conversations/${conversation.id}/transfer`, pharmacist, {
      assignee_id: csId,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ assignee_id: csId, assignee_name: '王丽娟' });

    // another staff member (not the assignee, not a manager) may not close it
    const refused = await staff('POST', `/chat/conversations/${conversation.id}/close`, pharmacist);
    expect(refused.statusCode).toBe(403);
    const closed = await staff('POST', `/chat/conversations/${conversation.id}/close`, cs);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed' });
    expect(closed.json().data.closed_at).not.toBeNull();

    // staff cannot write into a closed conversation
    const late = await staff('POST', `/chat/conversations/${conversation.id}/messages`, cs, text('还在吗'));
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(chatMessages.closed);

    const reopened = await staff('POST', `/chat/conversations/${conversation.id}/reopen`, pharmacist);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'open', assignee_id: pharmacistId, closed_at: null });

    const trail = await rows<{ action: string; account_id: number }>(sql`select action, account_id from audit_log
      where target = ${`conversation:${conversation.id}`} order by id`);
    expect(trail).toEqual([
      { action: 'chat.take', account_id: pharmacistId },
      { action: 'chat.transfer', account_id: pharmacistId },
      { action: 'chat.close', account_id: csId },
      { action: 'chat.reopen', account_id: pharmacistId },
    ]);

    const notices = (await allMessages(conversation.id)).filter((m) => m.kind === 'system').map((m) => m.body);
    expect(notices).toEqual([
      chatSystemTexts.assigned('刘静怡', 'pharmacist'),
      chatSystemTexts.transferred('王丽娟'),
      chatSystemTexts.closed,
      chatSystemTexts.reopened('刘静怡'),
    ]);
    // system messages are unread for nobody
    const row = await one<{ staff_unread: number; patient_unread: number }>(sql`select staff_unread, patient_unread
      from conversation where id = ${conversation.id}`);
    expect(row).toEqual({ staff_unread: 0, patient_unread: 0 });
  });

  it('a manager closes anyone’s conversation; reopen refused while the patient has another open one', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    await staff('POST', `/chat/conversations/${conversation.id}/take`, cs);
    expect((await staff('POST', `/chat/conversations/${conversation.id}/close`, manager)).statusCode).toBe(200);
    const next = await open(p.token);
    expect(next.id).not.toBe(conversation.id);
    const refused = await staff('POST', `/chat/conversations/${conversation.id}/reopen`, cs);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(chatMessages.alreadyOpen);
  });

  it('a patient writing into a closed conversation opens a new one with the message', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    await staff('POST', `/chat/conversations/${conversation.id}/take`, cs);
    await staff('POST', `/chat/conversations/${conversation.id}/close`, cs);
    const id = clientId();
    const m = await patientSend(p.token, conversation.id, text('我还有一个问题', id));
    expect(m.conversation_id).not.toBe(conversation.id);
    expect(m.seq).toBe(2); // after the new conversation's greeting
    const fresh = (await call('GET', '/chat/patient/conversations', p.token)).json().data as ChatConversation[];
    const current = fresh.find((c) => c.id === m.conversation_id)!;
    expect(current).toMatchObject({ status: 'open', assignee_id: null, staff_unread: 1 });
    // the resend (to the old id) is the same message
    const again = await patientSend(p.token, conversation.id, text('我还有一个问题', id));
    expect(again.id).toBe(m.id);
  });
});

/** Every page of a staff list. */
async function listAll(token: string, query: string, pharmacyId = pharmacyA): Promise<ChatConversation[]> {
  const out: ChatConversation[] = [];
  for (let page = 1; ; page++) {
    const res = await staff(
      'GET',
      `/chat/conversations?${query}&page=${page}&page_size=100`,
      token,
      undefined,
      pharmacyId,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    out.push(...data.list);
    if (out.length >= data.total || !data.list.length) return out;
  }
}

describe('read receipts and unread counters', () => {
  it('read moves the read seq forward only, never past the last, and recounts what is left', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    for (const body of ['一', '二', '三']) await patientSend(p.token, conversation.id, text(body));
    const read = (seq: number) => staff('PUT', `/chat/conversations/${conversation.id}/read`, cs, { seq });

    let res = await read(3);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ staff_read_seq: 3, staff_unread: 1 });
    res = await read(2);
    expect(res.json().data).toMatchObject({ staff_read_seq: 3, staff_unread: 1 });
    res = await read(1000);
    expect(res.json().data).toMatchObject({ staff_read_seq: 4, staff_unread: 0 });

    // the other side: staff messages unread for the patient until read; the patient's read is the staff's receipt
    await staffSend(cs, conversation.id, text('您好'));
    await staffSend(cs, conversation.id, text('请问有什么可以帮您'));
    const mine = (await call('GET', '/chat/patient/conversations', p.token)).json().data as ChatConversation[];
    const last = mine.find((c) => c.id === conversation.id)!;
    expect(last.patient_unread).toBe(2);
    const patientRead = await call('PUT', `/chat/patient/conversations/${conversation.id}/read`, p.token, {
      seq: last.last_seq,
    });
    expect(patientRead.statusCode).toBe(200);
    expect(patientRead.json().data).toMatchObject({ patient_unread: 0, patient_read_seq: last.last_seq });
    const seen = (await staff('GET', `/chat/conversations/${conversation.id}`, cs)).json().data;
    expect(seen.patient_read_seq).toBe(last.last_seq);

    const bad = await staff('PUT', `/chat/conversations/${conversation.id}/read`, cs, { seq: -1 });
    expect(bad.statusCode).toBe(400);
  });

  it('the badge (chat.unread) equals the sums the list shows', async () => {
    const fresh = await newStaff();
    const p = await newPatient();
    const queued = await open(p.token);
    await patientSend(p.token, queued.id, text('排队中的消息'));
    const q = await newPatient();
    const taken = await open(q.token);
    await staff('POST', `/chat/conversations/${taken.id}/take`, fresh.token);
    await patientSend(q.token, taken.id, text('给我的消息 1'));
    await patientSend(q.token, taken.id, text('给我的消息 2'));

    const badge = (await staff('GET', '/chat/unread', fresh.token)).json().data;
    const mine = await listAll(fresh.token, 'scope=mine&status=open');
    const unassigned = await listAll(fresh.token, 'scope=unassigned&status=open');
    const sum = (list: ChatConversation[]) => list.reduce((n, c) => n + c.staff_unread, 0);
    expect(badge).toEqual({
      unread: sum(mine) + sum(unassigned),
      mine_unread: sum(mine),
      queued: unassigned.length,
      mine_open: mine.length,
      per_staff_limit: 10,
    });
    expect(badge.mine_unread).toBe(2);
    expect(badge.mine_open).toBe(1);
    expect(badge.unread).toBeGreaterThanOrEqual(3);

    await staff('PUT', `/chat/conversations/${taken.id}/read`, fresh.token, { seq: 1000 });
    const after = (await staff('GET', '/chat/unread', fresh.token)).json().data;
    expect(after.mine_unread).toBe(0);
    expect(after.unread).toBe(badge.unread - 2);
  });

  it('list filters: mine / unassigned / all, open / closed, keyword by name or phone', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const name = await one<{ name: string; phone: string }>(sql`select name, phone from account where id = ${p.id}`);
    const byName = await listAll(cs, `scope=all&keyword=${encodeURIComponent(name.name)}`);
    expect(byName.map((c) => c.id)).toEqual([conversation.id]);
    const byPhone = await listAll(cs, `scope=all&keyword=${name.phone.slice(3, 9)}`);
    expect(byPhone.map((c) => c.id)).toContain(conversation.id);
    expect((await listAll(cs, 'scope=unassigned')).map((c) => c.id)).toContain(conversation.id);
    expect((await listAll(cs, 'scope=mine')).map((c) => c.id)).not.toContain(conversation.id);
    await staff('POST', `/chat/conversations/${conversation.id}/take`, cs);
    await staff('POST', `/chat/conversations/${conversation.id}/close`, cs);
    expect((await listAll(cs, 'scope=all&status=open')).map((c) => c.id)).not.toContain(conversation.id);
    expect((await listAll(cs, 'scope=mine&status=closed')).map((c) => c.id)).toContain(conversation.id);
    const odd = await staff('GET', '/chat/conversations?scope=all&keyword=%25_%5C', cs);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().data.list).toEqual([]);
  });
});

describe('sync: exactly what was missed, in scope', () => {
  it('answers the messages after each known seq and the conversations changed since', async () => {
    const p = await newPatient();
    const a = await open(p.token);
    const before = (await staff('POST', '/chat/sync', cs, { known: [], since: null })).json().data;
    const since = before.server_time as string;
    const known = [{ id: a.id, seq: a.last_seq }];

    const m1 = await patientSend(p.token, a.id, text('断线期间 1'));
    const m2 = await patientSend(p.token, a.id, text('断线期间 2'));
    // a new conversation opened meanwhile (the client did not know it)
    const q = await newPatient();
    const b = await open(q.token);
    // another pharmacy's and another patient's conversations (ids the caller may not see)
    const elsewhere = await open(p.token, pharmacyB);
    await patientSend(p.token, elsewhere.id, text('B 店的消息'));

    const res = await staff('POST', '/chat/sync', cs, {
      known: [...known, { id: elsewhere.id, seq: 0 }],
      since,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.messages.map((m: ChatMessage) => m.id)).toEqual([m1.id, m2.id]);
    expect(data.truncated).toEqual([]);
    const ids = data.conversations.map((c: ChatConversation) => c.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(elsewhere.id);
    for (const c of data.conversations) expect(c.pharmacy_id).toBe(pharmacyA);
    expect(new Date(data.server_time).getTime()).toBeGreaterThanOrEqual(new Date(since).getTime());

    // nothing missed → nothing answered twice
    const again = (
      await staff('POST', '/chat/sync', cs, { known: [{ id: a.id, seq: m2.seq }], since: data.server_time })
    ).json().data;
    expect(again.messages).toEqual([]);

    // the patient's sync: their own only
    const other = await newPatient();
    const theirs = await open(other.token);
    const patientSync = (
      await call('POST', '/chat/patient/sync', p.token, {
        known: [
          { id: a.id, seq: 1 },
          { id: theirs.id, seq: 0 },
        ],
        since,
      })
    ).json().data;
    expect(patientSync.messages.map((m: ChatMessage) => m.seq)).toEqual([2, 3]);
    const patientIds = patientSync.conversations.map((c: ChatConversation) => c.id).sort();
    expect(patientIds).toEqual([a.id, elsewhere.id].sort());
    for (const c of patientSync.conversations) expect(c.patient_account_id).toBe(p.id);
  });

  it('more missed messages than one sync carries → truncated', async () => {
    const p = await newPatient();
    const a = await open(p.token);
    // 205 messages straight into the table (as sends would store them)
    await t.database.db.execute(sql`insert into chat_message (conversation_id, pharmacy_id, seq, sender_side,
        sender_id, kind, body)
      select ${a.id}, ${pharmacyA}, 1 + g, 'patient', ${p.id}, 'text', 'm' || g from generate_series(1, 205) g`);
    await t.database.db.execute(sql`update conversation set last_seq = 206 where id = ${a.id}`);
    const data = (await staff('POST', '/chat/sync', cs, { known: [{ id: a.id, seq: 1 }] })).json().data;
    expect(data.truncated).toEqual([a.id]);
    const seqs = data.messages.map((m: ChatMessage) => m.seq);
    expect(seqs).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
  });

  it('a since before 1970 means everything, not a database error', async () => {
    const res = await staff('POST', '/chat/sync', cs, { known: [], since: '0000-01-01T00:00:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.conversations.length).toBeGreaterThan(0);
  });

  it('bad sync input → 400 with a message', async () => {
    const res = await staff('POST', '/chat/sync', cs, { known: [{ id: 'x', seq: 1 }], since: 'yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
  });
});

describe('isolation', () => {
  it('staff of pharmacy B get 404 on pharmacy A’s conversation, on every route', async () => {
    const p = await newPatient();
    const a = await open(p.token);
    const colleagueB = await accountIdOf('13800000016');
    for (const [token, label] of [
      [staffB, 'B staff'],
      [shop, 'the shop in B'],
    ] as const) {
      const as = (method: Method, url: string, payload?: object) => staff(method, url, token, payload, pharmacyB);
      const answers = [
        await as('GET', `/chat/conversations/${a.id}`),
        await as('GET', `/chat/conversations/${a.id}/messages`),
        await as('POST', `/chat/conversations/${a.id}/messages`, text('越权')),
        await as('PUT', `/chat/conversations/${a.id}/read`, { seq: 1 }),
        await as('POST', `/chat/conversations/${a.id}/take`),
        await as('POST', `/chat/conversations/${a.id}/transfer`, { assignee_id: colleagueB }),
        await as('POST', `/chat/conversations/${a.id}/close`),
        await as('POST', `/chat/conversations/${a.id}/reopen`),
      ];
      for (const res of answers) {
        expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
        expect(res.json().msg).toBe(chatMessages.notFound);
      }
      const list = await listAll(token, 'scope=all', pharmacyB);
      expect(list.map((c) => c.id)).not.toContain(a.id);
    }
    // nothing changed
    const row = await one<{ last_seq: number; assignee_id: number | null; status: string }>(sql`select last_seq,
      assignee_id, status from conversation where id = ${a.id}`);
    expect(row).toEqual({ last_seq: 1, assignee_id: null, status: 'open' });
  });

  it('a patient gets 404 on another patient’s conversation', async () => {
    const p = await newPatient();
    const q = await newPatient();
    const a = await open(p.token);
    for (const res of [
      await call('GET', `/chat/patient/conversations/${a.id}/messages`, q.token),
      await call('POST', `/chat/patient/conversations/${a.id}/messages`, q.token, text('越权')),
      await call('PUT', `/chat/patient/conversations/${a.id}/read`, q.token, { seq: 1 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(chatMessages.notFound);
    }
    const mine = (await call('GET', '/chat/patient/conversations', q.token)).json().data as ChatConversation[];
    expect(mine.map((c) => c.id)).not.toContain(a.id);
    expect((await allMessages(a.id)).length).toBe(1);
  });

  it('roles outside the chat (a doctor) and callers without a pharmacy are refused', async () => {
    const doctor = await t.login('13800000005');
    expect((await staff('GET', '/chat/conversations', doctor)).statusCode).toBe(403);
    expect((await call('GET', '/chat/conversations', cs)).statusCode).toBe(400);
    expect((await call('GET', '/chat/unread')).statusCode).toBe(401);
    expect((await call('GET', '/chat/patient/conversations')).statusCode).toBe(401);
  });
});

describe('off-hours auto-reply', () => {
  it('outside working hours the reply comes once', async () => {
    // pharmacy C works on no day at all
    await t.database.db.execute(sql`insert into chat_setting (pharmacy_id, greeting, off_hours_reply, work_days,
        work_start, work_end, per_staff_limit)
      values (${pharmacyC}, '欢迎', '现在下班了', '{}'::smallint[], '08:30', '21:00', 10)
      on conflict (pharmacy_id) do update set work_days = excluded.work_days,
        off_hours_reply = excluded.off_hours_reply, greeting = excluded.greeting`);
    const p = await newPatient();
    const conversation = await open(p.token, pharmacyC);
    await patientSend(p.token, conversation.id, text('有人吗'));
    await patientSend(p.token, conversation.id, text('在吗'));
    const stored = await rows<{ seq: number; sender_side: string; kind: string; body: string }>(sql`select seq,
      sender_side, kind, body from chat_message where conversation_id = ${conversation.id} order by seq`);
    expect(stored).toEqual([
      { seq: 1, sender_side: 'system', kind: 'text', body: '欢迎' },
      { seq: 2, sender_side: 'patient', kind: 'text', body: '有人吗' },
      { seq: 3, sender_side: 'system', kind: 'text', body: '现在下班了' },
      { seq: 4, sender_side: 'patient', kind: 'text', body: '在吗' },
    ]);
    // the reply counts for nobody's unread
    const row = await one<{ staff_unread: number; patient_unread: number }>(sql`select staff_unread, patient_unread
      from conversation where id = ${conversation.id}`);
    expect(row).toEqual({ staff_unread: 2, patient_unread: 0 });
    // 12 hours later (another off-hours period) it is sent again
    await t.database.db.execute(sql`update conversation set auto_replied_at = now() - interval '13 hours'
      where id = ${conversation.id}`);
    await patientSend(p.token, conversation.id, text('还是没人'));
    expect((await allMessages(conversation.id)).map((m) => m.body).slice(-2)).toEqual(['还是没人', '现在下班了']);
  });

  it('the weekday and hours are Shanghai’s in the one-statement send too (not today → the reply comes)', async () => {
    const shanghai = new Date(Date.now() + 8 * 3_600_000);
    const today = shanghai.getUTCDay() === 0 ? 7 : shanghai.getUTCDay();
    const others = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today);
    const configure = (days: number[], start: string, end: string) =>
      t.database.db.execute(sql`insert into chat_setting (pharmacy_id, greeting, off_hours_reply, work_days,
          work_start, work_end, per_staff_limit)
        values (${pharmacyC}, '欢迎', '现在下班了', ${`{${days.join(',')}}`}::smallint[], ${start}, ${end}, 10)
        on conflict (pharmacy_id) do update set work_days = excluded.work_days, work_start = excluded.work_start,
          work_end = excluded.work_end, off_hours_reply = excluded.off_hours_reply, greeting = excluded.greeting`);
    const bodies = async (id: number) => (await allMessages(id)).map((m) => m.body);
    // every other day, all day: today is off
    await configure(others, '00:00', '24:00');
    const p = await newPatient();
    const conversation = await open(p.token, pharmacyC);
    await patientSend(p.token, conversation.id, text('周几'));
    expect(await bodies(conversation.id)).toEqual(['欢迎', '周几', '现在下班了']);
    // today, but hours that hold no time at all: off
    await configure([1, 2, 3, 4, 5, 6, 7], '00:00', '00:00');
    const q = await newPatient();
    const second = await open(q.token, pharmacyC);
    await patientSend(q.token, second.id, text('几点'));
    expect(await bodies(second.id)).toEqual(['欢迎', '几点', '现在下班了']);
    // today, all day: no reply
    await configure([today], '00:00', '24:00');
    const r = await newPatient();
    const third = await open(r.token, pharmacyC);
    await patientSend(r.token, third.id, text('在班'));
    expect(await bodies(third.id)).toEqual(['欢迎', '在班']);
  });

  it('in working hours there is none', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    await patientSend(p.token, conversation.id, text('工作时间'));
    expect((await allMessages(conversation.id)).map((m) => m.seq)).toEqual([1, 2]);
  });
});

const multipart = (filename: string, data: Buffer) => {
  const boundary = `----chat${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

const upload = (token: string, filename: string, data: Buffer) => {
  const body = multipart(filename, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/chat/upload',
    headers: { ...headers(token), 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: t.nextIp(),
  });
};

describe('cards and images', () => {
  it('staff send a product card of their pharmacy’s quote on sale; not another’s, not off the shelf', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const [quoteId] = await pickQuotes(t.database.db, pharmacyA, 1);
    const quote = await one<{ name: string; spec: string; price: string; type: string; product_id: number }>(sql`
      select pr.name, pr.spec, q.price::text as price, pr.type, q.product_id from quote q
      join product pr on pr.id = q.product_id where q.id = ${quoteId}`);
    const m = await staffSend(cs, conversation.id, { client_id: clientId(), kind: 'product', quote_id: quoteId });
    expect(m.kind).toBe('product');
    expect(m.product).toMatchObject({
      quote_id: quoteId,
      product_id: quote.product_id,
      name: quote.name,
      spec: quote.spec,
      price: quote.price,
      is_rx: quote.type === 'RX',
    });
    const row = (await staff('GET', `/chat/conversations/${conversation.id}`, cs)).json().data;
    expect(row.last_message_preview).toBe(`[商品] ${quote.name}`);

    const foreign = await one<{ id: number }>(sql`select id from quote where pharmacy_id <> ${pharmacyA}
      and status = 'on_shelf' limit 1`);
    const offShelf = await one<{ id: number }>(sql`update quote set status = 'off_shelf' where id = (
      select id from quote where pharmacy_id = ${pharmacyA} and status = 'on_shelf' and id <> ${quoteId}
      order by id desc limit 1) returning id`);
    for (const id of [foreign.id, offShelf.id, 99999999]) {
      const res = await staff('POST', `/chat/conversations/${conversation.id}/messages`, cs, {
        client_id: clientId(),
        kind: 'product',
        quote_id: id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(chatMessages.quoteNotFound);
    }
    // a patient may not send product cards
    const patientCard = await call('POST', `/chat/patient/conversations/${conversation.id}/messages`, p.token, {
      client_id: clientId(),
      kind: 'product',
      quote_id: quoteId,
    });
    expect(patientCard.statusCode).toBe(400);
    expect(patientCard.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('order cards: only that patient’s orders in that pharmacy, from either side', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const order = await insertOrder(t.database.db, {
      pharmacyId: pharmacyA,
      accountId: p.id,
      status: 'pending_shipment',
    });
    const fromPatient = await patientSend(p.token, conversation.id, {
      client_id: clientId(),
      kind: 'order',
      order_id: order.id,
    });
    expect(fromPatient.order).toMatchObject({
      order_id: order.id,
      order_no: order.orderNo,
      status: 'pending_shipment',
      status_label: '待发货',
    });
    expect(fromPatient.order!.item_count).toBeGreaterThan(0);
    expect(fromPatient.order!.first_item).not.toBe('');
    const fromStaff = await staffSend(cs, conversation.id, {
      client_id: clientId(),
      kind: 'order',
      order_id: order.id,
    });
    expect(fromStaff.order!.order_no).toBe(order.orderNo);

    const otherPatient = await newPatient();
    const notTheirs = await insertOrder(t.database.db, { pharmacyId: pharmacyA, accountId: otherPatient.id });
    const [quoteB] = await pickQuotes(t.database.db, pharmacyB, 1);
    const elsewhere = quoteB
      ? await insertOrder(t.database.db, {
          pharmacyId: pharmacyB,
          accountId: p.id,
          lines: [{ quoteId: quoteB, qty: 1 }],
        })
      : null;
    for (const id of [notTheirs.id, ...(elsewhere ? [elsewhere.id] : []), 99999999]) {
      for (const res of [
        await call('POST', `/chat/patient/conversations/${conversation.id}/messages`, p.token, {
          client_id: clientId(),
          kind: 'order',
          order_id: id,
        }),
        await staff('POST', `/chat/conversations/${conversation.id}/messages`, cs, {
          client_id: clientId(),
          kind: 'order',
          order_id: id,
        }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(chatMessages.orderNotFound);
      }
    }
  });

  it('images: the chat upload answers {key, url}; a send accepts only keys it made', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const res = await upload(p.token, 'photo.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const { key, url } = res.json().data;
    expect(key).toMatch(/^chat\/[A-Za-z0-9_-]{24}\.png$/);
    expect(url).toBe(`/api/v1/upload/${key.slice('chat/'.length)}`);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const m = await patientSend(p.token, conversation.id, {
      client_id: clientId(),
      kind: 'image',
      image_key: key,
      width: 1,
      height: 1,
    });
    expect(m.image).toEqual({ url, width: 1, height: 1 });
    const row = (await call('GET', '/chat/patient/conversations', p.token)).json().data as ChatConversation[];
    expect(row.find((c) => c.id === conversation.id)!.last_message_preview).toBe('[图片]');
    // staff may send the same kind of upload
    const staffUpload = (await upload(cs, 'a.png', PNG)).json().data;
    const fromStaff = await staffSend(cs, conversation.id, {
      client_id: clientId(),
      kind: 'image',
      image_key: staffUpload.key,
    });
    expect(fromStaff.image).toEqual({ url: staffUpload.url, width: null, height: null });

    // a generic upload's name, a made-up chat key, a path outside the folder: refused
    const generic = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...headers(cs), 'content-type': multipart('b.png', PNG).contentType },
      payload: multipart('b.png', PNG).payload,
    });
    expect(generic.statusCode, generic.body).toBe(200);
    const genericName = (generic.json().data.url as string).split('/').pop()!;
    for (const bad of [genericName, `chat/${genericName}`, 'chat/AAAAAAAAAAAAAAAAAAAAAAAA.png', '../etc/passwd', url]) {
      const refused = await call('POST', `/chat/patient/conversations/${conversation.id}/messages`, p.token, {
        client_id: clientId(),
        kind: 'image',
        image_key: bad,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().msg).toBe(chatMessages.imageMissing);
    }
  });

  it('uploads: images only, at most 5 MB, signed in', async () => {
    const p = await newPatient();
    const textFile = await upload(p.token, 'a.png', Buffer.from('not an image at all'));
    expect(textFile.statusCode).toBe(415);
    expect(textFile.json().msg).toBe('请上传 jpg/png/webp 格式的图片');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(p.token, 'big.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toMatch(/5MB/);
    const anonymous = await upload('', 'a.png', PNG);
    expect(anonymous.statusCode).toBe(401);
    const notMultipart = await call('POST', '/chat/upload', p.token, { file: 'x' });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
  });
});

describe('frames (published after the commit)', () => {
  let frames: ChatEnvelope[];
  let service: ConversationService;
  const recordingBus: ChatBus = {
    publish: async (envelope) => void frames.push(envelope),
    subscribe: () => () => undefined,
    onGap: () => () => undefined,
    close: async () => undefined,
  };
  const kinds = () => frames.map((f) => f.frame.t);
  const actor = () => ({
    pharmacyId: pharmacyA,
    accountId: csId,
    name: '王丽娟',
    role: 'customer_service' as const,
    manager: false,
  });

  beforeAll(() => {
    service = new ConversationService(
      new ConversationRepository(t.database.db),
      recordingBus,
      createFileStorage(t.dataDir),
    );
  });
  beforeEach(() => {
    frames = [];
  });

  it('a message goes to both sides with its conversation; a resend publishes nothing', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    const body = { client_id: clientId(), kind: 'text' as const, body: '推送' };
    const m = await service.sendAsPatient(p.id, conversation.id, body);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ pharmacyId: pharmacyA, patientAccountId: p.id, to: 'both' });
    const frame = frames[0].frame as Extract<ChatServerFrame, { t: 'message' }>;
    expect(frame.message).toEqual(m);
    expect(frame.conversation).toMatchObject({ id: conversation.id, last_seq: m.seq, staff_unread: 1 });
    expect(frame.conversation.patient_phone).toMatch(/\*{4}/);
    // built from the one statement's rows: exactly what a read after the commit answers
    expect(frame.conversation).toEqual(await service.detail({ side: 'staff', pharmacyId: pharmacyA }, conversation.id));
    const listed = await service.messages({ side: 'patient', accountId: p.id }, conversation.id, { limit: 50 });
    expect(listed.list.at(-1)).toEqual(m);
    frames = [];
    await service.sendAsPatient(p.id, conversation.id, body);
    expect(frames).toEqual([]);
    // staff into their assigned conversation: the same, with the staff member's name
    await service.take(actor(), conversation.id);
    frames = [];
    const reply = await service.sendAsStaff(actor(), conversation.id, { ...body, client_id: clientId(), body: '回复' });
    expect(frames).toHaveLength(1);
    const staffFrame = frames[0].frame as Extract<ChatServerFrame, { t: 'message' }>;
    expect(staffFrame.message).toEqual(reply);
    expect(reply).toMatchObject({ sender_side: 'staff', sender_id: csId, seq: m.seq + 2 });
    expect(
      (await service.messages({ side: 'staff', pharmacyId: pharmacyA }, conversation.id, { limit: 50 })).list.at(-1),
    ).toEqual(reply);
    expect(staffFrame.conversation).toEqual(
      await service.detail({ side: 'staff', pharmacyId: pharmacyA }, conversation.id),
    );
    expect(staffFrame.conversation).toMatchObject({ assignee_id: csId, patient_unread: 1, staff_unread: 1 });
  });

  it('take: the notice and a conversation frame; read: a frame only when something changed', async () => {
    const p = await newPatient();
    const conversation = await open(p.token);
    await service.take(actor(), conversation.id);
    expect(kinds().filter((k) => k !== 'offer')).toEqual(['message', 'conversation']);
    expect((frames[1].frame as { conversation: ChatConversation }).conversation.assignee_id).toBe(csId);
    frames = [];
    await service.sendAsStaff(actor(), conversation.id, { client_id: clientId(), kind: 'text', body: '您好' });
    frames = [];
    await service.read({ side: 'patient', accountId: p.id }, conversation.id, 100);
    expect(kinds()).toEqual(['conversation']);
    expect((frames[0].frame as { conversation: ChatConversation }).conversation.patient_read_seq).toBe(3);
    frames = [];
    await service.read({ side: 'patient', accountId: p.id }, conversation.id, 100);
    expect(frames).toEqual([]);
  });

  it('offers go to online staff below the limit only, for the oldest queued conversation', async () => {
    const online = await newStaff();
    const away = await newStaff();
    const stale = await newStaff();
    const full = await newStaff();
    await setSettings(pharmacyA, { per_staff_limit: 1 });
    try {
      const presence = (id: number, status: string, ago: string) =>
        t.database.db.execute(sql`insert into chat_staff_status (pharmacy_id, account_id, status, last_seen_at)
          values (${pharmacyA}, ${id}, ${status}, now() - ${ago}::interval)`);
      await presence(online.id, 'online', '10 seconds');
      await presence(away.id, 'away', '10 seconds');
      await presence(stale.id, 'online', '10 minutes');
      await presence(full.id, 'online', '10 seconds');
      const held = await open((await newPatient()).token);
      await staff('POST', `/chat/conversations/${held.id}/take`, full.token);

      frames = [];
      const oldest = await one<{ id: number }>(sql`select id from conversation where pharmacy_id = ${pharmacyA}
        and status = 'open' and assignee_id is null order by queued_at, id limit 1`);
      const p = await newPatient();
      await service.open(p.id, pharmacyA);
      const offers = frames.filter((f) => f.frame.t === 'offer');
      expect(offers).toHaveLength(1);
      expect(offers[0].to).toBe('staff');
      expect(offers[0].staffIds).toContain(online.id);
      for (const id of [away.id, stale.id, full.id]) expect(offers[0].staffIds).not.toContain(id);
      expect((offers[0].frame as { conversation: ChatConversation }).conversation.id).toBe(oldest.id);

      // closing frees capacity: offered again
      frames = [];
      await service.close(
        { pharmacyId: pharmacyA, accountId: full.id, name: '客服', role: 'customer_service', manager: false },
        held.id,
      );
      const again = frames.filter((f) => f.frame.t === 'offer');
      expect(again).toHaveLength(1);
      expect(again[0].staffIds).toContain(full.id);

      // a take moves the queue's head: the next oldest is offered
      frames = [];
      const head = await one<{ id: number }>(sql`select id from conversation where pharmacy_id = ${pharmacyA}
        and status = 'open' and assignee_id is null order by queued_at, id limit 1 offset 1`);
      await service.take(
        { pharmacyId: pharmacyA, accountId: online.id, name: '客服', role: 'customer_service', manager: false },
        oldest.id,
      );
      const next = frames.filter((f) => f.frame.t === 'offer');
      expect(next).toHaveLength(1);
      expect(next[0].staffIds).toContain(full.id);
      expect(next[0].staffIds).not.toContain(online.id); // the taker is at the limit now
      expect((next[0].frame as { conversation: ChatConversation }).conversation.id).toBe(head.id);
    } finally {
      await setSettings(pharmacyA, {});
    }
  });
});
