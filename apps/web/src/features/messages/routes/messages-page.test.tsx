import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message, UserInfo } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { useUnreadCount } from '../api/get-unread-count';
import MessagesPage from './messages-page';

/** An in-memory message service behind a real HTTP server. */
let messages: Message[] = [];
const requests: string[] = [];
let server: Server;

const message = (id: number, read: boolean): Message => ({
  id,
  kind: id % 2 ? 'order' : 'system',
  title: `消息${id}`,
  content: `内容${id}`,
  link: null,
  read_at: read ? '2025-01-01T00:00:00Z' : null,
  created_at: `2025-01-${String(10 + id).padStart(2, '0')}T02:00:00Z`,
});

beforeAll(async () => {
  installDomStubs();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const ok = (data: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, msg: 'ok', data }));
      };
      if (url.pathname === '/api/v1/message/unread_count')
        return ok({ count: messages.filter((m) => !m.read_at).length });
      if (url.pathname === '/api/v1/message/list') {
        const state = url.searchParams.get('state') ?? 'all';
        const list = messages.filter((m) => state === 'all' || (state === 'unread' ? !m.read_at : !!m.read_at));
        return ok({ list, total: list.length, page: 1, page_size: 20 });
      }
      if (url.pathname === '/api/v1/message/read' && req.method === 'PUT') {
        const b = JSON.parse(body) as { ids?: number[]; all?: boolean };
        let updated = 0;
        messages = messages.map((m) => {
          if (!m.read_at && (b.all || b.ids?.includes(m.id))) {
            updated++;
            return { ...m, read_at: '2025-02-01T00:00:00Z' };
          }
          return m;
        });
        return ok({ updated });
      }
      const del = /^\/api\/v1\/message\/(\d+)$/.exec(url.pathname);
      if (del && req.method === 'DELETE') {
        messages = messages.filter((m) => m.id !== Number(del[1]));
        return ok(null);
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 404000, msg: '接口不存在', message: '', data: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  messages = [message(1, false), message(2, false), message(3, true)];
  requests.length = 0;
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  useSessionStore.getState().setSession('tok', { id: 9, roles: ['doctor'] } as unknown as UserInfo);
  configureHttp({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, retryDelayMs: 0 });
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
  unbindFeedback();
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

describe('messages page', { timeout: 30_000 }, () => {
  it('lists messages with their state and filters by 未读 through the URL', async () => {
    const router = renderPage('/message');
    await screen.findByText('消息3');
    expect(within(rowOf('消息1')).getByText('未读')).toBeTruthy();
    expect(within(rowOf('消息3')).getByText('已读')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('未读', { selector: '.ant-radio-button-wrapper span:not(.ant-radio-button)' }));
    });
    await waitFor(() => expect(screen.queryByText('消息3')).toBeNull());
    expect(router.state.location.search).toBe('?state=unread');
    expect(requests).toContain('GET /api/v1/message/list?page=1&page_size=20&state=unread');
  });

  it('查看 opens the message from the URL, marks it read, and the badge follows without a reload', async () => {
    const router = renderPage('/message?state=unread');
    await screen.findByText('消息2');
    await waitFor(() => expect(unread()).toBe('2'));
    await act(async () => {
      fireEvent.click(within(rowOf('消息2')).getByText(/^查\s*看$/));
    });
    expect(router.state.location.search).toBe('?state=unread&action=view&id=2');
    await screen.findByText('内容2');
    await waitFor(() => expect(unread()).toBe('1'));
    expect(requests).toContain('PUT /api/v1/message/read');
    // Reading dropped it from the 未读 list; the dialog still shows it.
    expect(screen.getByText('内容2')).toBeTruthy();
  });

  it('删除 asks first, then deletes; 全部标为已读 clears the badge', async () => {
    renderPage('/message');
    await screen.findByText('消息1');
    await waitFor(() => expect(unread()).toBe('2'));
    await act(async () => {
      fireEvent.click(within(rowOf('消息1')).getByText(/^删\s*除$/));
    });
    await act(async () => {
      fireEvent.click(await screen.findByText(/^确\s*定$|^OK$/));
    });
    await waitFor(() => expect(screen.queryByText('消息1')).toBeNull());
    expect(requests).toContain('DELETE /api/v1/message/1');
    await waitFor(() => expect(unread()).toBe('1'));
    await act(async () => {
      fireEvent.click(screen.getByText('全部标为已读'));
    });
    await waitFor(() => expect(unread()).toBe('0'));
    await waitFor(() => expect(within(rowOf('消息2')).getByText('已读')).toBeTruthy());
  });
});
