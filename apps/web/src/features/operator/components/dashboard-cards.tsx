import { type DashboardOverview, dashboardLinks } from '@pharmacy/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { count, minutesText, yuan } from './dashboard-format';

interface Figure {
  key: string;
  title: string;
  value: string;
  note: string;
  /** the list whose total the figure equals */
  to?: string;
  warn?: boolean;
}

/** The headline figures; each opens the list it counts (filtered the same way), whose total equals it. */
export function DashboardCards({ data }: { data: DashboardOverview }) {
  const o = data.orders;
  const rx = data.prescriptions;
  const figures: Figure[] = [
    {
      key: 'orders',
      title: '订单数',
      value: count(o.orders),
      note: `下单金额 ${yuan(o.amount)}`,
      to: dashboardLinks.orders(data),
    },
    {
      key: 'gmv',
      title: '成交额（GMV）',
      value: yuan(o.gmv),
      note: `成交 ${count(o.gmv_orders)} 单 · 退款 ${count(o.refund_orders)} 单 ${yuan(o.refund_amount)}`,
      to: dashboardLinks.orders(data),
    },
    {
      key: 'members',
      title: '新增会员',
      value: count(data.new_members),
      note: '期间首次或新加入药店会员的用户',
      to: dashboardLinks.members(data),
    },
    {
      key: 'prescriptions',
      title: '开具处方',
      value: count(rx.written),
      note: `已审核 ${count(rx.inspected)} · 待审核 ${count(rx.pending_inspection)}`,
      to: dashboardLinks.prescriptions(data),
    },
    {
      key: 'approval',
      title: '审方通过率',
      value: rx.approval_rate === null ? '—' : `${rx.approval_rate}%`,
      note: `审方用时中位数 ${minutesText(rx.median_inspect_minutes)}`,
      to: dashboardLinks.prescriptions(data),
    },
    {
      key: 'column',
      title: '直播观看人数',
      value: count(data.column.watchers),
      note: `观看 ${count(data.column.watch_minutes)} 分钟 · ${count(data.column.lives)} 场直播`,
    },
    {
      key: 'complaints',
      title: '待处理投诉',
      value: count(data.open_complaints),
      note: '当前全部待处理（不限日期）',
      to: dashboardLinks.complaints(),
      warn: data.open_complaints > 0,
    },
    {
      key: 'expiring',
      title: '证照临期药店',
      value: count(data.expiring_pharmacies),
      note: '资质或药品经营许可证已过期或 6 个月内到期',
      to: dashboardLinks.expiring(),
      warn: data.expiring_pharmacies > 0,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => {
        const body = (
          <Card size="small" hoverable={!!f.to} data-testid={`dashboard-card-${f.key}`} style={{ height: '100%' }}>
            <Statistic
              title={f.title}
              value={f.value}
              styles={{ content: f.warn ? { color: '#d46b08' } : undefined }}
            />
            <Typography.Text type="secondary">{f.note}</Typography.Text>
          </Card>
        );
        return (
          <Col key={f.key} xs={24} sm={12} lg={6}>
            {f.to ? (
              <Link
                to={f.to}
                aria-label={`${f.title} ${f.value}，查看明细`}
                style={{ display: 'block', height: '100%' }}
              >
                {body}
              </Link>
            ) : (
              body
            )}
          </Col>
        );
      })}
    </Row>
  );
}
