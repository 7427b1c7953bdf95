import {
  type LiveListQuery,
  type LiveStatus,
  type LiveSummary,
  liveListQuerySchema,
  liveStatusLabels,
} from '@pharmacy/shared';
import { Input, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useBindableLives, useBindLives } from '../api/periods';

export const liveStatusColors: Record<LiveStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  live: 'red',
  ended: 'green',
};

const columns: ColumnsType<LiveSummary> = [
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
];

const PAGE_SIZE = 10;

/** 绑定直播: the pharmacy's lives (already bound ones checked and fixed); the chosen ones are appended in order. */
export function PeriodBindDialog({
  periodId,
  boundIds,
  onClose,
}: {
  periodId: number;
  boundIds: readonly number[];
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const query: LiveListQuery = {
    ...liveListQuerySchema.parse({}),
    page,
    page_size: PAGE_SIZE,
    title: title || undefined,
  };
  const lives = useBindableLives(query, true);
  const bind = useBindLives();
  const bound = new Set(boundIds);

  const submit = () =>
    bind.mutate(
      { id: periodId, live_ids: picked },
      {
        onSuccess: () => {
          dialogToast.success(`已绑定 ${picked.length} 场直播`);
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title="绑定直播"
      width={760}
      okText={picked.length ? `绑定（${picked.length}）` : '绑定'}
      cancelText="取消"
      okButtonProps={{ disabled: picked.length === 0 }}
      confirmLoading={bind.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder="直播标题"
        aria-label="直播标题"
        style={{ width: 280, marginBottom: 12 }}
        onSearch={(v) => {
          setTitle(v.trim());
          setPage(1);
        }}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        勾选的直播按勾选顺序追加到营期末尾，已绑定的直播不重复绑定。
      </Typography.Paragraph>
      <Table<LiveSummary>
        aria-label="可绑定的直播"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={lives.data?.list}
        loading={lives.isFetching}
        rowSelection={{
          selectedRowKeys: [...boundIds, ...picked],
          preserveSelectedRowKeys: true,
          getCheckboxProps: (row) => ({ disabled: bound.has(row.id), 'aria-label': `选择：${row.title}` }),
          onSelect: (row, checked) =>
            setPicked((p) =>
              checked ? [...p.filter((id) => id !== row.id), row.id] : p.filter((id) => id !== row.id),
            ),
          onSelectAll: (checked, _rows, changed) => {
            const ids = changed.filter((r) => !bound.has(r.id)).map((r) => r.id);
            setPicked((p) =>
              checked ? [...p, ...ids.filter((id) => !p.includes(id))] : p.filter((id) => !ids.includes(id)),
            );
          },
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: lives.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 条`,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
