import { liveContracts, shanghaiToday, type TeamStatResult } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import TeamStatisticsPage from './team-statistics-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

// ECharts draws on a canvas jsdom does not have: the chart is a stand-in carrying its label and series.
vi.mock('../../../components/charts/lazy-chart', () => ({
  LazyChart: ({ label, option }: { label: string; option: { series: { name: string; data: number[] }[] } }) => (
    <div role="img" aria-label={label} data-series={JSON.stringify(option.series.map((s) => [s.name, s.data]))} />
  ),
}));

const WAIT = { timeout: 30_000 };

const figures = (f: Partial<TeamStatResult['total']> = {}) => ({
  invited: 0,
  enrolled: 0,
  watched: 0,
  watch_seconds: 0,
  answered: 0,
  orders: 0,
  amount: '0.00',
  ...f,
});

/** Two teams and 未分组; team = Σ members, total = Σ teams, days adding up (as the server answers). */
const result: TeamStatResult = {
  total: figures({
    invited: 12,
    enrolled: 9,
    watched: 7,
    watch_seconds: 45_900,
    answered: 5,
    orders: 4,
    amount: '12345.60',
  }),
  teams: [
    {
      team_id: 3,
      team_name: '客服一组',
      ...figures({
        invited: 8,
        enrolled: 6,
        watched: 5,
        watch_seconds: 37_800,
        answered: 4,
        orders: 3,
        amount: '12000.00',
      }),
      members: [
        {
          member_id: 31,
          name: '王丽娟',
          ...figures({
            invited: 5,
            enrolled: 4,
            watched: 3,
            watch_seconds: 36_000,
            answered: 3,
            orders: 2,
            amount: '11000.00',
          }),
        },
        {
          member_id: 32,
          name: '赵敏',
          ...figures({
            invited: 3,
            enrolled: 2,
            watched: 2,
            watch_seconds: 1_800,
            answered: 1,
            orders: 1,
            amount: '1000.00',
          }),
        },
      ],
    },
    { team_id: 4, team_name: '客服二组', ...figures(), members: [] },
    {
      team_id: null,
      team_name: '未分组',
      ...figures({
        invited: 4,
        enrolled: 3,
        watched: 2,
        watch_seconds: 8_100,
        answered: 1,
        orders: 1,
        amount: '345.60',
      }),
      members: [
        {
          member_id: 40,
          name: '李店长',
          ...figures({
            invited: 4,
            enrolled: 3,
            watched: 2,
            watch_seconds: 8_100,
            answered: 1,
            orders: 1,
            amount: '345.60',
          }),
        },
      ],
    },
  ],
  daily: [
    {
      day: '2026-11-01',
      ...figures({
        invited: 7,
        enrolled: 5,
        watched: 4,
        watch_seconds: 20_000,
        answered: 2,
        orders: 1,
        amount: '345.60',
      }),
    },
    { day: '2026-11-02', ...figures() },
    {
      day: '2026-11-03',
      ...figures({
        invited: 5,
        enrolled: 4,
        watched: 3,
        watch_seconds: 25_900,
        answered: 3,
        orders: 3,
        amount: '12000.00',
      }),
    },
  ],
};
const teams = [
  { id: 3, name: '客服一组' },
  { id: 4, name: '客服二组' },
];

const statCalls = () =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === liveContracts.teamStat)
    .map(([, input]) => input as Record<string, unknown>);

let router: ReturnType<typeof createMemoryRouter>;
function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter([{ path: '/broadcast/teamStatistics', element: <TeamStatisticsPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const cardValue = (title: string) => {
  const card = screen.getAllByTestId('team-stat-card').find((c) => within(c).queryByText(title));
  return card?.querySelector('.ant-statistic-content')?.textContent ?? '';
};
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  vi.mocked(callApi).mockImplementation(((contract: unknown, input?: Record<string, unknown>) => {
    if (contract === liveContracts.teams) return Promise.resolve(teams);
    if (contract === liveContracts.teamStat) {
      if (input?.team_id === 3) return Promise.resolve({ ...result, teams: [result.teams[0]], total: result.teams[0] });
      return Promise.resolve(result);
    }
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
  useSessionStore.setState({
    token: 't',
    userInfo: testUser(),
    currentPharmacy: { ...testPharmacy(7), role: 'customer_service' },
  });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
  useSessionStore.getState().clear();
});

describe('team statistics page', { timeout: 120_000 }, () => {
  it('shows the cards, the daily chart and the teams expandable to their members with the total', async () => {
    renderPage('/broadcast/teamStatistics?date_from=2026-11-01&date_to=2026-11-03');
    await screen.findByText(/统计范围：2026-11-01 至 2026-11-03/, undefined, WAIT);
    expect(statCalls()[0]).toEqual({ date_from: '2026-11-01', date_to: '2026-11-03' });

    expect(cardValue('邀请人数')).toBe('12');
    expect(cardValue('报名人数')).toBe('9');
    expect(cardValue('观看人数')).toBe('7');
    expect(cardValue('观看时长')).toBe('12时45分');
    expect(cardValue('答题人数')).toBe('5');
    expect(cardValue('成交订单')).toBe('4');
    expect(cardValue('成交金额')).toBe('¥12,345.60');

    const chart = screen.getByRole('img', { name: '团队每日趋势图' });
    const series = new Map(JSON.parse(chart.getAttribute('data-series') ?? '[]') as [string, number[]][]);
    expect(series.get('邀请人数')).toEqual([7, 0, 5]);
    expect(series.get('成交订单')).toEqual([1, 0, 3]);
    expect(series.get('成交金额')).toEqual([345.6, 0, 12000]);

    const table = screen.getByTestId('team-stat-table');
    expect(cellsOf(rowOf('客服一组'))).toEqual(['客服一组2 人', '8', '6', '5', '10时30分', '4', '3', '¥12,000.00']);
    expect(cellsOf(rowOf('客服二组'))).toEqual(['客服二组0 人', '0', '0', '0', '0分', '0', '0', '¥0.00']);
    const total = within(table).getByText('合计').closest('tr') as HTMLElement;
    expect(cellsOf(total)).toEqual(['合计', '12', '9', '7', '12时45分', '5', '4', '¥12,345.60']);
    // members show when their team is expanded
    expect(screen.queryByText('王丽娟')).toBeNull();
    fireEvent.click(within(rowOf('客服一组')).getByRole('button', { expanded: false }));
    await screen.findByText('王丽娟');
    expect(cellsOf(rowOf('王丽娟'))).toEqual(['王丽娟', '5', '4', '3', '10时00分', '3', '2', '¥11,000.00']);
    expect(cellsOf(rowOf('赵敏'))).toEqual(['赵敏', '3', '2', '2', '30分', '1', '1', '¥1,000.00']);
    expect(screen.queryByText('李店长')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    await screen.findByText('李店长');
  });

  it('defaults to the last 30 Shanghai days and keeps the range and the team in the URL', async () => {
    renderPage('/broadcast/teamStatistics');
    const to = shanghaiToday();
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    await screen.findByText(new RegExp(`统计范围：${from} 至 ${to}`), undefined, WAIT);
    expect(statCalls()[0]).toEqual({ date_from: from, date_to: to });
    await waitFor(() => expect(router.state.location.search).toBe(`?date_from=${from}&date_to=${to}`));

    // 团队: only that team's figures are asked for, and the URL says so
    const select = screen.getByRole('combobox', { name: '团队' });
    await act(async () => {
      fireEvent.mouseDown(select);
    });
    fireEvent.click(await screen.findByTitle('客服一组'));
    await waitFor(() => expect(statCalls().at(-1)).toEqual({ date_from: from, date_to: to, team_id: 3 }));
    expect(router.state.location.search).toContain('team_id=3');
    await waitFor(() => expect(cardValue('邀请人数')).toBe('8'));
    expect(screen.queryByText('客服二组', { selector: 'td *' })).toBeNull();
  });

  it('ignores a range over 366 days in the URL and shows the default instead', async () => {
    renderPage('/broadcast/teamStatistics?date_from=2024-01-01&date_to=2026-01-01&team_id=4');
    const to = shanghaiToday();
    await screen.findByText(new RegExp(`至 ${to}`), undefined, WAIT);
    expect(statCalls()[0]).toMatchObject({ date_to: to, team_id: 4 });
  });
});
