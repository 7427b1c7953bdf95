import type { TeamStatResult } from '@pharmacy/shared';
import { useMemo } from 'react';
import type { ChartOption } from '../../../components/charts/echarts';
import { LazyChart } from '../../../components/charts/lazy-chart';
import { formatYuan } from './team-stat-format';

const COLORS = ['#1261d6', '#13a8a8', '#3f9f5a', '#8e5bd6', '#e8831a', '#f0b429'];

/**
 * The daily series (ECharts, loaded on first use): people invited, enrolled, watching and answering and orders as
 * lines on the left axis, the amount as bars on the right. A patient counts on their first day in the range, so the
 * days add up to the cards.
 */
export function TeamStatTrendChart({ daily }: { daily: TeamStatResult['daily'] }) {
  const option = useMemo<ChartOption>(() => {
    const labels = daily.map((d) => `${d.day.slice(5, 7)}-${d.day.slice(8, 10)}`);
    const line = (name: string, data: number[]) => ({
      name,
      type: 'line' as const,
      data,
      symbolSize: 5,
      showSymbol: daily.length <= 62,
      smooth: false,
    });
    return {
      color: COLORS,
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : String(v ?? '')),
      },
      legend: { top: 0, data: ['邀请人数', '报名人数', '观看人数', '答题人数', '成交订单', '成交金额'] },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: labels, axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '人数 / 订单', nameTextStyle: { align: 'left' }, minInterval: 1 },
        {
          type: 'value',
          name: '成交金额（元）',
          nameTextStyle: { align: 'right' },
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) },
        },
      ],
      series: [
        line(
          '邀请人数',
          daily.map((d) => d.invited),
        ),
        line(
          '报名人数',
          daily.map((d) => d.enrolled),
        ),
        line(
          '观看人数',
          daily.map((d) => d.watched),
        ),
        line(
          '答题人数',
          daily.map((d) => d.answered),
        ),
        line(
          '成交订单',
          daily.map((d) => d.orders),
        ),
        {
          name: '成交金额',
          type: 'bar',
          yAxisIndex: 1,
          barMaxWidth: 16,
          itemStyle: { opacity: 0.45 },
          data: daily.map((d) => Number(d.amount)),
          tooltip: { valueFormatter: (v) => formatYuan(Number(v ?? 0).toFixed(2)) },
        },
      ],
    };
  }, [daily]);
  return <LazyChart option={option} height={340} label="团队每日趋势图" testId="team-stat-chart" />;
}
