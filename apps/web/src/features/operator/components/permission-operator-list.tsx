import {
  type OperatorAccount,
  operatorKeys,
  operatorStatuses,
  operatorStatusLabels,
  pageQuerySchema,
} from '@pharmacy/shared';
import { Button, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { useAdminPermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useOperators, useSetOperatorStatus } from '../api/permission-operators';
import { operatorKeysText } from './permission-labels';
import { PermissionCreateDialog, PermissionKeysDialog } from './permission-operator-dialog';

const KEY = operatorKeys.permission;

const querySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional().catch(undefined),
  status: z.enum(operatorStatuses).optional().catch(undefined),
});
type Query = z.infer<typeof querySchema>;

/** 运营账号 tab: the operators, their keys and status; 新增, 修改权限, 停用/启用 (never one's own row). */
export function PermissionOperatorList() {
  const list = useListPage({ querySchema });
  const query = list.query as Query;
  const can = useAdminPermission();
  const operators = useOperators({
    page: query.page,
    page_size: query.page_size,
    keyword: query.keyword,
    status: query.status,
  });
  const setStatus = useSetOperatorStatus();
  const rows = operators.data?.list;
  const changeStatus = async (row: OperatorAccount, status: OperatorAccount['status']) => {
    try {
      await setStatus.mutateAsync({ id: row.id, status });
      dialogToast.success(status === 'active' ? '已启用' : '已停用');
    } catch {
      // the HTTP layer shows the refusal
    }
  };

  const columns: ColumnsType<OperatorAccount> = [
    {
      key: 'name',
      title: '姓名',
      dataIndex: 'name',
      width: 140,
      render: (name: string, row) => (
        <Space size={4}>
          {name}
          {row.is_self ? <Tag color="blue">本人</Tag> : null}
        </Space>
      ),
    },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
    {
      key: 'permissions',
      title: '权限',
      dataIndex: 'permissions',
      render: (keys: string[]) =>
        keys.length ? (
          <Space size={[0, 4]} wrap>
            {operatorKeysText(keys).map((label) => (
              <Tag key={label} color={label === '全部权限' ? 'gold' : undefined}>
                {label}
              </Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (status: OperatorAccount['status'], row) => (
        <Space size={4}>
          <Tag color={status === 'active' ? 'green' : 'default'}>{operatorStatusLabels[status]}</Tag>
          {row.account_disabled ? (
            <Tooltip title="该账号已被停用，无法登录">
              <Tag color="red">账号停用</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'last_login_at',
      title: '最近登录',
      dataIndex: 'last_login_at',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '从未登录'),
    },
    { key: 'created_at', title: '添加时间', dataIndex: 'created_at', width: 170, render: formatDateTime },
  ];

  const rowActions: RowAction<OperatorAccount>[] = [
    { key: 'keys', label: '修改权限', permission: KEY, visible: (row) => !row.is_self },
    {
      key: 'disable',
      label: '停用',
      danger: true,
      permission: KEY,
      visible: (row) => !row.is_self && row.status === 'active',
      confirm: '停用后该账号将无法使用运营后台，确定停用？',
      onClick: (row) => changeStatus(row, 'disabled'),
    },
    {
      key: 'enable',
      label: '启用',
      permission: KEY,
      visible: (row) => !row.is_self && row.status === 'disabled',
      confirm: '确定启用该运营账号？',
      onClick: (row) => changeStatus(row, 'active'),
    },
  ];
  const editing = list.action?.key === 'keys' ? rows?.find((r) => String(r.id) === list.action?.id) : undefined;

  return (
    <ListPage<OperatorAccount, Query>
      label="运营账号列表"
      list={list}
      filters={
        <>
          <Form.Item name="keyword" label="姓名/手机号">
            <Input allowClear placeholder="姓名或手机号" maxLength={50} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={operatorStatuses.map((s) => ({ value: s, label: operatorStatusLabels[s] }))}
            />
          </Form.Item>
        </>
      }
      toolbar={
        can(KEY) ? (
          <Button type="primary" onClick={() => list.openAction('create')}>
            新增运营账号
          </Button>
        ) : null
      }
      columns={columns}
      rowKey="id"
      rows={rows}
      total={operators.data?.total}
      loading={operators.isFetching}
      rowActions={rowActions}
      actionsWidth={150}
      scope="admin"
      tableProps={{ locale: { emptyText: '暂无运营账号' }, size: 'middle' }}
      dialogs={{
        create: { permission: KEY, render: ({ close }) => <PermissionCreateDialog onClose={close} /> },
        keys: {
          permission: KEY,
          render: ({ close }) => (editing ? <PermissionKeysDialog operator={editing} onClose={close} /> : null),
        },
      }}
    />
  );
}
