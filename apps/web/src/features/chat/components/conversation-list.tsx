import { SearchOutlined, UserOutlined } from '@ant-design/icons';
import {
  type ChatConversation,
  type ChatConversationStatus,
  type ChatListScope,
  type ChatUnread,
  chatConversationStatuses,
  chatConversationStatusLabels,
  chatListScopeLabels,
  chatListScopes,
} from '@pharmacy/shared';
import { Avatar, Badge, Empty, Flex, Input, Segmented, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { chatTime } from '../../../components/chat';

export interface ConversationListProps {
  scope: ChatListScope;
  status: ChatConversationStatus;
  keyword: string;
  onScope: (scope: ChatListScope) => void;
  onStatus: (status: ChatConversationStatus) => void;
  onKeyword: (keyword: string) => void;
  conversations: ChatConversation[];
  total: number;
  loading: boolean;
  selectedId: number | null;
  onSelect: (conversation: ChatConversation) => void;
  counts?: ChatUnread;
  meId: number | null;
}

const emptyTexts: Record<ChatListScope, Record<ChatConversationStatus, string>> = {
  mine: { open: '暂无您接待中的会话', closed: '暂无您已结束的会话' },
  unassigned: { open: '暂无待接入的咨询', closed: '暂无已结束的会话' },
  all: { open: '暂无进行中的会话', closed: '暂无已结束的会话' },
};

function tabLabel(scope: ChatListScope, counts: ChatUnread | undefined, status: ChatConversationStatus) {
  // the counters are of open conversations
  if (status !== 'open') counts = undefined;
  const n = scope === 'mine' ? counts?.mine_open : scope === 'unassigned' ? counts?.queued : undefined;
  const dot = scope === 'mine' ? (counts?.mine_unread ?? 0) > 0 : scope === 'unassigned' && (counts?.queued ?? 0) > 0;
  return (
    <Badge dot={dot} offset={[4, 0]}>
      <span>
        {chatListScopeLabels[scope]}
        {n !== undefined ? ` ${n}` : ''}
      </span>
    </Badge>
  );
}

function Row({
  c,
  selected,
  onSelect,
  meId,
}: {
  c: ChatConversation;
  selected: boolean;
  onSelect: () => void;
  meId: number | null;
}) {
  const assignee =
    c.status === 'closed' ? null : c.assignee_id === null ? (
      <Tag color="orange" style={{ marginInlineEnd: 0 }}>
        待接入
      </Tag>
    ) : c.assignee_id === meId ? null : (
      <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0, maxWidth: 72 }} ellipsis>
        {c.assignee_name}
      </Typography.Text>
    );
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        aria-label={`${c.patient_name}${c.staff_unread > 0 ? `，${c.staff_unread} 条未读` : ''}`}
        data-conversation-id={c.id}
        onClick={onSelect}
        style={{
          display: 'flex',
          gap: 10,
          width: '100%',
          padding: '10px 12px',
          border: 'none',
          borderBottom: '1px solid #f5f5f5',
          background: selected ? '#e6f4ff' : 'transparent',
          cursor: 'pointer',
          textAlign: 'left',
          font: 'inherit',
        }}
      >
        <Badge count={c.staff_unread} size="small" offset={[-2, 2]}>
          <Avatar src={c.patient_avatar || undefined} icon={<UserOutlined />} alt="" />
        </Badge>
        <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={2}>
          <Flex justify="space-between" gap={6}>
            <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
              {c.patient_name}
              <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6, fontWeight: 400 }}>
                {c.patient_phone}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
              {chatTime(c.status === 'closed' ? c.closed_at : (c.last_message_at ?? c.created_at))}
            </Typography.Text>
          </Flex>
          <Flex justify="space-between" gap={6} align="center">
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 13, minWidth: 0 }}>
              {c.last_message_preview || '暂无消息'}
            </Typography.Text>
            {assignee}
          </Flex>
        </Flex>
      </button>
    </li>
  );
}

/** The chat list (left panel): scope tabs with counts, open / closed, search, rows newest first. */
export function ConversationList({
  scope,
  status,
  keyword,
  onScope,
  onStatus,
  onKeyword,
  conversations,
  total,
  loading,
  selectedId,
  onSelect,
  counts,
  meId,
}: ConversationListProps) {
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <div style={{ padding: '4px 12px 0' }}>
        <Tabs
          size="small"
          activeKey={scope}
          onChange={(k) => onScope(k as ChatListScope)}
          items={chatListScopes.map((s) => ({ key: s, label: tabLabel(s, counts, status) }))}
          tabBarStyle={{ marginBottom: 8 }}
        />
        <Flex gap={8} style={{ marginBottom: 8 }}>
          <Segmented
            size="small"
            value={status}
            onChange={(v) => onStatus(v as ChatConversationStatus)}
            options={chatConversationStatuses.map((s) => ({ value: s, label: chatConversationStatusLabels[s] }))}
          />
          <Input
            size="small"
            allowClear
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder="患者姓名或手机号"
            aria-label="搜索会话"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!e.target.value) onKeyword('');
            }}
            onPressEnter={() => onKeyword(text.trim())}
            onBlur={() => onKeyword(text.trim())}
          />
        </Flex>
      </div>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', borderTop: '1px solid #f0f0f0' }}>
        {loading && conversations.length === 0 ? (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
          </div>
        ) : null}
        {!loading && conversations.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={keyword ? '没有找到匹配的会话' : emptyTexts[scope][status]}
            style={{ marginTop: 48 }}
          />
        ) : null}
        <ul aria-label="会话列表" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {conversations.map((c) => (
            <Row key={c.id} c={c} selected={c.id === selectedId} onSelect={() => onSelect(c)} meId={meId} />
          ))}
        </ul>
        {total > conversations.length ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12, margin: 12 }}>
            仅显示最近 {conversations.length} 个会话，共 {total} 个；更早的请在聊天记录中查找
          </Typography.Paragraph>
        ) : null}
      </div>
    </Flex>
  );
}
