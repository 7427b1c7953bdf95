import type { PageResult, QuoteListResult, QuoteProduct } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy } from '../../../lib/testing/fixtures';
import { type RealServer, startRealServer } from '../../../lib/testing/real-server';
import QuotePage from './quote-page';

/**
 * The page against the real API server (Fastify on a fresh PGlite database, started once for this file), signed in as
 * the demo pharmacy_admin (13800000002, all keys in the first demo pharmacy). Every wait polls the DOM with an explicit
 * deadline, generous enough for a loaded 2-core machine.
 */
const WAIT = { timeout: 20_000 };
const ADMIN = '13800000002';

let server: RealServer;
let token: string;
let pharmacyId: number;

beforeAll(async () => {
  installDomStubs();
  server = await startRealServer();
  const session = await server.signIn(ADMIN);
  token = session.token;
  pharmacyId = Number(Object.keys(session.user.pharmacy_admin_permissions)[0]);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** A call as the console makes it, in the demo pharmacy. */
async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: {
      auth: token,
      pharmacyid: String(pharmacyId),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

beforeEach(async () => {
  useSessionStore.getState().hydrateSession();
  useSessionStore.getState().clear();
  configureHttp({ baseURL: server.url, retryDelayMs: 0 });
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
  const { user } = await server.signIn(ADMIN);
  useSessionStore.getState().setSession(token, user);
  useSessionStore.getState().setCurrentPharmacy(testPharmacy(pharmacyId, '仁心大药房(上海浦东店)'));
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
  unbindFeedback();
  useSessionStore.getState().clear();
});

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pharmacy/quote', element: <QuotePage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Text queries, not role queries: computing roles over an antd table in jsdom costs seconds per poll.
const tab = (name: RegExp) => screen.getByText(name, { selector: '.ant-tabs-tab-btn' });
const button = (name: RegExp, within: HTMLElement | Document = document) =>
  [...within.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLElement;
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('quote page (real server)', { timeout: 120_000 }, () => {
  it('shows the tabs with their counts and 共 N 条; the 已下架 tab goes to the URL', async () => {
    const all = await api<QuoteListResult>('GET', '/pharmacy/quote?page_size=10');
    const router = renderPage('/pharmacy/quote?page_size=10');
    await screen.findByText(all.list[0].name, undefined, WAIT);
    expect(tab(new RegExp(`^全部 \\(${all.counts.all}\\)$`))).toBeTruthy();
    expect(tab(new RegExp(`^已上架 \\(${all.counts.on_shelf}\\)$`))).toBeTruthy();
    expect(tab(new RegExp(`^已下架 \\(${all.counts.off_shelf}\\)$`))).toBeTruthy();
    expect(screen.getByText(`共 ${all.counts.all} 条`)).toBeTruthy();
    expect(screen.getAllByText(`¥${all.list[0].price}`).length).toBeGreaterThan(0);

    await click(tab(/^已下架/));
    await waitFor(() => expect(router.state.location.search).toBe('?page_size=10&status=off_shelf'), WAIT);
    await waitFor(() => expect(screen.getByText(`共 ${all.counts.off_shelf} 条`)).toBeTruthy(), WAIT);
    await waitFor(() => {
      const rows = [...document.querySelectorAll('tr.ant-table-row')] as HTMLElement[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => within(r).queryByText('已下架') !== null)).toBe(true);
    }, WAIT);
  });

  it('新增报价: picks a product, shows the shared rule on 售价, then saves; 下架 moves the tab counts', async () => {
    const products = await api<PageResult<QuoteProduct>>('GET', '/pharmacy/product?page_size=100');
    // an unquoted product its approval number finds alone, so the page filtered by it shows this product only
    let product: QuoteProduct | undefined;
    for (const p of products.list.filter((p) => !p.quoted && p.approval_no)) {
      const found = await api<PageResult<QuoteProduct>>(
        'GET',
        `/pharmacy/product?keyword=${encodeURIComponent(p.approval_no)}`,
      );
      if (found.total === 1) {
        product = p;
        break;
      }
    }
    if (!product) throw new Error('no unquoted product with a unique approval number on the first page');
    const keyword = encodeURIComponent(product.approval_no);
    const before = await api<QuoteListResult>('GET', `/pharmacy/quote?keyword=${keyword}`);
    renderPage(`/pharmacy/quote?keyword=${keyword}`);
    await waitFor(() => expect(tab(new RegExp(`^全部 \\(${before.counts.all}\\)$`))).toBeTruthy(), WAIT);

    await click(button(/^新增报价$/));
    const search = await screen.findByLabelText('搜索药品', undefined, WAIT);
    fireEvent.change(search, { target: { value: product.approval_no } });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await click(await screen.findByLabelText(`选择 ${product.name}（${product.spec}）`, undefined, WAIT));

    const title = await screen.findByText('新增报价', { selector: '.ant-modal-title' }, WAIT);
    const dialog = title.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('售价'), { target: { value: '12.345' } });
    fireEvent.change(within(dialog).getByLabelText('库存'), { target: { value: '20' } });
    await click(button(/^保\s*存$/, dialog));
    await within(dialog).findByText('售价最多两位小数', undefined, WAIT);
    fireEvent.change(within(dialog).getByLabelText('售价'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('原价'), { target: { value: '12' } });
    await click(button(/^保\s*存$/, dialog));
    await within(dialog).findByText('原价不能低于售价', undefined, WAIT);
    fireEvent.change(within(dialog).getByLabelText('原价'), { target: { value: '15' } });
    await click(button(/^保\s*存$/, dialog));

    // saved as typed (two places), and the counts follow
    await waitFor(() => expect(tab(new RegExp(`^全部 \\(${before.counts.all + 1}\\)$`))).toBeTruthy(), WAIT);
    const after = await api<QuoteListResult>('GET', `/pharmacy/quote?keyword=${keyword}`);
    const created = after.list.find((q) => q.product_id === product.id);
    expect(created).toMatchObject({ price: '12.50', original_price: '15.00', stock: 20, status: 'on_shelf' });

    const row = (await screen.findByText(product.name, undefined, WAIT)).closest('tr') as HTMLElement;
    await click(button(/^下\s*架$/, row));
    await waitFor(() => expect(tab(new RegExp(`^已下架 \\(${before.counts.off_shelf + 1}\\)$`))).toBeTruthy(), WAIT);
    expect(tab(new RegExp(`^已上架 \\(${before.counts.on_shelf}\\)$`))).toBeTruthy();
  });
});
