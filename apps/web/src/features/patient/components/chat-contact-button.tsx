import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useOpenConversation } from '../api/chat-open';

/**
 * 联系药店: opens (or goes back to) my conversation with the pharmacy; from an order, the conversation offers that
 * order's card to send.
 */
export function ChatContactButton({ pharmacyId, orderId }: { pharmacyId: number; orderId?: number }) {
  const navigate = useNavigate();
  const open = useOpenConversation();
  return (
    <Button
      size="small"
      icon={<MessageOutlined />}
      loading={open.isPending}
      onClick={() =>
        open.mutate(pharmacyId, {
          onSuccess: (c) => navigate(`/patient/chat/conversation?id=${c.id}${orderId ? `&order_id=${orderId}` : ''}`),
        })
      }
    >
      联系药店
    </Button>
  );
}
