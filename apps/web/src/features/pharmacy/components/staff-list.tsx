import {
  ALL_PERMISSIONS,
  manageRefusal,
  permissionKeyLabel,
  pharmacyRoles,
  roleLabels,
  type StaffActor,
  type StaffListQuery,
  type StaffMember,
  staffListQuerySchema,
  staffStatuses,
  staffStatusLabels,
} from '@pharmacy/shared';
import { Badge, Button, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { usePermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { useStaff } from '../api/staff-list';
import { useRemoveStaff } from '../api/staff-remove';
import { useSetStaffStatus } from '../api/staff-status';
import { targetOf, useStaffActor } from './staff-actor';
import { StaffAddDialog } from './staff-add-dialog';
import { StaffEditDialog } from './staff-edit-dialog';

const PERMISSION = 'account_permission';

function PermissionTags({ member }: { member: StaffMember }) {
  if (member.role === 'shop') return <Typography.Text type="secondary">全部权限（店主）</Typography.Text>;
  if (member.role === 'pharmacist') return <Typography.Text type="secondary">处方审核</Typography.Text>;
  if (member.permissions.length === 0) return <Typography.Text type="secondary">未分配</Typography.Text>;
  if (member.permissions.includes(ALL_PERMISSIONS)) return <Tag color="blue">全部权限</Tag>;
  return (
    <Flex wrap gap={4}>
      {member.permissions.map((k) => (
        <Tag key={k} style={{ marginInlineEnd: 0 }}>
          {permissionKeyLabel(k)}
        </Tag>
      ))}
    </Flex>
  );
}

const columnsFor = (actor: StaffActor | null): ColumnsType<StaffMember> => [
  {
    key: 'name',
    title: '姓名',
    width: 200,
    render: (_: unknown, m) => (
      <Flex vertical gap={2}>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{m.name || '未填写'}</Typography.Text>
          {m.is_owner ? <Tag color="gold">店主</Tag> : null}
          {actor && m.account_id === actor.accountId ? <Tag>我</Tag> : null}
        </Flex>
        {m.team ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.team.name}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
  { key: 'role', title: '角色', dataIndex: 'role', width: 110, render: (r: StaffMember['role']) => roleLabels[r] },
  { key: 'permissions', title: '权限', render: (_: unknown, m) => <PermissionTags member={m} /> },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: StaffMember['status']) =>
      s === 'active' ? (
        <Badge status="success" text={staffStatusLabels.active} />
      ) : (
        <Badge status="default" text={staffStatusLabels.disabled} />
      ),
  },
];

/**
 * /pharmacy/role's list: the pharmacy's staff with filters, 添加成员, and per row 编辑权限, 停用/启用, 移除 — each
 * offered only where the shared grant rules let the signed-in member act (the owner's row and one's own have none).
 */
export function StaffList() {
  const list = useListPage({ querySchema: staffListQuerySchema });
  const { data, isFetching } = useStaff(list.query as StaffListQuery);
  const actor = useStaffActor();
  const can = usePermission();
  const setStatus = useSetStaffStatus();
  const remove = useRemoveStaff();
  const columns = useMemo(() => columnsFor(actor), [actor]);

  const may = (kind: 'permissions' | 'status' | 'remove') => (m: StaffMember) =>
    !!actor && manageRefusal(actor, targetOf(m), kind) === null;

  const changeStatus = (m: StaffMember, status: StaffMember['status']) =>
    setStatus.mutateAsync({ id: m.id, body: { status } }).then(
      () => dialogToast.success(status === 'active' ? `已启用 ${m.name}` : `已停用 ${m.name}`),
      () => undefined,
    );

  const rowActions: RowAction<StaffMember>[] = [
    { key: 'edit', label: '编辑权限', permission: PERMISSION, visible: may('permissions') },
    {
      key: 'disable',
      label: '停用',
      permission: PERMISSION,
      confirm: '停用后该成员将无法访问本药店，确定停用吗？',
      visible: (m) => m.status === 'active' && may('status')(m),
      onClick: (m) => changeStatus(m, 'disabled'),
    },
    {
      key: 'enable',
      label: '启用',
      permission: PERMISSION,
      visible: (m) => m.status === 'disabled' && may('status')(m),
      onClick: (m) => changeStatus(m, 'active'),
    },
    {
      key: 'remove',
      label: '移除',
      permission: PERMISSION,
      danger: true,
      confirm: '移除后该成员将无法访问本药店，确定移除吗？',
      visible: may('remove'),
      onClick: (m) =>
        remove.mutateAsync(m.id).then(
          () => dialogToast.success(`已移除 ${m.name}`),
          () => undefined,
        ),
    },
  ];

  const editing = list.action?.key === 'edit' ? data?.list.find((m) => String(m.id) === list.action?.id) : undefined;

  return (
    <ListPage<StaffMember, StaffListQuery>
      label="成员列表"
      list={list}
      filters={
        <>
          <Form.Item name="keyword" label="成员">
            <Input allowClear placeholder="姓名或手机号" style={{ width: 180 }} maxLength={50} />
          </Form.Item>
          <Form.Item name="role" label="角色">
            <Select
              allowClear
              placeholder="全部角色"
              style={{ width: 140 }}
              options={pharmacyRoles.map((r) => ({ value: r, label: roleLabels[r] }))}
            />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 120 }}
              options={staffStatuses.map((s) => ({ value: s, label: staffStatusLabels[s] }))}
            />
          </Form.Item>
        </>
      }
      toolbar={
        can(PERMISSION) && actor ? (
          <Button type="primary" onClick={() => list.openAction('add')}>
            添加成员
          </Button>
        ) : null
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={200}
      scope="pharmacy"
      dialogs={{
        add: {
          permission: PERMISSION,
          render: ({ close }) => (actor ? <StaffAddDialog actor={actor} onClose={close} /> : null),
        },
        edit: {
          permission: PERMISSION,
          render: ({ close }) =>
            actor ? (
              <StaffEditDialog actor={actor} member={editing} loading={isFetching && !data} onClose={close} />
            ) : null,
        },
      }}
    />
  );
}
