import { ArrowDownOutlined, ArrowUpOutlined, LinkOutlined } from '@ant-design/icons';
import { type LiveStatus, liveStatusLabels, type periodLiveSchema } from '@pharmacy/shared';
import { Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { z } from 'zod';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { usePeriodLives, useSortLives, useUnbindLive } from '../api/periods';
import { liveStatusColors, PeriodBindDialog } from './period-bind-dialog';

type PeriodLive = z.infer<typeof periodLiveSchema>;

/** The bound ids with the one at `index` moved by `delta` places (up: -1, down: +1). */
export function moved(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const to = index + delta;
  if (to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** A period's lives in order (上移 / 下移 rewrite the whole order), 绑定直播 and 解绑. */
export function PeriodLivesPanel({ periodId, canManage }: { periodId: number; canManage: boolean }) {
  const lives = usePeriodLives(periodId);
  const sort = useSortLives();
  const unbind = useUnbindLive();
  const [binding, setBinding] = useState(false);
  const rows = lives.data ?? [];
  const ids = rows.map((r) => r.id);

  const move = (index: number, delta: -1 | 1) =>
    sort.mutate(
      { id: periodId, live_ids: moved(ids, index, delta) },
      { onSuccess: () => dialogToast.success('顺序已调整') },
    );

  const columns: ColumnsType<PeriodLive> = [
    { key: 'sort', title: '序号', width: 64, render: (_: unknown, _row, index) => index + 1 },
    { key: 'title', title: '直播标题', dataIndex: 'title' },
    { key: 'lecturer', title: '讲师', dataIndex: 'lecturer', width: 100 },
    { key: 'start_at', title: '开始时间', dataIndex: 'start_at', width: 150, render: (t: string) => formatDateTime(t) },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: LiveStatus) => <Tag color={liveStatusColors[s]}>{liveStatusLabels[s]}</Tag>,
    },
    ...(canManage
      ? [
          {
            key: '__actions',
            title: '操作',
            width: 190,
            render: (_: unknown, row: PeriodLive, index: number) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`上移：${row.title}`}
                  disabled={index === 0 || sort.isPending}
                  onClick={() => move(index, -1)}
                >
                  上移
                </Button>
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`下移：${row.title}`}
                  disabled={index === rows.length - 1 || sort.isPending}
                  onClick={() => move(index, 1)}
                >
                  下移
                </Button>
                <Popconfirm
                  title={`确定从营期解绑「${row.title}」吗？`}
                  okText="解绑"
                  cancelText="取消"
                  onConfirm={() =>
                    unbind.mutateAsync({ id: periodId, live_id: row.id }).then(
                      () => dialogToast.success('已解绑'),
                      () => undefined,
                    )
                  }
                >
                  <Button type="link" size="small" danger aria-label={`解绑：${row.title}`}>
                    解绑
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title="营期直播"
      extra={
        canManage ? (
          <Button type="primary" size="small" icon={<LinkOutlined />} onClick={() => setBinding(true)}>
            绑定直播
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        学员按以下顺序观看营期内的直播。
      </Typography.Paragraph>
      <Table<PeriodLive>
        aria-label="营期直播"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={lives.isFetching || sort.isPending}
        pagination={false}
        locale={{ emptyText: '暂未绑定直播' }}
      />
      {binding ? <PeriodBindDialog periodId={periodId} boundIds={ids} onClose={() => setBinding(false)} /> : null}
    </Card>
  );
}
