import { Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../../lib/session-store';
import { logout } from '../api/logout';

/** /login/loginSuccess — where an account without a console menu (e.g. a patient) lands after signing in. */
export default function LoginSuccessPage() {
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const [leaving, setLeaving] = useState(false);

  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="success"
        title="登录成功"
        subTitle={
          <>
            {userInfo ? `您已使用 ${userInfo.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')} 登录。` : null}
            本后台仅供药店、医生、药师、客服及平台运营人员使用，您的账号暂无可用的后台功能。
            <br />
            如需购药或问诊，请使用手机端；如需开通后台权限，请联系您所在药店的管理员。
          </>
        }
        extra={[
          <Button key="home" onClick={() => navigate('/')}>
            返回首页
          </Button>,
          <Button
            key="logout"
            type="primary"
            loading={leaving}
            onClick={async () => {
              setLeaving(true);
              await logout();
              await navigate('/', { replace: true });
            }}
          >
            退出登录
          </Button>,
        ]}
      />
    </main>
  );
}
