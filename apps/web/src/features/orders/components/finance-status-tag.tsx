import { type SettlementStatus, settlementStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<SettlementStatus, string> = { pending: 'orange', settled: 'green', refunded: 'default' };

/** 待结算 / 已结算 / 已退款. */
export function FinanceStatusTag({ status }: { status: SettlementStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {settlementStatusLabels[status]}
    </Tag>
  );
}
