import { type DashboardOverview, dashboardContracts } from '@pharmacy/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest, type TestRouter } from '../../../lib/testing/render-route';
import DashboardPage from './dashboard-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

// ECharts draws on a canvas jsdom does not have: a stand-in with its label, series and a button per data point
// that calls the chart's click handler (as a click on that bar would).
vi.mock('../../../components/charts/lazy-chart', () => ({
  LazyChart: ({
    label,
    option,
    onItemClick,
  }: {
    label: string;
    option: { series: { name: string; data: unknown[] }[] };
    onItemClick?: (i: number) => void;
  }) => (
    <div role="img" aria-label={label} data-series={JSON.stringify(option.series.map((s) => [s.name, s.data]))}>
      {option.series[0].data.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the stand-in's points are positional
        <button key={i} type="button" aria-label={`${label} #${i}`} onClick={() => onItemClick?.(i)} />
      ))}
    </div>
  ),
}));

const WAIT = { timeout: 30_000 };

const data: DashboardOverview = {
  range: '7d',
  date_from: '2026-11-14',
  date_to: '2026-11-20',
  generated_at: '2026-11-20T06:05:00.000Z',
  cache_seconds: 60,
  orders: {
    orders: 1234,
    amount: '98765.40',
    gmv_orders: 1000,
    gmv: '87654.30',
    refund_orders: 12,
    refund_amount: '456.70',
    by_status: [
      { status: 'pending_payment', orders: 34, amount: '1000.00' },
      { status: 'pending_review', orders: 0, amount: '0.00' },
      { status: 'pending_shipment', orders: 100, amount: '5000.00' },
      { status: 'shipped', orders: 100, amount: '5000.00' },
      { status: 'completed', orders: 900, amount: '80000.00' },
      { status: 'cancelled', orders: 100, amount: '7765.40' },
    ],
    by_pharmacy: [
      { pharmacy_id: 7, pharmacy_name: '仁心大药房（静安店）', pharmacies: 1, orders: 800, gmv: '60000.00' },
      { pharmacy_id: null, pharmacy_name: '其他', pharmacies: 3, orders: 434, gmv: '27654.30' },
    ],
    by_day: ['14', '15', '16', '17', '18', '19', '20'].map((d, i) => ({
      date: `2026-11-${d}`,
      orders: i * 10,
      gmv: `${i * 100}.50`,
    })),
  },
  column: { watchers: 321, watch_minutes: 4567, lives: 5, views: 400 },
  prescriptions: {
    written: 200,
    inspected: 150,
    approved: 120,
    rejected: 30,
    pending_inspection: 40,
    approval_rate: '80.00',
    median_inspect_minutes: '12.5',
  },
  new_members: 56,
  open_complaints: 3,
  expiring_pharmacies: 2,
};

let router: TestRouter;
function renderPage(url: string) {
  router = renderRoute(<DashboardPage />, { path: '/website/*', url, locale: null });
}

const card = (key: string) => screen.getByTestId(`dashboard-card-${key}`);
const calls = () =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === dashboardContracts.overview)
    .map(([, input]) => input);
const location = () => `${router.state.location.pathname}${router.state.location.search}`;

setupRouteTest();
beforeEach(() => {
  vi.mocked(callApi).mockImplementation(((contract: unknown) =>
    contract === dashboardContracts.overview
      ? Promise.resolve(data)
      : Promise.reject(new Error('unexpected call'))) as typeof callApi);
  useSessionStore.setState({ token: 't', userInfo: testUser({ roles: ['admin'], admin_permissions: ['all'] }) });
});

describe('数据看板', { timeout: 120_000 }, () => {
  it('shows the figures exactly, when they were computed, and links each to its list', async () => {
    renderPage('/website/dashboard?range=7d&date_to=2026-11-20');
    await screen.findByText(/统计范围：2026-11-14 至 2026-11-20/, undefined, WAIT);
    expect(calls()[0]).toEqual({ range: '7d', date_to: '2026-11-20' });
    expect(screen.getByTestId('dashboard-updated').textContent).toBe('数据每分钟更新，更新于 14:05');
    expect(within(card('orders')).getByText('1,234')).toBeTruthy();
    expect(within(card('gmv')).getByText('¥87,654.30')).toBeTruthy();
    expect(within(card('approval')).getByText('80.00%')).toBeTruthy();
    expect(within(card('approval')).getByText('审方用时中位数 12.5 分钟')).toBeTruthy();

    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/^订单数 1,234/)).toBe('/website/order?status=all&date_from=2026-11-14&date_to=2026-11-20');
    expect(href(/^新增会员 56/)).toBe('/website/customer?joined_from=2026-11-14&joined_to=2026-11-20');
    expect(href(/^开具处方 200/)).toBe('/website/census?date_from=2026-11-14&date_to=2026-11-20');
    expect(href(/^待处理投诉 3/)).toBe('/website/complaint?status=pending');
    expect(href(/^证照临期药店 2/)).toBe('/website/pharmacy?expiring=1');
    expect(screen.getByRole('link', { name: '待发货' }).getAttribute('href')).toBe(
      '/website/order?status=pending_shipment&date_from=2026-11-14&date_to=2026-11-20',
    );
    expect(screen.getByRole('link', { name: '800' }).getAttribute('href')).toBe(
      '/website/order?status=all&date_from=2026-11-14&date_to=2026-11-20&pharmacy_id=7',
    );
    expect(screen.getByText('其他（3 家药店）')).toBeTruthy();
  });

  it('a click on a chart opens the list behind it; the range is kept in the URL', async () => {
    renderPage('/website/dashboard?range=7d&date_to=2026-11-20');
    await screen.findByText(/统计范围/, undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /^每日订单数与成交额趋势图.* #2$/ }));
    expect(location()).toBe('/website/order?status=all&date_from=2026-11-16&date_to=2026-11-16');
  });

  it('a click on a pharmacy bar opens its orders; 其他 opens nothing', async () => {
    renderPage('/website/dashboard?range=7d&date_to=2026-11-20');
    await screen.findByText(/统计范围/, undefined, WAIT);
    // bars are drawn bottom-up: #0 is 其他, #1 the first pharmacy
    fireEvent.click(screen.getByRole('button', { name: /^成交额最高的药店.* #0$/ }));
    expect(location()).toBe('/website/dashboard?range=7d&date_to=2026-11-20');
    fireEvent.click(screen.getByRole('button', { name: /^成交额最高的药店.* #1$/ }));
    expect(location()).toBe('/website/order?status=all&date_from=2026-11-14&date_to=2026-11-20&pharmacy_id=7');
  });

  it('today by default; an operator without `all` is refused', async () => {
    renderPage('/website/dashboard?range=year');
    await screen.findByText(/统计范围/, undefined, WAIT);
    expect(calls()[0]).toEqual({ range: 'today' });
    cleanup();
    vi.mocked(callApi).mockClear();
    useSessionStore.setState({ token: 't', userInfo: testUser({ roles: ['admin'], admin_permissions: ['report'] }) });
    renderPage('/website/dashboard');
    await screen.findByText('数据看板');
    expect(screen.queryByTestId('dashboard-card-orders')).toBeNull();
    expect(calls()).toEqual([]);
  });
});
