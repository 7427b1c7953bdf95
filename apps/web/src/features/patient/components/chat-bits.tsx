import { ShopOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@pharmacy/shared';
import { chatConversationStatusLabels } from '@pharmacy/shared';
import { Avatar, Tag } from 'antd';
import { useRef } from 'react';
import type { ChatSocketState } from '../../../lib/chat-socket';

/** The pharmacy's logo (a shop icon without one). */
export function PharmacyLogo({ src, size = 44 }: { src?: string | null; size?: number }) {
  return (
    <Avatar
      className="patient-chat-logo"
      shape="square"
      size={size}
      src={src || undefined}
      icon={<ShopOutlined aria-hidden="true" />}
      alt=""
    />
  );
}

export function ChatStatusTag({ status }: { status: ChatConversation['status'] }) {
  return (
    <Tag color={status === 'open' ? 'green' : 'default'} variant="filled" style={{ marginInlineEnd: 0 }}>
      {chatConversationStatusLabels[status]}
    </Tag>
  );
}

/** A line telling the patient the live link is down (messages still send; new ones arrive once it is back). */
export function ChatLinkHint({ state }: { state: ChatSocketState }) {
  // the first connection is not a drop: say nothing until the link has been up once
  const wasOpen = useRef(false);
  if (state === 'open') wasOpen.current = true;
  if (state === 'open' || (state !== 'denied' && !wasOpen.current)) return null;
  return (
    <div className="patient-chat-link-hint" role="status">
      {state === 'denied' ? '登录已失效，请重新登录后查看新消息' : '连接已断开，正在重连…'}
    </div>
  );
}
