import { CommentOutlined, TeamOutlined } from '@ant-design/icons';
import type { LiveControlRow } from '@pharmacy/shared';
import { Button, Card, Flex, Statistic, Switch, Typography } from 'antd';
import { LivePlayer } from '../../../components/live-player/live-player';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useLiveQuoteSet } from '../api/live-flow';
import { LiveFlowButtons } from './live-flow-buttons';
import { LiveCover, LiveStatusTag } from './live-status-tag';

/** What the control room previews: the pull address while live (or before), the replay once ended. */
export function previewUrlOf(live: Pick<LiveControlRow, 'status' | 'pull_url' | 'replay_url'>): string {
  if (live.status === 'ended') return live.replay_url || live.pull_url;
  return live.pull_url || live.replay_url;
}

const timeOf = (iso: string) => formatDateTime(iso).slice(11);

/**
 * One of today's lives in the control room: status, schedule, viewers now and comments, 开始直播 / 结束直播, and
 * the bound combo's 置顶 switch. Clicking the card opens its preview and comments.
 */
export function LiveControlCard({
  live,
  selected,
  onSelect,
}: {
  live: LiveControlRow;
  selected: boolean;
  onSelect: () => void;
}) {
  const quoteSet = useLiveQuoteSet();
  const togglePin = async (pinned: boolean) => {
    if (!live.quote_set_id) return;
    try {
      await quoteSet.mutateAsync({ id: live.id, quote_set_id: live.quote_set_id, pinned });
      dialogToast.success(pinned ? '套餐已置顶' : '已取消置顶');
    } catch {
      // shown by the HTTP layer
    }
  };

  return (
    <Card
      size="small"
      hoverable
      onClick={onSelect}
      aria-label={`${live.title}（${selected ? '已选中' : '点击查看'}）`}
      style={{ borderColor: selected ? '#1677ff' : undefined, boxShadow: selected ? '0 0 0 1px #1677ff' : undefined }}
    >
      <Flex gap={12}>
        <LiveCover src={live.cover_url} title={live.title} width={120} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center">
            <LiveStatusTag status={live.status} />
            <Typography.Text strong ellipsis={{ tooltip: live.title }} style={{ flex: 1 }}>
              {live.title}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {live.lecturer} · {timeOf(live.start_at)}–{timeOf(live.end_at)}
            {live.started_at ? ` · ${timeOf(live.started_at)} 开播` : ''}
            {live.ended_at ? ` · ${timeOf(live.ended_at)} 结束` : ''}
          </Typography.Text>
          <Flex gap={24}>
            <Statistic
              title={
                <span>
                  <TeamOutlined /> 在线人数
                </span>
              }
              value={live.viewers_now}
              styles={{ content: { fontSize: 18 } }}
            />
            <Statistic
              title={
                <span>
                  <CommentOutlined /> 互动数
                </span>
              }
              value={live.comment_count}
              styles={{ content: { fontSize: 18 } }}
            />
          </Flex>
        </Flex>
      </Flex>
      {/* the buttons act on the live; a click on them does not also select the card */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only stops the click reaching the card */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the card */}
      <div onClick={(e) => e.stopPropagation()}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 10 }}>
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            {live.quote_set ? (
              <>
                <Switch
                  size="small"
                  aria-label={`置顶套餐：${live.quote_set.name}`}
                  checked={live.combo_pinned}
                  loading={quoteSet.isPending}
                  onChange={(pinned) => void togglePin(pinned)}
                />
                <Typography.Text ellipsis={{ tooltip: live.quote_set.name }} style={{ maxWidth: 200, fontSize: 13 }}>
                  置顶套餐：{live.quote_set.name}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                未绑定套餐
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={8}>
            <Button size="small" type={selected ? 'default' : 'link'} aria-pressed={selected} onClick={onSelect}>
              预览与互动
            </Button>
            <LiveFlowButtons id={live.id} status={live.status} only={['start', 'end']} size="small" />
          </Flex>
        </Flex>
      </div>
    </Card>
  );
}

/** The selected live's stream: the console's HLS player on its pull or replay address. */
export function LivePreview({ live }: { live: LiveControlRow }) {
  const url = previewUrlOf(live);
  if (!url) {
    return (
      <div
        style={{
          aspectRatio: '16 / 9',
          background: '#141414',
          color: '#bfbfbf',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        未填写拉流地址，无法预览
      </div>
    );
  }
  return <LivePlayer key={url} src={url} poster={live.cover_url} title={`${live.title}：预览`} />;
}
