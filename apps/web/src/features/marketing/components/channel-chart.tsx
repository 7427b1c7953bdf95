import type { Channel } from '@pharmacy/shared';
import { useMemo } from 'react';
import type { ChartOption } from '../../../components/charts/echarts';
import { LazyChart } from '../../../components/charts/lazy-chart';

/** Scans, new members and orders per channel (the page's rows) as grouped bars; the amount on the right axis. */
export function ChannelChart({ channels }: { channels: Channel[] }) {
  const option = useMemo<ChartOption>(
    () => ({
      color: ['#1261d6', '#3f9f5a', '#e8831a', '#8e5bd6'],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, data: ['扫码次数', '新会员', '订单数', '成交金额'] },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: channels.map((c) => c.name), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', name: '次数 / 人数', nameTextStyle: { align: 'left' }, minInterval: 1 },
        { type: 'value', name: '金额（元）', nameTextStyle: { align: 'right' }, splitLine: { show: false } },
      ],
      series: [
        { name: '扫码次数', type: 'bar', barMaxWidth: 24, data: channels.map((c) => c.scans) },
        { name: '新会员', type: 'bar', barMaxWidth: 24, data: channels.map((c) => c.new_members) },
        { name: '订单数', type: 'bar', barMaxWidth: 24, data: channels.map((c) => c.orders) },
        {
          name: '成交金额',
          type: 'line',
          yAxisIndex: 1,
          data: channels.map((c) => Number(c.amount)),
          symbolSize: 6,
        },
      ],
    }),
    [channels],
  );
  return <LazyChart option={option} height={280} label="各渠道扫码、新会员、订单与金额" testId="channel-chart" />;
}
