import {
  chatCannedReplySchema,
  chatColleagueSchema,
  chatDefaults,
  chatHistoryRowSchema,
  chatMessages,
  chatPatientInfoSchema,
  chatProductPayloadSchema,
  chatSettingsSchema,
} from '@pharmacy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacy } from '../../db/schema/index';
import type { ChatBus, ChatEnvelope } from '../../lib/chat-bus';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { offerNext } from './conversation.service';
import { DeskRepository } from './desk.repository';
import { DeskService } from './desk.service';

let t: TestApp;
/** 仁心大药房(上海浦东店) and 仁心大药房(杭州西湖店). */
let p1: number;
let p2: number;
/** p1: manager (may save settings), customer service, pharmacist; p2: its pharmacist. */
let manager: string;
let cs: string;
let pharmacist: string;
let p2Pharmacist: string;
let csId: number;
let pharmacistId: number;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string, pharmacyId: number, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

const pharmacyIdByName = async (name: string) =>
  (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).where(eq(pharmacy.name, name)))[0].id;
const accountIdByPhone = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;

let phoneCounter = 0;
/** A fresh patient account (no conversation anywhere yet). */
async function newPatient(name: string): Promise<{ id: number; phone: string }> {
  phoneCounter += 1;
  const phone = `17751${String(phoneCounter).padStart(6, '0')}`;
  const [row] = await t.database.db
    .insert(account)
    .values({ phone, phoneUserId: `pu_${phone}`, name })
    .returning({ id: account.id });
  return { id: row.id, phone };
}

/** A conversation with its messages (seq 1..n), written straight to the tables. */
async function conversationWith(options: {
  pharmacyId: number;
  patientId: number;
  assigneeId?: number | null;
  status?: 'open' | 'closed';
  at: Date;
  messages: { side: 'patient' | 'staff' | 'system'; body: string }[];
}): Promise<number> {
  const { messages } = options;
  const last = new Date(options.at.getTime() + messages.length * 60_000);
  const [c] = await rows<{ id: number }>(sql`
    insert into conversation (pharmacy_id, patient_account_id, assignee_id, status, last_seq, last_message_at,
      last_message_preview, created_at, updated_at, closed_at)
    values (${options.pharmacyId}, ${options.patientId}, ${options.assigneeId ?? null}, ${options.status ?? 'closed'},
      ${messages.length}, ${last.toISOString()}, ${messages.at(-1)?.body.slice(0, 60) ?? ''}, ${options.at.toISOString()},
      ${last.toISOString()}, ${options.status === 'open' ? null : last.toISOString()})
    returning id`);
  for (const [i, m] of messages.entries()) {
    const at = new Date(options.at.getTime() + (i + 1) * 60_000).toISOString();
    await t.database.db.execute(sql`
      insert into chat_message (conversation_id, pharmacy_id, seq, sender_side, sender_id, kind, body, created_at)
      values (${c.id}, ${options.pharmacyId}, ${i + 1}, ${m.side},
        ${m.side === 'patient' ? options.patientId : m.side === 'staff' ? (options.assigneeId ?? null) : null},
        ${m.side === 'system' ? 'system' : 'text'}, ${m.body}, ${at})`);
  }
  return c.id;
}

beforeAll(async () => {
  t = await createTestApp();
  p1 = await pharmacyIdByName('仁心大药房(上海浦东店)');
  p2 = await pharmacyIdByName('仁心大药房(杭州西湖店)');
  [manager, cs, pharmacist, p2Pharmacist] = await Promise.all([
    t.login('13800000003'),
    t.login('13800000004'),
    t.login('13800000006'),
    t.login('13800000016'),
  ]);
  csId = await accountIdByPhone('13800000004');
  pharmacistId = await accountIdByPhone('13800000006');
}, 180_000);
afterAll(async () => t?.close());

describe('settings', () => {
  const body = {
    greeting: '您好，这里是仁心大药房，请问有什么可以帮您？',
    off_hours_reply: '现在是下班时间，明早 9 点回复您。',
    work_days: [5, 1, 2, 3, 4],
    work_start: '09:00',
    work_end: '18:00',
    per_staff_limit: 6,
  };

  it('answers the defaults before any save, then the saved row', async () => {
    await t.database.db.execute(sql`delete from chat_setting where pharmacy_id = ${p1}`);
    const before = await call('GET', '/chat/settings', manager, p1);
    expect(before.statusCode).toBe(200);
    expect(chatSettingsSchema.strict().parse(before.json().data)).toEqual({
      ...chatDefaults,
      work_days: [...chatDefaults.work_days],
      editable: true,
    });

    const saved = await call('PUT', '/chat/settings', manager, p1, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...body, work_days: [1, 2, 3, 4, 5], editable: true });
    const again = await call('GET', '/chat/settings', cs, p1);
    expect(again.json().data).toEqual({ ...body, work_days: [1, 2, 3, 4, 5], editable: false });
    // another pharmacy keeps its own
    const other = (await call('GET', '/chat/settings', p2Pharmacist, p2)).json().data;
    expect(other.greeting).not.toBe(body.greeting);

    const changed = await call('PUT', '/chat/settings', manager, p1, { ...body, per_staff_limit: 8 });
    expect(changed.json().data.per_staff_limit).toBe(8);
    const [row] = await rows<{ per_staff_limit: number; updated_by: number }>(
      sql`select per_staff_limit, updated_by from chat_setting where pharmacy_id = ${p1}`,
    );
    expect(row).toEqual({ per_staff_limit: 8, updated_by: await accountIdByPhone('13800000003') });
  });

  it('customer service and pharmacists may read but not save (403)', async () => {
    for (const token of [cs, pharmacist]) {
      const res = await call('PUT', '/chat/settings', token, p1, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403000);
      expect((await call('GET', '/chat/settings', token, p1)).json().data.editable).toBe(false);
    }
  });

  it('refuses bad fields with a Chinese message naming the field', async () => {
    const cases: [object, string][] = [
      [{ greeting: '  ' }, 'greeting 请输入欢迎语'],
      [{ work_days: [] }, 'work_days 请至少选择一个工作日'],
      [{ work_start: '9:00' }, 'work_start 时间格式应为 HH:mm'],
      [{ work_start: '18:00', work_end: '09:00' }, 'work_end 下班时间须晚于上班时间'],
      [{ per_staff_limit: 0 }, 'per_staff_limit 接待上限至少为 1'],
    ];
    for (const [patch, msg] of cases) {
      const res = await call('PUT', '/chat/settings', manager, p1, { ...body, ...patch });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toMatchObject({ code: 400000, msg });
    }
  });
});

describe('canned replies', () => {
  it('creates, lists by sort, updates and deletes within the pharmacy', async () => {
    const created = await call('POST', '/chat/canned-replies', cs, p1, {
      shortcut: '测试发货',
      content: '您的订单已安排发货，请留意物流信息。',
      sort: 0,
    });
    expect(created.statusCode).toBe(200);
    const reply = chatCannedReplySchema.strict().parse(created.json().data);

    const list = (await call('GET', '/chat/canned-replies', pharmacist, p1)).json().data as {
      id: number;
      sort: number;
    }[];
    expect(list.map((r) => r.id)).toContain(reply.id);
    expect(list.map((r) => r.sort)).toEqual([...list.map((r) => r.sort)].sort((a, b) => a - b));
    // not another pharmacy's
    const theirs = (await call('GET', '/chat/canned-replies', p2Pharmacist, p2)).json().data as { id: number }[];
    expect(theirs.map((r) => r.id)).not.toContain(reply.id);

    const updated = await call('PUT', `/chat/canned-replies/${reply.id}`, cs, p1, {
      shortcut: '测试发货2',
      content: '已发货',
      sort: 3,
    });
    expect(updated.json().data).toMatchObject({ id: reply.id, shortcut: '测试发货2', content: '已发货', sort: 3 });

    // another pharmacy's staff: like a missing one
    expect(
      (await call('PUT', `/chat/canned-replies/${reply.id}`, p2Pharmacist, p2, { shortcut: 'x', content: 'y' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/chat/canned-replies/${reply.id}`, p2Pharmacist, p2)).statusCode).toBe(404);

    expect((await call('DELETE', `/chat/canned-replies/${reply.id}`, cs, p1)).statusCode).toBe(200);
    expect((await call('DELETE', `/chat/canned-replies/${reply.id}`, cs, p1)).statusCode).toBe(404);
  });

  it('refuses a shortcut the pharmacy already has (409, field shortcut); another pharmacy may use it', async () => {
    const a = (await call('POST', '/chat/canned-replies', cs, p1, { shortcut: '重复', content: '一' })).json().data;
    const dup = await call('POST', '/chat/canned-replies', pharmacist, p1, { shortcut: '重复', content: '二' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: chatMessages.shortcutTaken, data: { field: 'shortcut' } });

    const b = (await call('POST', '/chat/canned-replies', cs, p1, { shortcut: '另一个', content: '三' })).json().data;
    const rename = await call('PUT', `/chat/canned-replies/${b.id}`, cs, p1, { shortcut: '重复', content: '三' });
    expect(rename.statusCode).toBe(409);
    // keeping its own shortcut is no conflict
    expect(
      (await call('PUT', `/chat/canned-replies/${a.id}`, cs, p1, { shortcut: '重复', content: '改' })).statusCode,
    ).toBe(200);

    expect(
      (await call('POST', '/chat/canned-replies', p2Pharmacist, p2, { shortcut: '重复', content: '四' })).statusCode,
    ).toBe(200);
  });

  it('refuses bad fields in Chinese', async () => {
    const res = await call('POST', '/chat/canned-replies', cs, p1, { shortcut: 'a b', content: '内容' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('shortcut 快捷短语不能包含空格或 /');
    const empty = await call('POST', '/chat/canned-replies', cs, p1, { shortcut: 'ab', content: '' });
    expect(empty.json().msg).toBe('content 请输入回复内容');
  });
});

describe('my status and colleagues', () => {
  it('is online by default but not connected, away when set, online with a fresh heartbeat', async () => {
    await t.database.db.execute(sql`delete from chat_staff_status where pharmacy_id = ${p1}`);
    expect((await call('GET', '/chat/me/status', cs, p1)).json().data).toEqual({ status: 'online', online: false });

    const away = await call('PUT', '/chat/me/status', cs, p1, { status: 'away' });
    expect(away.json().data).toEqual({ status: 'away', online: false });
    // the socket's heartbeat
    await t.database.db.execute(
      sql`update chat_staff_status set last_seen_at = now() where pharmacy_id = ${p1} and account_id = ${csId}`,
    );
    expect((await call('GET', '/chat/me/status', cs, p1)).json().data).toEqual({ status: 'away', online: false });
    const online = await call('PUT', '/chat/me/status', cs, p1, { status: 'online' });
    expect(online.json().data).toEqual({ status: 'online', online: true });
    // a stale heartbeat is offline
    await t.database.db.execute(
      sql`update chat_staff_status set last_seen_at = now() - interval '10 minutes'
          where pharmacy_id = ${p1} and account_id = ${csId}`,
    );
    expect((await call('GET', '/chat/me/status', cs, p1)).json().data.online).toBe(false);
    // per pharmacy: 王丽娟 also serves Hangzhou, where she has no status row
    expect((await call('GET', '/chat/me/status', cs, p2)).json().data).toEqual({ status: 'online', online: false });

    const bad = await call('PUT', '/chat/me/status', cs, p1, { status: 'busy' });
    expect(bad.statusCode).toBe(400);
  });

  it('coming online offers the oldest queued conversation to online staff (going away does not)', async () => {
    const frames: ChatEnvelope[] = [];
    const bus: ChatBus = {
      publish: async (envelope) => void frames.push(envelope),
      subscribe: () => () => undefined,
      onGap: () => () => undefined,
      close: async () => undefined,
    };
    const service = new DeskService(new DeskRepository(t.database.db), {
      offerNext: (pharmacyId) => offerNext(t.database.db, bus, pharmacyId),
    });
    const patient = await newPatient('排队患者');
    const queued = await conversationWith({
      pharmacyId: p2,
      patientId: patient.id,
      status: 'open',
      at: new Date(Date.now() - 3600_000),
      messages: [{ side: 'patient', body: '有人在吗' }],
    });
    await t.database.db.execute(sql`update conversation set queued_at = created_at where id = ${queued}`);
    const [oldest] = await rows<{ id: number }>(sql`
      select id from conversation where pharmacy_id = ${p2} and status = 'open' and assignee_id is null
      order by queued_at asc nulls last, id asc limit 1`);
    await t.database.db.execute(sql`
      insert into chat_staff_status (pharmacy_id, account_id, status, last_seen_at) values (${p2}, ${csId}, 'away', now())
      on conflict (pharmacy_id, account_id) do update set status = 'away', last_seen_at = now()`);

    await service.setMyStatus(p2, csId, 'away');
    expect(frames).toEqual([]);
    expect(await service.setMyStatus(p2, csId, 'online')).toEqual({ status: 'online', online: true });
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ pharmacyId: p2, to: 'staff', frame: { t: 'offer' } });
    expect(frames[0].staffIds).toContain(csId);
    expect((frames[0].frame as { conversation: { id: number } }).conversation.id).toBe(oldest.id);
  });

  it('lists the chat staff of the pharmacy with role label, status and open conversations', async () => {
    await t.database.db.execute(sql`delete from chat_staff_status where pharmacy_id = ${p1}`);
    await t.database.db.execute(sql`
      insert into chat_staff_status (pharmacy_id, account_id, status, last_seen_at)
      values (${p1}, ${csId}, 'online', now()), (${p1}, ${pharmacistId}, 'away', now())`);
    const patient = await newPatient('开放会话患者');
    await conversationWith({
      pharmacyId: p1,
      patientId: patient.id,
      assigneeId: pharmacistId,
      status: 'open',
      at: new Date(Date.now() - 3600_000),
      messages: [{ side: 'patient', body: '在吗' }],
    });
    const openOf = async (id: number) =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from conversation where pharmacy_id = ${p1} and assignee_id = ${id} and status = 'open'`,
        )
      )[0].n;

    const res = await call('GET', '/chat/colleagues', pharmacist, p1);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      account_id: number;
      name: string;
      role_label: string;
      status: string;
      open_count: number;
    }[];
    for (const c of list) chatColleagueSchema.strict().parse(c);
    const byName = new Map(list.map((c) => [c.name, c]));
    expect(byName.get('王丽娟')).toMatchObject({
      role: 'customer_service',
      role_label: '客服',
      status: 'online',
      open_count: await openOf(csId),
    });
    expect(byName.get('刘静怡')).toMatchObject({
      role: 'pharmacist',
      role_label: '药师',
      status: 'away',
      open_count: await openOf(pharmacistId),
    });
    expect(byName.get('刘静怡')!.open_count).toBeGreaterThan(0);
    expect(byName.get('陈志强')).toMatchObject({ role_label: '经理', status: 'offline' });
    expect(byName.has('孙志华')).toBe(true); // the second pharmacist
    expect(byName.has('马俊杰')).toBe(false); // disabled member
    expect(byName.has('何雨萱')).toBe(false); // Hangzhou's pharmacist
    expect(byName.has('张明远')).toBe(false); // a doctor is no member
    expect(list[0].status).toBe('online');
  });
});

describe('patient info', () => {
  it('answers the member card, family, orders and prescriptions at this pharmacy only', async () => {
    const patientId = await accountIdByPhone('13900000001');
    const id = await conversationWith({
      pharmacyId: p1,
      patientId,
      assigneeId: csId,
      at: new Date(Date.now() - 86_400_000),
      messages: [{ side: 'patient', body: '我的订单什么时候发货？' }],
    });
    const res = await call('GET', `/chat/conversations/${id}/patient`, cs, p1);
    expect(res.statusCode).toBe(200);
    const info = chatPatientInfoSchema.strict().parse(res.json().data);
    expect(info).toMatchObject({ account_id: patientId, name: '李小华', phone: '139****0001' });

    const [counts] = await rows<{ n: number; total: string }>(sql`
      select (select count(*)::int from orders where pharmacy_id = ${p1} and account_id = ${patientId} and deleted_at is null) as n,
        (select coalesce(sum(s.pay_amount - s.refund_amount), 0)::numeric(12,2)::text from settlement s
          join orders o on o.id = s.order_id where s.pharmacy_id = ${p1} and o.account_id = ${patientId}) as total`);
    expect(info.order_count).toBe(counts.n);
    expect(info.order_total).toBe(counts.total);
    expect(info.order_count).toBeGreaterThan(0);

    const self = info.family_members.find((m) => m.name === '李小华')!;
    expect(self).toMatchObject({ relation: '本人', gender: '女', is_default: true, allergy_history: ['青霉素'] });
    const now = new Date();
    const age = now.getFullYear() - 1990 - (now.getMonth() < 2 || (now.getMonth() === 2 && now.getDate() < 7) ? 1 : 0);
    expect(self.age).toBe(age);
    expect(info.family_members.find((m) => m.name === '李建军')).toMatchObject({ relation: '父亲', gender: '男' });

    const orderIds = await rows<{ id: number }>(sql`
      select id from orders where pharmacy_id = ${p1} and account_id = ${patientId} and deleted_at is null
      order by id desc limit 10`);
    expect(info.recent_orders.map((o) => o.order_id)).toEqual(orderIds.map((o) => o.id));
    for (const o of info.recent_orders) {
      expect(o.status_label).not.toBe('');
      expect(o.item_count).toBeGreaterThan(0);
      expect(o.first_item).not.toBe('');
    }
    const recipeIds = await rows<{ id: number }>(sql`
      select id from recipe where pharmacy_id = ${p1} and account_id = ${patientId} order by id desc limit 10`);
    expect(info.recent_recipes.map((r) => r.id)).toEqual(recipeIds.map((r) => r.id));
    // the patient's orders elsewhere are not counted here
    const elsewhere = await rows<{ id: number }>(
      sql`select id from orders where pharmacy_id <> ${p1} and account_id = ${patientId} limit 1`,
    );
    for (const o of elsewhere) expect(info.recent_orders.map((x) => x.order_id)).not.toContain(o.id);
  });

  it("answers 404 to another pharmacy's staff and for a missing conversation", async () => {
    const patient = await newPatient('范围测试');
    const id = await conversationWith({
      pharmacyId: p1,
      patientId: patient.id,
      at: new Date(Date.now() - 3600_000),
      messages: [{ side: 'patient', body: '你好' }],
    });
    const res = await call('GET', `/chat/conversations/${id}/patient`, p2Pharmacist, p2);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(chatMessages.notFound);
    expect((await call('GET', '/chat/conversations/99999999/patient', cs, p1)).statusCode).toBe(404);
    // a doctor (no member of the pharmacy) is refused before that
    const doctor = await t.login('13800000005');
    expect((await call('GET', `/chat/conversations/${id}/patient`, doctor, p1)).statusCode).toBe(403);
  });
});

describe('products', () => {
  it("answers the pharmacy's on-shelf quotes as cards, searched by name or generic name", async () => {
    const all = await call('GET', '/chat/products?limit=50', cs, p1);
    expect(all.statusCode).toBe(200);
    const cards = all.json().data as { quote_id: number }[];
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) chatProductPayloadSchema.strict().parse(c);
    const ids = cards.map((c) => c.quote_id);
    const outside = await rows<{ n: number }>(sql`
      select count(*)::int as n from quote where id = any(${`{${ids.join(',')}}`}::int[])
        and (pharmacy_id <> ${p1} or status <> 'on_shelf')`);
    expect(outside[0].n).toBe(0);

    const [sample] = await rows<{ generic_name: string; quote_id: number }>(sql`
      select pr.generic_name, q.id as quote_id from quote q join product pr on pr.id = q.product_id
      where q.pharmacy_id = ${p1} and q.status = 'on_shelf' and pr.status = 'active' and pr.generic_name <> ''
      order by q.id limit 1`);
    const found = (
      await call('GET', `/chat/products?keyword=${encodeURIComponent(sample.generic_name)}&limit=50`, cs, p1)
    ).json().data as {
      quote_id: number;
    }[];
    expect(found.map((c) => c.quote_id)).toContain(sample.quote_id);
    const none = (await call('GET', '/chat/products?keyword=不存在的药品名称xyz', cs, p1)).json().data;
    expect(none).toEqual([]);
  });
});

describe('history', () => {
  let wordHit: number;
  let dayOne: number;
  let dayThree: number;
  let otherPharmacy: number;
  let named: { id: number; phone: string };

  beforeAll(async () => {
    named = await newPatient('历史检索患者');
    const other = await newPatient('别家患者');
    wordHit = await conversationWith({
      pharmacyId: p1,
      patientId: named.id,
      assigneeId: pharmacistId,
      at: new Date('2026-01-20T02:00:00Z'),
      messages: [
        { side: 'patient', body: '请问布洛芬缓释胶囊孕妇能吃吗' },
        { side: 'staff', body: '孕晚期禁用布洛芬缓释胶囊，建议改用对乙酰氨基酚。' },
        { side: 'system', body: '本次会话已结束，如有其他问题可随时再次咨询' },
      ],
    });
    // Shanghai 2026-01-11 00:30 (UTC: still the 10th)
    dayOne = await conversationWith({
      pharmacyId: p1,
      patientId: named.id,
      assigneeId: csId,
      at: new Date('2026-01-10T16:30:00Z'),
      messages: [{ side: 'patient', body: '发票怎么开' }],
    });
    // Shanghai 2026-01-12 09:00
    dayThree = await conversationWith({
      pharmacyId: p1,
      patientId: named.id,
      assigneeId: csId,
      at: new Date('2026-01-12T01:00:00Z'),
      messages: [{ side: 'patient', body: '退款到账了吗' }],
    });
    otherPharmacy = await conversationWith({
      pharmacyId: p2,
      patientId: other.id,
      at: new Date('2026-01-20T02:00:00Z'),
      messages: [{ side: 'patient', body: '布洛芬缓释胶囊多少钱' }],
    });
  });

  const history = async (query: string, token = cs, pharmacyId = p1) => {
    const res = await call('GET', `/chat/history?page_size=100&${query}`, token, pharmacyId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      list: { id: number; matched_text: string | null; message_count: number }[];
      total: number;
    };
  };

  it('finds conversations by the words of a message and answers the first matching message', async () => {
    const data = await history(`text=${encodeURIComponent('缓释胶囊')}`);
    for (const row of data.list) chatHistoryRowSchema.strict().parse(row);
    const hit = data.list.find((r) => r.id === wordHit)!;
    expect(hit).toMatchObject({ matched_text: '请问布洛芬缓释胶囊孕妇能吃吗', message_count: 3 });
    expect(data.list.map((r) => r.id)).not.toContain(otherPharmacy);
    expect(data.list.map((r) => r.id)).not.toContain(dayOne);
    expect(data.total).toBe(data.list.length);
    // a word only the staff's answer has
    const answer = await history(`text=${encodeURIComponent('对乙酰氨基酚')}`);
    expect(answer.list.find((r) => r.id === wordHit)?.matched_text).toContain('对乙酰氨基酚');
    // LIKE's characters are literal
    expect((await history(`text=${encodeURIComponent('%')}`)).list.map((r) => r.id)).not.toContain(wordHit);
    // without text, no excerpt
    expect(
      (await history(`patient=${encodeURIComponent('历史检索患者')}`)).list.every((r) => r.matched_text === null),
    ).toBe(true);
  });

  it('filters by Shanghai days', async () => {
    // 00:30 on the 11th in Shanghai (16:30 on the 10th in UTC) is the 11th
    const first = await history('date_from=2026-01-11&date_to=2026-01-11');
    expect(first.list.map((r) => r.id)).toContain(dayOne);
    expect(first.list.map((r) => r.id)).not.toContain(dayThree);
    expect(first.list.map((r) => r.id)).not.toContain(wordHit);
    expect((await history('date_from=2026-01-10&date_to=2026-01-10')).list.map((r) => r.id)).not.toContain(dayOne);
    const range = (await history('date_from=2026-01-12&date_to=2026-01-20')).list.map((r) => r.id);
    expect(range).toEqual(expect.arrayContaining([dayThree, wordHit]));
    expect(range).not.toContain(dayOne);
    const bad = await call('GET', '/chat/history?date_from=2026-01-12&date_to=2026-01-10', cs, p1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('date_to 结束日期不能早于开始日期');
  });

  it('filters by staff, patient name or phone, and status', async () => {
    const mine = await history(`staff_id=${pharmacistId}&patient=${encodeURIComponent('历史检索')}`);
    expect(mine.list.map((r) => r.id)).toEqual([wordHit]);
    const cs2 = await history(`staff_id=${csId}&patient=${named.phone}`);
    expect(cs2.list.map((r) => r.id)).toEqual([dayThree, dayOne]);
    expect((await history(`patient=${named.phone.slice(1)}`)).list.map((r) => r.id)).toEqual([
      wordHit,
      dayThree,
      dayOne,
    ]);
    expect((await history(`patient=${named.phone}&status=open`)).list).toEqual([]);
    expect((await history(`patient=${named.phone}&status=closed`)).total).toBe(3);
  });

  it("never answers another pharmacy's conversations", async () => {
    const theirs = await history('', p2Pharmacist, p2);
    const ids = theirs.list.map((r) => r.id);
    expect(ids).toContain(otherPharmacy);
    expect(ids).not.toContain(wordHit);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from conversation where pharmacy_id = ${p2}`,
    );
    expect(theirs.total).toBe(n);
  });
});
