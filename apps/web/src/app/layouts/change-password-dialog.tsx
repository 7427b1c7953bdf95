import { PASSWORD_MIN_LENGTH, passwordBodySchema } from '@pharmacy/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../lib/feedback';
import { callApi, isApiError } from '../../lib/http';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const newPasswordRule = {
  validator: async (_: unknown, value: string | undefined) => {
    if (!value) throw new Error('请输入新密码');
    const parsed = passwordBodySchema.shape.new_password.safeParse(value);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '新密码格式不正确');
  },
};

/** The user menu's 修改密码: the current password and a new one, checked by the shared password rule. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields();
    setSubmitting(true);
    setRefusal(null);
    try {
      await callApi('user.password', { old_password: values.old_password, new_password: values.new_password });
      toast.success('密码已修改');
      form.resetFields();
      onClose();
    } catch (error) {
      // 400111: the server leaves the wording to us (e.g. a wrong current password); other failures were toasted.
      if (isApiError(error) && error.code === 400111) setRefusal(error.msg || '当前密码不正确');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      okText="确认修改"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        setRefusal(null);
        onClose();
      }}
      destroyOnHidden
    >
      {refusal ? <Alert type="error" title={refusal} showIcon style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark autoComplete="off">
        <Form.Item label="当前密码" name="old_password" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="new_password"
          extra={`至少 ${PASSWORD_MIN_LENGTH} 位，需同时包含字母和数字`}
          rules={[{ required: true, message: '请输入新密码' }, newPasswordRule]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm_password"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value !== getFieldValue('new_password')) throw new Error('两次输入的新密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
