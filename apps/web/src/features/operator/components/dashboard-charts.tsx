import { type DashboardOverview, dashboardLinks, orderStatusLabels } from '@pharmacy/shared';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { ChartOption } from '../../../components/charts/echarts';
import { LazyChart } from '../../../components/charts/lazy-chart';
import { count, yuan } from './dashboard-format';

const BLUE = '#1261d6';
const GREEN = '#3f9f5a';
const GREY = '#bfbfbf';
const md = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}`;

/** Orders (bars) and GMV (line) per day; a click opens that day's orders. */
export function DashboardTrendChart({ data }: { data: DashboardOverview }) {
  const navigate = useNavigate();
  const days = data.orders.by_day;
  const option = useMemo<ChartOption>(
    () => ({
      color: [BLUE, GREEN],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['订单数', '成交额'] },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => md(d.date)) },
      yAxis: [
        { type: 'value', name: '订单（单）', minInterval: 1, nameTextStyle: { align: 'left' } },
        { type: 'value', name: '成交额（元）', nameTextStyle: { align: 'right' }, splitLine: { show: false } },
      ],
      series: [
        {
          name: '订单数',
          type: 'bar',
          barMaxWidth: 24,
          data: days.map((d) => d.orders),
          tooltip: { valueFormatter: (v) => count(Number(v)) },
        },
        {
          name: '成交额',
          type: 'line',
          yAxisIndex: 1,
          // the chart's scale only: the tooltip shows the exact figure
          data: days.map((d) => Number(d.gmv)),
          tooltip: { valueFormatter: (_v, i) => yuan(days[i]?.gmv ?? '0.00') },
        },
      ],
    }),
    [days],
  );
  return (
    <LazyChart
      testId="dashboard-trend"
      option={option}
      height={300}
      label="每日订单数与成交额趋势图，点击某一天查看当天订单"
      onItemClick={(i) => {
        const day = days[i];
        if (day) navigate(dashboardLinks.orders({ date_from: day.date, date_to: day.date }));
      }}
    />
  );
}

/** Orders by status; a click opens the order list on that status tab over the range. */
export function DashboardStatusChart({ data }: { data: DashboardOverview }) {
  const navigate = useNavigate();
  const rows = data.orders.by_status;
  const option = useMemo<ChartOption>(
    () => ({
      color: [BLUE],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => count(Number(v)) },
      grid: { left: 16, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => orderStatusLabels[r.status]) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: '订单数', type: 'bar', barMaxWidth: 32, data: rows.map((r) => r.orders) }],
    }),
    [rows],
  );
  return (
    <LazyChart
      testId="dashboard-status"
      option={option}
      height={260}
      label="各状态订单数柱状图，点击查看该状态的订单"
      onItemClick={(i) => {
        const row = rows[i];
        if (row) navigate(dashboardLinks.orders(data, row.status));
      }}
    />
  );
}

/** GMV of the top pharmacies and 其他; a click on a pharmacy opens its orders over the range. */
export function DashboardPharmacyChart({ data }: { data: DashboardOverview }) {
  const navigate = useNavigate();
  const rows = data.orders.by_pharmacy;
  const option = useMemo<ChartOption>(() => {
    const top = [...rows].reverse();
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (_v, i) => yuan(top[i]?.gmv ?? '0.00'),
      },
      grid: { left: 16, right: 24, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        data: top.map((r) => r.pharmacy_name),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        {
          name: '成交额',
          type: 'bar',
          barMaxWidth: 16,
          data: top.map((r) => ({
            value: Number(r.gmv),
            itemStyle: { color: r.pharmacy_id === null ? GREY : GREEN },
          })),
        },
      ],
    };
  }, [rows]);
  return (
    <LazyChart
      testId="dashboard-pharmacy"
      option={option}
      height={Math.max(220, 40 + rows.length * 30)}
      label="成交额最高的药店（前 10 名及其他）条形图，点击药店查看其订单"
      onItemClick={(i) => {
        const row = rows[rows.length - 1 - i];
        if (row && row.pharmacy_id !== null) navigate(dashboardLinks.orders(data, 'all', row.pharmacy_id));
      }}
    />
  );
}
