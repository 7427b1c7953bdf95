import { type PlatformCensus, shanghaiToday } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { type RealServer, startRealServer } from '../../../lib/testing/real-server';
import CensusPage from './census-page';

// ECharts draws on a canvas jsdom does not have: stand-ins naming what they would draw (the tables carry the numbers).
vi.mock('../../../components/charts/lazy-chart', () => ({
  LazyChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

/** 处方统计 of the platform against the real API server (a fresh seeded database), as the demo operator 赵运营. */
// the first render imports antd's table, tabs and selects: slow on a loaded machine
const WAIT = { timeout: 60_000 };
const OPERATOR = '13800000007';

let server: RealServer;
let token: string;
let router: ReturnType<typeof createMemoryRouter>;

beforeAll(async () => {
  installDomStubs();
  server = await startRealServer();
  const signed = await server.signIn(OPERATOR);
  token = signed.token;
  useSessionStore.getState().setSession(signed.token, signed.user);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

beforeEach(() => {
  configureHttp({ baseURL: server.url, retryDelayMs: 0 });
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  resetHttpConfig();
  unbindFeedback();
});

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter([{ path: '/website/census', element: <CensusPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const cardValue = (title: string) => {
  const card = screen.getAllByTestId('census-card').find((c) => within(c).queryByText(title));
  return card?.querySelector('.ant-statistic-content')?.textContent ?? '';
};

describe('operator census page (real server)', { timeout: 240_000 }, () => {
  it('shows the API’s figures; a pharmacy’s name narrows the page to it', async () => {
    const to = shanghaiToday();
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
    const q = `date_from=${from}&date_to=${to}`;
    const api = await server.api<PlatformCensus>('GET', `/admin/recipe/census?${q}`, { token });
    expect(api.summary.written).toBeGreaterThan(0);
    expect(api.by_pharmacy.length).toBeGreaterThan(1);
    renderPage(`/website/census?${q}&tab=pharmacy`);
    await screen.findByText(new RegExp(`统计范围：${from} 至 ${to}`), undefined, WAIT);

    expect(cardValue('开具处方')).toBe(api.summary.written.toLocaleString('zh-CN'));
    expect(cardValue('审核通过率')).toBe(api.summary.approval_rate === null ? '—' : `${api.summary.approval_rate}%`);
    expect(cardValue('驳回率')).toBe(api.summary.rejection_rate === null ? '—' : `${api.summary.rejection_rate}%`);
    expect(screen.getByRole('img', { name: /每日处方数趋势图/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /处方最多的药店/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出按药店统计/ })).toBeTruthy();

    const table = screen.getByTestId('census-pharmacy-table');
    const first = api.by_pharmacy[0];
    const row = within(table).getByRole('button', { name: first.pharmacy_name }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[1].textContent).toBe(first.written.toLocaleString('zh-CN'));
    const total = within(table).getByText('合计').closest('tr') as HTMLElement;
    expect(within(total).getAllByRole('cell')[1].textContent).toBe(api.summary.written.toLocaleString('zh-CN'));

    const narrowed = await server.api<PlatformCensus>(
      'GET',
      `/admin/recipe/census?${q}&pharmacy_id=${first.pharmacy_id}`,
      {
        token,
      },
    );
    fireEvent.click(within(row).getByRole('button', { name: first.pharmacy_name }));
    await waitFor(() => expect(cardValue('开具处方')).toBe(narrowed.summary.written.toLocaleString('zh-CN')), WAIT);
    expect(router.state.location.search).toContain(`pharmacy_id=${first.pharmacy_id}`);
    expect(screen.getByText(/已按药店或医生筛选/)).toBeTruthy();
  });

  it('a range without prescriptions shows the empty state', async () => {
    renderPage('/website/census?date_from=2001-01-01&date_to=2001-01-31');
    await screen.findByText(/该时间段内没有开具处方/, undefined, WAIT);
    expect(cardValue('开具处方')).toBe('0');
    expect(cardValue('审核通过率')).toBe('—');
    expect(screen.queryByTestId('census-day-table')).toBeNull();
  });
});
