import { SHARE_REASON_MAX, type Share, shareMessages } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { showServerFieldError } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useRejectShare } from '../api/share-review';

/** 驳回: the reason is required; the sharer reads it in their messages and may edit and resubmit. */
export function ShareRejectDialog({
  share,
  onClose,
}: {
  share: Pick<Share, 'id' | 'title' | 'sharer_name'>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectShare();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await reject.mutateAsync({ id: share.id, reason: values.reason.trim() });
      dialogToast.success('已驳回');
      onClose();
    } catch (error) {
      // 409: decided meanwhile (the HTTP layer said so); the list refreshes
      if (!showServerFieldError(form, error, ['reason'])) onClose();
    }
  };

  return (
    <Modal
      open
      title={`驳回分享 · ${share.title}`}
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>分享人：{share.sharer_name}</p>
      <Form form={form} layout="vertical" name="share-reject" onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: shareMessages.reasonRequired },
            { max: SHARE_REASON_MAX, message: shareMessages.reasonTooLong },
          ]}
        >
          <Input.TextArea
            rows={4}
            showCount
            maxLength={SHARE_REASON_MAX}
            placeholder="分享人可见，请说明需要修改的地方"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
