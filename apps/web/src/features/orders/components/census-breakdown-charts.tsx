import { type Census, type CensusPrice, orderKindLabels, orderStatusLabels } from '@pharmacy/shared';
import { useMemo } from 'react';
import { CensusChart } from './census-chart';
import type { CensusChartOption } from './census-echarts';
import { formatYuan } from './census-format';

/** Each status's own colour, in the order of the state machine. */
const STATUS_COLORS = ['#e8831a', '#8c5fd6', '#1261d6', '#13a8a8', '#3f9f5a', '#9a9a9a'];
const KIND_COLORS = ['#1261d6', '#8c5fd6', '#e8831a', '#13a8a8'];

const pie = (title: string, data: { name: string; value: number }[], color: string[]): CensusChartOption => {
  const total = data.reduce((n, d) => n + d.value, 0);
  const counts = new Map(data.map((d) => [d.name, d.value]));
  return {
    color,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 笔（{d}%）' },
    // the numbers in the legend: small slices keep a readable label without crowding the ring
    legend: {
      orient: 'vertical',
      right: 0,
      top: 'middle',
      icon: 'circle',
      itemWidth: 10,
      itemHeight: 10,
      formatter: (name: string) => `${name}  ${counts.get(name) ?? 0} 笔`,
    },
    series: [
      {
        name: title,
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['32%', '50%'],
        label: { show: true, position: 'center', formatter: () => `${total}\n笔`, fontSize: 16, lineHeight: 22 },
        labelLine: { show: false },
        emphasis: { label: { show: true } },
        data,
      },
    ],
  };
};

/** Orders of the range by status (订单状态分布). */
export function CensusStatusChart({ census }: { census: Census }) {
  const option = useMemo(
    () =>
      pie(
        '订单状态',
        census.by_status
          .filter((s) => s.orders > 0)
          .map((s) => ({ name: orderStatusLabels[s.status], value: s.orders })),
        census.by_status.map((_, i) => STATUS_COLORS[i]!).filter((_, i) => census.by_status[i]!.orders > 0),
      ),
    [census],
  );
  return <CensusChart option={option} height={300} label="订单状态分布图" />;
}

/** Orders of the range by kind (订单类型分布). */
export function CensusKindChart({ census }: { census: Census }) {
  const option = useMemo(
    () =>
      pie(
        '订单类型',
        census.by_kind.filter((k) => k.orders > 0).map((k) => ({ name: orderKindLabels[k.kind], value: k.orders })),
        census.by_kind.map((_, i) => KIND_COLORS[i]!).filter((_, i) => census.by_kind[i]!.orders > 0),
      ),
    [census],
  );
  return <CensusChart option={option} height={300} label="订单类型分布图" />;
}

/** 价格统计: paid orders per price band. */
export function CensusPriceChart({ price }: { price: CensusPrice }) {
  const option = useMemo<CensusChartOption>(
    () => ({
      color: ['#13a8a8'],
      tooltip: {
        trigger: 'axis',
        formatter: (params) => {
          const p = (Array.isArray(params) ? params[0] : params) as { dataIndex: number };
          const band = price.bands[p.dataIndex]!;
          return `${band.label}<br/>成交订单 ${band.orders} 笔<br/>成交金额 ${formatYuan(band.amount)}`;
        },
      },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        name: '元',
        data: price.bands.map((b) => (b.max === null ? `≥${Number(b.min)}` : `${Number(b.min)}-${Number(b.max)}`)),
        // six bands in a third of the page: slanted, so 200-500 and 500-1000 do not run together
        axisLabel: { interval: 0, rotate: 30 },
      },
      yAxis: { type: 'value', name: '成交订单（笔）', nameTextStyle: { align: 'left' }, minInterval: 1 },
      series: [
        {
          name: '成交订单',
          type: 'bar',
          barMaxWidth: 36,
          label: { show: true, position: 'top' },
          data: price.bands.map((b) => b.orders),
        },
      ],
    }),
    [price],
  );
  return <CensusChart option={option} height={300} label="订单价格分布图" />;
}
