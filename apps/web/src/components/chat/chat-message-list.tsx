import type { ChatMessage } from '@pharmacy/shared';
import { Button, Empty, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { ChatBubble, type ChatBubbleState } from './chat-bubble';

export interface ChatListEntry {
  key: string;
  message: ChatMessage;
  state: ChatBubbleState;
  error?: string;
}

export interface ChatMessageListProps {
  entries: ChatListEntry[];
  /** Whose messages are "mine" (right side, with sending state and read receipt). */
  isMine: (message: ChatMessage) => boolean;
  /** The other side's read seq: my sent messages with seq ≤ it show 已读, others 未读. Undefined: no receipts. */
  otherReadSeq?: number;
  loading?: boolean;
  hasMore?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** The other side's name while they type. */
  typingName?: string | null;
  onRetry?: (clientId: string) => void;
  /** Shows the sender's name above a bubble (e.g. colleagues' messages). */
  showName?: (message: ChatMessage) => boolean;
  avatar?: (message: ChatMessage) => ReactNode;
  orderHref?: (orderNo: string) => string | undefined;
  /** Changes when another conversation is shown: the list jumps to its end. */
  resetKey?: string | number | null;
  emptyText?: string;
  style?: React.CSSProperties;
}

const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 40;

/**
 * A conversation's messages (role log, 消息列表): bubbles by seq, older ones loaded when scrolled to the top (the view
 * stays where it was), follows the end when a message arrives while the reader is at the bottom or sends one.
 */
export function ChatMessageList({
  entries,
  isMine,
  otherReadSeq,
  loading,
  hasMore,
  loadingOlder,
  onLoadOlder,
  typingName,
  onRetry,
  showName,
  avatar,
  orderHref,
  resetKey,
  emptyText = '暂无消息',
  style,
}: ChatMessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const prev = useRef<{
    first?: string;
    last?: string;
    height: number;
    top: number;
    reset?: unknown;
    atBottom: boolean;
  }>({ height: 0, top: 0, atBottom: true });

  const first = entries[0]?.key;
  const lastEntry = entries[entries.length - 1];
  const last = lastEntry?.key;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const p = prev.current;
    if (p.reset !== resetKey || p.last === undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== p.first && last === p.last) {
      // older messages above: keep the reader's place
      el.scrollTop = el.scrollHeight - p.height + p.top;
    } else if (last !== p.last) {
      const mineNew = lastEntry && isMine(lastEntry.message) && lastEntry.state !== 'sent';
      if (p.atBottom || mineNew) el.scrollTop = el.scrollHeight;
    } else if (p.atBottom) {
      el.scrollTop = el.scrollHeight;
    }
    prev.current = {
      first,
      last,
      height: el.scrollHeight,
      top: el.scrollTop,
      reset: resetKey,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX,
    };
  });

  // the typing line appearing at the bottom keeps the end in view
  useEffect(() => {
    const el = box.current;
    if (el && typingName && prev.current.atBottom) el.scrollTop = el.scrollHeight;
  }, [typingName]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    prev.current.top = el.scrollTop;
    prev.current.height = el.scrollHeight;
    prev.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX && hasMore && !loadingOlder) onLoadOlder?.();
  };

  return (
    <div
      ref={box}
      role="log"
      aria-label="消息列表"
      aria-live="polite"
      aria-busy={loading || loadingOlder || undefined}
      onScroll={onScroll}
      style={{ overflowY: 'auto', padding: '8px 16px', background: '#f7f8fa', ...style }}
    >
      {hasMore ? (
        <div style={{ textAlign: 'center', margin: '4px 0' }}>
          <Button type="link" size="small" loading={loadingOlder} onClick={onLoadOlder}>
            查看更早的消息
          </Button>
        </div>
      ) : entries.length > 0 && !loading ? (
        <div style={{ textAlign: 'center', margin: '4px 0' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            没有更早的消息了
          </Typography.Text>
        </div>
      ) : null}
      {loading && entries.length === 0 ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : null}
      {!loading && entries.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : null}
      {entries.map((entry) => {
        const mine = isMine(entry.message);
        return (
          <ChatBubble
            key={entry.key}
            message={entry.message}
            mine={mine}
            state={entry.state}
            error={entry.error}
            read={mine && otherReadSeq !== undefined ? entry.message.seq <= otherReadSeq : undefined}
            onRetry={entry.message.client_id && onRetry ? () => onRetry(entry.message.client_id as string) : undefined}
            showName={showName?.(entry.message)}
            avatar={avatar?.(entry.message)}
            orderHref={orderHref}
          />
        );
      })}
      {typingName ? (
        <div aria-live="polite" style={{ margin: '4px 0' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            对方正在输入…
          </Typography.Text>
        </div>
      ) : null}
    </div>
  );
}
