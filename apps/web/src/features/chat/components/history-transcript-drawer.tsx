import { type ChatConversation, type ChatMessage, chatConversationStatusLabels } from '@pharmacy/shared';
import { Alert, Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import { type ChatListEntry, ChatMessageList } from '../../../components/chat';
import { formatDateTime } from '../../../lib/format';
import { useConversation } from '../api/get-conversation';
import { useTranscript } from '../api/history-transcript';
import { useOrderHref } from './patient-info-panel';

/** Staff (and the pharmacy's greeting / auto-reply) on the right, the patient on the left, notices centred. */
const isStaffSide = (m: ChatMessage) => m.sender_side === 'staff' || (m.sender_side === 'system' && m.kind === 'text');

export function HistoryStatusTag({ status }: { status: ChatConversation['status'] }) {
  return (
    <Tag color={status === 'open' ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
      {chatConversationStatusLabels[status]}
    </Tag>
  );
}

/**
 * A conversation's transcript, read-only (聊天记录 → 查看): who, when, status, then every message as the chat room
 * shows it; older messages load when scrolled to the top. `row` is the list's row when the page has it (a link may
 * open a conversation that is not on the page: it is read by id).
 */
export function HistoryTranscriptDrawer({
  id,
  row,
  onClose,
}: {
  id: number;
  row: ChatConversation | null;
  onClose: () => void;
}) {
  const valid = Number.isInteger(id) && id > 0;
  const detail = useConversation(valid ? id : null, valid && !row);
  const conversation = row ?? detail.data ?? null;
  const transcript = useTranscript(valid ? id : null);
  const orderHref = useOrderHref();
  const entries: ChatListEntry[] = transcript.messages.map((m) => ({ key: String(m.id), message: m, state: 'sent' }));
  const failed = !valid || detail.isError || transcript.isError;

  return (
    <Drawer
      open
      title={conversation ? `聊天记录 · ${conversation.patient_name}` : '聊天记录'}
      size={600}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column', minHeight: 0 } }}
    >
      {conversation ? (
        <Descriptions
          size="small"
          column={2}
          style={{ padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}
          items={[
            {
              key: 'patient',
              label: '患者',
              children: (
                <Flex gap={6} wrap>
                  <span>{conversation.patient_name}</span>
                  <Typography.Text type="secondary">{conversation.patient_phone}</Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'status',
              label: '状态',
              children: <HistoryStatusTag status={conversation.status} />,
            },
            { key: 'assignee', label: '接待人', children: conversation.assignee_name || '未接入' },
            { key: 'created', label: '开始时间', children: formatDateTime(conversation.created_at) },
            ...(conversation.closed_at
              ? [{ key: 'closed', label: '结束时间', children: formatDateTime(conversation.closed_at) }]
              : []),
          ]}
        />
      ) : null}
      {failed ? (
        <Alert type="error" showIcon style={{ margin: 16 }} title="聊天记录加载失败，会话可能不存在或已无权查看" />
      ) : (
        <ChatMessageList
          style={{ flex: 1, minHeight: 0 }}
          entries={entries}
          isMine={isStaffSide}
          showName={(m) => m.sender_side !== 'system'}
          loading={transcript.isLoading}
          hasMore={transcript.hasNextPage}
          loadingOlder={transcript.isFetchingNextPage}
          onLoadOlder={() => void transcript.fetchNextPage()}
          orderHref={orderHref}
          resetKey={id}
          emptyText="该会话暂无消息"
        />
      )}
    </Drawer>
  );
}
