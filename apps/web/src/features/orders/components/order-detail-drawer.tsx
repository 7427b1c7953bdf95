import {
  courierNames,
  type OrderConsoleDetail,
  type OrderExpressRecord,
  type OrderItem,
  type OrderPayment,
  orderKindLabels,
  orderPaymentProviderLabels,
  orderPaymentStatusLabels,
} from '@pharmacy/shared';
import { Alert, Descriptions, Drawer, Empty, Flex, List, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format';
import { useOrderDetail } from '../api/order-detail';
import type { OrderScope } from '../api/order-keys';
import { OrderStatusTag, RxTag } from './order-status-tag';

const yuan = (v: string) => `¥${v}`;

const itemColumns: ColumnsType<OrderItem> = [
  {
    key: 'name',
    title: '商品',
    render: (_: unknown, i) => (
      <Flex vertical>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{i.name}</Typography.Text>
          {i.product_type === 'RX' ? <RxTag /> : i.product_type === 'COMBO' ? <Tag color="geekblue">套餐</Tag> : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[i.spec, i.approval_no].filter(Boolean).join(' · ') || '-'}
        </Typography.Text>
        {i.combo_items?.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            含：{i.combo_items.map((c) => `${c.name} ×${c.qty}`).join('、')}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    key: 'price',
    title: '单价 × 数量',
    align: 'right',
    width: 140,
    render: (_: unknown, i) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {yuan(i.price)} × {i.qty}
      </span>
    ),
  },
  {
    key: 'subtotal',
    title: '小计',
    align: 'right',
    width: 110,
    render: (_: unknown, i) => <Typography.Text strong>{yuan(i.subtotal)}</Typography.Text>,
  },
];

const paymentColumns: ColumnsType<OrderPayment> = [
  { key: 'provider', title: '方式', render: (_: unknown, p) => orderPaymentProviderLabels[p.provider] ?? p.provider },
  { key: 'amount', title: '金额', align: 'right', render: (_: unknown, p) => yuan(p.amount) },
  { key: 'status', title: '状态', render: (_: unknown, p) => orderPaymentStatusLabels[p.status] ?? p.status },
  { key: 'ref', title: '凭证', render: (_: unknown, p) => p.provider_ref || '-' },
  {
    key: 'time',
    title: '时间',
    render: (_: unknown, p) => formatDateTime(p.refunded_at ?? p.paid_at ?? p.created_at),
  },
];

const completedByLabels: Record<string, string> = {
  delivery: '确认送达',
  user: '顾客确认收货',
  auto: '超时自动确认',
  staff: '药房完成订单',
};
const cancelledByLabels: Record<string, string> = {
  buyer: '顾客取消',
  staff: '药房取消',
  review: '处方审核未通过',
  system: '超时未付款',
};

function ExpressRecord({ e }: { e: OrderExpressRecord }) {
  const company = e.company_name || courierNames[e.courier_code as keyof typeof courierNames] || e.courier_code;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{company}</Typography.Text>
        <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
          {e.tracking_no}
        </Typography.Text>
        {e.source === 'sf' ? <Tag color="blue">顺丰面单</Tag> : e.source === 'batch' ? <Tag>批量发货</Tag> : null}
        <Typography.Text type="secondary">发货于 {formatDateTime(e.shipped_at)}</Typography.Text>
      </Flex>
      {e.events.length ? (
        <Timeline
          items={e.events.map((v, i) => ({
            key: `${v.occurred_at}-${i}`,
            color: i === 0 ? 'green' : 'gray',
            content: (
              <Flex vertical>
                <span>{[v.location, v.description].filter(Boolean).join(' · ')}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(v.occurred_at)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">暂无物流轨迹</Typography.Text>
      )}
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function DetailBody({ o, scope }: { o: OrderConsoleDetail; scope: OrderScope }) {
  const patient = [
    o.patient_name,
    o.patient_gender === 'male' ? '男' : o.patient_gender === 'female' ? '女' : o.patient_gender,
    o.patient_age === null ? '' : `${o.patient_age} 岁`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Flex vertical gap={24}>
      {o.status === 'pending_review' ? (
        <Alert
          type="warning"
          showIcon
          title="等待处方审核"
          description="该订单含处方药，已付款，处方审核通过后才能发货。"
        />
      ) : null}
      {o.status === 'cancelled' ? (
        <Alert
          type="info"
          showIcon
          title={`订单已取消${o.cancelled_by ? `（${cancelledByLabels[o.cancelled_by] ?? o.cancelled_by}）` : ''}`}
          description={o.cancel_reason ? `取消原因：${o.cancel_reason}` : undefined}
        />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          {
            key: 'order_no',
            label: '订单号',
            children: (
              <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                {o.order_no}
              </Typography.Text>
            ),
          },
          {
            key: 'status',
            label: '状态',
            children: (
              <Flex gap={6}>
                <OrderStatusTag status={o.status} />
                {o.has_rx ? <RxTag /> : null}
              </Flex>
            ),
          },
          { key: 'kind', label: '订单类型', children: orderKindLabels[o.kind] },
          ...(scope === 'admin' ? [{ key: 'pharmacy', label: '药房', children: o.pharmacy_name }] : []),
          { key: 'buyer', label: '下单账号', children: o.buyer_phone },
          { key: 'created', label: '下单时间', children: formatDateTime(o.created_at) },
          { key: 'paid', label: '付款时间', children: formatDateTime(o.paid_at) },
          { key: 'shipped', label: '发货时间', children: formatDateTime(o.shipped_at) },
          {
            key: 'completed',
            label: '完成时间',
            children: o.completed_at
              ? `${formatDateTime(o.completed_at)}${o.completed_by ? `（${completedByLabels[o.completed_by] ?? o.completed_by}）` : ''}`
              : o.auto_confirm_at && o.status === 'shipped'
                ? `将于 ${formatDateTime(o.auto_confirm_at)} 自动确认收货`
                : '-',
          },
        ]}
      />
      <Section title={`商品（${o.items.length}）`}>
        <Table<OrderItem>
          aria-label="订单商品"
          size="small"
          rowKey="id"
          columns={itemColumns}
          dataSource={o.items}
          pagination={false}
          summary={() => (
            <Table.Summary>
              {[
                ['商品金额', yuan(o.goods_amount)],
                ['运费', yuan(o.freight)],
                ['优惠', `-${yuan(o.discount)}`],
              ].map(([label, v]) => (
                <Table.Summary.Row key={label}>
                  <Table.Summary.Cell index={0} colSpan={2} align="right">
                    {label}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {v}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ))}
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2} align="right">
                  <Typography.Text strong>实付金额</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong type="danger">
                    {yuan(o.pay_amount)}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      </Section>
      <Descriptions
        size="small"
        bordered
        column={1}
        title="患者与收货"
        items={[
          { key: 'patient', label: '用药人', children: patient || '-' },
          { key: 'receiver', label: '收货人', children: `${o.receiver_name}  ${o.receiver_phone}` },
          { key: 'address', label: '收货地址', children: o.address },
          { key: 'remark', label: '买家留言', children: o.buyer_remark || '-' },
        ]}
      />
      <Section title="支付记录">
        <Table<OrderPayment>
          aria-label="支付记录"
          size="small"
          rowKey="id"
          columns={paymentColumns}
          dataSource={o.payments}
          pagination={false}
          locale={{ emptyText: '暂无支付记录' }}
        />
      </Section>
      <Section title="物流信息">
        {o.express.length ? (
          <Flex vertical gap={16}>
            {o.express.map((e) => (
              <ExpressRecord key={e.id} e={e} />
            ))}
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未发货" />
        )}
      </Section>
      <Section title={`订单备注（${o.remarks.length}）`}>
        <List
          size="small"
          bordered
          dataSource={o.remarks}
          locale={{ emptyText: '暂无备注' }}
          renderItem={(r) => (
            <List.Item>
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{r.content}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.author_name || '-'} · {formatDateTime(r.created_at)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Section>
    </Flex>
  );
}

/** 订单详情: items (price × qty = subtotal), amounts, patient, address, payments, shipments and tracking, remarks. */
export function OrderDetailDrawer({ scope, id, onClose }: { scope: OrderScope; id: number; onClose: () => void }) {
  const { data, isError, isPending } = useOrderDetail(scope, id);
  return (
    <Drawer open title={data ? `订单详情 · ${data.order_no}` : '订单详情'} size={820} onClose={onClose} destroyOnHidden>
      {isError ? (
        <Alert type="error" showIcon title="订单不存在或已删除" />
      ) : isPending || !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DetailBody o={data} scope={scope} />
      )}
    </Drawer>
  );
}
