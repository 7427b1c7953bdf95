import { ORDER_CANCEL_REASON_MAX, type OrderSummary } from '@pharmacy/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCancelOrder } from '../api/order-cancel';

const reasons = ['顾客要求取消', '商品缺货', '收货地址无法配送', '重复下单'];

/** 取消订单: a reason (required, at most 200 characters); stock returns and a paid order is refunded. */
export function OrderCancelDialog({
  id,
  order,
  onClose,
}: {
  id: number;
  order: OrderSummary | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelOrder();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await cancel.mutateAsync({ id, reason: values.reason.trim() });
      dialogToast.success('订单已取消');
      onClose();
    } catch {
      // the failure's message (409: the order moved on) is shown by the http client
    }
  };

  const paid = order && order.status !== 'pending_payment';
  return (
    <Modal
      open
      title={order ? `取消订单 · ${order.order_no}` : '取消订单'}
      okText="确认取消"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      {paid ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`该订单已付款 ¥${order.pay_amount}，取消后将原路退款，库存退回。`}
        />
      ) : null}
      <Form form={form} layout="vertical" name="order-cancel" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[
            { required: true, whitespace: true, message: '请填写取消原因' },
            { max: ORDER_CANCEL_REASON_MAX, message: `取消原因最多 ${ORDER_CANCEL_REASON_MAX} 字` },
          ]}
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              常用：
              {reasons.map((r) => (
                <Typography.Link
                  key={r}
                  style={{ marginInlineEnd: 8 }}
                  onClick={() => form.setFieldsValue({ reason: r })}
                >
                  {r}
                </Typography.Link>
              ))}
            </Typography.Text>
          }
        >
          <Input.TextArea rows={3} showCount maxLength={ORDER_CANCEL_REASON_MAX} placeholder="顾客可见，请如实填写" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
