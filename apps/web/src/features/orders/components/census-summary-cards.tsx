import type { CensusFigures } from '@pharmacy/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { formatCount, formatYuan } from './census-format';

/** 订单数 · 成交金额 · 客单价 · 退款/取消 over the whole range. */
export function CensusSummaryCards({ summary }: { summary: CensusFigures }) {
  const cards = [
    {
      title: '订单数',
      value: formatCount(summary.orders),
      note: `下单金额 ${formatYuan(summary.amount)}`,
    },
    {
      title: '成交金额',
      value: formatYuan(summary.paid_amount),
      note: `成交订单 ${formatCount(summary.paid_orders)} 笔`,
    },
    {
      title: '客单价',
      value: formatYuan(summary.avg_order_value),
      note: '成交金额 ÷ 成交订单数',
    },
    {
      title: '退款/取消',
      value: `${formatCount(summary.refund_orders)} / ${formatCount(summary.cancelled_orders)}`,
      note: `退款金额 ${formatYuan(summary.refund_amount)}`,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.title} xs={24} sm={12} xl={6}>
          <Card size="small" data-testid="census-card">
            <Statistic title={c.title} value={c.value} />
            <Typography.Text type="secondary">{c.note}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
