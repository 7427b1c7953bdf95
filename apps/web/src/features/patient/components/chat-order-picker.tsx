import { type ChatMessage, type OrderSummary, orderStatusLabels } from '@pharmacy/shared';
import { Button, Drawer, Empty, Spin } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useRecentOrders } from '../api/chat-recent-orders';
import { orderLineText, StatusText, sheetProps, Yuan } from './bits';

/** How an order card looks while it is being sent (the server's card replaces it). */
export function orderCardPreview(
  o: Pick<OrderSummary, 'id' | 'order_no' | 'status' | 'pay_amount' | 'item_count' | 'items_text' | 'created_at'>,
): NonNullable<ChatMessage['order']> {
  return {
    order_id: o.id,
    order_no: o.order_no,
    status: o.status,
    status_label: orderStatusLabels[o.status],
    total: o.pay_amount,
    item_count: o.item_count,
    first_item: o.items_text,
    created_at: o.created_at,
  };
}

/** 发送订单: my orders with this pharmacy (newest first), one tap sends its card into the conversation. */
export function ChatOrderPicker({
  open,
  onClose,
  pharmacyId,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  pharmacyId: number;
  onPick: (order: OrderSummary) => void;
}) {
  const orders = useRecentOrders(open);
  const list = (orders.data ?? []).filter((o) => o.pharmacy_id === pharmacyId);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="70vh"
      title="选择要发送的订单"
      {...sheetProps}
      destroyOnHidden
    >
      {orders.isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : list.length ? (
        list.map((o) => (
          <section
            key={o.id}
            className="patient-card"
            aria-label={`订单 ${o.order_no}`}
            style={{ border: '1px solid #f0f0f0' }}
          >
            <div className="patient-row">
              <span className="patient-muted">{o.order_no}</span>
              <StatusText status={o.status} />
            </div>
            <div style={{ margin: '6px 0', fontSize: 14 }}>{orderLineText(o)}</div>
            <div className="patient-row">
              <span className="patient-muted">{formatDateTime(o.created_at)}</span>
              <span>
                <Yuan value={o.pay_amount} />{' '}
                <Button
                  size="small"
                  type="primary"
                  aria-label={`发送订单 ${o.order_no}`}
                  onClick={() => onPick(o)}
                  style={{ marginInlineStart: 8 }}
                >
                  发送
                </Button>
              </span>
            </div>
          </section>
        ))
      ) : (
        <Empty description="您在这家药店还没有订单" />
      )}
    </Drawer>
  );
}
