import { type Column, liveColumnContracts as c } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import ColumnPage from './column-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const column = (id: number, title: string, extra: Partial<Column> = {}): Column => ({
  id,
  title,
  cover_url: '',
  intro: '',
  status: 'draft',
  platform_column_id: null,
  platform_column_title: null,
  reject_reason: '',
  submitted_at: null,
  reviewed_at: null,
  period_count: 0,
  enrolled_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  ...extra,
});

let columns: Column[] = [];

function serve() {
  const handlers = new Map<unknown, (input: Record<string, unknown>) => unknown>([
    [c.list, () => ({ list: columns, total: columns.length, page: 1, page_size: 20 })],
    [c.platformOptions, () => [{ id: 5, title: '健康大讲堂' }]],
    [
      c.submit,
      (input) => {
        columns = columns.map((x) =>
          x.id === input.id
            ? { ...x, status: 'pending', platform_column_id: 5, platform_column_title: '健康大讲堂', reject_reason: '' }
            : x,
        );
        return columns.find((x) => x.id === input.id);
      },
    ],
  ]);
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    const h = handlers.get(contract);
    if (!h) return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
    return Promise.resolve(h(input ?? {}));
  }) as typeof callApi);
}
const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([k]) => k === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage(url = '/broadcast/column') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/broadcast/column', element: <ColumnPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
const signIn = (role: 'manager' | 'customer_service') =>
  useSessionStore.setState({ token: 't', userInfo: testUser(), currentPharmacy: { ...testPharmacy(7), role } });

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  columns = [
    column(1, '慢病管理训练营', {
      status: 'rejected',
      platform_column_id: 5,
      platform_column_title: '健康大讲堂',
      reject_reason: '封面不清晰',
    }),
    column(2, '家庭用药课堂', { status: 'pending', platform_column_id: 5, platform_column_title: '健康大讲堂' }),
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

describe('column page', { timeout: 180_000 }, () => {
  it('shows the review state with the reject reason; a pending column cannot be edited or resubmitted', async () => {
    signIn('manager');
    renderPage();
    await screen.findByText('慢病管理训练营', undefined, WAIT);
    const rejected = within(rowOf('慢病管理训练营'));
    expect(rejected.getByText('已驳回')).toBeTruthy();
    expect(rejected.getByText('驳回原因：封面不清晰')).toBeTruthy();
    expect(rejected.getByRole('button', { name: '提交审核' })).toBeTruthy();
    expect(rejected.getByRole('button', { name: /^编\s*辑$/ })).toBeTruthy();
    expect(rejected.getByRole('button', { name: /^删\s*除$/ })).toBeTruthy();
    const pending = within(rowOf('家庭用药课堂'));
    expect(pending.getByText('待审核')).toBeTruthy();
    expect(pending.queryByRole('button', { name: /^编\s*辑$/ })).toBeNull();
    expect(pending.queryByRole('button', { name: '提交审核' })).toBeNull();
    expect(pending.getByRole('button', { name: '营期管理' })).toBeTruthy();
  });

  it('提交审核 sends the chosen platform column and the row turns 待审核', async () => {
    signIn('manager');
    const router = renderPage();
    await screen.findByText('慢病管理训练营', undefined, WAIT);
    fireEvent.click(within(rowOf('慢病管理训练营')).getByRole('button', { name: '提交审核' }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(router.state.location.search).toBe('?action=submit&id=1');
    // the previous platform column is chosen already
    await within(dialog).findByText('健康大讲堂', undefined, WAIT);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^提\s*交$/ }));
    });
    await waitFor(() => expect(callsOf(c.submit)).toEqual([{ id: 1, platform_column_id: 5 }]), WAIT);
    await waitFor(() => expect(within(rowOf('慢病管理训练营')).getByText('待审核')).toBeTruthy(), WAIT);
    expect(router.state.location.search).toBe('');
  });

  it('customer service sees the columns and 营期管理 only', async () => {
    signIn('customer_service');
    renderPage();
    await screen.findByText('慢病管理训练营', undefined, WAIT);
    expect(screen.queryByRole('button', { name: /新建专栏/ })).toBeNull();
    const row = within(rowOf('慢病管理训练营'));
    expect(row.getByRole('button', { name: '营期管理' })).toBeTruthy();
    expect(row.queryByRole('button', { name: '提交审核' })).toBeNull();
    expect(row.queryByRole('button', { name: /^删\s*除$/ })).toBeNull();
  });
});
