import {
  type Census,
  type CensusBucket,
  type CensusFigures,
  type OrderKind,
  type OrderStatus,
  orderKindLabels,
  orderKinds,
  orderStatuses,
  orderStatusLabels,
} from '@pharmacy/shared';
import { Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { bucketTitle, formatCount, formatYuan } from './census-format';

/** One row of the tables: a bucket, or the range's totals (合计). */
interface Row extends CensusFigures {
  key: string;
  title: string;
  status: CensusBucket['by_status'];
  kind: CensusBucket['by_kind'];
}

const bold = (text: ReactNode) => <Typography.Text strong>{text}</Typography.Text>;
const nowrap = { style: { whiteSpace: 'nowrap' as const } };
/** A leaf column with its cell as a function of the row, which the 合计 row calls too. */
type Column = TableColumnsType<Row>[number] & { cell: (row: Row) => ReactNode };
const column = (c: Omit<Column, 'render'>): Column => ({ ...c, render: (_: unknown, r: Row) => c.cell(r) });
const count = (title: string, value: (r: Row) => number, key = title) =>
  column({ title, key, align: 'right', onCell: () => nowrap, cell: (r) => formatCount(value(r)) });
const money = (title: string, value: (r: Row) => string, key = title) =>
  column({ title, key, align: 'right', onCell: () => nowrap, cell: (r) => formatYuan(value(r)) });
const titleColumn = column({ key: 'title', title: '时间', width: 200, onCell: () => nowrap, cell: (r) => r.title });

const figureColumns: TableColumnsType<Row> = [
  titleColumn,
  count('订单数', (r) => r.orders),
  money('下单金额', (r) => r.amount),
  count('成交订单', (r) => r.paid_orders),
  money('成交金额', (r) => r.paid_amount),
  money('客单价', (r) => r.avg_order_value),
  count('退款订单', (r) => r.refund_orders),
  money('退款金额', (r) => r.refund_amount),
  count('取消订单', (r) => r.cancelled_orders),
];
const statusOf = (r: Row, s: OrderStatus) => r.status.find((x) => x.status === s)!;
const statusColumns: TableColumnsType<Row> = [
  titleColumn,
  ...orderStatuses.map((s) => count(orderStatusLabels[s], (r) => statusOf(r, s).orders)),
  count('合计', (r) => r.orders),
];
const kindOf = (r: Row, k: OrderKind) => r.kind.find((x) => x.kind === k)!;
const kindColumns: TableColumnsType<Row> = [
  titleColumn,
  ...orderKinds.map((k) => ({
    title: orderKindLabels[k],
    key: k,
    children: [
      count('订单数', (r) => kindOf(r, k).orders, `${k}-orders`),
      money('成交金额', (r) => kindOf(r, k).paid_amount, `${k}-paid`),
    ],
  })),
];

/** The leaf columns, left to right (the 合计 row's cells). */
const leaves = (columns: TableColumnsType<Row>): Column[] =>
  columns.flatMap((c) => ('children' in c && c.children ? leaves(c.children) : [c as Column]));

/** The charts' numbers per bucket with the range's totals (合计) last: figures, by status, by kind. */
export function CensusTable({ census }: { census: Census }) {
  const rows: Row[] = census.buckets.map((b) => ({
    ...b,
    key: b.bucket,
    title: bucketTitle(b, census.granularity),
    status: b.by_status,
    kind: b.by_kind,
  }));
  const total: Row = { ...census.summary, key: 'total', title: '合计', status: census.by_status, kind: census.by_kind };
  const table = (columns: TableColumnsType<Row>, testId?: string) => (
    <FocusableScroll>
      <Table<Row>
        size="small"
        bordered
        data-testid={testId}
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 520 }}
        summary={() => (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row>
              {leaves(columns).map((c, i) => (
                <Table.Summary.Cell key={String(c.key)} index={i} align={c.align}>
                  {bold(c.cell(total))}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </FocusableScroll>
  );
  return (
    <Tabs
      items={[
        { key: 'figures', label: '订单与金额', children: table(figureColumns, 'census-table') },
        { key: 'status', label: '按订单状态', children: table(statusColumns) },
        { key: 'kind', label: '按订单类型', children: table(kindColumns) },
      ]}
    />
  );
}

/**
 * The table body scrolls (a long range by day): its scroll region takes the keyboard focus, so it can be scrolled
 * without a mouse (axe: scrollable-region-focusable).
 */
function FocusableScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const body of ref.current?.querySelectorAll<HTMLElement>('.ant-table-body') ?? []) {
      body.tabIndex = 0;
      body.setAttribute('role', 'region');
      body.setAttribute('aria-label', '统计明细（可滚动）');
    }
  });
  return <div ref={ref}>{children}</div>;
}
