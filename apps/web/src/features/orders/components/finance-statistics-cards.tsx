import type { FinanceStatistics } from '@pharmacy/shared';
import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { formatCount, formatYuan } from './census-format';

/** 订单数 · 实收金额 · 平台服务费 · 结算金额 · 退款金额 over the current filter. */
export function FinanceStatisticsCards({ stats }: { stats: FinanceStatistics | undefined }) {
  const cards = stats
    ? [
        { title: '订单数', value: formatCount(stats.order_count), note: '已支付订单（含已退款）' },
        { title: '实收金额', value: formatYuan(stats.pay_amount), note: '买家实付合计' },
        { title: '平台服务费', value: formatYuan(stats.platform_fee), note: '未退款订单，按费率计' },
        {
          title: '结算金额',
          value: formatYuan(stats.settle_amount),
          note: `已结算 ${formatYuan(stats.settled_amount)} · 待结算 ${formatYuan(stats.pending_amount)}`,
        },
        {
          title: '退款金额',
          value: formatYuan(stats.refund_amount),
          note: `退款订单 ${formatCount(stats.refund_count)} 笔`,
        },
      ]
    : [];
  return (
    <Flex gap={16} wrap>
      {(stats ? cards : Array.from({ length: 5 }, (_, i) => ({ title: String(i), value: '', note: '' }))).map((c) => (
        <Card key={c.title} size="small" data-testid="finance-card" style={{ flex: '1 1 200px' }}>
          {stats ? (
            <>
              <Statistic title={c.title} value={c.value} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.note}
              </Typography.Text>
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          )}
        </Card>
      ))}
    </Flex>
  );
}
