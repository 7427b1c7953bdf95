import { Button, Result } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSessionStore } from '../../../lib/session-store';
import { logout } from '../api/logout';
import { LOGIN_SUCCESS_PATH, loginTarget, PATIENT_HOME_PATH } from '../lib/login-target';
import { NO_CONSOLE_NOTE } from '../lib/no-console';

/**
 * /login/loginSuccess — where the public header's 进入控制台 leads an account without a console menu: a patient goes
 * on to the patient area, staff to their console. Only an account with roles but no menu (none today: every staff
 * role has one) stays and reads that it has no console. Without a session it is the sign-in page's business.
 */
export default function LoginSuccessPage() {
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => (s.isLoggedIn ? s.userInfo : null));
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  const [leaving, setLeaving] = useState(false);

  if (!userInfo) {
    // signing out from here clears the session too: let the 退出登录 handler take the user home, not to /login
    return leaving ? null : <Navigate to="/login" replace />;
  }
  const home = loginTarget(userInfo, pharmacyId, null);
  if (home !== LOGIN_SUCCESS_PATH) return <Navigate to={home} replace />;

  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="success"
        title="登录成功"
        subTitle={
          <>
            {`您已使用 ${userInfo.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')} 登录。`}
            {NO_CONSOLE_NOTE}
            <br />
            本后台仅供药店、医生、药师、客服及平台运营人员使用；如需开通后台权限，请联系您所在药店的管理员。
          </>
        }
        extra={[
          <Button key="home" onClick={() => navigate('/')}>
            返回首页
          </Button>,
          <Button key="patient" onClick={() => navigate(PATIENT_HOME_PATH)}>
            进入患者专区
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
