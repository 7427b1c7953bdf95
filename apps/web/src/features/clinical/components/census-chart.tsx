import { LazyChart, type LazyChartProps } from '../../../components/charts/lazy-chart';

export type CensusChartProps = Omit<LazyChartProps, 'testId'>;

/** A statistics chart (ECharts, loaded on first use). */
export function CensusChart(props: CensusChartProps) {
  return <LazyChart testId="census-chart" {...props} />;
}
