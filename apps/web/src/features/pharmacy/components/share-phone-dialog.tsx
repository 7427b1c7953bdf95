import { recipientPhoneSchema, type Share } from '@pharmacy/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useChangeSharePhone } from '../api/share-save';

/** 改手机号: a new recipient; the share goes back to review (and the old link stops opening for the old number). */
export function SharePhoneDialog({
  share,
  onClose,
}: {
  share: Pick<Share, 'id' | 'title' | 'recipient_phone' | 'status'>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ recipient_phone: string }>();
  const change = useChangeSharePhone();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await change.mutateAsync({ id: share.id, recipient_phone: values.recipient_phone.trim() });
      dialogToast.success('手机号已修改，等待经理审核');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['recipient_phone']);
    }
  };

  return (
    <Modal
      open
      title={`修改被分享人手机号 · ${share.title}`}
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        当前被分享人：{share.recipient_phone}
        {share.status === 'approved'
          ? '。修改后分享需重新审核，审核通过前链接无法打开。'
          : '。修改后分享将重新提交审核。'}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="share-phone" onFinish={() => void submit()}>
        <Form.Item name="recipient_phone" label="新手机号" required rules={[zodRule(recipientPhoneSchema)]}>
          <Input maxLength={11} inputMode="numeric" placeholder="11 位手机号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
