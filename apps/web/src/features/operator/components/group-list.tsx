import { type GroupListItem, type GroupListQuery, groupListQuerySchema, operatorKeys } from '@pharmacy/shared';
import { Button, Flex, Form, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { useAdminPermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useDeleteGroup } from '../api/group-delete';
import { useGroups } from '../api/group-list';
import { GroupDetailDrawer } from './group-detail-drawer';
import { GroupFormDialog } from './group-form-dialog';

const KEY = operatorKeys.group;

/** 集团列表: groups with their pharmacies and figures; 新建, 编辑, 删除 (only an empty one), the detail drawer. */
export function GroupList() {
  const list = useListPage({ querySchema: groupListQuerySchema });
  const query = list.query as GroupListQuery;
  const { data, isFetching } = useGroups(query);
  const can = useAdminPermission();
  const remove = useDeleteGroup();
  const rows = data?.list;

  const columns: ColumnsType<GroupListItem> = [
    {
      key: 'name',
      title: '集团名称',
      render: (_: unknown, g) => (
        <Flex vertical style={{ minWidth: 180 }}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', alignSelf: 'start' }}
            onClick={() => list.openAction('detail', g.id)}
          >
            {g.name}
          </Button>
          {g.remark ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {g.remark}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'pharmacy_count', title: '药店数', dataIndex: 'pharmacy_count', align: 'right', width: 90 },
    { key: 'cross_count', title: '共享报价药店', dataIndex: 'cross_count', align: 'right', width: 120 },
    { key: 'order_count', title: '近 30 天订单', dataIndex: 'order_count', align: 'right', width: 120 },
    {
      key: 'gmv',
      title: '近 30 天 GMV',
      dataIndex: 'gmv',
      align: 'right',
      width: 140,
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>¥{v}</span>,
    },
    { key: 'member_count', title: '会员数', dataIndex: 'member_count', align: 'right', width: 90 },
    { key: 'created_at', title: '创建时间', dataIndex: 'created_at', width: 160, render: formatDateTime },
  ];

  const rowActions: RowAction<GroupListItem>[] = [
    { key: 'detail', label: '详情' },
    { key: 'edit', label: '编辑', permission: KEY },
    {
      key: 'delete',
      label: '删除',
      danger: true,
      permission: KEY,
      visible: (g) => g.pharmacy_count === 0,
      confirm: '确定删除这个集团吗？',
      onClick: (g) =>
        remove.mutateAsync(g.id).then(
          () => dialogToast.success('已删除'),
          () => undefined,
        ),
    },
  ];
  const actionId = list.action?.id ?? null;
  const editing = list.action?.key === 'edit' ? rows?.find((g) => String(g.id) === actionId) : undefined;

  return (
    <Flex vertical gap={8}>
      {data ? (
        <Typography.Text type="secondary">
          订单、GMV 为近 30 天（{data.since} 起至今）的数据；删除集团前需先移出全部药店。
        </Typography.Text>
      ) : null}
      <ListPage<GroupListItem, GroupListQuery>
        label="集团列表"
        list={list}
        scope="admin"
        filters={
          <Form.Item name="keyword" label="集团名称">
            <Input allowClear placeholder="按名称搜索" maxLength={50} style={{ width: 220 }} />
          </Form.Item>
        }
        toolbar={
          can(KEY) ? (
            <Button type="primary" onClick={() => list.openAction('create')}>
              新建集团
            </Button>
          ) : null
        }
        columns={columns}
        rowKey="id"
        rows={rows}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={150}
        tableProps={{ locale: { emptyText: '暂无集团' }, size: 'middle' }}
        dialogs={{
          create: { permission: KEY, render: ({ close }) => <GroupFormDialog group={null} onClose={close} /> },
          edit: {
            permission: KEY,
            render: ({ close }) => (editing ? <GroupFormDialog group={editing} onClose={close} /> : null),
          },
          detail: {
            render: ({ id, close }) =>
              id && Number(id) > 0 ? <GroupDetailDrawer groupId={Number(id)} onClose={close} /> : null,
          },
        }}
      />
    </Flex>
  );
}
