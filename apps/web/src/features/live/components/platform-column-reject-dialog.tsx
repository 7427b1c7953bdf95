import { type ColumnSubmission, liveMessages } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useRejectColumn } from '../api/platform-column-submissions';

const REASON_MAX = 500;

/** 驳回: the reason is required (the pharmacy reads it and may submit again). */
export function PlatformColumnRejectDialog({
  column,
  onClose,
}: {
  column: Pick<ColumnSubmission, 'id' | 'title' | 'pharmacy_name'>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectColumn();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await reject.mutateAsync({ id: column.id, reason: values.reason.trim() });
      dialogToast.success('已驳回');
      onClose();
    } catch (error) {
      if (isApiError(error) && error.httpCode === 400 && error.msg)
        form.setFields([{ name: 'reason', errors: [error.msg] }]);
    }
  };

  return (
    <Modal
      open
      title={`驳回专栏 · ${column.title}`}
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>药店：{column.pharmacy_name}</p>
      <Form form={form} layout="vertical" name="platform-column-reject" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: liveMessages.rejectReasonRequired },
            { max: REASON_MAX, message: `驳回原因最多 ${REASON_MAX} 字` },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REASON_MAX} placeholder="药店可见，请说明需要修改的地方" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
