import { chatPatientContracts, pharmacyDirectoryContracts, userOrderContracts } from '@pharmacy/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../../../lib/testing/dom';
import { callsOf, conv, locationOf, msg, order, renderChat, serveApi, signIn, socket } from './chat-test-kit';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));
vi.mock('../../../lib/chat-socket', async () => ({
  useChatSocket: (await import('./chat-test-socket')).useFakeChatSocket,
}));

const WAIT = { timeout: 10_000 };

const directory = {
  list: [
    {
      id: 1,
      name: '康心大药房（北京店）',
      logo_url: '',
      province: '北京',
      city: '北京市',
      district: '朝阳区',
      address: '',
      phone: '',
      business_hours: '08:00-22:00',
      quote_count: 120,
    },
    {
      id: 2,
      name: '仁和药房',
      logo_url: '',
      province: '上海',
      city: '上海市',
      district: '浦东新区',
      address: '',
      phone: '',
      business_hours: '',
      quote_count: 80,
    },
    {
      id: 3,
      name: '同济堂',
      logo_url: '',
      province: '湖北',
      city: '武汉市',
      district: '江岸区',
      address: '',
      phone: '',
      business_hours: '',
      quote_count: 40,
    },
  ],
  total: 3,
  page: 1,
  page_size: 50,
};

beforeAll(installDomStubs);
beforeEach(() => {
  socket.reset();
  signIn();
});
afterEach(cleanup);

const rows = () => within(screen.getByRole('navigation', { name: '我的咨询' })).getAllByRole('link');

describe('patient chat list', { timeout: 30_000 }, () => {
  it('lists my conversations newest first with preview, status and unread badge; a message frame moves one to the top', async () => {
    serveApi([
      [
        chatPatientContracts.mine,
        () => [
          conv({
            id: 7,
            pharmacy_name: '康心大药房（北京店）',
            last_message_preview: '请问布洛芬怎么吃',
            last_message_at: '2026-11-24T08:00:00.000Z',
            patient_unread: 2,
          }),
          conv({
            id: 9,
            pharmacy_id: 2,
            pharmacy_name: '仁和药房',
            status: 'closed',
            last_message_preview: '本次会话已结束',
            last_message_at: '2026-11-24T09:00:00.000Z',
          }),
        ],
      ],
    ]);
    renderChat('/patient/chat');
    await screen.findByText('请问布洛芬怎么吃', undefined, WAIT);
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['仁和药房', '康心大药房（北京店），2 条未读']);
    expect(within(rows()[0]).getByText('已结束')).toBeTruthy();
    expect(within(rows()[1]).getByText('进行中')).toBeTruthy();
    expect(rows()[1].getAttribute('href')).toBe('/patient/chat/conversation?id=7');

    socket.frame({
      t: 'message',
      message: msg(4, { body: '饭后服用' }),
      conversation: conv({
        id: 7,
        last_seq: 4,
        last_message_preview: '饭后服用',
        last_message_at: '2026-11-24T10:00:00.000Z',
        updated_at: '2026-11-24T10:00:00.000Z',
        patient_unread: 3,
      }),
    });
    await waitFor(
      () =>
        expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['康心大药房（北京店），3 条未读', '仁和药房']),
      WAIT,
    );
    expect(within(rows()[0]).getByText('饭后服用')).toBeTruthy();
  });

  it('reloads the list when the socket connects again (what changed meanwhile shows)', async () => {
    let answer = [conv({ id: 7, last_message_preview: '旧消息' })];
    serveApi([[chatPatientContracts.mine, () => answer]]);
    renderChat('/patient/chat');
    await screen.findByText('旧消息', undefined, WAIT);
    socket.setState('closed');
    expect(await screen.findByText('连接已断开，正在重连…')).toBeTruthy();
    answer = [conv({ id: 7, last_message_preview: '断线时收到的', updated_at: '2026-11-24T11:00:00.000Z' })];
    socket.setState('open');
    await screen.findByText('断线时收到的', undefined, WAIT);
    expect(screen.queryByText('连接已断开，正在重连…')).toBeNull();
  });

  it('咨询药店: pharmacies I ordered from first, then the directory; picking one opens the conversation', async () => {
    serveApi([
      [chatPatientContracts.mine, () => []],
      [
        userOrderContracts.list,
        () => ({
          list: [
            order({ id: 2, pharmacy_id: 3, pharmacy_name: '同济堂', created_at: '2026-11-20T08:00:00.000Z' }),
            order({ id: 1, pharmacy_id: 1, created_at: '2026-11-22T08:00:00.000Z' }),
            order({ id: 3, pharmacy_id: 3, pharmacy_name: '同济堂', created_at: '2026-11-18T08:00:00.000Z' }),
          ],
          total: 3,
          page: 1,
          page_size: 100,
        }),
      ],
      [pharmacyDirectoryContracts.list, () => directory],
      [
        chatPatientContracts.open,
        (input) => conv({ id: 21, pharmacy_id: input.pharmacy_id as number, pharmacy_name: '同济堂' }),
      ],
    ]);
    const { router } = renderChat('/patient/chat');
    await screen.findByText(/还没有咨询记录/, undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '咨询药店' }));
    const ordered = await screen.findByRole('region', { name: '我下过单的药店' }, WAIT);
    const names = within(ordered)
      .getAllByRole('button')
      .map((b) => b.querySelector('strong')?.textContent);
    expect(names).toEqual(['康心大药房（北京店）', '同济堂']);
    const all = screen.getByRole('region', { name: '全部药店' });
    await within(all).findByText('仁和药房', undefined, WAIT);

    fireEvent.click(within(ordered).getByText('同济堂'));
    await waitFor(() => expect(locationOf(router)).toBe('/patient/chat/conversation?id=21'), WAIT);
    expect(callsOf(chatPatientContracts.open)).toEqual([{ pharmacy_id: 3 }]);
  });
});
