import type { MemberDataFigures } from '@pharmacy/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { formatCount, formatWatchTime, formatYuan } from './member-data-format';

/** The range's totals: sums of the days, except 活跃客户 (distinct accounts over the whole range). */
export function MemberDataCards({ totals }: { totals: MemberDataFigures }) {
  const cards = [
    { title: '新增客户', value: formatCount(totals.new_customers), note: '区间内新建的客户档案' },
    {
      title: '活跃客户（区间去重）',
      value: formatCount(totals.active_customers),
      note: '下单、咨询或看直播的客户，每人只计一次',
    },
    { title: '成交订单', value: formatCount(totals.orders), note: '按支付时间，不含已取消' },
    { title: '成交金额', value: formatYuan(totals.amount), note: '成交订单的实付金额' },
    { title: '直播观看时长', value: formatWatchTime(totals.watch_seconds), note: '按观看日期' },
    { title: '直播报名', value: formatCount(totals.enrollments), note: '营期报名人次' },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.title} xs={24} sm={12} xl={4}>
          <Card size="small" data-testid="member-data-card" style={{ height: '100%' }}>
            <Statistic title={c.title} value={c.value} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {c.note}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
