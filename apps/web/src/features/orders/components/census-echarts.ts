// The statistics pages draw with the console's one ECharts module (components/charts).
export type { ChartOption as CensusChartOption } from '../../../components/charts/echarts';
