import { SyncOutlined } from '@ant-design/icons';
import { formatShanghaiDate, formatShanghaiDateTime } from '@pharmacy/shared';
import { Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { CONTROL_REFRESH_MS, useTodayLives } from '../api/live-control';
import { LiveCommentsPanel } from './live-comments-panel';
import { LiveControlCard, LivePreview } from './live-control-card';
import { LiveStatusTag } from './live-status-tag';

/**
 * 直播后台: today's lives (read again every 5 s) as cards with their viewers now, start / end and the combo's pin;
 * the selected one's preview and its comments beside them. A live on air is selected first.
 */
export function LiveControlRoom() {
  const { data, isLoading, dataUpdatedAt } = useTodayLives();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const lives = data ?? [];
  const selected = lives.find((l) => l.id === selectedId) ?? lives.find((l) => l.status === 'live') ?? lives[0] ?? null;
  const onAir = lives.filter((l) => l.status === 'live').length;

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          今日直播（{formatShanghaiDate()}）
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', marginLeft: 8 }}>
            共 {lives.length} 场，直播中 {onAir} 场
          </Typography.Text>
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <SyncOutlined spin={false} /> 每 {CONTROL_REFRESH_MS / 1000} 秒自动刷新
          {dataUpdatedAt ? `，更新于 ${formatShanghaiDateTime(dataUpdatedAt, { seconds: true })?.slice(11) ?? ''}` : ''}
        </Typography.Text>
      </Flex>
      {isLoading ? (
        <Skeleton active />
      ) : lives.length === 0 ? (
        <Card>
          <Empty description="今天没有直播安排，可在「课程列表」中新建并发布直播" />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <Flex vertical gap={12}>
              {lives.map((live) => (
                <LiveControlCard
                  key={live.id}
                  live={live}
                  selected={live.id === selected?.id}
                  onSelect={() => setSelectedId(live.id)}
                />
              ))}
            </Flex>
          </Col>
          <Col xs={24} xl={14}>
            {selected ? (
              <Card
                size="small"
                title={
                  <Flex gap={8} align="center">
                    <LiveStatusTag status={selected.status} />
                    <Typography.Text ellipsis={{ tooltip: selected.title }}>{selected.title}</Typography.Text>
                  </Flex>
                }
              >
                <Flex vertical gap={16}>
                  <LivePreview live={selected} />
                  <LiveCommentsPanel
                    key={selected.id}
                    liveId={selected.id}
                    chatEnabled={selected.config.chat_enabled}
                  />
                </Flex>
              </Card>
            ) : null}
          </Col>
        </Row>
      )}
    </Flex>
  );
}
