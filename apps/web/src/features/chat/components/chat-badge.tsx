import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentPharmacyId } from '../api/chat-keys';
import { useChatUnread } from '../api/get-chat-unread';
import { useCanUseChat, useStaffChatSocket, useUnreadFromSocket } from '../api/staff-chat-socket';

/** The badge's number: unread patient messages in my and the queue's conversations. */
function useLiveChatUnread(enabled: boolean) {
  const pharmacyId = useCurrentPharmacyId();
  const { socket } = useStaffChatSocket();
  useUnreadFromSocket(socket, pharmacyId);
  const { data } = useChatUnread(enabled);
  return data;
}

/** The staff header's chat button: an icon with the unread badge, to /chatRoom; nothing for roles without it. */
export function ChatHeaderBadge() {
  const allowed = useCanUseChat();
  return allowed ? <ChatHeaderButton /> : null;
}

function ChatHeaderButton() {
  const navigate = useNavigate();
  const data = useLiveChatUnread(true);
  const count = data?.unread ?? 0;
  const queued = data?.queued ?? 0;
  const label = ['聊天室', count > 0 ? `${count} 条未读` : '', queued > 0 ? `${queued} 个待接入` : '']
    .filter(Boolean)
    .join('，');
  return (
    <Badge count={count} size="small" offset={[-4, 4]} dot={count === 0 && queued > 0}>
      <Button
        type="text"
        shape="circle"
        href="/chatRoom"
        aria-label={label}
        icon={<MessageOutlined style={{ fontSize: 18 }} />}
        onClick={(e) => {
          e.preventDefault();
          navigate('/chatRoom');
        }}
      />
    </Badge>
  );
}

/** The chatroom layout's 聊天 tab label with the same badge. */
export function ChatTabBadge({ children }: { children: ReactNode }) {
  const allowed = useCanUseChat();
  const data = useLiveChatUnread(allowed);
  const count = allowed ? (data?.unread ?? 0) : 0;
  return (
    <Badge count={count} size="small" offset={[8, -2]} title={count > 0 ? `${count} 条未读` : undefined}>
      <span>{children}</span>
    </Badge>
  );
}
