import { shareContracts as c, type Share } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import ComboPage from './combo-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const share = (id: number, title: string, extra: Partial<Share> = {}): Share => ({
  id,
  kind: 'items',
  title,
  message: '',
  items: [{ quote_id: 1, qty: 2, name: '布洛芬缓释胶囊', spec: '0.3g', price: '12.50', on_shelf: true }],
  quote_set_id: null,
  quote_set_name: null,
  live_id: null,
  live_title: null,
  summary: '布洛芬缓释胶囊×2',
  recipient_phone: '139****0001',
  sharer_account_id: 9,
  sharer_name: '王丽娟',
  is_mine: true,
  status: 'pending',
  reject_reason: '',
  reviewer_name: null,
  reviewed_at: null,
  opened_at: null,
  open_count: 0,
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});

let shares: Share[] = [];

function serve() {
  const handlers = new Map<unknown, (input: Record<string, unknown>) => unknown>([
    [
      c.list,
      () => ({
        list: shares,
        total: shares.length,
        page: 1,
        page_size: 20,
        counts: { all: shares.length, pending: 1, approved: 1, rejected: 1 },
      }),
    ],
    [c.approve, (input) => ({ ...shares.find((s) => s.id === input.id), status: 'approved' })],
  ]);
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    const h = handlers.get(contract);
    if (!h) return Promise.reject(new Error('unexpected call'));
    return Promise.resolve(h(input ?? {}));
  }) as typeof callApi);
}
const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([k]) => k === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage(url = '/pharmacy/combo') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pharmacy/combo', element: <ComboPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const rowOf = (title: string) => within(screen.getByText(title).closest('tr') as HTMLElement);
const signIn = (role: 'manager' | 'customer_service' | 'pharmacy_admin') =>
  useSessionStore.setState({ token: 't', userInfo: testUser(), currentPharmacy: { ...testPharmacy(7), role } });

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  shares = [
    share(1, '待审核的分享'),
    share(2, '通过的分享', { status: 'approved', open_count: 2 }),
    share(3, '别人的驳回分享', {
      status: 'rejected',
      reject_reason: '数量偏多',
      is_mine: false,
      sharer_name: '吴婷婷',
    }),
  ];
  serve();
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  useSessionStore.getState().clear();
});

describe('分享套餐 on the combo page', { timeout: 180_000 }, () => {
  it('customer service lands on the shares: tab counts, no review actions, link only when approved', async () => {
    signIn('customer_service');
    renderPage();
    await screen.findByText('待审核的分享', undefined, WAIT);
    expect(screen.getByRole('tab', { name: '待审核（1）' })).toBeTruthy();
    const pending = rowOf('待审核的分享');
    expect(pending.queryByRole('button', { name: '审核通过' })).toBeNull();
    expect(pending.queryByRole('button', { name: /驳\s*回/ })).toBeNull();
    expect(pending.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(pending.queryByRole('button', { name: '复制链接' })).toBeNull();
    const approved = rowOf('通过的分享');
    expect(approved.getByRole('button', { name: '复制链接' })).toBeTruthy();
    expect(approved.getByRole('button', { name: '二维码' })).toBeTruthy();
    expect(approved.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(approved.getByText('已打开 2 次')).toBeTruthy();
    // not the sharer (a customer service never lists others' shares, but the rule holds)
    expect(rowOf('别人的驳回分享').queryByRole('button', { name: '改手机号' })).toBeNull();
  });

  it('a manager reviews: 审核通过 after the confirmation; edits anyone’s pending or rejected share', async () => {
    signIn('manager');
    renderPage('/pharmacy/combo?tab=share');
    await screen.findByText('待审核的分享', undefined, WAIT);
    expect(rowOf('别人的驳回分享').getByText('数量偏多')).toBeTruthy();
    expect(rowOf('别人的驳回分享').getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(rowOf('通过的分享').queryByRole('button', { name: '审核通过' })).toBeNull();
    fireEvent.click(rowOf('待审核的分享').getByRole('button', { name: '审核通过' }));
    await screen.findByText('确定审核通过吗？通过后被分享人即可打开分享。', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /^(确\s*定|OK)$/ }));
    await waitFor(() => expect(callsOf(c.approve)).toEqual([{ id: 1 }]), WAIT);
  });

  it('pharmacy_admin opens on the combos, and reaches the shares through the switch', async () => {
    signIn('pharmacy_admin');
    vi.mocked(callApi).mockImplementation(((contract: unknown) =>
      contract === c.list
        ? Promise.resolve({
            list: shares,
            total: 3,
            page: 1,
            page_size: 20,
            counts: { all: 3, pending: 1, approved: 1, rejected: 1 },
          })
        : Promise.resolve({
            list: [],
            total: 0,
            page: 1,
            page_size: 20,
            counts: { all: 0, on_sale: 0, off_sale: 0 },
          })) as typeof callApi);
    const router = renderPage();
    await screen.findByRole('heading', { name: '套餐管理' }, WAIT);
    expect(callsOf(c.list)).toEqual([]);
    fireEvent.click(screen.getByText('分享套餐（审核）'));
    await screen.findByText('待审核的分享', undefined, WAIT);
    expect(router.state.location.search).toBe('?tab=share');
  });
});
