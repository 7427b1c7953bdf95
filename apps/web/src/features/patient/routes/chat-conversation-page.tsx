import '../components/chat-patient.css';
import { CloseOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { ChatConversation, ChatMessage, OrderSummary } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ChatComposer, ChatMessageList } from '../../../components/chat';
import { type ChatThreadApi, useChatThread } from '../../../lib/chat-thread';
import { useSessionStore } from '../../../lib/session-store';
import { chatKeys } from '../api/chat-keys';
import { usePatientChatSocket } from '../api/chat-live';
import { getChatMessages } from '../api/chat-messages';
import { upsertConversation, useMyConversations } from '../api/chat-mine';
import { markChatRead } from '../api/chat-read';
import { sendChatMessage } from '../api/chat-send';
import { uploadChatImage } from '../api/chat-upload';
import { useOrder } from '../api/get-order';
import { ChatLinkHint, ChatStatusTag, PharmacyLogo } from '../components/chat-bits';
import { ChatOrderPicker, orderCardPreview } from '../components/chat-order-picker';

/** The picture's size, when the browser can tell cheaply (the bubble reserves its place); null otherwise. */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
}

const isMine = (m: ChatMessage) => m.sender_side === 'patient';

/** The order the patient came from (订单详情 → 联系药店): offered as a card to send, once. */
function OrderSuggestion({
  orderId,
  pharmacyId,
  onSend,
}: {
  orderId: number;
  pharmacyId: number;
  onSend: (order: OrderSummary) => void;
}) {
  const [dismissed, setDismissed] = useState(false);
  const order = useOrder(orderId);
  const o = order.data;
  if (dismissed || !o || o.pharmacy_id !== pharmacyId) return null;
  return (
    <section className="patient-chat-suggest" aria-label="咨询的订单">
      <ShoppingOutlined aria-hidden="true" style={{ color: 'var(--patient-green)' }} />
      <span className="patient-chat-suggest-text">
        订单 {o.order_no} · {o.items_text || `共 ${o.item_count} 件商品`}
      </span>
      <Button
        size="small"
        type="primary"
        onClick={() => {
          setDismissed(true);
          onSend(o);
        }}
      >
        发送订单
      </Button>
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        aria-label="不发送"
        onClick={() => setDismissed(true)}
      />
    </section>
  );
}

function Conversation({ conversation, orderId }: { conversation: ChatConversation; orderId: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionStore((s) => s.userInfo);
  const { socket, state: linkState } = usePatientChatSocket();
  const [pickingOrder, setPickingOrder] = useState(false);
  const id = conversation.id;

  const api: ChatThreadApi = {
    loadMessages: (query) => getChatMessages(id, query),
    send: (body) => sendChatMessage(id, body),
    read: async (seq) => {
      const c = await markChatRead(id, seq);
      queryClient.setQueryData<ChatConversation[]>(chatKeys.mine(), (list) => upsertConversation(list, c));
      return c;
    },
  };

  const thread = useChatThread({
    conversationId: id,
    side: 'patient',
    api,
    socket,
    me: { id: user?.id ?? null, name: user?.name || '我' },
    conversation,
    onSent: (message) => {
      // sent into a closed conversation: the server opened a new one and the message went there
      if (message.conversation_id !== id) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.mine() });
        navigate(`/patient/chat/conversation?id=${message.conversation_id}`, { replace: true });
      }
    },
  });

  const sendOrder = (o: OrderSummary) => {
    setPickingOrder(false);
    thread.send({ kind: 'order', order_id: o.id }, { order: orderCardPreview(o) });
  };

  const uploadImage = async (file: File) => {
    const [uploaded, size] = await Promise.all([uploadChatImage(file), imageSize(file)]);
    thread.send(
      { kind: 'image', image_key: uploaded.key, width: size?.width ?? null, height: size?.height ?? null },
      { image: { url: uploaded.url, width: size?.width ?? null, height: size?.height ?? null } },
    );
  };

  const closed = conversation.status === 'closed';
  const { state } = thread;

  return (
    <div className="patient-chat-room">
      <section className="patient-chat-head" aria-label="咨询的药店">
        <PharmacyLogo src={conversation.pharmacy_logo} size={36} />
        <div className="patient-chat-head-text">
          <strong>{conversation.pharmacy_name}</strong>
          <span className="patient-muted">
            {conversation.assignee_name
              ? `接待：${conversation.assignee_name}`
              : closed
                ? '咨询已结束'
                : '等待药师接入，请稍候'}
          </span>
        </div>
        <ChatStatusTag status={conversation.status} />
      </section>
      {closed ? <div className="patient-chat-closed">本次咨询已结束，发送消息将开启新的咨询</div> : null}
      <ChatLinkHint state={linkState} />
      {state.error && !state.loaded ? (
        <Result status="error" title="消息加载失败" subTitle={state.error} style={{ flex: 1 }} />
      ) : (
        <ChatMessageList
          entries={thread.entries}
          isMine={isMine}
          otherReadSeq={state.otherReadSeq}
          loading={state.loading}
          hasMore={state.hasMore}
          loadingOlder={state.loadingOlder}
          onLoadOlder={thread.loadOlder}
          typingName={state.typing?.name ?? null}
          onRetry={thread.retry}
          showName={(m) => !isMine(m)}
          avatar={(m) => (isMine(m) ? null : <PharmacyLogo src={conversation.pharmacy_logo} size={32} />)}
          resetKey={id}
          emptyText="向药师描述您的问题吧"
          style={{ flex: 1, minHeight: 0, padding: '8px 12px' }}
        />
      )}
      {orderId ? <OrderSuggestion orderId={orderId} pharmacyId={conversation.pharmacy_id} onSend={sendOrder} /> : null}
      <ChatComposer
        onSend={(text) => thread.send({ kind: 'text', body: text })}
        onTyping={thread.typing}
        onUploadImage={uploadImage}
        placeholder="输入消息"
        rows={2}
        extra={
          <Button type="text" size="small" icon={<ShoppingOutlined />} onClick={() => setPickingOrder(true)}>
            订单
          </Button>
        }
      />
      <ChatOrderPicker
        open={pickingOrder}
        onClose={() => setPickingOrder(false)}
        pharmacyId={conversation.pharmacy_id}
        onPick={sendOrder}
      />
    </div>
  );
}

/** 咨询: one conversation with a pharmacy (`?id=`; `&order_id=` offers that order's card to send). */
export default function ChatConversationPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const orderId = Number(params.get('order_id')) || null;
  const mine = useMyConversations();
  const conversation = id ? mine.data?.find((c) => c.id === id) : undefined;
  if (conversation) return <Conversation key={conversation.id} conversation={conversation} orderId={orderId} />;
  if (id && (mine.isLoading || mine.isFetching)) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <Result status="404" title="会话不存在" />;
}
