import { Card, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useCaptcha } from '../components/captcha-field';
import { PasswordLoginForm } from '../components/password-login-form';
import { PharmacyPickerDialog } from '../components/pharmacy-picker-dialog';
import { QrLoginPanel } from '../components/qr-login-panel';
import { SmsLoginForm } from '../components/sms-login-form';
import { useCompleteLogin } from '../lib/use-complete-login';

/** /login — password, SMS-code and QR-code sign-in; `?redirect=` names the page to return to. */
export default function LoginPage() {
  const [tab, setTab] = useState('password');
  const captcha = useCaptcha();
  const { complete, picking, pick } = useCompleteLogin();

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f5ff 50%, #f6ffed 100%)',
      }}
    >
      <Card style={{ width: 420, maxWidth: '100%' }} styles={{ body: { padding: '32px 32px 16px' } }}>
        <Flex vertical align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            药房平台运营后台
          </Typography.Title>
          <Typography.Text type="secondary">药店、医生、药师与运营人员登录</Typography.Text>
        </Flex>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          items={[
            {
              key: 'password',
              label: '密码登录',
              children: <PasswordLoginForm captcha={captcha} onSignedIn={complete} />,
            },
            { key: 'sms', label: '验证码登录', children: <SmsLoginForm captcha={captcha} onSignedIn={complete} /> },
            { key: 'qr', label: '扫码登录', children: <QrLoginPanel active={tab === 'qr'} onSignedIn={complete} /> },
          ]}
        />
      </Card>
      <PharmacyPickerDialog pharmacies={picking} onPick={pick} />
    </main>
  );
}
