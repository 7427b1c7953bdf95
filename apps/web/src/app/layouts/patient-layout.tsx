import './dayjs-locale';
import './patient-layout.css';
import { FileTextOutlined, HomeOutlined, LeftOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { usePatientChatUnread } from '../../features/patient/api/chat-live';
import type { PatientOutletContext } from '../../features/patient/components/patient-outlet';
import { useRouteMeta } from '../route-meta';
import { beginSignOut } from '../sign-out';
import { useLayoutTransitionClass } from './layout-transition';

/** The bottom tab bar's pages; every other patient page shows a back arrow instead. */
export const patientTabs = [
  { to: '/patient', label: '首页', icon: <HomeOutlined /> },
  { to: '/patient/chat', label: '咨询', icon: <MessageOutlined /> },
  { to: '/patient/orders', label: '订单', icon: <FileTextOutlined /> },
  { to: '/patient/me', label: '我的', icon: <UserOutlined /> },
] as const;

const isTabPage = (pathname: string) => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return patientTabs.some((t) => t.to === path);
};

/**
 * The patient area: one phone-sized column (at most 480 px, centred on a desktop) with a title bar and, on the tab
 * pages, a bottom tab bar 首页 / 咨询 / 订单 / 我的. Pages add themselves to the route table with `layout: 'patient'`
 * and a path under /patient (open to every signed-in account); `parent` is where the back arrow goes without history.
 */
export function PatientLayout() {
  const transition = useLayoutTransitionClass();
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabPage = isTabPage(pathname);
  // the 咨询 tab's badge: unread pharmacy messages, live from the chat socket
  const chatUnread = usePatientChatUnread();

  const context: PatientOutletContext = {
    signOut: () => beginSignOut(() => navigate('/', { replace: true }), logout),
  };

  const back = () => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(meta?.parent ?? '/patient');
  };

  return (
    <div className={['patient-shell patient-theme', transition].filter(Boolean).join(' ')}>
      <div className={`patient-app${tabPage ? ' patient-app--tabs' : ''}`}>
        <header className="patient-topbar">
          {tabPage ? null : (
            <button type="button" className="patient-back" onClick={back} aria-label="返回">
              <LeftOutlined aria-hidden="true" />
            </button>
          )}
          <h1 className="patient-title">{meta?.title ?? '药房'}</h1>
        </header>
        <main id="main-content" className="patient-main">
          <Outlet context={context} />
        </main>
        {tabPage ? (
          <nav className="patient-tabbar" aria-label="患者专区导航">
            {patientTabs.map((t) => (
              <NavLink
                key={t.to}
                to={t.to}
                end
                className="patient-tab"
                aria-label={t.to === '/patient/chat' && chatUnread ? `${t.label}，${chatUnread} 条未读` : undefined}
              >
                <span className="patient-tab-icon" aria-hidden="true">
                  {t.to === '/patient/chat' ? (
                    <Badge count={chatUnread} size="small" overflowCount={99}>
                      <span style={{ fontSize: 20 }}>{t.icon}</span>
                    </Badge>
                  ) : (
                    t.icon
                  )}
                </span>
                <span>{t.label}</span>
              </NavLink>
            ))}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

export default PatientLayout;
