import { checkNavigationTarget, type Message, messageKindLabels } from '@pharmacy/shared';
import { Button, Descriptions, Empty, Modal, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useMarkMessagesRead } from '../api/mark-messages-read';

export interface MessageDetailDialogProps {
  /** The message, or undefined when the URL names one that is not on the current page. */
  message: Message | undefined;
  loading: boolean;
  onClose: () => void;
}

/** One message in full. Opening an unread message marks it read. */
export function MessageDetailDialog({ message, loading, onClose }: MessageDetailDialogProps) {
  const navigate = useNavigate();
  const markRead = useMarkMessagesRead();
  const marked = useRef<number | null>(null);

  useEffect(() => {
    if (!message || message.read_at !== null || marked.current === message.id) return;
    marked.current = message.id;
    markRead.mutate({ ids: [message.id] });
  }, [message, markRead]);

  const link = message?.link ? checkNavigationTarget(message.link) : null;
  const internalLink = link?.ok && link.kind === 'internal' ? link.href : null;

  return (
    <Modal
      open
      title={message ? message.title : '消息详情'}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        internalLink ? (
          <Button key="go" onClick={() => navigate(internalLink)}>
            前往查看
          </Button>
        ) : null,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {message ? (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'kind', label: '类型', children: <Tag>{messageKindLabels[message.kind]}</Tag> },
              { key: 'time', label: '时间', children: formatDateTime(message.created_at) },
            ]}
          />
          <Typography.Paragraph style={{ marginTop: 16, whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Typography.Paragraph>
        </>
      ) : loading ? null : (
        <Empty description="消息不存在，或不在当前页" />
      )}
    </Modal>
  );
}
