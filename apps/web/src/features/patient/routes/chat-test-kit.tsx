import type { ChatConversation, ChatMessage, OrderSummary, UserInfo } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import ChatConversationPage from './chat-conversation-page';
import ChatListPage from './chat-list-page';

export { socket, typingCalls, useFakeChatSocket } from './chat-test-socket';

/**
 * What the patient chat pages' tests share (chat-list-page.test.tsx, chat-conversation-page.test.tsx): fixtures, the
 * API answered by contract (the tests mock lib/http's callApi with `vi.mock` and route it here), and a socket stand-in
 * the test drives (chat-test-socket.ts, apart: the mock's factory imports it, and it must not import the pages).
 */

export const ME = { id: 50, name: '王小明' };

export const conv = (extra: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 7,
  pharmacy_id: 1,
  pharmacy_name: '康心大药房（北京店）',
  pharmacy_logo: '',
  patient_account_id: ME.id,
  patient_name: ME.name,
  patient_phone: '13900000001',
  patient_avatar: '',
  assignee_id: 4,
  assignee_name: '李客服',
  status: 'open',
  queued_at: null,
  last_seq: 3,
  last_message_at: '2026-11-24T08:00:00.000Z',
  last_message_preview: '您好',
  staff_unread: 0,
  patient_unread: 0,
  staff_read_seq: 0,
  patient_read_seq: 0,
  created_at: '2026-11-24T07:00:00.000Z',
  updated_at: '2026-11-24T08:00:00.000Z',
  closed_at: null,
  ...extra,
});

export const msg = (seq: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: seq * 10,
  conversation_id: 7,
  seq,
  sender_side: 'staff',
  sender_id: 4,
  sender_name: '李客服',
  client_id: null,
  kind: 'text',
  body: `消息${seq}`,
  image: null,
  product: null,
  order: null,
  created_at: '2026-11-24T08:00:00.000Z',
  ...extra,
});

export const order = (extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id: 300,
  order_no: 'O202611240001',
  pharmacy_id: 1,
  pharmacy_name: '康心大药房（北京店）',
  account_id: ME.id,
  buyer_phone: '139****0001',
  kind: 'normal',
  has_rx: false,
  status: 'pending_shipment',
  goods_amount: '25.00',
  freight: '0.00',
  discount: '0.00',
  pay_amount: '25.00',
  patient_name: ME.name,
  receiver_name: ME.name,
  receiver_phone: '13900000001',
  address: '北京市朝阳区',
  items_text: '布洛芬缓释胶囊 ×1',
  item_count: 1,
  courier_code: null,
  tracking_no: null,
  created_at: '2026-11-23T08:00:00.000Z',
  paid_at: '2026-11-23T08:10:00.000Z',
  shipped_at: null,
  completed_at: null,
  cancelled_at: null,
  ...extra,
});

// ---------------------------------------------------------------- API by contract

type Handler = (input: Record<string, unknown>) => unknown;
const handlers = new Map<unknown, Handler>();

/** Answers callApi(contract, input) with the handler given for that contract (an unexpected call fails the test). */
export function serveApi(routes: [contract: unknown, handler: Handler][]) {
  handlers.clear();
  vi.mocked(callApi).mockReset();
  for (const [c, h] of routes) handlers.set(c, h);
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    const h = handlers.get(contract);
    if (!h) return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
    try {
      return Promise.resolve(h(input ?? {}));
    } catch (error) {
      return Promise.reject(error);
    }
  }) as typeof callApi);
}

/** The inputs callApi got for a contract, in order. */
export const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

// ---------------------------------------------------------------- rendering

export function signIn() {
  useSessionStore.setState({ token: 'patient-token', userInfo: { ...ME, phone: '13900000001' } as UserInfo });
}

/** Both chat pages in a memory router at `url`; the answer's router tells where the page went. */
export function renderChat(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/patient/chat', element: <ChatListPage /> },
      { path: '/patient/chat/conversation', element: <ChatConversationPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export const locationOf = (router: ReturnType<typeof renderChat>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
