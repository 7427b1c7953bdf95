import type { OrderSummary } from '@pharmacy/shared';
import { Descriptions } from 'antd';

/** Who the parcel goes to and what it holds, at the top of the shipping dialogs (when the order is on the page). */
export function ShippingOrderCard({ order }: { order: OrderSummary | null }) {
  if (!order) return null;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'to',
          label: '收货人',
          children: `${order.receiver_name}  ${order.receiver_phone}`,
        },
        { key: 'address', label: '收货地址', children: order.address },
        { key: 'items', label: '商品', children: order.items_text },
      ]}
    />
  );
}
