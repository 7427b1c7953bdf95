import {
  type Census,
  type CensusBucket,
  type CensusFigures,
  type OrderStatus,
  orderStatuses,
  orderStatusLabels,
} from '@pharmacy/shared';
import { Table, type TableColumnsType, Typography } from 'antd';
import { bucketTitle, formatCount, formatYuan } from './census-format';

type Row = CensusFigures & { key: string; title: string; status: Partial<Record<OrderStatus, number>> };

const statusCounts = (rows: { status: OrderStatus; orders: number }[]) =>
  Object.fromEntries(rows.map((s) => [s.status, s.orders])) as Record<OrderStatus, number>;

/** The charts' numbers per bucket, with the range's totals as the last row (合计). */
export function CensusTable({ census }: { census: Census }) {
  const rows: Row[] = census.buckets.map((b: CensusBucket) => ({
    ...b,
    key: b.bucket,
    title: bucketTitle(b, census.granularity),
    status: statusCounts(b.by_status),
  }));
  const money = (v: string) => formatYuan(v);
  const columns: TableColumnsType<Row> = [
    { title: '时间', dataIndex: 'title', fixed: 'left', width: 180 },
    { title: '订单数', dataIndex: 'orders', align: 'right', render: formatCount },
    { title: '下单金额', dataIndex: 'amount', align: 'right', render: money },
    { title: '成交订单', dataIndex: 'paid_orders', align: 'right', render: formatCount },
    { title: '成交金额', dataIndex: 'paid_amount', align: 'right', render: money },
    { title: '客单价', dataIndex: 'avg_order_value', align: 'right', render: money },
    { title: '退款订单', dataIndex: 'refund_orders', align: 'right', render: formatCount },
    { title: '退款金额', dataIndex: 'refund_amount', align: 'right', render: money },
    {
      title: '各状态订单数',
      children: orderStatuses.map((s) => ({
        title: orderStatusLabels[s],
        key: s,
        align: 'right' as const,
        render: (_: unknown, r: Row) => formatCount(r.status[s] ?? 0),
      })),
    },
  ];
  const total = census.summary;
  const totalStatus = statusCounts(census.by_status);
  const cell = (i: number, text: string) => (
    <Table.Summary.Cell index={i} align="right">
      <Typography.Text strong>{text}</Typography.Text>
    </Table.Summary.Cell>
  );
  return (
    <Table<Row>
      size="small"
      bordered
      data-testid="census-table"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      scroll={{ x: 1280 }}
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>合计</Typography.Text>
            </Table.Summary.Cell>
            {cell(1, formatCount(total.orders))}
            {cell(2, formatYuan(total.amount))}
            {cell(3, formatCount(total.paid_orders))}
            {cell(4, formatYuan(total.paid_amount))}
            {cell(5, formatYuan(total.avg_order_value))}
            {cell(6, formatCount(total.refund_orders))}
            {cell(7, formatYuan(total.refund_amount))}
            {orderStatuses.map((s, i) => (
              <Table.Summary.Cell key={s} index={8 + i} align="right">
                <Typography.Text strong>{formatCount(totalStatus[s] ?? 0)}</Typography.Text>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
