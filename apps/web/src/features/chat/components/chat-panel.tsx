import { ShoppingCartOutlined, SolutionOutlined, UserOutlined } from '@ant-design/icons';
import {
  type ChatConversation,
  type ChatMessage,
  type ChatUnread,
  chatConversationStatusLabels,
} from '@pharmacy/shared';
import { Avatar, Button, Empty, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { type MutableRefObject, useCallback, useEffect, useMemo, useState } from 'react';
import { ChatComposer, ChatMessageList } from '../../../components/chat';
import type { ChatSocket } from '../../../lib/chat-socket';
import { type ChatThreadApi, useChatThread } from '../../../lib/chat-thread';
import { toast } from '../../../lib/feedback';
import {
  useCloseConversation,
  useReopenConversation,
  useTakeConversation,
  useTransferConversation,
} from '../api/conversation-actions';
import { useCannedReplies } from '../api/get-canned-replies';
import { getChatMessages } from '../api/get-chat-messages';
import { usePatientInfo } from '../api/get-patient-info';
import { readConversation } from '../api/read-conversation';
import { sendChatMessage } from '../api/send-chat-message';
import { uploadChatImage } from '../api/upload-chat-image';
import { OrderPickerDialog } from './order-picker-dialog';
import { useOrderHref } from './patient-info-panel';
import { ProductPickerDialog } from './product-picker-dialog';
import { TransferDialog } from './transfer-dialog';

/** The page's hold on the open thread: its last seq (for the sync) and a way to put the sync's messages in. */
export interface OpenThreadHandle {
  id: number | null;
  lastSeq: number;
  apply: (messages: ChatMessage[]) => void;
}

export interface ChatPanelProps {
  conversation: ChatConversation | null;
  socket: ChatSocket | null;
  me: { id: number | null; name: string };
  /** May transfer or close a colleague's conversation (chat settings roles). */
  canManage: boolean;
  counts?: ChatUnread;
  threadHandle: MutableRefObject<OpenThreadHandle | null>;
}

/** An image's size before it is sent (the bubble keeps its place while it loads). */
function imageSize(file: File): Promise<{ width: number | null; height: number | null }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth || null, height: img.naturalHeight || null });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve({ width: null, height: null });
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

const isStaffSide = (m: ChatMessage) => m.sender_side === 'staff' || (m.sender_side === 'system' && m.kind === 'text');

function Header({
  conversation,
  me,
  canManage,
  onTransfer,
}: {
  conversation: ChatConversation;
  me: { id: number | null };
  canManage: boolean;
  onTransfer: () => void;
}) {
  const take = useTakeConversation();
  const close = useCloseConversation();
  const reopen = useReopenConversation();
  const mine = conversation.assignee_id !== null && conversation.assignee_id === me.id;
  const open = conversation.status === 'open';
  const unassigned = conversation.assignee_id === null;
  const actions = [];
  if (open && unassigned) {
    actions.push(
      <Button
        key="take"
        type="primary"
        aria-label="接入"
        loading={take.isPending}
        onClick={() => take.mutate(conversation.id)}
      >
        接入
      </Button>,
    );
  }
  if (open && !unassigned && (mine || canManage)) {
    actions.push(
      <Button key="transfer" aria-label="转接" onClick={onTransfer}>
        转接
      </Button>,
    );
  }
  if (open && (mine || unassigned || canManage)) {
    actions.push(
      <Popconfirm
        key="close"
        title="确定结束该会话吗？"
        description="患者将收到会话已结束的提示"
        okText="结束会话"
        cancelText="取消"
        onConfirm={() => close.mutateAsync(conversation.id).catch(() => undefined)}
      >
        <Button danger loading={close.isPending}>
          结束会话
        </Button>
      </Popconfirm>,
    );
  }
  if (!open) {
    actions.push(
      <Button
        key="reopen"
        aria-label="重新开启"
        loading={reopen.isPending}
        onClick={() => reopen.mutate(conversation.id)}
      >
        重新开启
      </Button>,
    );
  }
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={12}
      style={{ padding: '10px 16px', borderBottom: '1px solid #f0f0f0', background: '#fff' }}
    >
      <Flex gap={10} align="center" style={{ minWidth: 0 }}>
        <Avatar src={conversation.patient_avatar || undefined} icon={<UserOutlined />} alt="" />
        <div style={{ minWidth: 0 }}>
          <Flex gap={8} align="center">
            <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
              {conversation.patient_name}
            </Typography.Title>
            <Tag color={open ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
              {chatConversationStatusLabels[conversation.status]}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {conversation.patient_phone}
            {' · '}
            {unassigned ? '待接入' : mine ? '由我接待' : `由 ${conversation.assignee_name} 接待`}
          </Typography.Text>
        </div>
      </Flex>
      <Space>{actions}</Space>
    </Flex>
  );
}

/** The chat panel (middle): header with the actions, the messages, the composer with images, products and orders. */
export function ChatPanel({ conversation, socket, me, canManage, counts, threadHandle }: ChatPanelProps) {
  const id = conversation?.id ?? null;
  const api = useMemo<ChatThreadApi>(
    () => ({
      loadMessages: (query) => getChatMessages(id as number, query),
      send: (body) => sendChatMessage(id as number, body),
      read: (seq) => readConversation(id as number, seq),
    }),
    [id],
  );
  const thread = useChatThread({ conversationId: id, side: 'staff', api, socket, me, conversation });
  threadHandle.current = { id, lastSeq: thread.lastSeq, apply: thread.applyMessages };

  const canned = useCannedReplies();
  const info = usePatientInfo(id);
  const orderHref = useOrderHref();
  const transfer = useTransferConversation();
  const [dialog, setDialog] = useState<'transfer' | 'product' | 'order' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation closes the dialogs
  useEffect(() => setDialog(null), [id]);

  const uploadImage = useCallback(
    async (file: File) => {
      if (file.size > 5 * 1024 * 1024) {
        toast.error('图片不能超过 5MB');
        return;
      }
      const [uploaded, size] = await Promise.all([uploadChatImage(file), imageSize(file)]);
      thread.send(
        { kind: 'image', image_key: uploaded.key, ...size },
        { image: { url: uploaded.url, width: size.width, height: size.height } },
      );
    },
    [thread.send],
  );

  if (!conversation) {
    return (
      <Flex vertical align="center" justify="center" style={{ height: '100%', background: '#f7f8fa' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请从左侧选择一个会话开始聊天" />
      </Flex>
    );
  }

  const closed = conversation.status === 'closed';
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <Header conversation={conversation} me={me} canManage={canManage} onTransfer={() => setDialog('transfer')} />
      <ChatMessageList
        style={{ flex: 1, minHeight: 0 }}
        entries={thread.entries}
        isMine={isStaffSide}
        otherReadSeq={thread.state.otherReadSeq}
        loading={thread.state.loading}
        hasMore={thread.state.hasMore}
        loadingOlder={thread.state.loadingOlder}
        onLoadOlder={thread.loadOlder}
        typingName={thread.state.typing?.name ?? null}
        onRetry={thread.retry}
        showName={(m) => isStaffSide(m) && m.sender_id !== me.id}
        orderHref={orderHref}
        resetKey={id}
        emptyText="暂无消息，发送第一条消息吧"
      />
      <ChatComposer
        key={id}
        onSend={(text) => thread.send({ kind: 'text', body: text })}
        onTyping={thread.typing}
        cannedReplies={canned.data}
        onUploadImage={uploadImage}
        disabled={closed}
        disabledText="会话已结束，重新开启后可继续发送"
        placeholder={
          conversation.assignee_id === null
            ? '回复即接入该会话；Enter 发送，Shift+Enter 换行，/ 快捷回复'
            : '输入消息，Enter 发送，Shift+Enter 换行，/ 快捷回复'
        }
        extra={
          <>
            <Button
              type="text"
              size="small"
              icon={<ShoppingCartOutlined />}
              aria-label="发送商品"
              disabled={closed}
              onClick={() => setDialog('product')}
            >
              商品
            </Button>
            <Button
              type="text"
              size="small"
              icon={<SolutionOutlined />}
              aria-label="发送订单"
              disabled={closed}
              onClick={() => setDialog('order')}
            >
              订单
            </Button>
          </>
        }
      />
      <TransferDialog
        open={dialog === 'transfer'}
        onClose={() => setDialog(null)}
        perStaffLimit={counts?.per_staff_limit}
        excludeIds={[me.id, conversation.assignee_id]}
        onTransfer={(colleague) => transfer.mutateAsync({ id: conversation.id, assigneeId: colleague.account_id })}
      />
      <ProductPickerDialog
        open={dialog === 'product'}
        onClose={() => setDialog(null)}
        onPick={(p) => thread.send({ kind: 'product', quote_id: p.quote_id }, { product: p })}
      />
      <OrderPickerDialog
        open={dialog === 'order'}
        onClose={() => setDialog(null)}
        orders={info.data?.recent_orders}
        onPick={(o) => thread.send({ kind: 'order', order_id: o.order_id }, { order: o })}
      />
    </Flex>
  );
}
