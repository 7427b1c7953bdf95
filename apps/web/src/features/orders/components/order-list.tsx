import { FilterOutlined } from '@ant-design/icons';
import {
  canDeleteOrder,
  canTransition,
  courierNames,
  type OrderFilter,
  type OrderListQuery,
  type OrderSummary,
  type OrderTab,
  orderKindLabels,
  orderListQuerySchema,
  orderTabLabels,
  orderTabs,
} from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, type RowAction, serializeListQuery, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useCompleteOrder } from '../api/order-complete';
import { useDeleteOrder } from '../api/order-delete';
import { useConfirmOrderDelivery } from '../api/order-delivery';
import { type OrderScope, orderKeys } from '../api/order-keys';
import { useOrders } from '../api/order-list';
import { useConfirmOrderPayment } from '../api/order-pay-confirm';
import { usePharmacyOptions } from '../api/pharmacy-options';
import { OrderExportButton } from './export/order-export-button';
import { OrderCancelDialog } from './order-cancel-dialog';
import { OrderDetailDrawer } from './order-detail-drawer';
import { OrderFilterDialog, type OrderFilters, orderFilterKeys } from './order-filter-dialog';
import { OrderMemberDialog } from './order-member-dialog';
import { OrderRemarkDialog } from './order-remark-dialog';
import { OrderStatusTag, RxTag } from './order-status-tag';
import { ShippingDialogs } from './shipping/shipping-dialogs';

/** The permission every pharmacy route of the list checks (the contracts' access). */
const PERMISSION = 'order_read_pharmacy';

/** The actions the shipping part's dialogs answer (components/shipping). */
const shippingActions = new Set(['send-good', 'sf-send-good', 'logistics', 'send-list', 'print']);

const yuan = (v: string) => `¥${v}`;

/** What the search box typed means: an order number, a phone (whole or its last 4 digits) or a name. */
function searchPatch(text: string): Pick<OrderListQuery, 'order_no' | 'phone' | 'name'> {
  const v = text.trim().replace(/\s+/g, '');
  if (!v) return { order_no: undefined, phone: undefined, name: undefined };
  if (/^1[3-9]\d{9}$/.test(v) || /^\d{4}$/.test(v)) return { order_no: undefined, phone: v, name: undefined };
  if (/^[A-Za-z]?\d{5,}$/.test(v)) return { order_no: v, phone: undefined, name: undefined };
  return { order_no: undefined, phone: undefined, name: text.trim() };
}

/** A readable line per active filter, for the tags beside the search box. */
function filterTags(q: OrderListQuery, pharmacyName: (id: number) => string | undefined) {
  const tags: { key: keyof OrderFilters | 'dates'; label: string }[] = [];
  if (q.pharmacy_id) tags.push({ key: 'pharmacy_id', label: `药房：${pharmacyName(q.pharmacy_id) ?? q.pharmacy_id}` });
  if (q.order_no) tags.push({ key: 'order_no', label: `订单号：${q.order_no}` });
  if (q.phone) tags.push({ key: 'phone', label: `手机号：${q.phone}` });
  if (q.name) tags.push({ key: 'name', label: `姓名：${q.name}` });
  if (q.date_from || q.date_to)
    tags.push({ key: 'dates', label: `下单日期：${q.date_from ?? '不限'} 至 ${q.date_to ?? '不限'}` });
  if (q.kind) tags.push({ key: 'kind', label: `类型：${orderKindLabels[q.kind]}` });
  if (q.courier_code)
    tags.push({
      key: 'courier_code',
      label: `快递：${courierNames[q.courier_code as keyof typeof courierNames] ?? q.courier_code}`,
    });
  if (q.tracking_no) tags.push({ key: 'tracking_no', label: `运单号：${q.tracking_no}` });
  return tags;
}

function columnsFor(scope: OrderScope, openDetail: (o: OrderSummary) => void): ColumnsType<OrderSummary> {
  return [
    {
      key: 'order_no',
      title: '订单号',
      width: 180,
      render: (_: unknown, o) => (
        <Flex vertical gap={2} align="start">
          <Button
            type="link"
            size="small"
            onClick={() => openDetail(o)}
            style={{ fontFamily: 'monospace', padding: 0, height: 'auto' }}
            aria-label={`订单详情：${o.order_no}`}
          >
            {o.order_no}
          </Button>
          {o.has_rx ? <RxTag /> : null}
        </Flex>
      ),
    },
    ...(scope === 'admin'
      ? [
          {
            key: 'pharmacy',
            title: '药房',
            width: 160,
            // the auto layout squeezed it to a word a line (仁心大药房(上海浦东店) in four lines): two lines at most
            onCell: () => ({ style: { minWidth: 128 } }),
            render: (_: unknown, o: OrderSummary) => o.pharmacy_name,
          },
        ]
      : []),
    {
      key: 'items',
      title: '商品',
      render: (_: unknown, o) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: o.items_text }}
          style={{ margin: 0, minWidth: scope === 'admin' ? 150 : 200 }}
        >
          {o.items_text || '-'}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'receiver',
      title: '收货人',
      width: 130,
      render: (_: unknown, o) => (
        <Flex vertical>
          <span>{o.receiver_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {o.receiver_phone}
          </Typography.Text>
          {o.patient_name && o.patient_name !== o.receiver_name ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              用药人 {o.patient_name}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'pay_amount',
      title: '实付金额',
      align: 'right',
      width: 110,
      render: (_: unknown, o) => (
        <Flex vertical align="end" style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong>{yuan(o.pay_amount)}</Typography.Text>
          {o.freight !== '0.00' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              含运费 {yuan(o.freight)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'kind',
      title: '类型',
      width: 90,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, o) => orderKindLabels[o.kind],
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_: unknown, o) => (
        <Flex vertical gap={2} align="start">
          <OrderStatusTag status={o.status} />
          {o.tracking_no ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {courierNames[o.courier_code as keyof typeof courierNames] ?? o.courier_code}
            </Typography.Text>
          ) : null}
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
 * The order list: status tabs with counts, a search box and the filter dialog (in the URL), the detail drawer, the
 * actions each state allows (the shared state machine's canTransition, so the buttons match the server) and the
 * shipping dialogs. `scope` 'admin' is the operator's read-only list of every pharmacy's orders.
 */
export function OrderList({ scope }: { scope: OrderScope }) {
  const list = useListPage({ querySchema: orderListQuerySchema });
  const query = list.query as OrderListQuery;
  const { data, isFetching } = useOrders(scope, query);
  const queryClient = useQueryClient();
  const pay = useConfirmOrderPayment();
  const delivery = useConfirmOrderDelivery();
  const complete = useCompleteOrder();
  const remove = useDeleteOrder();
  const pharmacies = usePharmacyOptions(scope === 'admin');
  const [selected, setSelected] = useState<number[]>([]);
  const [search, setSearch] = useState(query.order_no ?? query.phone ?? query.name ?? '');
  const [, setSearchParams] = useSearchParams();

  // the search box follows the URL (back button, cleared filters)
  useEffect(
    () => setSearch(query.order_no ?? query.phone ?? query.name ?? ''),
    [query.order_no, query.phone, query.name],
  );

  const counts = data?.counts;
  const readOnly = scope === 'admin';
  const idOf = list.action?.id ? Number(list.action.id) : 0;
  const actionOrder = data?.list.find((o) => o.id === idOf) ?? null;
  const ignore = () => undefined;

  const rowActions: RowAction<OrderSummary>[] = readOnly
    ? [{ key: 'detail', label: '详情' }]
    : [
        // the order number opens the detail (订单详情：…)
        {
          key: 'pay',
          label: '确认收款',
          permission: PERMISSION,
          visible: (o) => canTransition('pay', o.status),
          confirm: '确认已收到该订单的货款吗？',
          onClick: (o) =>
            pay
              .mutateAsync({ id: o.id })
              .then(
                (r) => dialogToast.success(r.status === 'pending_review' ? '已确认收款，等待处方审核' : '已确认收款'),
                ignore,
              ),
        },
        { key: 'send-good', label: '发货', permission: PERMISSION, visible: (o) => canTransition('ship', o.status) },
        {
          key: 'sf-send-good',
          label: '顺丰发货',
          permission: PERMISSION,
          visible: (o) => canTransition('ship', o.status),
        },
        {
          key: 'logistics',
          label: '物流',
          permission: PERMISSION,
          visible: (o) => o.tracking_no !== null || o.status === 'shipped',
        },
        {
          key: 'delivery',
          label: '确认送达',
          permission: PERMISSION,
          visible: (o) => canTransition('complete', o.status),
          confirm: '确认该订单已送达顾客吗？',
          onClick: (o) => delivery.mutateAsync(o.id).then(() => dialogToast.success('已确认送达'), ignore),
        },
        {
          key: 'complete',
          label: '完成订单',
          permission: PERMISSION,
          visible: (o) => canTransition('complete', o.status),
          confirm: '确认完成该订单吗？完成后货款进入结算。',
          onClick: (o) => complete.mutateAsync(o.id).then(() => dialogToast.success('订单已完成'), ignore),
        },
        {
          key: 'cancel',
          label: '取消',
          permission: PERMISSION,
          danger: true,
          visible: (o) => canTransition('cancel', o.status),
        },
        { key: 'remark', label: '备注', permission: PERMISSION },
        { key: 'member', label: '会员', permission: PERMISSION },
        {
          key: 'delete',
          label: '删除',
          permission: PERMISSION,
          danger: true,
          visible: (o) => canDeleteOrder(o.status),
          confirm: '确定删除这个已取消的订单吗？删除后不再显示。',
          onClick: (o) =>
            remove.mutateAsync(o.id).then(() => {
              setSelected((s) => s.filter((id) => id !== o.id));
              dialogToast.success('已删除');
            }, ignore),
        },
      ];

  const pharmacyName = (id: number) => pharmacies.data?.find((p) => p.value === id)?.label;
  const tags = filterTags(query, pharmacyName);
  const filters = Object.fromEntries(orderFilterKeys.map((k) => [k, query[k]])) as OrderFilters;
  const exportFilter: OrderFilter = useMemo(() => {
    const { page: _page, page_size: _size, ...rest } = query;
    return rest as OrderFilter;
  }, [query]);
  const columns = useMemo(() => columnsFor(scope, (o) => list.openAction('detail', o.id)), [scope, list]);

  // The new filters and the closed dialog in one URL change (setQuery keeps the open dialog, closeAction the old query).
  const applyFilters = (next: OrderFilters) => {
    setSelected([]);
    const patch = Object.fromEntries(orderFilterKeys.map((k) => [k, next[k]])) as Partial<OrderListQuery>;
    setSearchParams(serializeListQuery({ ...query, ...patch, page: 1 }, list.defaults, null));
  };
  const clearTag = (key: keyof OrderFilters | 'dates') =>
    list.setQuery(key === 'dates' ? { date_from: undefined, date_to: undefined } : { [key]: undefined });

  const closeShipping = () => {
    list.closeAction();
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => {
          setSelected([]);
          list.setQuery({ status: status as OrderTab });
        }}
        items={orderTabs.map((t) => ({
          key: t,
          label: `${orderTabLabels[t]}${counts ? ` (${counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<OrderSummary, OrderListQuery>
        label={readOnly ? '全部订单' : '订单列表'}
        list={list}
        scope={scope}
        toolbar={
          <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
            <Flex gap={8} wrap align="center">
              <Input.Search
                aria-label="搜索订单"
                placeholder="订单号 / 手机号 / 姓名"
                allowClear
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onSearch={(v) => {
                  setSelected([]);
                  list.setQuery(searchPatch(v));
                }}
                style={{ width: 280 }}
              />
              <Button icon={<FilterOutlined />} onClick={() => list.openAction('filter')}>
                筛选{tags.length ? `（${tags.length}）` : ''}
              </Button>
              {tags.map((t) => (
                <Tag key={t.key} closable onClose={() => clearTag(t.key)}>
                  {t.label}
                </Tag>
              ))}
            </Flex>
            <Flex gap={8} wrap>
              {readOnly ? null : (
                <>
                  <Button onClick={() => list.openAction('send-list')}>批量发货</Button>
                  <Button disabled={!selected.length} onClick={() => list.openAction('print')}>
                    打印面单{selected.length ? `（${selected.length}）` : ''}
                  </Button>
                </>
              )}
              <OrderExportButton filter={exportFilter} scope={scope} />
            </Flex>
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={readOnly ? 80 : 230}
        rowSelection={
          readOnly
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (o) => ({ 'aria-label': `选择：${o.order_no}` }),
              }
        }
        dialogs={{
          filter: {
            render: ({ close }) => (
              <OrderFilterDialog
                value={filters}
                pharmacies={readOnly ? (pharmacies.data ?? []) : undefined}
                onClose={close}
                onApply={applyFilters}
              />
            ),
          },
          detail: {
            permission: readOnly ? undefined : PERMISSION,
            render: ({ id, close }) => <OrderDetailDrawer scope={scope} id={Number(id)} onClose={close} />,
          },
          ...(readOnly
            ? {}
            : {
                cancel: {
                  permission: PERMISSION,
                  render: ({ id, close }) => <OrderCancelDialog id={Number(id)} order={actionOrder} onClose={close} />,
                },
                remark: {
                  permission: PERMISSION,
                  render: ({ id, close }) => (
                    <OrderRemarkDialog id={Number(id)} orderNo={actionOrder?.order_no} onClose={close} />
                  ),
                },
                member: {
                  permission: PERMISSION,
                  render: ({ id, close }) => <OrderMemberDialog id={Number(id)} onClose={close} />,
                },
              }),
        }}
      />
      {readOnly ? null : (
        <ShippingDialogs
          action={list.action && shippingActions.has(list.action.key) ? list.action : null}
          order={actionOrder}
          selectedIds={selected}
          onClose={closeShipping}
        />
      )}
    </Flex>
  );
}
