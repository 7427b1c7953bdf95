import {
  grantableKeysByRole,
  operatorKeys,
  type PharmacyManager,
  pageQuerySchema,
  permissionKeyLabel,
} from '@pharmacy/shared';
import { Checkbox, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import { validatedValues } from '../../../components/form-validation';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { useManagers, useSetManagerKeys } from '../api/permission-managers';
import { managerKeysText } from './permission-labels';

const KEY = operatorKeys.permission;

const querySchema = pageQuerySchema.extend({
  /** The page's tab: kept in the URL when this list writes it (a default would be left out). */
  tab: z.enum(['operators', 'managers', 'audit']).catch('operators').default('operators'),
  pharmacy: z.string().trim().max(50).optional().catch(undefined),
  keyword: z.string().trim().max(50).optional().catch(undefined),
});
type Query = z.infer<typeof querySchema>;

/** 设置经理权限: only the keys a manager can hold (grantableKeysByRole.manager). */
function ManagerKeysDialog({ manager, onClose }: { manager: PharmacyManager; onClose: () => void }) {
  const [form] = Form.useForm<{ permissions: string[] }>();
  const save = useSetManagerKeys();
  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({
        pharmacyId: manager.pharmacy_id,
        memberId: manager.id,
        permissions: values.permissions,
      });
      dialogToast.success('权限已更新');
      onClose();
    } catch {
      // the HTTP layer shows the refusal
    }
  };
  return (
    <Modal
      open
      title={`设置经理权限 — ${manager.name}`}
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {manager.pharmacy_name} · {manager.phone}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="manager-keys" initialValues={{ permissions: manager.permissions }}>
        <Form.Item name="permissions" label="权限" extra="仅可设置经理角色可拥有的权限；不勾选即无任何权限">
          <Checkbox.Group>
            <Flex wrap gap={8}>
              {grantableKeysByRole.manager.map((key) => (
                <Checkbox key={key} value={key} style={{ minWidth: 110 }}>
                  {permissionKeyLabel(key)}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 经理权限 tab: the managers of every pharmacy; the operator sets their keys (spec §7 manager permission put). */
export function PermissionManagerList() {
  const list = useListPage({ querySchema });
  const query = list.query as Query;
  const managers = useManagers({
    page: query.page,
    page_size: query.page_size,
    pharmacy: query.pharmacy,
    keyword: query.keyword,
  });
  const rows = managers.data?.list;

  const columns: ColumnsType<PharmacyManager> = [
    { key: 'pharmacy_name', title: '药店', dataIndex: 'pharmacy_name', width: 220 },
    { key: 'name', title: '姓名', dataIndex: 'name', width: 120 },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
    {
      key: 'permissions',
      title: '权限',
      dataIndex: 'permissions',
      render: (keys: string[]) =>
        keys.length ? (
          <Space size={[0, 4]} wrap>
            {managerKeysText(keys).map((label) => (
              <Tag key={label}>{label}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: PharmacyManager['status']) => (
        <Tag color={s === 'active' ? 'green' : 'default'}>{s === 'active' ? '启用' : '停用'}</Tag>
      ),
    },
  ];
  const rowActions: RowAction<PharmacyManager>[] = [{ key: 'keys', label: '设置权限', permission: KEY }];
  const editing = list.action?.key === 'keys' ? rows?.find((r) => String(r.id) === list.action?.id) : undefined;

  return (
    <ListPage<PharmacyManager, Query>
      label="药店经理列表"
      list={list}
      filters={
        <>
          <Form.Item name="pharmacy" label="药店">
            <Input allowClear placeholder="药店名称" maxLength={50} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="keyword" label="姓名/手机号">
            <Input allowClear placeholder="姓名或手机号" maxLength={50} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      columns={columns}
      rowKey="id"
      rows={rows}
      total={managers.data?.total}
      loading={managers.isFetching}
      rowActions={rowActions}
      actionsWidth={100}
      scope="admin"
      tableProps={{ locale: { emptyText: '暂无药店经理' }, size: 'middle' }}
      dialogs={{
        keys: {
          permission: KEY,
          render: ({ close }) => (editing ? <ManagerKeysDialog manager={editing} onClose={close} /> : null),
        },
      }}
    />
  );
}
