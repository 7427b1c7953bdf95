import {
  type ChatMessagesQuery,
  chatPatientContracts,
  type SendChatMessageBody,
  userOrderContracts,
} from '@pharmacy/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../../../lib/testing/dom';
import {
  callsOf,
  conv,
  locationOf,
  ME,
  msg,
  order,
  renderChat,
  serveApi,
  signIn,
  socket,
  typingCalls,
} from './chat-test-kit';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));
vi.mock('../../../lib/chat-socket', async () => ({
  useChatSocket: (await import('./chat-test-socket')).useFakeChatSocket,
}));

const WAIT = { timeout: 10_000 };

beforeAll(installDomStubs);
beforeEach(() => {
  socket.reset();
  signIn();
});
afterEach(cleanup);

const mine = (body: string, seq: number, extra = {}) =>
  msg(seq, { sender_side: 'patient', sender_id: ME.id, sender_name: ME.name, body, ...extra });

/** The thread: greeting (pharmacy), my question (seq 2), the pharmacist's answer (seq 3), a notice (seq 4). */
const thread = [
  msg(1, { sender_side: 'system', sender_id: null, sender_name: '康心大药房（北京店）', body: '您好，欢迎咨询！' }),
  mine('布洛芬饭前吃还是饭后吃？', 2),
  msg(3, { body: '建议饭后服用' }),
  msg(4, { sender_side: 'system', sender_id: null, kind: 'system', body: '药师 李客服 为您服务' }),
];

/** The API for conversation 7: messages from `stored`, sends stored with the next seq (or `failSends` times refused). */
function serveConversation(options: { conversation?: ReturnType<typeof conv>; failSends?: number } = {}) {
  const stored = [...thread];
  let fail = options.failSends ?? 0;
  serveApi([
    [chatPatientContracts.mine, () => [options.conversation ?? conv({ staff_read_seq: 1, last_seq: 4 })]],
    [
      chatPatientContracts.messages,
      (q) => {
        const { after_seq } = q as ChatMessagesQuery;
        const list = after_seq === undefined ? stored : stored.filter((m) => m.seq > after_seq);
        return { list, has_more: false };
      },
    ],
    [
      chatPatientContracts.send,
      (input) => {
        if (fail > 0) {
          fail -= 1;
          throw new Error('网络异常');
        }
        const body = input as SendChatMessageBody & { id: number };
        const seq = stored.length + 1;
        const m = mine(body.kind === 'text' ? body.body : '', seq, {
          client_id: body.client_id,
          kind: body.kind,
          order:
            body.kind === 'order'
              ? {
                  order_id: body.order_id,
                  order_no: `O${body.order_id}`,
                  status: 'pending_shipment',
                  status_label: '待发货',
                  total: '25.00',
                  item_count: 1,
                  first_item: '布洛芬缓释胶囊 ×1',
                  created_at: '2026-11-23T08:00:00.000Z',
                }
              : null,
          conversation_id: options.conversation?.status === 'closed' ? 8 : 7,
        });
        stored.push(m);
        return m;
      },
    ],
    [chatPatientContracts.read, (input) => conv({ patient_read_seq: input.seq as number })],
    [
      userOrderContracts.list,
      () => ({
        list: [
          order({ id: 300, order_no: 'O300' }),
          order({ id: 301, order_no: 'O301', pharmacy_id: 2, pharmacy_name: '仁和药房' }),
        ],
        total: 2,
        page: 1,
        page_size: 100,
      }),
    ],
  ]);
  return stored;
}

const log = () => screen.getByRole('log', { name: '消息列表' });
const bubble = (text: string) => within(log()).getByText(text).closest('[data-kind]') as HTMLElement;
const type = (text: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: '消息输入框' }), { target: { value: text } });

describe('patient chat conversation', { timeout: 30_000 }, () => {
  it('shows the thread: the pharmacy left, mine right with 已读 / 未读, notices centred; marks read to the end', async () => {
    serveConversation();
    renderChat('/patient/chat/conversation?id=7');
    await within(await screen.findByRole('log', { name: '消息列表' }, WAIT)).findByText(
      '建议饭后服用',
      undefined,
      WAIT,
    );
    const head = screen.getByRole('region', { name: '咨询的药店' });
    expect(within(head).getByText('康心大药房（北京店）')).toBeTruthy();
    expect(within(head).getByText('接待：李客服')).toBeTruthy();
    expect(within(head).getByText('进行中')).toBeTruthy();
    // the greeting is the pharmacy's bubble, on the left
    expect(bubble('您好，欢迎咨询！').dataset.kind).toBe('text');
    expect(within(bubble('您好，欢迎咨询！')).queryByText('未读')).toBeNull();
    // my message (seq 2) is beyond the staff's read seq (1): 未读
    expect(within(bubble('布洛芬饭前吃还是饭后吃？')).getByText('未读')).toBeTruthy();
    expect(bubble('药师 李客服 为您服务').dataset.kind).toBe('system');
    await waitFor(() => expect(callsOf(chatPatientContracts.read)).toEqual([{ id: 7, seq: 4 }]), WAIT);
    // the staff read it: a conversation frame turns the receipt to 已读
    socket.frame({
      t: 'conversation',
      conversation: conv({ staff_read_seq: 2, updated_at: '2026-11-24T09:00:00.000Z' }),
    });
    expect(within(bubble('布洛芬饭前吃还是饭后吃？')).getByText('已读')).toBeTruthy();
  });

  it('sends text (发送), shows 发送失败 with 重试, and a retry goes with the same client id', async () => {
    serveConversation({ failSends: 1 });
    renderChat('/patient/chat/conversation?id=7');
    await screen.findByText('建议饭后服用', undefined, WAIT);
    type('一天几次？');
    expect(typingCalls).toEqual([7]);
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await within(bubble('一天几次？')).findByText('发送失败', undefined, WAIT);
    fireEvent.click(within(bubble('一天几次？')).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(bubble('一天几次？').dataset.state).toBe('sent'), WAIT);
    const sends = callsOf(chatPatientContracts.send);
    expect(sends).toHaveLength(2);
    expect(sends[1].client_id).toBe(sends[0].client_id);
    expect(sends[0]).toMatchObject({ id: 7, kind: 'text', body: '一天几次？' });
    expect(within(log()).getAllByText('一天几次？')).toHaveLength(1);
  });

  it("shows the pharmacist's typing and catches up after a reconnect", async () => {
    const stored = serveConversation();
    renderChat('/patient/chat/conversation?id=7');
    await screen.findByText('建议饭后服用', undefined, WAIT);
    socket.frame({ t: 'typing', conversation_id: 7, side: 'staff', name: '李客服' });
    expect(screen.getByText('对方正在输入…')).toBeTruthy();
    socket.frame({ t: 'typing', conversation_id: 8, side: 'staff', name: '别人' });

    socket.setState('closed');
    await screen.findByText('连接已断开，正在重连…', undefined, WAIT);
    stored.push(msg(5, { body: '断线时药师发的' }));
    socket.setState('open');
    await within(log()).findByText('断线时药师发的', undefined, WAIT);
    expect(callsOf(chatPatientContracts.messages).at(-1)).toMatchObject({ id: 7, after_seq: 4 });
    // a frame repeating what the catch-up brought adds nothing
    socket.frame({ t: 'message', message: stored[4], conversation: conv({ last_seq: 5 }) });
    expect(within(log()).getAllByText('断线时药师发的')).toHaveLength(1);
  });

  it('订单: lists only my orders with this pharmacy and sends the chosen one as an order card', async () => {
    serveConversation();
    renderChat('/patient/chat/conversation?id=7');
    await screen.findByText('建议饭后服用', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /订单/ }));
    const card = await screen.findByRole('region', { name: '订单 O300' }, WAIT);
    expect(screen.queryByRole('region', { name: '订单 O301' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '发送订单 O300' }));
    await waitFor(() => expect(callsOf(chatPatientContracts.send)).toHaveLength(1), WAIT);
    expect(callsOf(chatPatientContracts.send)[0]).toMatchObject({ id: 7, kind: 'order', order_id: 300 });
    await waitFor(
      () =>
        expect(
          within(log())
            .getByRole('article', { name: '订单：O300' })
            .closest('[data-state]')
            ?.getAttribute('data-state'),
        ).toBe('sent'),
      WAIT,
    );
  });

  it('a closed conversation says so; sending opens a new one and the page follows it', async () => {
    serveConversation({ conversation: conv({ status: 'closed', assignee_id: null, assignee_name: '' }) });
    const { router } = renderChat('/patient/chat/conversation?id=7');
    await screen.findByText('本次咨询已结束，发送消息将开启新的咨询', undefined, WAIT);
    type('还有个问题');
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(locationOf(router)).toBe('/patient/chat/conversation?id=8'), WAIT);
  });

  it('an unknown conversation answers 会话不存在', async () => {
    serveConversation();
    renderChat('/patient/chat/conversation?id=99');
    expect(await screen.findByText('会话不存在', undefined, WAIT)).toBeTruthy();
  });
});
