import { CONSULTATION_REJECT_REASON_MAX, type ConsultationSummary } from '@pharmacy/shared';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useRejectConsultation } from '../api/consultation-decide';

const reasons = ['病情需线下面诊', '所需药品存在用药禁忌', '信息不完整，无法判断病情', '不符合线上复诊开方条件'];

/** 拒绝: a reason (required, at most 200 characters) the patient sees; a waiting order is cancelled and refunded. */
export function ConsultationRejectDialog({
  id,
  request,
  onClose,
  onDone,
}: {
  id: number;
  request: Pick<ConsultationSummary, 'patient_name' | 'order_no' | 'order_status'> | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectConsultation();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const result = await reject.mutateAsync({ id, reason: values.reason.trim() });
      dialogToast.success(result.order_status === 'cancelled' ? '已拒绝，订单已取消并退款' : '已拒绝');
      onClose();
      onDone?.();
    } catch {
      // the failure's message (409: the request moved on) is shown by the http client
    }
  };

  return (
    <Modal
      open
      title={request ? `拒绝问诊需求 · ${request.patient_name}` : '拒绝问诊需求'}
      okText="确认拒绝"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      {request?.order_no && request.order_status === 'pending_review' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`拒绝后订单 ${request.order_no} 将被取消，款项原路退回，患者会收到通知。`}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        常用：
        {reasons.map((r) => (
          <Typography.Link key={r} style={{ marginInlineEnd: 8 }} onClick={() => form.setFieldsValue({ reason: r })}>
            {r}
          </Typography.Link>
        ))}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="consultation-reject" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label="拒绝原因"
          rules={[
            { required: true, whitespace: true, message: '请填写拒绝原因' },
            { max: CONSULTATION_REJECT_REASON_MAX, message: `拒绝原因最多 ${CONSULTATION_REJECT_REASON_MAX} 字` },
          ]}
        >
          <Input.TextArea
            rows={3}
            showCount
            maxLength={CONSULTATION_REJECT_REASON_MAX}
            placeholder="患者可见，请如实填写"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
