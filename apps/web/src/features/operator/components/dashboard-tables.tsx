import { type DashboardOverview, type DashboardPharmacyRow, dashboardLinks, orderStatusLabels } from '@pharmacy/shared';
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import { count, yuan } from './dashboard-format';

/** Every order status with its count and amount, each a link to the order list's tab over the range. */
export function DashboardStatusList({ data }: { data: DashboardOverview }) {
  return (
    <ul aria-label="各状态订单" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
      {data.orders.by_status.map((s) => (
        <li key={s.status} style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
          <Link to={dashboardLinks.orders(data, s.status)}>{orderStatusLabels[s.status]}</Link>
          <Typography.Text>
            {count(s.orders)} 单 <Typography.Text type="secondary">{yuan(s.amount)}</Typography.Text>
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** The top pharmacies by GMV then 其他; a pharmacy's orders count links to its orders over the range. */
export function DashboardPharmacyTable({ data }: { data: DashboardOverview }) {
  return (
    <Table<DashboardPharmacyRow>
      size="small"
      pagination={false}
      rowKey={(r) => r.pharmacy_id ?? 'other'}
      dataSource={data.orders.by_pharmacy}
      locale={{ emptyText: '该时间段内没有订单' }}
      columns={[
        {
          title: '排名',
          key: 'rank',
          width: 64,
          render: (_, r, i) => (r.pharmacy_id === null ? '—' : i + 1),
        },
        {
          title: '药店',
          dataIndex: 'pharmacy_name',
          render: (name: string, r) => (r.pharmacy_id === null ? `${name}（${count(r.pharmacies)} 家药店）` : name),
        },
        {
          title: '订单数',
          dataIndex: 'orders',
          align: 'right',
          render: (n: number, r) =>
            r.pharmacy_id === null ? (
              count(n)
            ) : (
              <Link to={dashboardLinks.orders(data, 'all', r.pharmacy_id)}>{count(n)}</Link>
            ),
        },
        { title: '成交额', dataIndex: 'gmv', align: 'right', render: (v: string) => yuan(v) },
      ]}
    />
  );
}
