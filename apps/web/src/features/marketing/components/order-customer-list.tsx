import {
  type CustomerOrderKindFilter,
  type CustomerOrderListQuery,
  type CustomerOrderSummary,
  customerOrderKindFilterLabels,
  customerOrderKindFilters,
  customerOrderListQuerySchema,
  isMarketingManager,
  type OrderTab,
  orderKindLabels,
  orderTabLabels,
  orderTabs,
} from '@pharmacy/shared';
import { Button, Drawer, Flex, Radio, Select, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListKeywordSearch, ListPage, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useCustomerOrderFilterOptions, useCustomerOrders } from '../api/customer-order-list';
import { OrderStatusBadge } from './order-status-badge';
import { ProxyOrderDetail } from './proxy-order-detail';

function columnsFor(openDetail: (o: CustomerOrderSummary) => void): ColumnsType<CustomerOrderSummary> {
  return [
    {
      key: 'order_no',
      title: '订单号',
      width: 190,
      render: (_: unknown, o) => (
        <Button
          type="link"
          size="small"
          onClick={() => openDetail(o)}
          style={{ fontFamily: 'monospace', padding: 0, height: 'auto' }}
          aria-label={`订单详情：${o.order_no}`}
        >
          {o.order_no}
        </Button>
      ),
    },
    {
      key: 'customer',
      title: '客户',
      width: 140,
      render: (_: unknown, o) => (
        <Flex vertical>
          <span>{o.customer_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {o.buyer_phone}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'items',
      title: '商品',
      render: (_: unknown, o) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: o.items_text }} style={{ margin: 0, minWidth: 180 }}>
          {o.items_text || '-'}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'pay_amount',
      title: '应付金额',
      width: 110,
      align: 'right',
      render: (_: unknown, o) => <Typography.Text strong>¥{o.pay_amount}</Typography.Text>,
    },
    {
      key: 'kind',
      title: '类型',
      width: 100,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, o) => orderKindLabels[o.kind],
    },
    { key: 'status', title: '状态', width: 90, render: (_: unknown, o) => <OrderStatusBadge status={o.status} /> },
    {
      key: 'staff',
      title: '归属 / 下单人',
      width: 130,
      render: (_: unknown, o) => (
        <Flex vertical>
          <span>{o.owner_name ?? '-'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {o.created_by_name ? `下单：${o.created_by_name}` : '客户自助下单'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'created_at',
      title: '下单时间',
      width: 140,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, o) => formatDateTime(o.created_at),
    },
  ];
}

/**
 * 客户订单: the orders of my customers and those I placed (a manager: the pharmacy's customers' orders and every
 * staff-placed order, narrowed by owner or team), status tabs with counts, kind 全部 / 代下单 / 非药品, a keyword
 * (order number, phone or its last 4 digits); the detail drawer shows the payment link and the remarks.
 */
export function OrderCustomerList() {
  const list = useListPage({ querySchema: customerOrderListQuerySchema });
  const query = list.query as CustomerOrderListQuery;
  const { data, isFetching } = useCustomerOrders(query);
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const manager = isMarketingManager(role);
  const options = useCustomerOrderFilterOptions(manager);
  const navigate = useNavigate();
  const columns = useMemo(() => columnsFor((o) => list.openAction('detail', o.id)), [list]);
  const counts = data?.counts;

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as OrderTab })}
        items={orderTabs.map((t) => ({ key: t, label: `${orderTabLabels[t]}${counts ? ` (${counts[t]})` : ''}` }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<CustomerOrderSummary, CustomerOrderListQuery>
        label="客户订单"
        list={list}
        scope="pharmacy"
        filterMode="change"
        filters={
          <Space wrap>
            <Radio.Group
              optionType="button"
              aria-label="订单类型"
              value={query.kind}
              onChange={(e) => list.setQuery({ kind: e.target.value as CustomerOrderKindFilter })}
              options={customerOrderKindFilters.map((k) => ({ value: k, label: customerOrderKindFilterLabels[k] }))}
            />
            {manager ? (
              <>
                <Select
                  allowClear
                  placeholder="全部团队"
                  aria-label="团队"
                  style={{ width: 160 }}
                  value={query.team_id}
                  options={(options.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  onChange={(v?: number) => list.setQuery({ team_id: v, owner_id: undefined })}
                />
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="全部员工"
                  aria-label="员工"
                  style={{ width: 160 }}
                  value={query.owner_id}
                  options={(options.data?.staff ?? [])
                    .filter((s) => !query.team_id || s.team_id === query.team_id)
                    .map((s) => ({ value: s.account_id, label: s.name }))}
                  onChange={(v?: number) => list.setQuery({ owner_id: v })}
                />
              </>
            ) : null}
          </Space>
        }
        toolbar={
          <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
            <ListKeywordSearch
              label="搜索客户订单"
              placeholder="订单号 / 手机号 / 尾号 4 位"
              value={query.keyword}
              onSearch={(keyword) => list.setQuery({ keyword })}
              width={260}
            />
            <Flex gap={8}>
              <Button onClick={() => navigate('/marketManage/createOrder')}>非药品下单</Button>
              <Button type="primary" onClick={() => navigate('/marketManage/substituteOrder')}>
                创建代下单
              </Button>
            </Flex>
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={[{ key: 'detail', label: '详情' }]}
        actionsWidth={80}
        dialogs={{
          detail: {
            render: ({ id, close }) => (
              <Drawer open title="订单详情" size={760} onClose={close} destroyOnHidden>
                <ProxyOrderDetail id={Number(id) || null} compact />
              </Drawer>
            ),
          },
        }}
      />
    </Flex>
  );
}
