import type { OrderSummary } from '@pharmacy/shared';
import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { dialogToast } from '../../../lib/feedback';
import { useCancelOrder, useCompleteOrder } from '../api/update-order';

/** 去付款 / 取消订单 while unpaid, 确认收货 once shipped: the buyer's actions on one order. */
export function OrderActions({
  order,
  payMethod,
  size = 'small',
}: {
  order: Pick<OrderSummary, 'id' | 'status'>;
  payMethod: string | null | undefined;
  size?: 'small' | 'middle' | 'large';
}) {
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const complete = useCompleteOrder();

  const confirmCancel = () =>
    Modal.confirm({
      rootClassName: 'patient-theme',
      title: '确定取消订单？',
      content: payMethod ? '如已转账，请联系药店退款。' : '取消后库存将退回，订单不能恢复。',
      okText: '取消订单',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: async () => {
        await cancel.mutateAsync({ id: order.id, reason: '买家取消' });
        dialogToast.success('订单已取消');
      },
    });

  const confirmReceipt = () =>
    Modal.confirm({
      rootClassName: 'patient-theme',
      title: '确认已收到商品？',
      okText: '确认收货',
      cancelText: '取消',
      onOk: async () => {
        await complete.mutateAsync(order.id);
        dialogToast.success('已确认收货');
      },
    });

  if (order.status === 'pending_payment') {
    return (
      <>
        <Button size={size} shape="round" loading={cancel.isPending} onClick={confirmCancel}>
          取消订单
        </Button>
        {payMethod ? null : (
          <Button size={size} shape="round" type="primary" onClick={() => navigate(`/patient/pay?id=${order.id}`)}>
            去付款
          </Button>
        )}
      </>
    );
  }
  if (order.status === 'shipped') {
    return (
      <Button size={size} shape="round" type="primary" loading={complete.isPending} onClick={confirmReceipt}>
        确认收货
      </Button>
    );
  }
  return null;
}
