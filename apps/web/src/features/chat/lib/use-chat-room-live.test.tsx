import type { ChatConversation, ChatConversationListQuery, ChatServerFrame, PageResult } from '@pharmacy/shared';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatSocket, ChatSocketState } from '../../../lib/chat-socket';
import { installDomStubs } from '../../../lib/testing/dom';
import { chatKeys } from '../api/chat-keys';
import type { OpenThreadHandle } from '../components/chat-panel';
import { ConversationList } from '../components/conversation-list';
import { useChatRoomLive } from './use-chat-room-live';

beforeAll(() => {
  installDomStubs();
  // cache changes reach the list inside act(), not on a later timer
  notifyManager.setScheduler((cb) => cb());
});
afterEach(cleanup);

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
  assignee_id: null,
  assignee_name: '',
  status: 'open',
  queued_at: at(minute),
  last_seq: minute,
  last_message_at: at(minute),
  last_message_preview: `消息${minute}`,
  staff_unread: 0,
  patient_unread: 0,
  staff_read_seq: 0,
  patient_read_seq: 0,
  created_at: at(0),
  updated_at: at(minute),
  closed_at: null,
  ...extra,
});

function fakeSocket() {
  const frames = new Set<(f: ChatServerFrame) => void>();
  const socket = {
    state: 'closed' as ChatSocketState,
    onFrame: (l: (f: ChatServerFrame) => void) => {
      frames.add(l);
      return () => void frames.delete(l);
    },
    onState: () => () => undefined,
    typing: vi.fn(),
  };
  return {
    socket: socket as unknown as ChatSocket,
    frame: (f: ChatServerFrame) =>
      act(() => {
        for (const l of frames) l(f);
      }),
  };
}

const query: ChatConversationListQuery = { scope: 'all', status: 'open', page: 1, page_size: 100 };

function Harness({ socket, onOffer }: { socket: ChatSocket; onOffer: (c: ChatConversation) => void }) {
  const thread = useRef<OpenThreadHandle | null>(null);
  useChatRoomLive(socket, 1, 4, thread, onOffer, () => undefined);
  const { data } = useQuery<PageResult<ChatConversation>>({
    queryKey: chatKeys.list(1, query),
    queryFn: () => new Promise(() => undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <ConversationList
      scope="all"
      status="open"
      keyword=""
      onScope={() => undefined}
      onStatus={() => undefined}
      onKeyword={() => undefined}
      conversations={data?.list ?? []}
      total={data?.total ?? 0}
      loading={false}
      selectedId={null}
      onSelect={() => undefined}
      meId={4}
    />
  );
}

const rowNames = () =>
  within(screen.getByRole('list', { name: '会话列表' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

// the first render of antd's tabs and list takes seconds on a loaded 2-core machine
describe('the chat list on socket frames', { timeout: 30_000 }, () => {
  it('a message moves its conversation to the top with its unread count; a new one comes in; an offer is told', () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.list(1, query), {
      list: [conv(1, 30), conv(2, 20), conv(3, 10)],
      total: 3,
      page: 1,
      page_size: 100,
    });
    const fake = fakeSocket();
    const onOffer = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <Harness socket={fake.socket} onOffer={onOffer} />
      </QueryClientProvider>,
    );
    expect(rowNames()).toEqual(['患者1', '患者2', '患者3']);

    const moved = conv(3, 40, { staff_unread: 2, last_message_preview: '还在吗？' });
    fake.frame({
      t: 'message',
      conversation: moved,
      message: {
        id: 1,
        conversation_id: 3,
        seq: 40,
        sender_side: 'patient',
        sender_id: 103,
        sender_name: '患者3',
        client_id: null,
        kind: 'text',
        body: '还在吗？',
        image: null,
        product: null,
        order: null,
        created_at: at(40),
      },
    });
    expect(rowNames()).toEqual(['患者3，2 条未读', '患者1', '患者2']);
    expect(screen.getByText('还在吗？')).toBeTruthy();

    // a stale copy of conversation 3 arriving late changes nothing
    fake.frame({ t: 'conversation', conversation: conv(3, 10) });
    expect(client.getQueryData<PageResult<ChatConversation>>(chatKeys.list(1, query))?.list[0].last_seq).toBe(40);

    fake.frame({ t: 'offer', conversation: conv(9, 35) });
    expect(rowNames()).toEqual(['患者3，2 条未读', '患者9', '患者1', '患者2']);
    expect(onOffer).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
  });
});
