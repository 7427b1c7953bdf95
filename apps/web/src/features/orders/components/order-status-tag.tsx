import { type OrderKind, type OrderStatus, orderKindLabels, orderStatusLabels } from '@pharmacy/shared';
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
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={statusColors[status]} style={{ marginInlineEnd: 0 }}>
      {orderStatusLabels[status]}
    </Tag>
  );
}

/** 处方: the order holds prescription items (it waits in 待审方 for an approved prescription once paid). */
export function RxTag() {
  return (
    <Tag color="red" style={{ marginInlineEnd: 0 }}>
      处方
    </Tag>
  );
}

export const kindLabel = (kind: OrderKind) => orderKindLabels[kind];
