import type { MemberData, MemberDataDay } from '@pharmacy/shared';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatCount, formatWatchTime, formatYuan } from './member-data-format';

const weekday = (date: string) => '日一二三四五六'[new Date(`${date}T00:00:00Z`).getUTCDay()];

const columns: ColumnsType<MemberDataDay> = [
  { title: '日期', dataIndex: 'date', width: 150, render: (d: string) => `${d}（周${weekday(d)}）` },
  { title: '新增客户', dataIndex: 'new_customers', align: 'right', render: formatCount },
  { title: '活跃客户', dataIndex: 'active_customers', align: 'right', render: formatCount },
  { title: '成交订单', dataIndex: 'orders', align: 'right', render: formatCount },
  { title: '成交金额', dataIndex: 'amount', align: 'right', render: formatYuan },
  { title: '直播观看时长', dataIndex: 'watch_seconds', align: 'right', render: formatWatchTime },
  { title: '直播报名', dataIndex: 'enrollments', align: 'right', render: formatCount },
];

/** Every day of the range, newest first, with the totals row (活跃 distinct over the range, not the column's sum). */
export function MemberDataTable({ data }: { data: MemberData }) {
  const t = data.totals;
  return (
    <Table<MemberDataDay>
      size="small"
      rowKey="date"
      columns={columns}
      dataSource={[...data.days].reverse()}
      pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
      aria-label="会员数据明细"
      summary={() => (
        <Table.Summary fixed="top">
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>合计</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {formatCount(t.new_customers)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {formatCount(t.active_customers)}（去重）
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {formatCount(t.orders)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {formatYuan(t.amount)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {formatWatchTime(t.watch_seconds)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {formatCount(t.enrollments)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
