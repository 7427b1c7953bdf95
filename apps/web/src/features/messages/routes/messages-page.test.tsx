import type { Message, PageResult } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { OPERATOR_PHONE, type RealServer, startRealServer } from '../../../lib/testing/real-server';
import { useUnreadCount } from '../api/get-unread-count';
import MessagesPage from './messages-page';

/**
 * The page against the real API server (Fastify on a fresh PGlite database, started once for this file). Each test
 * signs in as a fresh account of its own, to which the operator sends 消息1..3 through POST /message; 消息3 is read.
 * No fixed sleeps: every wait polls the DOM with an explicit deadline, generous enough for a loaded 2-core machine
 * (antd's first table render in jsdom alone can take seconds there).
 */
const WAIT = { timeout: 20_000 };

let server: RealServer;
let operatorToken: string;
const freshAccounts: string[] = [];

beforeAll(async () => {
  installDomStubs();
  server = await startRealServer({ accounts: 3 });
  freshAccounts.push(...server.accounts);
  operatorToken = (await server.signIn(OPERATOR_PHONE)).token;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

interface Own {
  token: string;
  /** The ids of 消息1..3, in that order. */
  ids: number[];
  unreadCount(): Promise<number>;
  list(): Promise<Message[]>;
}

/** A fresh account (one per test), its three messages (消息3 already read), signed in as the console would be. */
async function ownAccount(): Promise<Own> {
  const phone = freshAccounts.shift();
  if (!phone) throw new Error('no fresh account left: ask startRealServer for more');
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const { id } = await server.api<{ id: number }>('POST', '/message', {
      token: operatorToken,
      body: { phone, kind: n % 2 ? 'order' : 'system', title: `消息${n}`, content: `内容${n}` },
    });
    ids.push(id);
  }
  const { token, user } = await server.signIn(phone);
  await server.api('PUT', '/message/read', { token, body: { ids: [ids[2]] } });
  useSessionStore.getState().setSession(token, user);
  return {
    token,
    ids,
    unreadCount: async () => (await server.api<{ count: number }>('GET', '/message/unread_count', { token })).count,
    list: async () => (await server.api<PageResult<Message>>('GET', '/message/list?page_size=100', { token })).list,
  };
}

beforeEach(() => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  configureHttp({ baseURL: server.url, retryDelayMs: 0 });
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
  unbindFeedback();
  useSessionStore.getState().clear();
});

function Bell() {
  const { data } = useUnreadCount();
  return <output aria-label="未读数">{data?.count ?? '-'}</output>;
}

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/message',
        element: (
          <>
            <Bell />
            <MessagesPage />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const unread = () => screen.getByLabelText('未读数').textContent;
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('messages page (real server)', { timeout: 90_000 }, () => {
  it('lists messages with their state and filters by 未读 through the URL', async () => {
    await ownAccount();
    const router = renderPage('/message');
    await screen.findByText('消息3', undefined, WAIT);
    expect(within(rowOf('消息1')).getByText('未读')).toBeTruthy();
    expect(within(rowOf('消息3')).getByText('已读')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('未读', { selector: '.ant-radio-button-wrapper span:not(.ant-radio-button)' }));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?state=unread'), WAIT);
    // the server filtered: 消息3 is gone, the unread two remain
    await waitFor(() => expect(screen.queryByText('消息3')).toBeNull(), WAIT);
    await waitFor(() => expect(screen.getByText('共 2 条')).toBeTruthy(), WAIT);
    expect(screen.getByText('消息1')).toBeTruthy();
    expect(screen.getByText('消息2')).toBeTruthy();
  });

  it('查看 opens the message from the URL, marks it read, and the badge follows without a reload', async () => {
    const own = await ownAccount();
    const router = renderPage('/message?state=unread');
    await screen.findByText('消息2', undefined, WAIT);
    await waitFor(() => expect(unread()).toBe('2'), WAIT);
    await act(async () => {
      fireEvent.click(within(rowOf('消息2')).getByText(/^查\s*看$/));
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?state=unread&action=view&id=${own.ids[1]}`), WAIT);
    await screen.findByText('内容2', undefined, WAIT);
    await waitFor(() => expect(unread()).toBe('1'), WAIT);
    // the server holds it as read
    expect(await own.unreadCount()).toBe(1);
    expect((await own.list()).find((m) => m.id === own.ids[1])?.read_at).not.toBeNull();
    // Reading dropped it from the 未读 list; the dialog still shows it.
    await waitFor(() => expect(screen.getByText('共 1 条')).toBeTruthy(), WAIT);
    expect(screen.getByText('内容2')).toBeTruthy();
  });

  it('删除 asks first, then deletes; 全部标为已读 clears the badge', async () => {
    const own = await ownAccount();
    renderPage('/message');
    await screen.findByText('消息1', undefined, WAIT);
    await waitFor(() => expect(unread()).toBe('2'), WAIT);
    await act(async () => {
      fireEvent.click(within(rowOf('消息1')).getByText(/^删\s*除$/));
    });
    // nothing is deleted before the confirmation
    expect((await own.list()).map((m) => m.id)).toContain(own.ids[0]);
    const ok = await screen.findByText(/^确\s*定$|^OK$/, undefined, WAIT);
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(screen.queryByText('消息1')).toBeNull(), WAIT);
    expect((await own.list()).map((m) => m.id)).toEqual([own.ids[2], own.ids[1]]);
    await waitFor(() => expect(unread()).toBe('1'), WAIT);
    await act(async () => {
      fireEvent.click(screen.getByText('全部标为已读'));
    });
    await waitFor(() => expect(unread()).toBe('0'), WAIT);
    await waitFor(() => expect(within(rowOf('消息2')).getByText('已读')).toBeTruthy(), WAIT);
    expect(await own.unreadCount()).toBe(0);
  });
});
