import {
  type FinanceDetail,
  formatShanghaiDateTime,
  multiply,
  orderKindLabels,
  settlementStatusLabels,
} from '@pharmacy/shared';
import { Alert, Card, Col, Descriptions, Flex, Row, Table, Tag, Timeline, Typography } from 'antd';
import { formatYuan } from './census-format';
import { FinanceStatusTag } from './finance-status-tag';
import { OrderStatusTag } from './order-status-tag';

const time = (t: string | null) => (t ? (formatShanghaiDateTime(t, { seconds: true }) ?? '-') : '-');
const rate = (r: string) => `${Number(multiply(r, 100)).toFixed(2)}%`;
const productTypeLabels: Record<string, string> = {
  RX: '处方药',
  OTC: '非处方药',
  HERBAL: '中药',
  NON_DRUG: '非药品',
  COMBO: '套餐',
};
const paymentStatusLabels = { pending: '待确认', paid: '已支付', refunded: '已退款', closed: '已关闭' } as const;
const providerLabels: Record<string, string> = { offline: '线下转账' };

const checkLabels: Record<keyof FinanceDetail['checks'], string> = {
  lines: '商品小计 = 单价 × 数量，合计 = 商品金额',
  total: '商品金额 + 运费 − 优惠 = 实付金额',
  settlement_pay: '结算实收 = 订单实付',
  fee: '平台服务费 = 实收 × 费率（四舍五入到分），服务费 + 结算金额 = 实收',
  refund: '退款金额与订单状态一致',
};

/** 对账明细: one order's money, from its lines to what the pharmacy is settled, with every figure checked. */
export function FinanceDetailView({ detail }: { detail: FinanceDetail }) {
  const { order, settlement: s, payments, checks } = detail;
  const failed = (Object.keys(checks) as (keyof typeof checks)[]).filter((k) => !checks[k]);
  const events = [
    { at: order.created_at, label: '下单' },
    { at: order.paid_at, label: '支付' },
    { at: order.shipped_at, label: '发货' },
    { at: order.completed_at, label: '完成' },
    { at: s.settled_at, label: '结算' },
    { at: order.cancelled_at, label: '取消' },
    { at: s.refunded_at, label: '退款' },
  ]
    .filter((e): e is { at: string; label: string } => e.at !== null)
    .sort((a, b) => a.at.localeCompare(b.at));

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          title={
            <Flex gap={8} align="center" wrap>
              <span>订单 {order.order_no}</span>
              <OrderStatusTag status={order.status} />
              <FinanceStatusTag status={s.status} />
            </Flex>
          }
          items={[
            { key: 'kind', label: '订单类型', children: orderKindLabels[order.kind] },
            { key: 'patient', label: '患者', children: order.patient_name || '-' },
            { key: 'receiver', label: '收货人', children: `${order.receiver_name} ${order.receiver_phone}` },
            { key: 'address', label: '收货地址', children: order.address, span: 2 },
            { key: 'pay_method', label: '支付方式', children: order.pay_method || '-' },
            ...(order.cancel_reason ? [{ key: 'reason', label: '取消原因', children: order.cancel_reason }] : []),
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title="金额明细" style={{ height: '100%' }}>
            <Descriptions
              size="small"
              bordered
              column={1}
              styles={{ label: { width: 140 }, content: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
              items={[
                { key: 'goods', label: '商品金额', children: formatYuan(order.goods_amount) },
                { key: 'freight', label: '运费', children: `+ ${formatYuan(order.freight)}` },
                { key: 'discount', label: '优惠', children: `− ${formatYuan(order.discount)}` },
                {
                  key: 'pay',
                  label: '实付金额',
                  children: <Typography.Text strong>{formatYuan(order.pay_amount)}</Typography.Text>,
                },
                { key: 'rate', label: '平台服务费率', children: rate(s.fee_rate) },
                { key: 'fee', label: '平台服务费', children: `− ${formatYuan(s.platform_fee)}` },
                {
                  key: 'settle',
                  label: '结算金额',
                  children: <Typography.Text strong>{formatYuan(s.settle_amount)}</Typography.Text>,
                },
                {
                  key: 'refund',
                  label: '退款金额',
                  children: s.status === 'refunded' ? formatYuan(s.refund_amount) : '-',
                },
                { key: 'status', label: '结算状态', children: settlementStatusLabels[s.status] },
              ]}
            />
            {s.status === 'refunded' ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                订单已取消并全额退款，平台服务费与结算金额不计入统计。
              </Typography.Paragraph>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title="时间记录" style={{ height: '100%' }}>
            <Timeline
              items={events.map((e) => ({
                key: e.label,
                children: (
                  <Flex justify="space-between" gap={16}>
                    <span>{e.label}</span>
                    <Typography.Text type="secondary">{time(e.at)}</Typography.Text>
                  </Flex>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>

      <Card size="small" title="商品明细">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.items}
          aria-label="商品明细"
          columns={[
            {
              key: 'name',
              title: '商品',
              dataIndex: 'name',
              render: (n: string, r) => (
                <span>
                  {n}
                  {r.spec ? <Typography.Text type="secondary"> {r.spec}</Typography.Text> : null}
                </span>
              ),
            },
            {
              key: 'type',
              title: '类型',
              dataIndex: 'product_type',
              width: 96,
              render: (t: string) => productTypeLabels[t] ?? t,
            },
            { key: 'price', title: '单价', dataIndex: 'price', align: 'right', width: 110, render: formatYuan },
            { key: 'qty', title: '数量', dataIndex: 'qty', align: 'right', width: 70 },
            { key: 'subtotal', title: '小计', dataIndex: 'subtotal', align: 'right', width: 120, render: formatYuan },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4} align="right">
                商品金额
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>{formatYuan(order.goods_amount)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title="支付记录" style={{ height: '100%' }}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={payments}
              aria-label="支付记录"
              columns={[
                {
                  key: 'provider',
                  title: '方式',
                  dataIndex: 'provider',
                  render: (p: string) => providerLabels[p] ?? p,
                },
                { key: 'amount', title: '金额', dataIndex: 'amount', align: 'right', render: formatYuan },
                {
                  key: 'status',
                  title: '状态',
                  dataIndex: 'status',
                  render: (st: keyof typeof paymentStatusLabels) => paymentStatusLabels[st],
                },
                { key: 'ref', title: '流水/备注', dataIndex: 'provider_ref', render: (r: string) => r || '-' },
                { key: 'paid_at', title: '支付时间', dataIndex: 'paid_at', render: time },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title="对账核对" style={{ height: '100%' }}>
            {failed.length ? (
              <Alert
                type="error"
                showIcon
                title={`${failed.length} 项不一致，请联系平台核查`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Flex vertical gap={8}>
              {(Object.keys(checkLabels) as (keyof typeof checks)[]).map((k) => (
                <Flex key={k} gap={8} align="baseline">
                  <Tag color={checks[k] ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
                    {checks[k] ? '一致' : '不一致'}
                  </Tag>
                  <span>{checkLabels[k]}</span>
                </Flex>
              ))}
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
