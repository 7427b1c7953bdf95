import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SMS_MIN_INTERVAL_MS, type UserInfo } from '@pharmacy/shared';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { toast } from '../../../lib/feedback';
import { login } from '../api/login';
import { sendSmsCode } from '../api/send-sms-code';
import { loginRefusal } from '../lib/login-refusal';
import { CaptchaField, type CaptchaState } from './captcha-field';
import { phoneRules } from './phone-rules';

interface Values {
  phone: string;
  sms_code: string;
  captcha_code?: string;
}

/** Seconds before another code may be requested (spec: the 获取验证码 button counts down 60 s). */
export const SMS_RESEND_SECONDS = SMS_MIN_INTERVAL_MS / 1000;

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, setLeft] as const;
}

export function SmsLoginForm(props: {
  captcha: CaptchaState;
  onSignedIn: (token: string, userInfo: UserInfo) => Promise<void>;
}) {
  const { captcha } = props;
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [left, setLeft] = useCountdown();

  const captchaFields = () => {
    const code = form.getFieldValue('captcha_code') as string | undefined;
    return captcha.required && captcha.captcha
      ? { captcha_id: captcha.captcha.captcha_id, captcha_code: code?.trim() }
      : {};
  };

  const afterRefusal = (refusal: ReturnType<typeof loginRefusal>) => {
    setError(refusal.message);
    form.setFieldValue('captcha_code', '');
    if (refusal.captchaRequired) captcha.demand();
    else if (captcha.required) captcha.refresh();
  };

  const send = async () => {
    const fields = captcha.required ? ['phone', 'captcha_code'] : ['phone'];
    if (!(await validatedValues(form, fields))) return;
    setSending(true);
    setError(null);
    const result = await sendSmsCode({ phone: String(form.getFieldValue('phone')).trim(), ...captchaFields() });
    setSending(false);
    if (result.ok) {
      const data = result.data as { resend_in?: number } | null;
      setLeft(data?.resend_in && data.resend_in > 0 ? data.resend_in : SMS_RESEND_SECONDS);
      toast.success('验证码已发送');
      return;
    }
    afterRefusal(loginRefusal(result.error));
  };

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    setError(null);
    const result = await login({ phone: v.phone.trim(), sms_code: v.sms_code.trim(), ...captchaFields() });
    if (result.ok) {
      try {
        await props.onSignedIn(result.data.token, result.data.user_info);
      } finally {
        setSubmitting(false);
      }
      return;
    }
    setSubmitting(false);
    afterRefusal(loginRefusal(result.error));
  };

  return (
    <Form<Values> form={form} name="sms-login" layout="vertical" onFinish={onFinish} requiredMark={false}>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="phone" label="手机号" rules={phoneRules}>
        <Input
          prefix={<MobileOutlined />}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入手机号"
        />
      </Form.Item>
      <CaptchaField state={captcha} />
      <Form.Item label="短信验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="sms_code"
            noStyle
            rules={[
              { required: true, message: '请输入短信验证码' },
              { pattern: /^\d{6}$/, message: '验证码为 6 位数字' },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              placeholder="6 位数字"
              aria-label="短信验证码"
            />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={left > 0} style={{ minWidth: 120 }}>
            {left > 0 ? `${left} 秒后重试` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
