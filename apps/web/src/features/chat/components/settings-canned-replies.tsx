import type { ChatCannedReply } from '@pharmacy/shared';
import { Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { useCannedReplies } from '../api/canned-list';
import { useRemoveCannedReply } from '../api/canned-remove';
import { SettingsCannedDialog } from './settings-canned-dialog';

/** 快捷回复: the pharmacy's canned replies (the composer's `/`), added, edited and deleted by any chat staff. */
export function SettingsCannedReplies() {
  const { data, isLoading } = useCannedReplies();
  const remove = useRemoveCannedReply();
  // undefined: closed; null: a new one; a reply: editing it
  const [editing, setEditing] = useState<ChatCannedReply | null | undefined>(undefined);

  const columns: ColumnsType<ChatCannedReply> = [
    {
      key: 'shortcut',
      title: '快捷短语',
      width: 160,
      render: (_, r) => <Typography.Text code>/{r.shortcut}</Typography.Text>,
    },
    {
      key: 'content',
      title: '回复内容',
      render: (_, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.content }} style={{ margin: 0 }}>
          {r.content}
        </Typography.Paragraph>
      ),
    },
    { key: 'sort', title: '排序', width: 80, align: 'right', render: (_, r) => r.sort },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} aria-label={`编辑快捷回复：${r.shortcut}`}>
            编辑
          </Button>
          <ConfirmButton
            type="link"
            size="small"
            danger
            title={`确定删除快捷回复 /${r.shortcut} 吗？`}
            aria-label={`删除快捷回复：${r.shortcut}`}
            onConfirm={() =>
              remove.mutateAsync(r.id).then(
                () => dialogToast.success('已删除'),
                () => undefined,
              )
            }
          >
            删除
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="快捷回复"
      size="small"
      extra={
        <Button type="primary" size="small" onClick={() => setEditing(null)}>
          新增快捷回复
        </Button>
      }
    >
      <Table<ChatCannedReply>
        aria-label="快捷回复列表"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: '还没有快捷回复，点击“新增快捷回复”添加' }}
      />
      {editing !== undefined ? <SettingsCannedDialog reply={editing} onClose={() => setEditing(undefined)} /> : null}
    </Card>
  );
}
