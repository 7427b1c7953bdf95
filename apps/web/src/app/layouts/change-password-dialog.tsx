import { authContracts, PASSWORD_MIN_LENGTH } from '@pharmacy/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../components/form-validation';
import { toast } from '../../lib/feedback';
import { callApi, isApiError } from '../../lib/http';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

// The shared passwordBodySchema's rule, restated as form rules: importing the schema would bring zod into the chunk
// the login page shares with this dialog. The server checks the same schema and names the field when it refuses.
const newPasswordRules = [
  { required: true, message: '请输入新密码' },
  { min: PASSWORD_MIN_LENGTH, message: `新密码至少 ${PASSWORD_MIN_LENGTH} 位` },
  { max: 64, message: '新密码最多 64 位' },
  { pattern: /^(?=.*[A-Za-z])(?=.*\d).+$/, message: '新密码需同时包含字母和数字' },
];

/** The user menu's 修改密码: the current password and a new one. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      await callApi(authContracts.password, { old_password: values.old_password, new_password: values.new_password });
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
      onOk={() => void submit()}
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
          rules={newPasswordRules}
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
