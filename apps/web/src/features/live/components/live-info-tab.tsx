import type { LiveDetail } from '@pharmacy/shared';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { LiveCover, LiveStatusTag } from './live-status-tag';

/** A stream address: copyable, monospace; 未填写 when empty. */
function Address({ value, label }: { value: string; label: string }) {
  if (!value) return <Typography.Text type="secondary">未填写</Typography.Text>;
  return (
    <Typography.Text
      copyable={{ text: value, tooltips: [`复制${label}`, '复制成功'] }}
      style={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}
    >
      {value}
    </Typography.Text>
  );
}

const onOff = (on: boolean) => (
  <Tag color={on ? 'success' : 'default'} variant="filled">
    {on ? '已开启' : '未开启'}
  </Tag>
);

/** 基本信息: what the live is, its schedule, its stream addresses (copyable) and its settings. */
export function LiveInfoTab({ live }: { live: LiveDetail }) {
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} align="start">
        <LiveCover src={live.cover_url} title={live.title} width={200} />
        <Flex vertical gap={4}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {live.title}
          </Typography.Title>
          <Typography.Text type="secondary">讲师：{live.lecturer}</Typography.Text>
          <div>
            <LiveStatusTag status={live.status} />
          </div>
        </Flex>
      </Flex>
      <Descriptions
        size="small"
        column={2}
        bordered
        styles={{ label: { whiteSpace: 'nowrap', width: 100 } }}
        items={[
          { key: 'start', label: '开始时间', children: formatDateTime(live.start_at) },
          { key: 'end', label: '结束时间', children: formatDateTime(live.end_at) },
          { key: 'started', label: '实际开播', children: formatDateTime(live.started_at) },
          { key: 'ended', label: '实际结束', children: formatDateTime(live.ended_at) },
          { key: 'push', label: '推流地址', span: 2, children: <Address value={live.push_url} label="推流地址" /> },
          { key: 'pull', label: '拉流地址', span: 2, children: <Address value={live.pull_url} label="拉流地址" /> },
          { key: 'replay', label: '回放地址', span: 2, children: <Address value={live.replay_url} label="回放地址" /> },
          { key: 'chat', label: '互动', children: onOff(live.config.chat_enabled) },
          { key: 'replayOn', label: '回放', children: onOff(live.config.replay_enabled) },
          { key: 'exam', label: '考试', children: onOff(live.config.exam_enabled) },
          { key: 'pass', label: '及格分', children: `${live.config.pass_score} 分` },
          {
            key: 'combo',
            label: '绑定套餐',
            span: 2,
            children: live.quote_set ? (
              <span>
                {live.quote_set.name}（¥{live.quote_set.price}）
                {live.combo_pinned ? <Tag color="gold">置顶</Tag> : null}
              </span>
            ) : (
              '-'
            ),
          },
          {
            key: 'periods',
            label: '所属营期',
            children: live.periods.length ? live.periods.map((p) => p.name).join('、') : '-',
          },
          { key: 'counts', label: '资料 / 分享', children: `${live.material_count} 份 / ${live.share_count} 个` },
          { key: 'created', label: '创建时间', children: formatDateTime(live.created_at) },
          {
            key: 'source',
            label: '来源',
            children: live.source_live_id ? `由其他药店同步（原直播 ID ${live.source_live_id}）` : '本店创建',
          },
          {
            key: 'intro',
            label: '直播简介',
            span: 2,
            children: live.intro ? (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{live.intro}</Typography.Paragraph>
            ) : (
              '-'
            ),
          },
        ]}
      />
    </Flex>
  );
}
