import {
  ADMIN_CUSTOMER_KEYWORD_MAX,
  type AdminCustomerListItem,
  type AdminCustomerListQuery,
  adminCustomerListQuerySchema,
  adminCustomerPrescriptionFilterLabels,
  adminCustomerPrescriptionFilters,
} from '@pharmacy/shared';
import { Avatar, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListDateRange, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useAdminCustomers } from '../api/customer-list';
import { useCustomerPharmacyOptions } from '../api/customer-pharmacies';
import { CustomerCardDrawer } from './customer-card-drawer';

const nowrap = { whiteSpace: 'nowrap' } as const;
const MAX_PHARMACY_TAGS = 2;

const columns: ColumnsType<AdminCustomerListItem> = [
  {
    key: 'name',
    title: '会员',
    dataIndex: 'name',
    render: (name: string, row) => (
      <Flex gap={8} align="center">
        <Avatar size="small" src={row.head_img_url || undefined}>
          {(name || '会').slice(0, 1)}
        </Avatar>
        <span style={nowrap}>{name || '未填写'}</span>
      </Flex>
    ),
  },
  {
    key: 'phone',
    title: '手机号',
    dataIndex: 'phone',
    width: 130,
    render: (p: string) => <span style={nowrap}>{p}</span>,
  },
  {
    key: 'pharmacies',
    title: '所属药店',
    dataIndex: 'pharmacies',
    render: (ps: AdminCustomerListItem['pharmacies']) => (
      <Flex gap={4} wrap>
        {ps.slice(0, MAX_PHARMACY_TAGS).map((p) => (
          <Tag key={p.id} style={{ marginInlineEnd: 0 }}>
            {p.name}
          </Tag>
        ))}
        {ps.length > MAX_PHARMACY_TAGS ? (
          <Typography.Text type="secondary" title={ps.map((p) => p.name).join('、')}>
            等 {ps.length} 家
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { key: 'order_count', title: '订单数', dataIndex: 'order_count', width: 90, align: 'right' },
  {
    key: 'paid_amount',
    title: '消费金额',
    dataIndex: 'paid_amount',
    width: 110,
    align: 'right',
    render: (v: string) => <span style={nowrap}>¥{v}</span>,
  },
  { key: 'prescription_count', title: '处方数', dataIndex: 'prescription_count', width: 90, align: 'right' },
  {
    key: 'first_order_at',
    title: '首次下单',
    dataIndex: 'first_order_at',
    width: 150,
    render: (t: string | null) => (t ? <span style={nowrap}>{formatDateTime(t)}</span> : '-'),
  },
  {
    key: 'last_order_at',
    title: '最近下单',
    dataIndex: 'last_order_at',
    width: 150,
    render: (t: string | null) => (t ? <span style={nowrap}>{formatDateTime(t)}</span> : '-'),
  },
  {
    key: 'joined_at',
    title: '入会时间',
    dataIndex: 'joined_at',
    width: 150,
    render: (t: string) => <span style={nowrap}>{formatDateTime(t)}</span>,
  },
];

const idOf = (id: string | null) => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * 会员管理 (operator): every pharmacy's members in one list, newest account first; search by phone (full or last
 * four) or name, filter by pharmacy, date joined and prescriptions; the member card opens as a drawer (?action=card&id=).
 */
export function AdminCustomerList() {
  const list = useListPage({ querySchema: adminCustomerListQuerySchema });
  const query = list.query as AdminCustomerListQuery;
  const { data, isFetching } = useAdminCustomers(query);
  const pharmacies = useCustomerPharmacyOptions();

  const rowActions: RowAction<AdminCustomerListItem>[] = [{ key: 'card', label: '查看' }];

  return (
    <ListPage<AdminCustomerListItem, AdminCustomerListQuery>
      label="会员列表"
      list={list}
      scope="admin"
      filters={
        <>
          <Form.Item name="keyword" label="搜索">
            <Input
              allowClear
              placeholder="手机号 / 手机后四位 / 姓名"
              maxLength={ADMIN_CUSTOMER_KEYWORD_MAX}
              style={{ width: 210 }}
            />
          </Form.Item>
          <Form.Item name="pharmacy_id" label="药店">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="全部药店"
              loading={pharmacies.isPending}
              options={pharmacies.data ?? []}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="has_prescription" label="处方">
            <Select
              allowClear
              placeholder="不限"
              options={adminCustomerPrescriptionFilters.map((v) => ({
                value: v,
                label: adminCustomerPrescriptionFilterLabels[v],
              }))}
              style={{ width: 110 }}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Flex gap={12} align="center" wrap>
          <Typography.Text>入会日期</Typography.Text>
          <ListDateRange
            label="入会日期"
            dateFrom={query.joined_from}
            dateTo={query.joined_to}
            onChange={(range) => list.setQuery({ joined_from: range.date_from, joined_to: range.date_to })}
          />
          <Typography.Text type="secondary">
            订单与处方为全平台合计；手机号已脱敏，可在会员卡片中查看完整号码（记录操作日志）。
          </Typography.Text>
        </Flex>
      }
      columns={columns}
      rowKey="account_id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={70}
      dialogs={{
        card: { render: ({ id, close }) => <CustomerCardDrawer key={id} id={idOf(id)} onClose={close} /> },
      }}
    />
  );
}
