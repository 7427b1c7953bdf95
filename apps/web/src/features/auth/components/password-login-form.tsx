import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import type { UserInfo } from '@pharmacy/shared';
import { Alert, Button, Form } from 'antd';
// The Input and Password modules alone: antd's Input index also bundles TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { login } from '../api/login';
import { loginRefusal } from '../lib/login-refusal';
import { CaptchaField, type CaptchaState } from './captcha-field';
import { phoneRules } from './phone-rules';

interface Values {
  phone: string;
  password: string;
  captcha_code?: string;
}

export function PasswordLoginForm(props: {
  captcha: CaptchaState;
  onSignedIn: (token: string, userInfo: UserInfo) => Promise<void>;
}) {
  const { captcha } = props;
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    setError(null);
    const result = await login({
      phone: v.phone.trim(),
      password: v.password,
      ...(captcha.required && captcha.captcha
        ? { captcha_id: captcha.captcha.captcha_id, captcha_code: v.captcha_code?.trim() }
        : {}),
    });
    if (result.ok) {
      try {
        await props.onSignedIn(result.data.token, result.data.user_info);
      } finally {
        setSubmitting(false);
      }
      return;
    }
    setSubmitting(false);
    const refusal = loginRefusal(result.error);
    setError(refusal.message);
    form.setFieldValue('captcha_code', '');
    if (refusal.captchaRequired) captcha.demand();
    else if (captcha.required) captcha.refresh();
  };

  return (
    <Form<Values> form={form} name="password-login" layout="vertical" onFinish={onFinish} requiredMark={false}>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="phone" label="手机号" rules={phoneRules}>
        <Input
          prefix={<MobileOutlined />}
          autoComplete="username"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入手机号"
        />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="请输入密码" />
      </Form.Item>
      <CaptchaField state={captcha} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
