import type { ChatMessage } from '@pharmacy/shared';
import { Button, Empty, List, Modal } from 'antd';
import { ChatOrderCard } from '../../../components/chat';

type Order = NonNullable<ChatMessage['order']>;

/** 发送订单: the patient's recent orders (from the patient info panel); 发送 sends the card. */
export function OrderPickerDialog({
  open,
  onClose,
  orders,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  orders: Order[] | undefined;
  onPick: (order: Order) => void;
}) {
  return (
    <Modal open={open} title="发送订单" footer={null} onCancel={onClose} width={520} destroyOnHidden>
      {!orders?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该患者在本店暂无订单" />
      ) : (
        <div style={{ maxHeight: 460, overflowY: 'auto' }}>
          <List
            dataSource={orders}
            rowKey="order_id"
            renderItem={(o) => (
              <List.Item
                actions={[
                  <Button
                    key="send"
                    type="primary"
                    size="small"
                    aria-label={`发送订单 ${o.order_no}`}
                    onClick={() => {
                      onPick(o);
                      onClose();
                    }}
                  >
                    发送
                  </Button>,
                ]}
              >
                <ChatOrderCard order={o} />
              </List.Item>
            )}
          />
        </div>
      )}
    </Modal>
  );
}
