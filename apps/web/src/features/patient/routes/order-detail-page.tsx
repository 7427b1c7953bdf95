import { type OrderDetail, type ProductType, productTypeLabels } from '@pharmacy/shared';
import { Result, Spin, Timeline } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { formatDateTime } from '../../../lib/format';
import { useOrder } from '../api/get-order';
import { Card, courierName, PAYMENT_AWAITING_LABEL, patientStatusLabel, RxNote, Thumb, Yuan } from '../components/bits';
import { ChatContactButton } from '../components/chat-contact-button';
import { OrderActions } from '../components/order-actions';

/** One line of what the status means for the patient. */
function statusNote(o: OrderDetail): string {
  switch (o.status) {
    case 'pending_payment':
      return o.pay_method ? '已提交付款，等待药店确认收到转账。' : '请尽快完成付款，付款后药店为您备货。';
    case 'pending_review':
      return '订单含处方药，等待药师审核处方，审核通过后发货。';
    case 'pending_shipment':
      return '药店正在备货，发货后可查看快递单号。';
    case 'shipped':
      return o.auto_confirm_at ? `商品已发出，${formatDateTime(o.auto_confirm_at)} 将自动确认收货。` : '商品已发出。';
    case 'completed':
      return '订单已完成，感谢您的信任。';
    case 'cancelled':
      return o.cancel_reason ? `订单已取消：${o.cancel_reason}` : '订单已取消。';
  }
}

/** The order's steps as they happened (placed, paid, shipped, completed or cancelled). */
function steps(o: OrderDetail) {
  const items: { label: string; at: string | null; color?: string }[] = [
    { label: '提交订单', at: o.created_at },
    ...(o.status === 'pending_payment' && o.pay_method
      ? [{ label: PAYMENT_AWAITING_LABEL, at: null, color: 'orange' }]
      : []),
    ...(o.paid_at ? [{ label: '药店确认收款', at: o.paid_at }] : []),
    ...(o.shipped_at ? [{ label: '已发货', at: o.shipped_at }] : []),
    ...(o.completed_at ? [{ label: '已完成', at: o.completed_at }] : []),
    ...(o.cancelled_at ? [{ label: '已取消', at: o.cancelled_at, color: 'gray' }] : []),
  ];
  return items.map((s) => ({
    color: s.color ?? 'green',
    content: (
      <>
        <div>{s.label}</div>
        {s.at ? <div className="patient-muted">{formatDateTime(s.at)}</div> : null}
      </>
    ),
  }));
}

/** 订单详情: status, timeline, tracking number once shipped, address, lines and amounts, and the buyer's actions. */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const order = useOrder(id);
  if (!id || order.isError) return <Result status="404" title="订单不存在" />;
  if (!order.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const o = order.data;
  const actionable = o.status === 'pending_payment' || o.status === 'shipped';

  return (
    <>
      <section className="patient-status-head" aria-label="订单状态">
        <h2>{patientStatusLabel(o.status, o.pay_method)}</h2>
        <div style={{ fontSize: 13, opacity: 0.92 }}>{statusNote(o)}</div>
      </section>

      {o.tracking_no ? (
        <Card title="物流信息">
          <div className="patient-row">
            <span>
              {courierName(o.courier_code)} {o.tracking_no}
            </span>
            <CopyButton text={o.tracking_no} size="small" />
          </div>
        </Card>
      ) : null}

      <Card title="收货信息">
        <div>
          <strong>{o.receiver_name}</strong> <span className="patient-muted">{o.receiver_phone}</span>
        </div>
        <div style={{ fontSize: 13, marginTop: 4 }}>{o.address}</div>
        <div className="patient-muted" style={{ marginTop: 6 }}>
          就诊人：{o.patient_name}
          {o.patient_gender
            ? ` ${o.patient_gender === 'male' ? '男' : o.patient_gender === 'female' ? '女' : o.patient_gender}`
            : ''}
          {o.patient_age !== null ? ` ${o.patient_age}岁` : ''}
        </div>
      </Card>

      <Card title={o.pharmacy_name} extra={<ChatContactButton pharmacyId={o.pharmacy_id} orderId={o.id} />}>
        {o.has_rx && (o.status === 'pending_payment' || o.status === 'pending_review') ? <RxNote /> : null}
        {o.items.map((item) => (
          <div key={item.id} className="patient-product">
            <Thumb src={item.image} alt={item.name} />
            <div className="patient-product-body">
              <div className="patient-product-name">
                {item.quote_set_id ? '【套餐】' : ''}
                {item.name}
              </div>
              <div className="patient-muted">
                {item.product_type in productTypeLabels ? productTypeLabels[item.product_type as ProductType] : ''}{' '}
                {item.spec}
              </div>
              {item.combo_items ? (
                <div className="patient-muted">{item.combo_items.map((c) => `${c.name} × ${c.qty}`).join('，')}</div>
              ) : null}
              <div className="patient-row">
                <span>
                  <Yuan value={item.price} strong={false} /> × {item.qty}
                </span>
                <Yuan value={item.subtotal} />
              </div>
            </div>
          </div>
        ))}
        <dl className="patient-amounts" style={{ marginTop: 10, borderTop: '1px solid #f0f0f0', paddingTop: 10 }}>
          <dt>商品金额</dt>
          <dd>¥{o.goods_amount}</dd>
          <dt>运费</dt>
          <dd>¥{o.freight}</dd>
          {o.discount !== '0.00' ? (
            <>
              <dt>优惠</dt>
              <dd>-¥{o.discount}</dd>
            </>
          ) : null}
          <dt>{o.paid_at ? '实付' : '应付'}</dt>
          <dd>
            <Yuan value={o.pay_amount} />
          </dd>
        </dl>
      </Card>

      <Card
        title="订单信息"
        extra={
          <Link to={`/patient/complaint?kind=order&id=${o.id}`} className="patient-muted">
            投诉
          </Link>
        }
      >
        <dl className="patient-amounts">
          <dt>订单号</dt>
          <dd>
            {o.order_no} <CopyButton text={o.order_no} size="small" />
          </dd>
          <dt>下单时间</dt>
          <dd>{formatDateTime(o.created_at)}</dd>
          {o.buyer_remark ? (
            <>
              <dt>备注</dt>
              <dd>{o.buyer_remark}</dd>
            </>
          ) : null}
        </dl>
        <Timeline items={steps(o)} style={{ marginTop: 16, marginBottom: -16 }} />
      </Card>

      {actionable ? (
        <div className="patient-bottom-bar" style={{ justifyContent: 'flex-end' }}>
          <OrderActions order={o} payMethod={o.pay_method} size="middle" />
        </div>
      ) : null}
    </>
  );
}
