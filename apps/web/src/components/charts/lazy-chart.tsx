import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ChartOption } from './echarts';

type ECharts = ReturnType<typeof import('./echarts').init>;

/** Loaded on first use; one promise shared by every chart of the page. */
let loading: Promise<typeof import('./echarts')> | null = null;
const loadECharts = () => {
  loading ??= import('./echarts');
  return loading;
};

export interface LazyChartProps {
  option: ChartOption;
  height?: number;
  /** what the chart shows, for screen readers and tests */
  label: string;
  testId?: string;
  /** skeleton lines while ECharts loads */
  skeletonRows?: number;
  /** a click on a bar, point or slice: its category index (e.g. to open the list behind it) */
  onItemClick?: (dataIndex: number) => void;
}

/** One ECharts chart: created when ECharts has loaded, given each new option, resized with its box, disposed. */
export function LazyChart({ option, height = 320, label, testId, skeletonRows = 6, onItemClick }: LazyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);
  const onClick = useRef(onItemClick);
  useEffect(() => {
    onClick.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadECharts().then(({ init }) => {
      if (disposed || !box.current) return;
      chart.current = init(box.current, undefined, { renderer: 'canvas' });
      chart.current.on('click', (event) => {
        if (typeof event.dataIndex === 'number') onClick.current?.(event.dataIndex);
      });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    // the label is on the wrapper: ECharts owns its box's attributes
    <div role="img" aria-label={label} data-testid={testId} style={{ position: 'relative', height }}>
      <div ref={box} style={{ height, width: '100%' }} />
      {!ready && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: skeletonRows }} />
        </div>
      )}
    </div>
  );
}
