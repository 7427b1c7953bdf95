import { type Column, liveColumnContracts as c, type Period, type periodLiveSchema } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import ColumnManagePage from './column-manage-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };
type PeriodLive = z.infer<typeof periodLiveSchema>;

const column: Column = {
  id: 1,
  title: '慢病用药训练营',
  cover_url: '',
  intro: '',
  status: 'approved',
  platform_column_id: 3,
  platform_column_title: '健康课堂',
  reject_reason: '',
  submitted_at: null,
  reviewed_at: null,
  period_count: 1,
  enrolled_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
};
const period: Period = {
  id: 2,
  column_id: 1,
  name: '第 1 期',
  start_at: '2026-11-01T00:00:00.000Z',
  end_at: '2026-11-30T00:00:00.000Z',
  sort: 1,
  live_count: 3,
  enrolled_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
};
const live = (id: number, title: string, sort: number): PeriodLive => ({
  id,
  title,
  cover_url: '',
  lecturer: '李药师',
  start_at: '2026-11-10T12:00:00.000Z',
  end_at: '2026-11-10T13:00:00.000Z',
  started_at: null,
  ended_at: null,
  status: 'scheduled',
  quote_set_id: null,
  quote_set_name: null,
  viewer_count: 0,
  question_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  sort,
});

let bound: PeriodLive[] = [];

type Handler = (input: Record<string, unknown>) => unknown;
function serve() {
  const handlers = new Map<unknown, Handler>([
    [c.detail, () => column],
    [c.periods, () => [period]],
    [c.periodLives, () => bound],
    [c.enrollments, () => ({ list: [], total: 0, page: 1, page_size: 20 })],
    [
      c.sortLives,
      (input) => {
        const ids = input.live_ids as number[];
        bound = ids.map((id, i) => ({ ...(bound.find((l) => l.id === id) as PeriodLive), sort: i + 1 }));
        return bound;
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

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/broadcast/column/manage', element: <ColumnManagePage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const titles = () =>
  within(screen.getByRole('table', { name: '营期直播' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1].textContent);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  bound = [live(11, '高血压用药', 1), live(12, '糖尿病饮食', 2), live(13, '血脂管理', 3)];
  serve();
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  useSessionStore.getState().clear();
});

const signIn = (role: 'manager' | 'customer_service') =>
  useSessionStore.setState({ token: 't', userInfo: testUser(), currentPharmacy: { ...testPharmacy(7), role } });

describe('column manage page', { timeout: 180_000 }, () => {
  it('上移 / 下移 send the whole order and show it; the ends cannot move further', async () => {
    signIn('manager');
    const router = renderPage('/broadcast/column/manage?id=1');
    await screen.findByText('血脂管理', undefined, WAIT);
    // the first period is selected, in the URL
    await waitFor(() => expect(router.state.location.search).toBe('?id=1&period=2'), WAIT);
    expect(titles()).toEqual(['高血压用药', '糖尿病饮食', '血脂管理']);
    expect(button('上移：高血压用药').disabled).toBe(true);
    expect(button('下移：血脂管理').disabled).toBe(true);

    await act(async () => {
      fireEvent.click(button('下移：高血压用药'));
    });
    await waitFor(() => expect(titles()).toEqual(['糖尿病饮食', '高血压用药', '血脂管理']), WAIT);
    expect(callsOf(c.sortLives)).toEqual([{ id: 2, live_ids: [12, 11, 13] }]);

    await waitFor(() => expect(button('上移：血脂管理').disabled).toBe(false), WAIT);
    await act(async () => {
      fireEvent.click(button('上移：血脂管理'));
    });
    await waitFor(() => expect(titles()).toEqual(['糖尿病饮食', '血脂管理', '高血压用药']), WAIT);
    expect(callsOf(c.sortLives)[1]).toEqual({ id: 2, live_ids: [12, 13, 11] });
    expect(button('上移：糖尿病饮食').disabled).toBe(true);
    expect(button('下移：高血压用药').disabled).toBe(true);
  });

  it('customer service sees the order but no write buttons, and may still enrol and invite', async () => {
    signIn('customer_service');
    renderPage('/broadcast/column/manage?id=1&period=2');
    await screen.findByText('血脂管理', undefined, WAIT);
    expect(screen.queryByRole('button', { name: /上移/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /绑定直播/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建营期/ })).toBeNull();
    expect(screen.getByRole('button', { name: /添加学员/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /邀请链接/ })).toBeTruthy();
  });
});
