import type {
  ChatConversation,
  ChatMessage,
  ChatMessagesQuery,
  ChatServerFrame,
  SendChatMessageBody,
} from '@pharmacy/shared';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSocket, ChatSocketState } from './chat-socket';
import { type ChatThreadApi, mergeMessages, useChatThread } from './chat-thread';

afterEach(cleanup);

const msg = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: seq * 10,
  conversation_id: 7,
  seq,
  sender_side: 'patient',
  sender_id: 50,
  sender_name: '王小明',
  client_id: null,
  kind: 'text',
  body: `m${seq}`,
  image: null,
  product: null,
  order: null,
  created_at: '2026-11-24T08:00:00.000Z',
  ...extra,
});

const conv = (extra: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 7,
  pharmacy_id: 1,
  pharmacy_name: '药店',
  pharmacy_logo: '',
  patient_account_id: 50,
  patient_name: '王小明',
  patient_phone: '139****0001',
  patient_avatar: '',
  assignee_id: 4,
  assignee_name: '客服',
  status: 'open',
  queued_at: null,
  last_seq: 3,
  last_message_at: null,
  last_message_preview: '',
  staff_unread: 0,
  patient_unread: 0,
  staff_read_seq: 0,
  patient_read_seq: 0,
  created_at: '2026-11-24T08:00:00.000Z',
  updated_at: '2026-11-24T08:00:00.000Z',
  closed_at: null,
  ...extra,
});

/** A socket stand-in: the test pushes frames and state changes. */
function fakeSocket() {
  const frames = new Set<(f: ChatServerFrame) => void>();
  const states = new Set<(s: ChatSocketState) => void>();
  const socket = {
    state: 'open' as ChatSocketState,
    onFrame: (l: (f: ChatServerFrame) => void) => {
      frames.add(l);
      return () => void frames.delete(l);
    },
    onState: (l: (s: ChatSocketState) => void) => {
      states.add(l);
      return () => void states.delete(l);
    },
    typing: vi.fn(),
  };
  return {
    socket: socket as unknown as ChatSocket,
    frame: (f: ChatServerFrame) =>
      act(() => {
        for (const l of frames) l(f);
      }),
    setState: (s: ChatSocketState) =>
      act(() => {
        for (const l of states) l(s);
      }),
  };
}

function setup(api: Partial<ChatThreadApi> & Pick<ChatThreadApi, 'loadMessages'>) {
  const fake = fakeSocket();
  const fullApi: ChatThreadApi = { send: vi.fn(), read: vi.fn(async () => null), ...api };
  const hook = renderHook(() =>
    useChatThread({ conversationId: 7, side: 'staff', api: fullApi, socket: fake.socket, me: { id: 4, name: '客服' } }),
  );
  return { ...fake, hook, api: fullApi };
}

const seqs = (entries: { message: ChatMessage }[]) => entries.map((e) => e.message.seq);

describe('mergeMessages', () => {
  it('keeps one message per seq, ordered, and answers the same array when nothing is new', () => {
    const list = mergeMessages([], [msg(3), msg(1), msg(2)]);
    expect(list.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(mergeMessages(list, [msg(2), msg(3)])).toBe(list);
    expect(mergeMessages(list, [msg(5), msg(4), msg(4)]).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('useChatThread', () => {
  it('merges frames without duplicates and in seq order, ignoring other conversations', async () => {
    const t = setup({ loadMessages: async () => ({ list: [msg(1), msg(2)], has_more: false }) });
    await waitFor(() => expect(seqs(t.hook.result.current.entries)).toEqual([1, 2]));
    t.frame({ t: 'message', message: msg(4), conversation: conv() });
    t.frame({ t: 'message', message: msg(3), conversation: conv() });
    t.frame({ t: 'message', message: msg(2), conversation: conv() });
    t.frame({ t: 'message', message: msg(9, { conversation_id: 8 }), conversation: conv({ id: 8 }) });
    expect(seqs(t.hook.result.current.entries)).toEqual([1, 2, 3, 4]);
    expect(t.hook.result.current.lastSeq).toBe(4);
  });

  it('replaces a pending send by its stored message (frame first, then the answer) without doubling it', async () => {
    let resolveSend: (m: ChatMessage) => void = () => {};
    const send = vi.fn(
      (_body: SendChatMessageBody) =>
        new Promise<ChatMessage>((r) => {
          resolveSend = r;
        }),
    );
    const t = setup({ loadMessages: async () => ({ list: [msg(1)], has_more: false }), send });
    await waitFor(() => expect(t.hook.result.current.state.loaded).toBe(true));
    act(() => {
      t.hook.result.current.send({ kind: 'text', body: '您好' });
    });
    const pending = t.hook.result.current.entries[1];
    expect(pending.state).toBe('sending');
    const clientId = send.mock.calls[0][0].client_id;
    const stored = msg(2, { sender_side: 'staff', sender_id: 4, client_id: clientId, body: '您好' });
    t.frame({ t: 'message', message: stored, conversation: conv() });
    expect(t.hook.result.current.entries.map((e) => [e.message.seq, e.state])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
    // the key stays the pending one's, so the bubble is not remounted
    expect(t.hook.result.current.entries[1].key).toBe(pending.key);
    await act(async () => resolveSend(stored));
    expect(seqs(t.hook.result.current.entries)).toEqual([1, 2]);
  });

  it('a failed send shows failed; retry resends with the same client id', async () => {
    const send = vi
      .fn<(body: SendChatMessageBody) => Promise<ChatMessage>>()
      .mockRejectedValueOnce(new Error('网络异常'))
      .mockImplementationOnce(async (body) =>
        msg(2, { sender_side: 'staff', sender_id: 4, client_id: body.client_id }),
      );
    const t = setup({ loadMessages: async () => ({ list: [msg(1)], has_more: false }), send });
    await waitFor(() => expect(t.hook.result.current.state.loaded).toBe(true));
    act(() => {
      t.hook.result.current.send({ kind: 'text', body: '请稍等' });
    });
    await waitFor(() => expect(t.hook.result.current.entries[1].state).toBe('failed'));
    expect(t.hook.result.current.entries[1].error).toBe('网络异常');
    const clientId = send.mock.calls[0][0].client_id;
    await act(async () => t.hook.result.current.retry(clientId));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1][0].client_id).toBe(clientId);
    await waitFor(() => expect(t.hook.result.current.entries[1].state).toBe('sent'));
    expect(seqs(t.hook.result.current.entries)).toEqual([1, 2]);
  });

  it('on every socket open: catches up after its last seq, then resends what failed', async () => {
    const loadMessages = vi.fn(async (q: ChatMessagesQuery) =>
      q.after_seq === undefined ? { list: [msg(1), msg(2)], has_more: false } : { list: [msg(3)], has_more: false },
    );
    const send = vi
      .fn<(body: SendChatMessageBody) => Promise<ChatMessage>>()
      .mockRejectedValueOnce(new Error('网络异常'))
      .mockImplementation(async (body) => msg(4, { sender_side: 'staff', sender_id: 4, client_id: body.client_id }));
    const t = setup({ loadMessages, send });
    await waitFor(() => expect(t.hook.result.current.state.loaded).toBe(true));
    act(() => {
      t.hook.result.current.send({ kind: 'text', body: '离线时写的' });
    });
    await waitFor(() => expect(t.hook.result.current.entries[2].state).toBe('failed'));
    t.setState('closed');
    t.setState('open');
    await waitFor(() => expect(seqs(t.hook.result.current.entries)).toEqual([1, 2, 3, 4]));
    expect(loadMessages).toHaveBeenLastCalledWith(expect.objectContaining({ after_seq: 2 }));
    expect(send.mock.calls[1][0].client_id).toBe(send.mock.calls[0][0].client_id);
    expect(t.hook.result.current.entries.every((e) => e.state === 'sent')).toBe(true);
  });

  it("shows the other side's typing and read seq, and marks read up to the last seq", async () => {
    const t = setup({ loadMessages: async () => ({ list: [msg(1), msg(2)], has_more: true }) });
    await waitFor(() => expect(t.hook.result.current.state.loaded).toBe(true));
    await waitFor(() => expect(t.api.read).toHaveBeenCalledWith(2));
    t.frame({ t: 'typing', conversation_id: 7, side: 'patient', name: '王小明' });
    expect(t.hook.result.current.state.typing?.name).toBe('王小明');
    t.frame({ t: 'typing', conversation_id: 7, side: 'staff', name: '同事' });
    expect(t.hook.result.current.state.typing?.name).toBe('王小明');
    t.frame({ t: 'conversation', conversation: conv({ patient_read_seq: 2 }) });
    expect(t.hook.result.current.state.otherReadSeq).toBe(2);
    t.frame({ t: 'message', message: msg(3), conversation: conv({ patient_read_seq: 2 }) });
    expect(t.hook.result.current.state.typing).toBeNull();
    await waitFor(() => expect(t.api.read).toHaveBeenCalledWith(3));
  });
});

describe('useChatThread online', () => {
  it('resends failed sends when the browser comes back online, even if the socket never closed', async () => {
    const send = vi
      .fn<(body: SendChatMessageBody) => Promise<ChatMessage>>()
      .mockRejectedValueOnce(new Error('网络异常'))
      .mockImplementation(async (body) => msg(2, { sender_side: 'staff', sender_id: 4, client_id: body.client_id }));
    const t = setup({ loadMessages: async () => ({ list: [msg(1)], has_more: false }), send });
    await waitFor(() => expect(t.hook.result.current.state.loaded).toBe(true));
    act(() => {
      t.hook.result.current.send({ kind: 'text', body: '断网时写的' });
    });
    await waitFor(() => expect(t.hook.result.current.entries[1].state).toBe('failed'));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(t.hook.result.current.entries[1].state).toBe('sent'));
    expect(send.mock.calls[1][0].client_id).toBe(send.mock.calls[0][0].client_id);
  });
});
