import {
  type Message,
  type MessageListQuery,
  messageKindLabels,
  messageKinds,
  messageListQuerySchema,
} from '@pharmacy/shared';
import { Badge, Button, Form, Radio, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { useMarkMessagesRead } from '../api/mark-messages-read';
import { MessageDetailDialog } from './message-detail-dialog';

const columns: ColumnsType<Message> = [
  {
    key: 'title',
    title: '标题',
    dataIndex: 'title',
    render: (title: string, row) => (
      <Typography.Text strong={row.read_at === null} ellipsis style={{ maxWidth: 420 }}>
        {title}
      </Typography.Text>
    ),
  },
  { key: 'kind', title: '类型', dataIndex: 'kind', width: 120, render: (k: Message['kind']) => messageKindLabels[k] },
  { key: 'created_at', title: '时间', dataIndex: 'created_at', width: 170, render: (t: string) => formatDateTime(t) },
  {
    key: 'state',
    title: '状态',
    width: 90,
    render: (_: unknown, row) =>
      row.read_at === null ? <Badge status="processing" text="未读" /> : <Badge status="default" text="已读" />,
  },
];

const kindOptions = messageKinds.map((k) => ({ value: k, label: messageKindLabels[k] }));

/** The message centre's list: read-state and kind filters, paging, view (marks read), delete, bulk mark read. */
export function MessagesList() {
  const list = useListPage({ querySchema: messageListQuerySchema });
  const { data, isFetching } = useMessages(list.query as MessageListQuery);
  const markRead = useMarkMessagesRead();
  const remove = useDeleteMessage();
  const [selected, setSelected] = useState<number[]>([]);

  // The open message stays shown after reading it drops it from an 未读 list.
  const openId = list.action?.key === 'view' ? list.action.id : null;
  const inList = data?.list.find((m) => String(m.id) === openId);
  const [held, setHeld] = useState<Message | null>(null);
  useEffect(() => {
    if (inList) setHeld(inList);
  }, [inList]);
  const openMessage = inList ?? (held && String(held.id) === openId ? held : undefined);

  const rowActions: RowAction<Message>[] = [
    { key: 'view', label: '查看' },
    {
      key: 'delete',
      label: '删除',
      danger: true,
      confirm: '确定删除这条消息吗？',
      onClick: (row) =>
        remove.mutateAsync(row.id).then(
          () => {
            setSelected((s) => s.filter((id) => id !== row.id));
            dialogToast.success('已删除');
          },
          () => undefined,
        ),
    },
  ];

  const markAll = () =>
    markRead.mutateAsync({ all: true }).then(
      (r) => dialogToast.success(r && r.updated > 0 ? `已将 ${r.updated} 条消息标为已读` : '没有未读消息'),
      () => undefined,
    );
  const markSelected = () =>
    markRead.mutateAsync({ ids: selected }).then(
      () => {
        setSelected([]);
        dialogToast.success('已标为已读');
      },
      () => undefined,
    );

  return (
    <ListPage<Message, MessageListQuery>
      label="消息列表"
      list={list}
      filterMode="change"
      filters={
        <>
          <Form.Item name="state" label="状态">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'all', label: '全部' },
                { value: 'unread', label: '未读' },
                { value: 'read', label: '已读' },
              ]}
            />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Select allowClear placeholder="全部类型" options={kindOptions} style={{ width: 160 }} />
          </Form.Item>
        </>
      }
      toolbar={
        <>
          <Button type="primary" onClick={markAll} loading={markRead.isPending && !selected.length}>
            全部标为已读
          </Button>
          <Button disabled={selected.length === 0} onClick={markSelected}>
            标为已读{selected.length ? `（${selected.length}）` : ''}
          </Button>
        </>
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      scope="none"
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys.map(Number)),
        getCheckboxProps: (row) => ({ disabled: row.read_at !== null, 'aria-label': `选择：${row.title}` }),
      }}
      dialogs={{
        view: {
          render: ({ close }) => (
            <MessageDetailDialog message={openMessage} loading={isFetching && !data} onClose={close} />
          ),
        },
      }}
    />
  );
}
