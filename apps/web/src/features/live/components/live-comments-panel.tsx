import { LIVE_COMMENT_MAX, type LiveComment, liveCommentBodySchema } from '@pharmacy/shared';
import { Button, Empty, Flex, Input, Segmented, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useCommentModeration, useLiveComments } from '../api/live-control';

type Filter = 'all' | 'hidden';

function CommentRow({
  comment,
  busy,
  onHide,
  onShow,
  onMute,
  onUnmute,
}: {
  comment: LiveComment;
  busy: boolean;
  onHide: () => void;
  onShow: () => void;
  onMute: () => void;
  onUnmute: () => void;
}) {
  const hidden = comment.status === 'hidden';
  return (
    <li
      aria-label={`${comment.name}：${comment.content}`}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        padding: '8px 10px',
        borderRadius: 6,
        background: comment.staff ? '#f0f5ff' : hidden ? '#fafafa' : '#fff',
        border: '1px solid #f0f0f0',
      }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Flex gap={6} align="center" wrap style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 13 }}>
            {comment.name || '观众'}
          </Typography.Text>
          {comment.staff ? (
            <Tag color="blue" variant="filled">
              主持人
            </Tag>
          ) : null}
          {hidden ? (
            <Tag color="default" variant="filled">
              已隐藏
            </Tag>
          ) : null}
          {comment.muted && !comment.staff ? (
            <Tag color="error" variant="filled">
              已禁言
            </Tag>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(comment.created_at).slice(11)}
          </Typography.Text>
        </Flex>
        <Flex gap={0} style={{ flex: 'none' }}>
          <Button type="link" size="small" disabled={busy} onClick={hidden ? onShow : onHide}>
            {hidden ? '显示' : '隐藏'}
          </Button>
          {comment.staff ? null : (
            <Button
              type="link"
              size="small"
              danger={!comment.muted}
              disabled={busy}
              onClick={comment.muted ? onUnmute : onMute}
            >
              {comment.muted ? '解除禁言' : '禁言'}
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Text delete={hidden} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {comment.content}
      </Typography.Text>
    </li>
  );
}

/**
 * A live's 互动管理: its comments (hidden ones too) polled every 3 s, newest at the bottom; 隐藏 / 显示 a comment,
 * 禁言 / 解除禁言 its author in this live, and 发送 as 主持人.
 */
export function LiveCommentsPanel({ liveId, chatEnabled }: { liveId: number; chatEnabled: boolean }) {
  const { data, isLoading } = useLiveComments(liveId);
  const { hide, show, mute, unmute, post } = useCommentModeration(liveId);
  const [filter, setFilter] = useState<Filter>('all');
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const comments = (data ?? []).filter((c) => filter === 'all' || c.status === 'hidden');
  const lastId = comments.length ? comments[comments.length - 1].id : 0;
  const busy = hide.isPending || show.isPending || mute.isPending || unmute.isPending;

  // follow new comments, unless the moderator has scrolled up to read older ones
  useEffect(() => {
    const box = listRef.current;
    if (!box || !lastId) return;
    const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 120;
    if (nearBottom || box.dataset.followed !== '1') {
      box.scrollTop = box.scrollHeight;
      box.dataset.followed = '1';
    }
  }, [lastId]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      dialogToast.success(done);
    } catch {
      // shown by the HTTP layer
    }
  };

  const send = async () => {
    const parsed = liveCommentBodySchema.safeParse({ content: draft });
    if (!parsed.success) {
      dialogToast.error(parsed.error.issues[0]?.message ?? '请输入内容');
      return;
    }
    try {
      await post.mutateAsync(parsed.data.content);
      setDraft('');
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>互动管理</Typography.Text>
        <Segmented<Filter>
          size="small"
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: `全部 ${data?.length ?? 0}` },
            { value: 'hidden', label: `已隐藏 ${(data ?? []).filter((c) => c.status === 'hidden').length}` },
          ]}
        />
      </Flex>
      {!chatEnabled ? (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          本场直播已关闭互动，学员不能发言
        </Typography.Text>
      ) : null}
      <div ref={listRef} style={{ flex: 1, minHeight: 240, maxHeight: 420, overflowY: 'auto' }}>
        {isLoading ? (
          <Spin style={{ margin: 24 }} />
        ) : comments.length ? (
          <ul
            aria-label="直播互动"
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}
          >
            {comments.map((c) => (
              <CommentRow
                key={c.id}
                comment={c}
                busy={busy}
                onHide={() => void act(() => hide.mutateAsync(c.id), '评论已隐藏')}
                onShow={() => void act(() => show.mutateAsync(c.id), '评论已恢复显示')}
                onMute={() => void act(() => mute.mutateAsync(c.account_id), `已禁言 ${c.name || '该观众'}`)}
                onUnmute={() => void act(() => unmute.mutateAsync(c.account_id), `已解除 ${c.name || '该观众'} 的禁言`)}
              />
            ))}
          </ul>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filter === 'hidden' ? '没有已隐藏的评论' : '还没有互动'}
          />
        )}
      </div>
      <Flex gap={8} align="end">
        <Input.TextArea
          aria-label="以主持人身份发言"
          placeholder="以主持人身份发言，Enter 发送，Shift+Enter 换行"
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={LIVE_COMMENT_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void send();
          }}
        />
        <Button type="primary" loading={post.isPending} onClick={() => void send()}>
          发送
        </Button>
      </Flex>
    </Flex>
  );
}
