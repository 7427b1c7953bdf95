import { type RecipeStatistics, shanghaiToday } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { configureHttp, resetHttpConfig } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { type RealServer, startRealServer } from '../../../lib/testing/real-server';
import DoctorCensusPage from './doctor-census-page';

// ECharts draws on a canvas jsdom does not have: the charts are stand-ins naming what they would draw (the page's
// tables carry the same numbers, and those are what this test reads).
vi.mock('../components/census-chart', () => ({
  CensusChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

/**
 * 处方统计 against the real API server (Fastify on a fresh seeded PGlite database): the demo doctor 张明远's
 * prescriptions of the seed. The page's numbers must be the API's, and a range without any shows the empty state.
 */
const WAIT = { timeout: 20_000 };
const DOCTOR = '13800000005';

let server: RealServer;
let token: string;

beforeAll(async () => {
  installDomStubs();
  server = await startRealServer();
  const signed = await server.signIn(DOCTOR);
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
  const router = createMemoryRouter([{ path: '/doctor/census', element: <DoctorCensusPage /> }], {
    initialEntries: [url],
  });
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

describe('doctor census page (real server)', { timeout: 90_000 }, () => {
  it('shows the API’s figures: cards, the charts’ labels and the day table with its total', async () => {
    // the seed writes its prescriptions over the months before today
    const to = shanghaiToday();
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
    const q = `date_from=${from}&date_to=${to}`;
    const api = await server.api<RecipeStatistics>('GET', `/recipe/statistics?${q}`, { token });
    expect(api.summary.written).toBeGreaterThan(0);
    renderPage(`/doctor/census?${q}`);
    await screen.findByText(new RegExp(`统计范围：${from} 至 ${to}`), undefined, WAIT);

    expect(cardValue('开具处方')).toBe(api.summary.written.toLocaleString('zh-CN'));
    expect(cardValue('审核通过率')).toBe(api.summary.approval_rate === null ? '—' : `${api.summary.approval_rate}%`);
    expect(cardValue('问诊需求')).toBe(`${api.consultations.prescribed} / ${api.consultations.received}`);
    expect(screen.getByRole('img', { name: /每日处方数趋势图/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /常用药品 TOP 10/ })).toBeTruthy();

    const table = screen.getByTestId('census-day-table');
    const total = within(table).getByText('合计').closest('tr') as HTMLElement;
    expect(within(total).getByText(String(api.summary.written))).toBeTruthy();
    const busiest = api.days.reduce((a, d) => (d.written > a.written ? d : a));
    const row = within(table)
      .getByText(new RegExp(`^${busiest.date}`))
      .closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[1].textContent).toBe(String(busiest.written));
  });

  it('a range without prescriptions or requests shows the empty state', async () => {
    renderPage('/doctor/census?date_from=2001-01-01&date_to=2001-01-31');
    await screen.findByText(/该时间段内没有开具处方/, undefined, WAIT);
    expect(cardValue('开具处方')).toBe('0');
    expect(cardValue('审核通过率')).toBe('—');
    expect(screen.queryByTestId('census-day-table')).toBeNull();
  });
});
