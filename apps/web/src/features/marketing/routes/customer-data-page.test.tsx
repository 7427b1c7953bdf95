import { type MemberData, memberDataContracts, pharmacyDirectoryContracts } from '@pharmacy/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { testPharmacy, testUser } from '../../../lib/testing/fixtures';
import { renderRoute, setupRouteTest } from '../../../lib/testing/render-route';
import CustomerDataPage from './customer-data-page';

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

const day = (date: string, f: Partial<MemberData['totals']> = {}) => ({
  date,
  new_customers: 0,
  active_customers: 0,
  orders: 0,
  amount: '0.00',
  watch_seconds: 0,
  enrollments: 0,
  ...f,
});

/** Two days; the range's active customers (3) are fewer than the days' sum (2 + 2): one came back. */
const data: MemberData = {
  date_from: '2026-11-01',
  date_to: '2026-11-02',
  pharmacy_id: null,
  days: [
    day('2026-11-01', { new_customers: 2, active_customers: 2, orders: 1, amount: '12.50', watch_seconds: 3_900 }),
    day('2026-11-02', { new_customers: 1, active_customers: 2, orders: 2, amount: '7.25', enrollments: 4 }),
  ],
  totals: {
    new_customers: 3,
    active_customers: 3,
    orders: 3,
    amount: '19.75',
    watch_seconds: 3_900,
    enrollments: 4,
  },
};
const lives = { list: [], total: 0, page: 1, page_size: 10, date_from: '2026-11-01', date_to: '2026-11-02' };

const callsOf = (contract: unknown) =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([c]) => c === contract)
    .map(([, input]) => input as Record<string, unknown>);

function renderPage(url: string) {
  return renderRoute(<CustomerDataPage />, { path: '/marketManage/customer/data', url, locale: null });
}

const cardValue = (title: string) => {
  const card = screen.getAllByTestId('member-data-card').find((c) => within(c).queryByText(title));
  return card?.querySelector('.ant-statistic-content')?.textContent ?? '';
};

setupRouteTest();
beforeEach(() => {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === memberDataContracts.daily || contract === memberDataContracts.adminDaily) {
      return Promise.resolve(data);
    }
    if (contract === memberDataContracts.liveData || contract === memberDataContracts.adminLiveData) {
      return Promise.resolve(lives);
    }
    if (contract === pharmacyDirectoryContracts.list) {
      return Promise.resolve({ list: [{ id: 5, name: '仁心大药房(上海浦东店)' }], total: 1, page: 1, page_size: 100 });
    }
    return Promise.reject(new Error(`unexpected call: ${JSON.stringify(contract)}`));
  }) as typeof callApi);
});

describe('会员数据', () => {
  it("shows the pharmacy staff their pharmacy's figures for the URL's range, active customers counted once", async () => {
    useSessionStore.setState({
      token: 't',
      userInfo: testUser(),
      currentPharmacy: { ...testPharmacy(7), role: 'customer_service' },
    });
    renderPage('/marketManage/customer/data?date_from=2026-11-01&date_to=2026-11-02');
    await waitFor(() => expect(cardValue('成交金额')).toBe('¥19.75'), WAIT);
    expect(callsOf(memberDataContracts.daily)).toEqual([{ date_from: '2026-11-01', date_to: '2026-11-02' }]);
    expect(callsOf(memberDataContracts.adminDaily)).toEqual([]);
    expect(cardValue('活跃客户（区间去重）')).toBe('3');
    expect(cardValue('直播观看时长')).toBe('1小时5分');
    // the totals row says the active customers are distinct, not the column's sum (4)
    const total = screen.getByText('合计').closest('tr') as HTMLElement;
    expect(within(total).getByText('3（去重）')).toBeTruthy();
    const chart = screen.getByRole('img', { name: '每日成交订单与成交金额趋势图' });
    expect(JSON.parse(chart.dataset.series!)).toEqual([
      ['成交订单', [1, 2]],
      ['成交金额', [12.5, 7.25]],
    ]);
    expect(screen.queryByRole('combobox', { name: '药店' })).toBeNull();
    await waitFor(() => expect(callsOf(memberDataContracts.liveData)).toHaveLength(1), WAIT);
  }, 60_000);

  it("gives the operator the platform's figures and a pharmacy filter read from the URL", async () => {
    useSessionStore.setState({
      token: 't',
      userInfo: testUser({ roles: ['admin'], admin_permissions: ['all'], pharmacy_admin_permissions: {} }),
      currentPharmacy: null,
    });
    renderPage('/marketManage/customer/data?pharmacy_id=5&date_from=2026-13-01');
    await waitFor(() => expect(screen.getByText('会员数据（平台）')).toBeTruthy(), WAIT);
    await waitFor(() => expect(cardValue('新增客户')).toBe('3'), WAIT);
    // the unreadable date falls back to the server's default range
    expect(callsOf(memberDataContracts.adminDaily)).toEqual([{ pharmacy_id: 5 }]);
    expect(callsOf(memberDataContracts.daily)).toEqual([]);
    expect(screen.getByRole('combobox', { name: '药店' })).toBeTruthy();
    await waitFor(() => expect(callsOf(memberDataContracts.adminLiveData)[0]).toMatchObject({ pharmacy_id: 5 }), WAIT);
  }, 60_000);
});
