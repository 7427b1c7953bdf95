import type { MemberData } from '@pharmacy/shared';
import { useMemo } from 'react';
import type { ChartOption } from '../../../components/charts/echarts';
import { LazyChart } from '../../../components/charts/lazy-chart';
import { formatYuan, monthDay } from './member-data-format';

const BLUE = '#1261d6';
const GREEN = '#3f9f5a';
const ORANGE = '#e8831a';
const PURPLE = '#7a4fd1';

const count = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : String(v ?? ''));
const grid = { left: 16, right: 16, top: 40, bottom: 8, containLabel: true } as const;

/** Per day: new and active customers (lines). */
export function MemberDataCustomerChart({ data }: { data: MemberData }) {
  const option = useMemo<ChartOption>(() => {
    const showSymbol = data.days.length <= 62;
    return {
      color: [BLUE, GREEN],
      tooltip: { trigger: 'axis', valueFormatter: count },
      legend: { top: 0, data: ['新增客户', '活跃客户'] },
      grid,
      xAxis: { type: 'category', data: data.days.map((d) => monthDay(d.date)), boundaryGap: false },
      yAxis: { type: 'value', name: '人数', nameTextStyle: { align: 'left' }, minInterval: 1 },
      series: [
        { name: '新增客户', type: 'line', showSymbol, data: data.days.map((d) => d.new_customers) },
        { name: '活跃客户', type: 'line', showSymbol, data: data.days.map((d) => d.active_customers) },
      ],
    };
  }, [data]);
  return <LazyChart testId="member-data-chart" option={option} height={300} label="每日新增客户与活跃客户趋势图" />;
}

/** Per day: paid orders (bars) and their amount (line, right axis). */
export function MemberDataOrderChart({ data }: { data: MemberData }) {
  const option = useMemo<ChartOption>(
    () => ({
      color: [BLUE, ORANGE],
      tooltip: { trigger: 'axis', valueFormatter: count },
      legend: { top: 0, data: ['成交订单', '成交金额'] },
      grid,
      xAxis: { type: 'category', data: data.days.map((d) => monthDay(d.date)), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '订单（笔）', nameTextStyle: { align: 'left' }, minInterval: 1 },
        {
          type: 'value',
          name: '金额（元）',
          nameTextStyle: { align: 'right' },
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) },
        },
      ],
      series: [
        { name: '成交订单', type: 'bar', barMaxWidth: 20, data: data.days.map((d) => d.orders) },
        {
          name: '成交金额',
          type: 'line',
          yAxisIndex: 1,
          showSymbol: data.days.length <= 62,
          // the chart's scale only: the figures themselves are shown from the server's text
          data: data.days.map((d) => Number(d.amount)),
          tooltip: { valueFormatter: (v) => formatYuan(Number(v ?? 0).toFixed(2)) },
        },
      ],
    }),
    [data],
  );
  return <LazyChart testId="member-data-chart" option={option} height={300} label="每日成交订单与成交金额趋势图" />;
}

/** Per day: live watch time in minutes (bars) and enrolments (line, right axis). */
export function MemberDataLiveChart({ data }: { data: MemberData }) {
  const option = useMemo<ChartOption>(
    () => ({
      color: [PURPLE, GREEN],
      tooltip: { trigger: 'axis', valueFormatter: count },
      legend: { top: 0, data: ['观看时长（分钟）', '报名人次'] },
      grid,
      xAxis: { type: 'category', data: data.days.map((d) => monthDay(d.date)), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '分钟', nameTextStyle: { align: 'left' }, minInterval: 1 },
        { type: 'value', name: '人次', nameTextStyle: { align: 'right' }, splitLine: { show: false }, minInterval: 1 },
      ],
      series: [
        {
          name: '观看时长（分钟）',
          type: 'bar',
          barMaxWidth: 20,
          data: data.days.map((d) => Math.round(d.watch_seconds / 60)),
        },
        {
          name: '报名人次',
          type: 'line',
          yAxisIndex: 1,
          showSymbol: data.days.length <= 62,
          data: data.days.map((d) => d.enrollments),
        },
      ],
    }),
    [data],
  );
  return <LazyChart testId="member-data-chart" option={option} height={300} label="每日直播观看时长与报名人次趋势图" />;
}
