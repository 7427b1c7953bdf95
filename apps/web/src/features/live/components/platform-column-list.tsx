import { type PlatformColumn, pageQuerySchema } from '@pharmacy/shared';
import { Button, Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { useAdminPermission } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import { usePlatformColumns } from '../api/platform-columns';
import { PlatformColumnDialog } from './platform-column-dialog';

export const PLATFORM_COLUMN_KEY = 'column';

const querySchema = pageQuerySchema.extend({
  tab: z.enum(['columns', 'review']).catch('columns').default('columns'),
  keyword: z.string().trim().max(100).optional().catch(undefined),
});
type Query = z.infer<typeof querySchema>;

/** 平台专栏 tab: the operator's platform columns (新增, 重命名, 选择专栏 → the select-component page). */
export function PlatformColumnList({ onReview }: { onReview: (column: PlatformColumn) => void }) {
  const list = useListPage({ querySchema });
  const query = list.query as Query;
  const navigate = useNavigate();
  const can = useAdminPermission();
  const columns = usePlatformColumns({ page: query.page, page_size: query.page_size, keyword: query.keyword });
  const rows = columns.data?.list;

  const tableColumns: ColumnsType<PlatformColumn> = [
    { key: 'id', title: '编号', dataIndex: 'id', width: 80 },
    { key: 'title', title: '专栏名称', dataIndex: 'title' },
    { key: 'column_count', title: '展示的药店专栏', dataIndex: 'column_count', width: 140 },
    {
      key: 'pending_count',
      title: '待审核',
      dataIndex: 'pending_count',
      width: 100,
      render: (n: number, row) =>
        n > 0 ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onReview(row)}>
            {n}
          </Button>
        ) : (
          0
        ),
    },
    { key: 'created_at', title: '创建时间', dataIndex: 'created_at', width: 170, render: formatDateTime },
  ];

  const rowActions: RowAction<PlatformColumn>[] = [
    { key: 'rename', label: '重命名', permission: PLATFORM_COLUMN_KEY },
    {
      key: 'select',
      label: '选择专栏',
      permission: PLATFORM_COLUMN_KEY,
      onClick: (row) => navigate(`/website/platformColumn/select-component?id=${row.id}`),
    },
  ];
  const renaming = list.action?.key === 'rename' ? rows?.find((r) => String(r.id) === list.action?.id) : undefined;

  return (
    <ListPage<PlatformColumn, Query>
      label="平台专栏列表"
      list={list}
      filters={
        <Form.Item name="keyword" label="专栏名称">
          <Input allowClear placeholder="按名称搜索" maxLength={100} style={{ width: 220 }} />
        </Form.Item>
      }
      toolbar={
        can(PLATFORM_COLUMN_KEY) ? (
          <Button type="primary" onClick={() => list.openAction('create')}>
            新增
          </Button>
        ) : null
      }
      columns={tableColumns}
      rowKey="id"
      rows={rows}
      total={columns.data?.total}
      loading={columns.isFetching}
      rowActions={rowActions}
      actionsWidth={160}
      scope="admin"
      tableProps={{ locale: { emptyText: '暂无平台专栏' }, size: 'middle' }}
      dialogs={{
        create: {
          permission: PLATFORM_COLUMN_KEY,
          render: ({ close }) => <PlatformColumnDialog column={null} onClose={close} />,
        },
        rename: {
          permission: PLATFORM_COLUMN_KEY,
          render: ({ close }) => (renaming ? <PlatformColumnDialog column={renaming} onClose={close} /> : null),
        },
      }}
    />
  );
}
