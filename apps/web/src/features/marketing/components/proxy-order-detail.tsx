import { type OrderItem, orderKindLabels } from '@pharmacy/shared';
import { Alert, Button, Card, Col, Descriptions, Flex, Result, Row, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format';
import { useCustomerOrder } from '../api/customer-order-detail';
import { OrderRemarks } from './order-remarks';
import { OrderStatusBadge } from './order-status-badge';
import { ProxyOrderPayLink } from './proxy-order-pay-link';

const itemColumns: ColumnsType<OrderItem> = [
  {
    key: 'name',
    title: '商品',
    render: (_: unknown, i) => (
      <Flex vertical>
        <span>
          {i.name} {i.product_type === 'RX' ? <Tag color="red">处方药</Tag> : null}
          {i.product_type === 'COMBO' ? <Tag color="purple">套餐</Tag> : null}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {i.spec}
        </Typography.Text>
      </Flex>
    ),
  },
  { key: 'price', title: '单价', width: 100, align: 'right', render: (_: unknown, i) => `¥${i.price}` },
  { key: 'qty', title: '数量', width: 70, align: 'right', render: (_: unknown, i) => i.qty },
  { key: 'subtotal', title: '小计', width: 110, align: 'right', render: (_: unknown, i) => `¥${i.subtotal}` },
];

/**
 * 下单详情 / 代下单详情 and the 客户订单 drawer: the order (status, customer, family member, address, goods, amounts),
 * the payment link with its QR code, and the remarks. `onCreateAnother` shows a button back to the form.
 */
export function ProxyOrderDetail({
  id,
  onCreateAnother,
  compact = false,
}: {
  id: number | null;
  onCreateAnother?: () => void;
  compact?: boolean;
}) {
  const order = useCustomerOrder(id);
  if (!id) return <Result status="404" title="订单不存在" subTitle="缺少订单编号" />;
  if (order.isError) return <Result status="404" title="订单不存在或已删除" />;
  if (!order.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const o = order.data;
  const span = compact ? 24 : 12;

  return (
    <Flex vertical gap={16}>
      {o.has_rx && o.status === 'pending_review' ? (
        <Alert type="info" showIcon title="订单含处方药，已进入待审方：医生问诊开方、药师审方通过后发货。" />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col span={span}>
          <Card
            size="small"
            title={
              <Flex gap={8} align="center">
                <span>订单信息</span>
                <OrderStatusBadge status={o.status} />
              </Flex>
            }
            extra={
              onCreateAnother ? (
                <Button size="small" onClick={onCreateAnother}>
                  继续下单
                </Button>
              ) : null
            }
          >
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'no',
                  label: '订单号',
                  children: (
                    <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                      {o.order_no}
                    </Typography.Text>
                  ),
                },
                { key: 'kind', label: '类型', children: orderKindLabels[o.kind] },
                { key: 'customer', label: '客户', children: `${o.customer_name} ${o.buyer_phone}` },
                { key: 'owner', label: '归属客服', children: o.owner_name ?? '-' },
                { key: 'by', label: '下单人', children: o.created_by_name ?? '客户自助下单' },
                {
                  key: 'patient',
                  label: '用药人',
                  children: `${o.patient_name}${o.patient_gender === 'male' ? '，男' : o.patient_gender === 'female' ? '，女' : ''}${o.patient_age !== null ? `，${o.patient_age} 岁` : ''}`,
                },
                {
                  key: 'address',
                  label: '收货信息',
                  children: `${o.receiver_name} ${o.receiver_phone} ${o.address}`,
                },
                { key: 'remark', label: '订单备注', children: o.buyer_remark || '-' },
                { key: 'created', label: '下单时间', children: formatDateTime(o.created_at) },
                ...(o.paid_at ? [{ key: 'paid', label: '付款时间', children: formatDateTime(o.paid_at) }] : []),
                ...(o.cancelled_at ? [{ key: 'cancel', label: '取消原因', children: o.cancel_reason || '-' }] : []),
              ]}
            />
          </Card>
        </Col>
        <Col span={span}>
          <Card size="small" title="支付链接">
            <ProxyOrderPayLink path={o.pay_link} status={o.status} orderNo={o.order_no} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="商品">
        <Table<OrderItem>
          size="small"
          rowKey="id"
          columns={itemColumns}
          dataSource={o.items}
          pagination={false}
          aria-label="订单商品"
        />
        <Flex justify="end" gap={24} style={{ marginTop: 12 }}>
          <span>商品金额 ¥{o.goods_amount}</span>
          <span>运费 ¥{o.freight}</span>
          {o.discount !== '0.00' ? <span>优惠 -¥{o.discount}</span> : null}
          <Typography.Text strong>应付 ¥{o.pay_amount}</Typography.Text>
        </Flex>
      </Card>
      <Card size="small" title="备注记录">
        <OrderRemarks orderId={o.id} remarks={o.remarks} />
      </Card>
    </Flex>
  );
}
