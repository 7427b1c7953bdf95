import { BankOutlined } from '@ant-design/icons';
import { Button, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { dialogToast } from '../../../lib/feedback';
import { useOrder } from '../api/get-order';
import { useReceiving } from '../api/get-receiving';
import { usePayOrder } from '../api/pay-order';
import { Card, PAYMENT_AWAITING_LABEL, RxNote, StatusText, Yuan } from '../components/bits';

/**
 * 付款 with the built-in provider (offline transfer): the pharmacy's receiving account and the amount; 我已付款 opens
 * the payment, which the pharmacy confirms when the money arrives (the order shows 待商家确认收款 until then).
 */
export default function PayPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const order = useOrder(id);
  const receivingQuery = useReceiving(id);
  const pay = usePayOrder();
  const [reference, setReference] = useState('');

  if (!id || order.isError) return <Result status="404" title="订单不存在" />;
  if (!order.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const o = order.data;

  if (o.status !== 'pending_payment' || o.pay_method) {
    return (
      <Result
        status={o.status === 'cancelled' ? 'warning' : 'success'}
        title={o.status === 'pending_payment' ? PAYMENT_AWAITING_LABEL : <StatusText status={o.status} />}
        subTitle={o.status === 'pending_payment' ? '药店确认收到转账后，订单将进入下一步。' : `订单号 ${o.order_no}`}
        extra={
          <Button type="primary" onClick={() => navigate(`/patient/order?id=${o.id}`, { replace: true })}>
            查看订单
          </Button>
        }
      />
    );
  }

  const receiving = receivingQuery.data;
  const submit = async () => {
    try {
      const result = await pay.mutateAsync({ id: o.id, reference: reference.trim() });
      dialogToast.success('已提交，等待药店确认收款');
      navigate(`/patient/order?id=${result.order_id}`, { replace: true });
    } catch {
      // shown by the HTTP layer (e.g. the order was cancelled meanwhile)
    }
  };

  return (
    <>
      <section className="patient-status-head" aria-label="应付金额">
        <div style={{ fontSize: 13, opacity: 0.9 }}>应付金额</div>
        <h2 style={{ fontSize: 28 }}>¥{o.pay_amount}</h2>
        <div style={{ fontSize: 12, opacity: 0.9 }}>订单号 {o.order_no}</div>
      </section>
      {o.has_rx ? <RxNote /> : null}
      <Card title="线下转账">
        <p className="patient-muted" style={{ marginTop: 0 }}>
          请向以下账户转账 <Yuan value={o.pay_amount} />
          ，转账后点击「我已付款」，药店确认收款后为您发货。
        </p>
        {!receiving ? (
          <Spin />
        ) : receiving.account_no ? (
          <dl className="patient-amounts" aria-label="收款账户">
            <dt>
              <BankOutlined aria-hidden="true" /> 开户银行
            </dt>
            <dd>{receiving.bank}</dd>
            <dt>账户名</dt>
            <dd>{receiving.account_name}</dd>
            <dt>账号</dt>
            <dd>
              <span style={{ fontFamily: 'monospace' }}>{receiving.account_no}</span>{' '}
              <CopyButton text={receiving.account_no} />
            </dd>
            <dt>金额</dt>
            <dd>
              <Yuan value={o.pay_amount} />
            </dd>
          </dl>
        ) : (
          <p>
            该药店尚未设置收款账户，请联系药店
            {receiving.service_phone ? `（客服电话 ${receiving.service_phone}）` : ''}。
          </p>
        )}
        <Input
          aria-label="转账备注"
          placeholder="转账流水号或付款账户后四位（选填）"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          maxLength={64}
          style={{ marginTop: 12 }}
        />
      </Card>
      <div className="patient-bottom-bar">
        <div style={{ flex: 1 }}>
          <Yuan value={o.pay_amount} />
        </div>
        <Button type="primary" size="large" shape="round" loading={pay.isPending} onClick={() => void submit()}>
          我已付款
        </Button>
      </div>
    </>
  );
}
