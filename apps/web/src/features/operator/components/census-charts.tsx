import type { PlatformCensus } from '@pharmacy/shared';
import { useMemo } from 'react';
import type { ChartOption } from '../../../components/charts/echarts';
import { LazyChart } from '../../../components/charts/lazy-chart';

const BLUE = '#1261d6';
const GREEN = '#3f9f5a';
const RED = '#d4380d';
const GREY = '#bfbfbf';
const PALETTE = [RED, '#fa8c16', '#faad14', '#13a8a8', '#2f54eb', '#722ed1', '#eb2f96', '#8c8c8c'];

const md = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}`;
const count = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : String(v ?? ''));
/** The bars' rows: at most this many pharmacies or doctors. */
const BARS = 10;

/** Per day: prescriptions written, and of them approved and rejected (lines). */
export function CensusDayChart({ census }: { census: PlatformCensus }) {
  const option = useMemo<ChartOption>(() => {
    const showSymbol = census.days.length <= 62;
    return {
      color: [BLUE, GREEN, RED],
      tooltip: { trigger: 'axis', valueFormatter: count },
      legend: { top: 0, data: ['开具处方', '其中审核通过', '其中审核驳回'] },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: census.days.map((d) => md(d.date)), boundaryGap: false },
      yAxis: { type: 'value', name: '处方数（张）', nameTextStyle: { align: 'left' }, minInterval: 1 },
      series: [
        { name: '开具处方', type: 'line', showSymbol, symbolSize: 6, data: census.days.map((d) => d.written) },
        { name: '其中审核通过', type: 'line', showSymbol, symbolSize: 6, data: census.days.map((d) => d.approved) },
        { name: '其中审核驳回', type: 'line', showSymbol, symbolSize: 6, data: census.days.map((d) => d.rejected) },
      ],
    };
  }, [census]);
  return (
    <LazyChart
      testId="census-chart"
      option={option}
      height={320}
      label="每日处方数趋势图（开具、审核通过、审核驳回）"
    />
  );
}

/** The pharmacies (or doctors) with the most prescriptions: stacked approved / rejected / pending / void. */
export function CensusRankChart({ census, by }: { census: PlatformCensus; by: 'pharmacy' | 'doctor' }) {
  const rows = useMemo(
    () =>
      (by === 'pharmacy'
        ? census.by_pharmacy.map((p) => ({ ...p, name: p.pharmacy_name || `药店 #${p.pharmacy_id}` }))
        : census.by_doctor.map((d) => ({ ...d, name: d.doctor_name || `医生 #${d.doctor_id}` }))
      ).slice(0, BARS),
    [census, by],
  );
  const option = useMemo<ChartOption>(() => {
    const top = [...rows].reverse();
    const series = (name: string, pick: (r: (typeof top)[number]) => number) => ({
      name,
      type: 'bar' as const,
      stack: 'status',
      barMaxWidth: 16,
      data: top.map(pick),
    });
    return {
      color: [GREEN, RED, BLUE, GREY],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: count },
      legend: { top: 0, data: ['审核通过', '审核驳回', '待审核', '已作废'] },
      grid: { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: top.map((r) => r.name), axisLabel: { width: 140, overflow: 'truncate' } },
      series: [
        series('审核通过', (r) => r.approved),
        series('审核驳回', (r) => r.rejected),
        series('待审核', (r) => r.pending_inspection),
        series('已作废', (r) => r.void),
      ],
    };
  }, [rows]);
  const noun = by === 'pharmacy' ? '药店' : '医生';
  return (
    <LazyChart
      testId="census-chart"
      option={option}
      height={Math.max(240, 60 + rows.length * 32)}
      label={`处方最多的${noun}（前 ${BARS} 名）按审核状态堆叠柱状图`}
    />
  );
}

/** The rejection reasons as a ring. */
export function CensusReasonChart({ census }: { census: PlatformCensus }) {
  const option = useMemo<ChartOption>(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { type: 'plain', bottom: 0, left: 'center' },
      series: [
        {
          name: '驳回原因',
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '42%'],
          label: { formatter: '{d}%' },
          data: census.reject_reasons.map((r) => ({ name: r.label, value: r.count })),
        },
      ],
    }),
    [census],
  );
  return <LazyChart testId="census-chart" option={option} height={320} label="驳回原因分布环形图" />;
}

/** The top drugs by quantity as horizontal bars: quantity and prescription lines. */
export function CensusTopDrugChart({ census }: { census: PlatformCensus }) {
  const option = useMemo<ChartOption>(() => {
    const top = [...census.top_drugs].reverse();
    const named = new Map<string, number>();
    for (const d of top) named.set(d.name, (named.get(d.name) ?? 0) + 1);
    const label = (d: (typeof top)[number]) => (named.get(d.name)! > 1 && d.spec ? `${d.name}（${d.spec}）` : d.name);
    return {
      color: [BLUE, GREEN],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: count },
      legend: { top: 0, data: ['开具数量', '处方条数'] },
      grid: { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: top.map(label), axisLabel: { width: 140, overflow: 'truncate' } },
      series: [
        { name: '开具数量', type: 'bar', data: top.map((d) => d.qty), barMaxWidth: 14 },
        { name: '处方条数', type: 'bar', data: top.map((d) => d.lines), barMaxWidth: 14 },
      ],
    };
  }, [census]);
  return (
    <LazyChart
      testId="census-chart"
      option={option}
      height={Math.max(240, 60 + census.top_drugs.length * 36)}
      label="常用药品 TOP 10 柱状图（按开具数量）"
    />
  );
}
