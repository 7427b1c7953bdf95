import { chatOrderPayloadSchema, chatProductPayloadSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { demoCannedReplies, seedChat } from './chat';
import { demoPharmacies } from './demo-data';

// The chat room's demo data (seed/chat.ts) as the seeded app has it: consistent counters, real cards, the demo people.

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

interface Conv {
  id: number;
  pharmacy_id: number;
  patient_account_id: number;
  assignee_id: number | null;
  assignee_phone: string | null;
  patient_phone: string;
  status: string;
  queued_at: string | null;
  last_seq: number;
  last_message_at: string;
  last_message_preview: string;
  staff_unread: number;
  patient_unread: number;
  staff_read_seq: number;
  patient_read_seq: number;
  created_at: string;
  closed_at: string | null;
}
interface Msg {
  conversation_id: number;
  seq: number;
  sender_side: 'patient' | 'staff' | 'system';
  sender_id: number | null;
  kind: string;
  body: string;
  payload: Record<string, unknown> | null;
  created_at: string;
}

let pudong: number;
let convs: Conv[];
let msgs: Msg[];

beforeAll(async () => {
  t = await createTestApp();
  [{ id: pudong }] = await rows<{ id: number }>(sql`select id from pharmacy where name = ${demoPharmacies[0].name}`);
  convs = await rows<Conv>(sql`
    select c.*, c.queued_at::text, c.last_message_at::text, c.created_at::text, c.closed_at::text,
      pa.phone as patient_phone, sa.phone as assignee_phone
    from conversation c join account pa on pa.id = c.patient_account_id left join account sa on sa.id = c.assignee_id
    order by c.id`);
  msgs = await rows<Msg>(sql`select *, created_at::text from chat_message order by conversation_id, seq`);
}, 180_000);
afterAll(async () => t?.close());

describe('chat demo data', () => {
  it('gives each foundation store settings and the canned replies', async () => {
    const settings = await rows<{ name: string; greeting: string; work_start: string; work_end: string }>(sql`
      select p.name, s.greeting, s.work_start, s.work_end from chat_setting s join pharmacy p on p.id = s.pharmacy_id`);
    expect(settings.map((s) => s.name).sort()).toEqual(demoPharmacies.map((p) => p.name).sort());
    for (const s of settings) {
      expect(s.greeting).toContain(s.name);
      expect(s.work_start < s.work_end).toBe(true);
    }
    const canned = await rows<{ name: string; shortcuts: string[] }>(sql`
      select p.name, array_agg(r.shortcut order by r.sort) as shortcuts
      from chat_canned_reply r join pharmacy p on p.id = r.pharmacy_id group by p.name`);
    expect(canned).toHaveLength(3);
    for (const c of canned) expect(c.shortcuts).toEqual(demoCannedReplies.map((r) => r.shortcut));
  });

  it('gives the Pudong store a queued, a customer-service, a pharmacist and two closed conversations', () => {
    const here = convs.filter((c) => c.pharmacy_id === pudong);
    const queued = here.filter((c) => c.status === 'open' && c.assignee_id === null);
    expect(queued).toHaveLength(1);
    expect(queued[0].queued_at).not.toBeNull();
    expect(queued[0].staff_unread).toBeGreaterThan(0);
    const open = here.filter((c) => c.status === 'open' && c.assignee_id !== null);
    expect(open.map((c) => c.assignee_phone).sort()).toEqual(['13800000004', '13800000006']);
    expect(open.every((c) => c.queued_at === null)).toBe(true);
    const closed = here.filter((c) => c.status === 'closed');
    expect(closed.length).toBeGreaterThanOrEqual(2);
    expect(closed.every((c) => c.closed_at !== null)).toBe(true);
    // the demo patient talks with the pharmacist
    const demo = convs.filter((c) => c.patient_phone === '13900000001');
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ pharmacy_id: pudong, status: 'open', assignee_phone: '13800000006' });
    // one patient, one conversation
    expect(new Set(here.map((c) => c.patient_account_id)).size).toBe(here.length);
  });

  it('numbers messages 1..n and keeps counters, previews and read seqs consistent with them', () => {
    const now = Date.now();
    for (const c of convs) {
      const list = msgs.filter((m) => m.conversation_id === c.id);
      expect(list.map((m) => m.seq)).toEqual(list.map((_, i) => i + 1));
      expect(c.last_seq).toBe(list.length);
      const times = list.map((m) => new Date(m.created_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Date(c.last_message_at).getTime()).toBe(times.at(-1));
      expect(new Date(c.created_at).getTime()).toBe(times[0]);
      expect(times.at(-1)!).toBeLessThan(now);
      expect(times[0]).toBeGreaterThan(now - 7 * 86_400_000);
      const last = list.at(-1)!;
      const preview =
        last.kind === 'order'
          ? `[订单] ${last.payload!.order_no}`
          : last.kind === 'product'
            ? `[商品] ${last.payload!.name}`
            : [...last.body].slice(0, 60).join('');
      expect(c.last_message_preview).toBe(preview);
      expect(c.staff_read_seq).toBeLessThanOrEqual(c.last_seq);
      expect(c.patient_read_seq).toBeLessThanOrEqual(c.last_seq);
      expect(c.staff_unread).toBe(list.filter((m) => m.sender_side === 'patient' && m.seq > c.staff_read_seq).length);
      expect(c.patient_unread).toBe(list.filter((m) => m.sender_side === 'staff' && m.seq > c.patient_read_seq).length);
      if (c.status === 'closed') expect(c.staff_unread + c.patient_unread).toBe(0);
      for (const m of list) {
        const expected =
          m.sender_side === 'patient' ? c.patient_account_id : m.sender_side === 'staff' ? c.assignee_id : null;
        expect(m.sender_id).toBe(expected);
      }
      // the pharmacy's greeting opens each
      expect(list[0]).toMatchObject({ sender_side: 'system', kind: 'text' });
    }
  });

  it("sends cards of real rows: the patient's own order at the store, the store's quote on sale", async () => {
    const orderMsgs = msgs.filter((m) => m.kind === 'order');
    const productMsgs = msgs.filter((m) => m.kind === 'product');
    expect(orderMsgs.length).toBeGreaterThan(0);
    expect(productMsgs.length).toBeGreaterThan(0);
    for (const m of orderMsgs) {
      const card = chatOrderPayloadSchema.strict().parse(m.payload);
      const c = convs.find((x) => x.id === m.conversation_id)!;
      const [order] = await rows<{ order_no: string; status: string; total: string }>(sql`
        select order_no, status, pay_amount::text as total from orders
        where id = ${card.order_id} and pharmacy_id = ${c.pharmacy_id} and account_id = ${c.patient_account_id}`);
      expect(order).toEqual({ order_no: card.order_no, status: card.status, total: card.total });
    }
    for (const m of productMsgs) {
      const card = chatProductPayloadSchema.strict().parse(m.payload);
      const c = convs.find((x) => x.id === m.conversation_id)!;
      const [quote] = await rows<{ product_id: number; price: string }>(sql`
        select product_id, price::text as price from quote
        where id = ${card.quote_id} and pharmacy_id = ${c.pharmacy_id} and status = 'on_shelf'`);
      expect(quote).toEqual({ product_id: card.product_id, price: card.price });
    }
  });

  it('shows in the console: the closed ones in the history', async () => {
    const token = await t.login('13800000004');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/history?status=closed',
      headers: headers(token, pudong),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(convs.filter((c) => c.pharmacy_id === pudong && c.status === 'closed').length);
  });

  it('runs once', async () => {
    expect(await seedChat(t.database.db)).toBe(false);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from chat_message`);
    expect(n).toBe(msgs.length);
  });
});
