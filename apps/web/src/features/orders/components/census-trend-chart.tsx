import type { Census } from '@pharmacy/shared';
import { useMemo } from 'react';
import { CensusChart } from './census-chart';
import type { CensusChartOption } from './census-echarts';
import { bucketLabel, formatYuan } from './census-format';

const BLUE = '#1261d6';
const GREEN = '#3f9f5a';
const ORANGE = '#e8831a';

/** Orders placed and paid per bucket (bars, left axis) with the paid amount (line, right axis). */
export function CensusTrendChart({ census }: { census: Census }) {
  const option = useMemo<CensusChartOption>(() => {
    const labels = census.buckets.map((b) => bucketLabel(b, census.granularity));
    return {
      color: [BLUE, GREEN, ORANGE],
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : String(v ?? '')),
      },
      legend: { top: 0, data: ['订单数', '成交订单数', '成交金额'] },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: labels, axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '订单数（笔）', nameTextStyle: { align: 'left' }, minInterval: 1 },
        {
          type: 'value',
          name: '成交金额（元）',
          nameTextStyle: { align: 'right' },
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => (v >= 10000 ? `${v / 10000}万` : String(v)) },
        },
      ],
      series: [
        { name: '订单数', type: 'bar', data: census.buckets.map((b) => b.orders), barMaxWidth: 24 },
        { name: '成交订单数', type: 'bar', data: census.buckets.map((b) => b.paid_orders), barMaxWidth: 24 },
        {
          name: '成交金额',
          type: 'line',
          yAxisIndex: 1,
          symbolSize: 6,
          data: census.buckets.map((b) => Number(b.paid_amount)),
          tooltip: { valueFormatter: (v) => formatYuan(Number(v ?? 0).toFixed(2)) },
        },
      ],
    };
  }, [census]);
  return <CensusChart option={option} height={340} label="订单与成交金额趋势图" />;
}
