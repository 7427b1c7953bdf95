import { PlusOutlined } from '@ant-design/icons';
import {
  type Column,
  canManageLive,
  columnListQuerySchema,
  columnStatuses,
  columnStatusLabels,
} from '@pharmacy/shared';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { type ColumnListQuery, useColumns, useRemoveColumn } from '../api/columns';
import { ColumnFormDialog } from '../components/column-form-dialog';
import { ColumnStatusCell } from '../components/column-status';
import { ColumnSubmitDialog } from '../components/column-submit-dialog';

const columns: ColumnsType<Column> = [
  {
    key: 'cover_url',
    title: '封面',
    dataIndex: 'cover_url',
    width: 110,
    render: (url: string, row) => (
      <ImageWithFallback
        src={url || undefined}
        alt={`${row.title}的封面`}
        width={88}
        height={50}
        style={{ objectFit: 'cover' }}
      />
    ),
  },
  {
    key: 'title',
    title: '专栏名称',
    dataIndex: 'title',
    render: (title: string, row) => (
      <Flex vertical>
        <Typography.Text strong>{title}</Typography.Text>
        {row.intro ? (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360, fontSize: 12 }}>
            {row.intro}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { key: 'status', title: '状态', width: 220, render: (_: unknown, row) => <ColumnStatusCell column={row} /> },
  {
    key: 'period_count',
    title: <span style={{ whiteSpace: 'nowrap' }}>营期数</span>,
    dataIndex: 'period_count',
    width: 90,
    align: 'right',
  },
  {
    key: 'enrolled_count',
    title: <span style={{ whiteSpace: 'nowrap' }}>报名人数</span>,
    dataIndex: 'enrolled_count',
    width: 100,
    align: 'right',
  },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 160,
    render: (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t)}</span>,
  },
];

const MANAGE = 'manage';

/** /broadcast/column — 专栏管理 (kept alive as BroadcastColumn): the pharmacy's columns and their review. */
export default function ColumnPage() {
  const list = useListPage({ querySchema: columnListQuerySchema });
  const query = list.query as ColumnListQuery;
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canManage = canManageLive(role);
  const navigate = useNavigate();
  const { data, isFetching } = useColumns(query);
  const remove = useRemoveColumn();
  const rowOf = (id: string | null) => data?.list.find((c) => String(c.id) === id);

  const rowActions: RowAction<Column>[] = [
    { key: 'manage', label: '营期管理', onClick: (row) => navigate(`/broadcast/column/manage?id=${row.id}`) },
    { key: 'edit', label: '编辑', permission: MANAGE, visible: (row) => row.status !== 'pending' },
    { key: 'submit', label: '提交审核', permission: MANAGE, visible: (row) => row.status !== 'pending' },
    {
      key: 'delete',
      label: '删除',
      permission: MANAGE,
      danger: true,
      confirm: '确定删除这个专栏吗？已有学员报名的专栏不能删除。',
      onClick: (row) =>
        remove.mutateAsync(row.id).then(
          () => dialogToast.success('专栏已删除'),
          () => undefined,
        ),
    },
  ];

  return (
    <section aria-labelledby="column-title">
      <Typography.Title id="column-title" level={4} style={{ marginTop: 0 }}>
        专栏管理
      </Typography.Title>
      <ListPage<Column, ColumnListQuery>
        label="专栏列表"
        list={list}
        filters={
          <>
            <Form.Item name="keyword" label="专栏名称">
              <Input allowClear maxLength={100} placeholder="专栏名称关键词" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select
                allowClear
                placeholder="全部状态"
                style={{ width: 130 }}
                options={columnStatuses.map((s) => ({ value: s, label: columnStatusLabels[s] }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
              新建专栏
            </Button>
          ) : null
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={240}
        scope={(permission) => permission !== MANAGE || canManage}
        dialogs={{
          create: { permission: MANAGE, render: ({ close }) => <ColumnFormDialog onClose={close} /> },
          edit: {
            permission: MANAGE,
            render: ({ id, close }) => {
              const column = rowOf(id);
              return column ? <ColumnFormDialog key={column.id} column={column} onClose={close} /> : null;
            },
          },
          submit: {
            permission: MANAGE,
            render: ({ id, close }) => {
              const column = rowOf(id);
              return column ? <ColumnSubmitDialog key={column.id} column={column} onClose={close} /> : null;
            },
          },
        }}
      />
    </section>
  );
}
