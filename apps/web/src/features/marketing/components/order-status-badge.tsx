import { type OrderStatus, orderStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

// WCAG-AA readable on antd's light tag backgrounds (the preset colours' text is their dark shade)
const statusColors: Record<OrderStatus, string> = {
  pending_payment: 'orange',
  pending_review: 'purple',
  pending_shipment: 'blue',
  shipped: 'cyan',
  completed: 'green',
  cancelled: 'default',
};

/** The order's state as a coloured tag (待付款, 待审方, …). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Tag color={statusColors[status]} style={{ marginInlineEnd: 0 }}>
      {orderStatusLabels[status]}
    </Tag>
  );
}
