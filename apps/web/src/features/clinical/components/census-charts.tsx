import type { RecipeStatistics } from '@pharmacy/shared';
import { useMemo } from 'react';
import { CensusChart } from './census-chart';
import type { CensusChartOption } from './census-echarts';

const BLUE = '#1261d6';
const GREEN = '#3f9f5a';
const RED = '#d4380d';

const md = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}`;
const count = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : String(v ?? ''));

/** Per day: prescriptions written, and of them approved and rejected (lines). */
export function CensusDayChart({ statistics }: { statistics: RecipeStatistics }) {
  const option = useMemo<CensusChartOption>(() => {
    // a point per day reads on a month; on longer ranges the points only crowd the lines
    const showSymbol = statistics.days.length <= 62;
    return {
      color: [BLUE, GREEN, RED],
      tooltip: { trigger: 'axis', valueFormatter: count },
      legend: { top: 0, data: ['开具处方', '其中审核通过', '其中审核驳回'] },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: statistics.days.map((d) => md(d.date)), boundaryGap: false },
      yAxis: { type: 'value', name: '处方数（张）', nameTextStyle: { align: 'left' }, minInterval: 1 },
      series: [
        { name: '开具处方', type: 'line', showSymbol, symbolSize: 6, data: statistics.days.map((d) => d.written) },
        { name: '其中审核通过', type: 'line', showSymbol, symbolSize: 6, data: statistics.days.map((d) => d.approved) },
        { name: '其中审核驳回', type: 'line', showSymbol, symbolSize: 6, data: statistics.days.map((d) => d.rejected) },
      ],
    };
  }, [statistics]);
  return <CensusChart option={option} height={320} label="每日处方数趋势图（开具、审核通过、审核驳回）" />;
}

/** The top drugs as horizontal bars: prescription lines and quantity. */
export function CensusTopDrugChart({ statistics }: { statistics: RecipeStatistics }) {
  const option = useMemo<CensusChartOption>(() => {
    // the first drug at the top: a category axis draws from the bottom
    const top = [...statistics.top_drugs].reverse();
    // two products of one name (another maker or size) are told apart by their spec
    const named = new Map<string, number>();
    for (const d of top) named.set(d.name, (named.get(d.name) ?? 0) + 1);
    const label = (d: (typeof top)[number]) => (named.get(d.name)! > 1 && d.spec ? `${d.name}（${d.spec}）` : d.name);
    return {
      color: [BLUE, GREEN],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: count },
      legend: { top: 0, data: ['处方条数', '开具数量'] },
      grid: { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: top.map(label),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        { name: '处方条数', type: 'bar', data: top.map((d) => d.lines), barMaxWidth: 14 },
        { name: '开具数量', type: 'bar', data: top.map((d) => d.qty), barMaxWidth: 14 },
      ],
    };
  }, [statistics]);
  return (
    <CensusChart
      option={option}
      height={Math.max(240, 60 + statistics.top_drugs.length * 36)}
      label="常用药品 TOP 10 柱状图（处方条数与开具数量）"
    />
  );
}
