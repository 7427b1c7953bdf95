import type { ChatConversation, ChatConversationListQuery, PageResult } from '@pharmacy/shared';
import { describe, expect, it } from 'vitest';
import { applyConversation } from './conversation-list';

const at = (minute: number) => `2026-11-24T08:${String(minute).padStart(2, '0')}:00.000Z`;

const conv = (id: number, minute: number, extra: Partial<ChatConversation> = {}): ChatConversation => ({
  id,
  pharmacy_id: 1,
  pharmacy_name: '药店',
  pharmacy_logo: '',
  patient_account_id: 100 + id,
  patient_name: `患者${id}`,
  patient_phone: '139****0001',
  patient_avatar: '',
  assignee_id: 4,
  assignee_name: '客服',
  status: 'open',
  queued_at: null,
  last_seq: minute,
  last_message_at: at(minute),
  last_message_preview: `m${minute}`,
  staff_unread: 0,
  patient_unread: 0,
  staff_read_seq: 0,
  patient_read_seq: 0,
  created_at: at(0),
  updated_at: at(minute),
  closed_at: null,
  ...extra,
});

const page = (list: ChatConversation[]): PageResult<ChatConversation> => ({
  list,
  total: list.length,
  page: 1,
  page_size: 20,
});
const mine: ChatConversationListQuery = { scope: 'mine', status: 'open', page: 1, page_size: 20 };
const ids = (p: PageResult<ChatConversation>) => p.list.map((c) => c.id);

describe('applyConversation (the chat list on a frame)', () => {
  it('moves a conversation with a new message to the top and keeps the rest in order', () => {
    const p = page([conv(1, 30), conv(2, 20), conv(3, 10)]);
    const next = applyConversation(p, conv(3, 40, { staff_unread: 2, last_message_preview: '新消息' }), mine, 4);
    expect(ids(next)).toEqual([3, 1, 2]);
    expect(next.list[0].staff_unread).toBe(2);
    expect(next.total).toBe(3);
  });

  it('adds a new conversation of the filter on the first page, and counts it', () => {
    const p = page([conv(1, 30), conv(2, 20)]);
    const next = applyConversation(p, conv(9, 25), mine, 4);
    expect(ids(next)).toEqual([1, 9, 2]);
    expect(next.total).toBe(3);
    // not on a later page, nor when a keyword decides
    expect(applyConversation({ ...p, page: 2 }, conv(9, 25), mine, 4)).toEqual({ ...p, page: 2 });
    expect(applyConversation(p, conv(9, 25), { ...mine, keyword: '王' }, 4)).toBe(p);
  });

  it('removes a conversation that leaves the filter (taken by a colleague, closed)', () => {
    const queue: ChatConversationListQuery = { ...mine, scope: 'unassigned' };
    const p = page([conv(1, 30, { assignee_id: null }), conv(2, 20, { assignee_id: null })]);
    const taken = applyConversation(p, conv(1, 31, { assignee_id: 6 }), queue, 4);
    expect(ids(taken)).toEqual([2]);
    expect(taken.total).toBe(1);
    const closed = applyConversation(
      page([conv(1, 30)]),
      conv(1, 31, { status: 'closed', closed_at: at(31) }),
      mine,
      4,
    );
    expect(ids(closed)).toEqual([]);
  });

  it('ignores a stale copy that arrives after a newer one', () => {
    const p = page([conv(1, 40), conv(2, 30)]);
    const stale = conv(1, 20, { last_message_preview: '旧的' });
    expect(applyConversation(p, stale, mine, 4)).toBe(p);
  });
});
