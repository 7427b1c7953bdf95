import { PlusOutlined } from '@ant-design/icons';
import {
  type CourierListQuery,
  courierListQuerySchema,
  courierStatuses,
  courierStatusLabels,
  type PharmacyCourier,
} from '@pharmacy/shared';
import { Badge, Button, Flex, Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { usePermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { useCourierCompanies } from '../api/courier-companies';
import { useDeleteCourier } from '../api/courier-delete';
import { useSetDefaultCourier } from '../api/courier-set-default';
import { useCouriers } from '../api/couriers';
import { CourierFormDialog } from './courier-form-dialog';

const KEY = 'pharmacy_setting';

const address = (c: PharmacyCourier) =>
  [c.sender_province, c.sender_city === c.sender_province ? '' : c.sender_city, c.sender_district, c.sender_address]
    .filter(Boolean)
    .join(' ');

const columns: ColumnsType<PharmacyCourier> = [
  {
    key: 'company',
    title: '快递公司',
    render: (_: unknown, c) => (
      <Flex gap={6} align="center" wrap>
        <Typography.Text strong>{c.company_name}</Typography.Text>
        <Typography.Text type="secondary">{c.courier_code}</Typography.Text>
        {c.is_default ? <Tag color="blue">默认</Tag> : null}
      </Flex>
    ),
  },
  {
    key: 'account_no',
    title: '账号 / 月结卡号',
    dataIndex: 'account_no',
    render: (v: string) => v || '-',
  },
  { key: 'sender_name', title: '寄件人', dataIndex: 'sender_name', render: (v: string) => v || '-' },
  { key: 'sender_phone', title: '寄件电话', dataIndex: 'sender_phone', render: (v: string) => v || '-' },
  { key: 'address', title: '寄件地址', render: (_: unknown, c) => address(c) || '-' },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: PharmacyCourier['status']) => (
      <Badge status={s === 'enabled' ? 'success' : 'default'} text={courierStatusLabels[s]} />
    ),
  },
  { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '-' },
];

/** 快递设置: the couriers the pharmacy ships with; filter by company and status, add, edit, delete, 设为默认. */
export function CourierList() {
  const list = useListPage({ querySchema: courierListQuerySchema });
  const { data, isFetching } = useCouriers(list.query as CourierListQuery);
  const { data: companies } = useCourierCompanies();
  const setDefault = useSetDefaultCourier();
  const remove = useDeleteCourier();
  const can = usePermission();

  const rowActions: RowAction<PharmacyCourier>[] = [
    { key: 'edit', label: '编辑', permission: KEY },
    {
      key: 'default',
      label: '设为默认',
      permission: KEY,
      visible: (c) => !c.is_default && c.status === 'enabled',
      onClick: (c) =>
        setDefault.mutateAsync(c.id).then(
          () => dialogToast.success(`已将 ${c.company_name} 设为默认快递`),
          () => undefined,
        ),
    },
    {
      key: 'delete',
      label: '删除',
      permission: KEY,
      danger: true,
      visible: (c) => !c.is_default,
      confirm: '确定删除这个快递吗？',
      onClick: (c) =>
        remove.mutateAsync(c.id).then(
          () => dialogToast.success('已删除'),
          () => undefined,
        ),
    },
  ];

  return (
    <ListPage<PharmacyCourier, CourierListQuery>
      label="快递列表"
      list={list}
      filterMode="change"
      filters={
        <>
          <Form.Item name="courier_code" label="快递公司">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="全部快递公司"
              style={{ width: 200 }}
              options={(companies ?? []).map((c) => ({ value: c.code, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              options={courierStatuses.map((s) => ({ value: s, label: courierStatusLabels[s] }))}
            />
          </Form.Item>
        </>
      }
      toolbar={
        can(KEY) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
            添加快递
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
        create: {
          permission: KEY,
          render: ({ close }) => (
            <CourierFormDialog
              id={null}
              templateId={data?.list.find((c) => c.is_default)?.id ?? null}
              onClose={close}
            />
          ),
        },
        edit: {
          permission: KEY,
          render: ({ id, close }) => <CourierFormDialog id={Number(id) || null} onClose={close} />,
        },
      }}
    />
  );
}
