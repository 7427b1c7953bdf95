import { ExclamationCircleFilled, LoadingOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { ChatMessage } from '@pharmacy/shared';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ImageWithFallback } from '../image-with-fallback';
import { ImageZoomViewer } from '../image-zoom-viewer';
import { chatTime } from './chat-time';

export type ChatProductPayloadLike = NonNullable<ChatMessage['product']>;
export type ChatOrderPayloadLike = NonNullable<ChatMessage['order']>;
export type ChatBubbleState = 'sending' | 'sent' | 'failed';

const cardStyle = {
  display: 'flex',
  gap: 10,
  width: 240,
  padding: 10,
  background: '#fff',
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  color: 'inherit',
  textAlign: 'left' as const,
};

/** A product sent in the chat: image, name, spec, price, 处方药 tag. */
export function ChatProductCard({ product }: { product: ChatProductPayloadLike }) {
  return (
    <article style={cardStyle} aria-label={`商品：${product.name}`}>
      <ImageWithFallback src={product.image || undefined} alt={product.name} width={56} height={56} />
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong ellipsis={{ tooltip: product.name }}>
          {product.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {product.spec || '—'}
        </Typography.Text>
        <Flex align="center" gap={6}>
          <Typography.Text style={{ color: '#cf1322' }}>¥{product.price}</Typography.Text>
          {product.is_rx ? (
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              处方药
            </Tag>
          ) : null}
        </Flex>
      </Flex>
    </article>
  );
}

/** An order sent in the chat: number, status, first item, total. `href` makes the number a link (staff side). */
export function ChatOrderCard({ order, href }: { order: ChatOrderPayloadLike; href?: string }) {
  return (
    <article style={{ ...cardStyle, flexDirection: 'column', gap: 4 }} aria-label={`订单：${order.order_no}`}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <ShoppingOutlined aria-hidden="true" /> 订单{' '}
          {href ? <a href={href}>{order.order_no}</a> : <span>{order.order_no}</span>}
        </Typography.Text>
        <Tag style={{ marginInlineEnd: 0 }}>{order.status_label}</Tag>
      </Flex>
      <Typography.Text ellipsis={{ tooltip: order.first_item }}>
        {order.first_item}
        {order.item_count > 1 ? ` 等 ${order.item_count} 件` : ''}
      </Typography.Text>
      <Flex justify="space-between">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {chatTime(order.created_at)}
        </Typography.Text>
        <Typography.Text>合计 ¥{order.total}</Typography.Text>
      </Flex>
    </article>
  );
}

/** An image message: a thumbnail; a click opens the zoom viewer in a dialog. */
export function ChatImageThumb({ url, alt = '聊天图片' }: { url: string; alt?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="查看大图"
        onClick={() => setOpen(true)}
        style={{ padding: 0, border: 'none', background: 'none', cursor: 'zoom-in', display: 'block' }}
      >
        <ImageWithFallback
          src={url}
          alt={alt}
          style={{ maxWidth: 200, maxHeight: 200, borderRadius: 8, display: 'block', objectFit: 'cover' }}
        />
      </button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title="查看图片" width={720} destroyOnHidden>
        <ImageZoomViewer src={url} alt={alt} />
      </Modal>
    </>
  );
}

/** A notice (assigned, transferred, closed, reopened): a centred grey line. */
export function ChatSystemLine({ message }: { message: ChatMessage }) {
  return (
    <div style={{ textAlign: 'center', margin: '8px 0' }} data-kind="system">
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, background: '#f5f5f5', padding: '2px 10px', borderRadius: 10 }}
      >
        {message.body}
        <span style={{ marginInlineStart: 6 }}>{chatTime(message.created_at)}</span>
      </Typography.Text>
    </div>
  );
}

export interface ChatBubbleProps {
  message: ChatMessage;
  /** Mine: on the right, with the sending state and the read receipt. */
  mine: boolean;
  state?: ChatBubbleState;
  /** Whether the other side has read it (shown under my sent messages when defined). */
  read?: boolean;
  error?: string;
  onRetry?: () => void;
  /** Shown above the bubble (e.g. the colleague who wrote it, or the pharmacy's name). */
  showName?: boolean;
  avatar?: ReactNode;
  /** Link of an order card (the staff side links into the console). */
  orderHref?: (orderNo: string) => string | undefined;
}

function BubbleContent({ message, orderHref }: Pick<ChatBubbleProps, 'message' | 'orderHref'>) {
  if (message.kind === 'image' && message.image) return <ChatImageThumb url={message.image.url} />;
  if (message.kind === 'product' && message.product) return <ChatProductCard product={message.product} />;
  if (message.kind === 'order' && message.order)
    return <ChatOrderCard order={message.order} href={orderHref?.(message.order.order_no)} />;
  return null;
}

/** One message: text in a bubble, or an image / product / order card; mine on the right. */
export function ChatBubble({
  message,
  mine,
  state = 'sent',
  read,
  error,
  onRetry,
  showName,
  avatar,
  orderHref,
}: ChatBubbleProps) {
  if (message.kind === 'system') return <ChatSystemLine message={message} />;
  const card = message.kind !== 'text';
  const content = card ? (
    <BubbleContent message={message} orderHref={orderHref} />
  ) : (
    <div
      style={{
        padding: '8px 12px',
        borderRadius: 8,
        // the area's own colour where it sets one (the patient area's green), else the console's blue
        background: mine ? 'var(--chat-mine-bg, #1677ff)' : '#fff',
        color: mine ? '#fff' : 'rgba(0,0,0,0.88)',
        border: mine ? 'none' : '1px solid #f0f0f0',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxWidth: 420,
      }}
    >
      {message.body}
    </div>
  );
  return (
    <Flex
      justify={mine ? 'flex-end' : 'flex-start'}
      gap={8}
      style={{ margin: '8px 0' }}
      data-kind={message.kind}
      data-state={state}
      data-seq={state === 'sent' ? message.seq : undefined}
    >
      {!mine && avatar}
      <Flex vertical align={mine ? 'flex-end' : 'flex-start'} gap={2} style={{ maxWidth: '70%' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {showName ? `${message.sender_name} ` : ''}
          {chatTime(message.created_at)}
        </Typography.Text>
        <Flex align="center" gap={6} style={{ flexDirection: mine ? 'row-reverse' : 'row' }}>
          {content}
          {mine && state === 'sending' ? <LoadingOutlined aria-label="发送中" style={{ color: '#999' }} /> : null}
          {mine && state === 'failed' ? (
            <ExclamationCircleFilled aria-hidden="true" title={error} style={{ color: '#ff4d4f' }} />
          ) : null}
        </Flex>
        {mine && state === 'failed' ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            发送失败{' '}
            {onRetry ? (
              <Button type="link" size="small" onClick={onRetry} style={{ padding: 0, height: 'auto' }}>
                重试
              </Button>
            ) : null}
          </Typography.Text>
        ) : null}
        {mine && state === 'sent' && read !== undefined ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, color: read ? '#999' : '#1677ff' }}>
            {read ? '已读' : '未读'}
          </Typography.Text>
        ) : null}
      </Flex>
      {mine && avatar}
    </Flex>
  );
}
