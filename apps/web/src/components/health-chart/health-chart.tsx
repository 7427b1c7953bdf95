import {
  BP_DIASTOLIC_LIMIT,
  BP_SYSTOLIC_LIMIT,
  type HealthChart as HealthChartData,
  type HealthPoint,
} from '@pharmacy/shared';
import { Empty, Flex, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import type { ChartOption as HealthChartOption } from '../charts/echarts';
import { LazyChart } from '../charts/lazy-chart';

/** One line chart of the health chart (the console's lazy ECharts). */
function LineBox({ option, height, label }: { option: HealthChartOption; height: number; label: string }) {
  return <LazyChart option={option} height={height} label={label} testId="health-chart" skeletonRows={3} />;
}

type Pair = [string, number];
const series = (points: HealthPoint[], pick: (p: HealthPoint) => string | number | null): Pair[] =>
  points.flatMap((p) => {
    const v = pick(p);
    return v === null ? [] : [[p.measured_at, Number(v)] as Pair];
  });

const base = (): HealthChartOption => ({
  grid: { left: 44, right: 40, top: 36, bottom: 28 },
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: '{MM}-{dd}' } },
  yAxis: { type: 'value', scale: true },
});

/** The chart options, one per panel: weight (and BMI), blood pressure with the 140/90 reference, blood sugar. */
export function healthChartOptions(points: HealthPoint[], compact = false) {
  const weight: HealthChartOption = {
    ...base(),
    // BMI on its own axis (right), so the weight's axis is not stretched down to 20
    yAxis: [
      { type: 'value', scale: true, name: 'kg' },
      { type: 'value', scale: true, name: 'BMI', splitLine: { show: false } },
    ],
    series: [
      { name: '体重 (kg)', type: 'line', data: series(points, (p) => p.weight_kg), connectNulls: true },
      {
        name: 'BMI',
        type: 'line',
        yAxisIndex: 1,
        data: series(points, (p) => p.bmi),
        connectNulls: true,
        lineStyle: { type: 'dashed' },
      },
    ],
  };
  const pressure: HealthChartOption = {
    ...base(),
    series: [
      {
        name: '收缩压',
        type: 'line',
        data: series(points, (p) => p.systolic),
        markLine: {
          symbol: 'none',
          silent: true,
          label: { formatter: `${BP_SYSTOLIC_LIMIT}` },
          lineStyle: { color: '#cf1322', type: 'dashed' },
          data: [{ yAxis: BP_SYSTOLIC_LIMIT }],
        },
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(207, 19, 34, 0.06)' },
          data: [[{ yAxis: BP_SYSTOLIC_LIMIT }, { yAxis: 260 }]],
        },
      },
      {
        name: '舒张压',
        type: 'line',
        data: series(points, (p) => p.diastolic),
        markLine: {
          symbol: 'none',
          silent: true,
          label: { formatter: `${BP_DIASTOLIC_LIMIT}` },
          lineStyle: { color: '#d46b08', type: 'dashed' },
          data: [{ yAxis: BP_DIASTOLIC_LIMIT }],
        },
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(212, 107, 8, 0.06)' },
          data: [[{ yAxis: BP_DIASTOLIC_LIMIT }, { yAxis: BP_SYSTOLIC_LIMIT }]],
        },
      },
    ],
  };
  const sugar: HealthChartOption = {
    ...base(),
    series: [
      {
        name: '空腹血糖 (mmol/L)',
        type: 'line',
        data: series(points, (p) => p.blood_sugar),
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(56, 158, 13, 0.08)' },
          label: { show: !compact, formatter: '正常 3.9–6.1', position: 'insideTopRight' },
          data: [[{ yAxis: 3.9 }, { yAxis: 6.1 }]],
        },
      },
    ],
  };
  return { weight, pressure, sugar };
}

const dash = (v: string | number | null) => (v === null ? '-' : String(v));

/** The measurements as a table: the chart's fallback, and what a screen reader reads. */
export function HealthTable({ points, compact = false }: { points: HealthPoint[]; compact?: boolean }) {
  return (
    <Table<HealthPoint>
      size="small"
      rowKey={(p) => p.measured_at}
      dataSource={[...points].reverse()}
      pagination={points.length > 10 ? { pageSize: 10, size: 'small' } : false}
      scroll={compact ? { x: 520 } : undefined}
      aria-label="测量记录"
      columns={[
        { key: 'at', title: '测量时间', render: (_, p) => formatDateTime(p.measured_at), width: 140 },
        { key: 'h', title: '身高 cm', render: (_, p) => dash(p.height_cm) },
        { key: 'w', title: '体重 kg', render: (_, p) => dash(p.weight_kg) },
        { key: 'bmi', title: 'BMI', render: (_, p) => dash(p.bmi) },
        {
          key: 'bp',
          title: '血压 mmHg',
          render: (_, p) => (p.systolic === null ? '-' : `${p.systolic}/${p.diastolic ?? '-'}`),
        },
        { key: 's', title: '血糖 mmol/L', render: (_, p) => dash(p.blood_sugar) },
      ]}
    />
  );
}

/** The health chart: weight/BMI, blood pressure (140/90 bands) and blood sugar over time, or the same as a table. */
export function HealthCharts({ chart, compact = false }: { chart: HealthChartData; compact?: boolean }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const options = useMemo(() => healthChartOptions(chart.points, compact), [chart.points, compact]);
  if (chart.points.length === 0) return <Empty description="近一年暂无测量记录" />;
  const height = compact ? 200 : 240;
  const has = (pick: (p: HealthPoint) => unknown) => chart.points.some((p) => pick(p) !== null);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {chart.name} · {chart.since} 起 · {chart.points.length} 次测量
        </Typography.Text>
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { label: '曲线', value: 'chart' },
            { label: '表格', value: 'table' },
          ]}
        />
      </Flex>
      {view === 'table' ? (
        <HealthTable points={chart.points} compact={compact} />
      ) : (
        <>
          {has((p) => p.weight_kg) ? (
            <section>
              <Typography.Title level={5}>体重与 BMI</Typography.Title>
              <LineBox option={options.weight} height={height} label={`${chart.name}的体重与 BMI 曲线`} />
            </section>
          ) : null}
          {has((p) => p.systolic) ? (
            <section>
              <Typography.Title level={5}>血压（参考线 140/90 mmHg）</Typography.Title>
              <LineBox option={options.pressure} height={height} label={`${chart.name}的血压曲线`} />
            </section>
          ) : null}
          {has((p) => p.blood_sugar) ? (
            <section>
              <Typography.Title level={5}>空腹血糖</Typography.Title>
              <LineBox option={options.sugar} height={height} label={`${chart.name}的空腹血糖曲线`} />
            </section>
          ) : null}
        </>
      )}
    </Flex>
  );
}
