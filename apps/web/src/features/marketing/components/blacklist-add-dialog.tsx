import { BLACK_USER_REASON_MAX, type BlackUserBody, blackUserBodySchema } from '@pharmacy/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useAddBlackUser } from '../api/blacklist-save';

/** 添加黑名单: a phone (linked to the account that has it) and the reason. */
export function BlacklistAddDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<BlackUserBody>();
  const add = useAddBlackUser();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({ phone: values.phone.trim(), reason: values.reason.trim() });
      dialogToast.success('已加入黑名单');
      onClose();
    } catch (error) {
      // 409 该手机号已在黑名单中: on the phone field
      if (isApiError(error) && error.httpCode === 409) form.setFields([{ name: 'phone', errors: [error.msg] }]);
      else showServerFieldError(form, error, ['phone', 'reason']);
    }
  };

  return (
    <Modal
      open
      title="添加黑名单"
      okText="加入黑名单"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={add.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="加入黑名单后，该用户将无法在本店下单、发起或继续咨询、报名直播课程。"
      />
      <Form<BlackUserBody>
        form={form}
        layout="vertical"
        initialValues={{ phone: '', reason: '' }}
        onFinish={() => void submit()}
      >
        <Form.Item name="phone" label="手机号" required rules={[zodRule(blackUserBodySchema.shape.phone)]}>
          <Input maxLength={11} inputMode="numeric" placeholder="请输入 11 位手机号" autoComplete="off" />
        </Form.Item>
        <Form.Item name="reason" label="拉黑原因" required rules={[zodRule(blackUserBodySchema.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={BLACK_USER_REASON_MAX} showCount placeholder="例如：多次下单后恶意拒收" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
