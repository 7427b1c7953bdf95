import './dayjs-locale';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout } from 'antd';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import { consoleHomePath } from '../console-home';
import { useRouteMeta } from '../route-meta';
import { findRoute } from '../routes';
import { useLayoutTransitionClass } from './layout-transition';

const navLinks = [
  { to: '/medicine/list', label: '药品' },
  { to: '/pharmacy/list', label: '药店' },
  { to: '/website/contact', label: '联系我们' },
];

function PublicHeader() {
  const loggedIn = useSessionStore((s) => s.isLoggedIn && !!s.userInfo);
  const home = useSessionStore((s) => consoleHomePath(s.userInfo, s.currentPharmacy?.id ?? null));
  return (
    <Layout.Header className="public-header">
      <Link to="/" className="console-brand" aria-label="药房平台首页">
        <span className="console-brand-mark" aria-hidden="true">
          药
        </span>
        <span>药房平台</span>
      </Link>
      <nav aria-label="网站导航" className="public-nav">
        {navLinks.map((l) => (
          <NavLink key={l.to} to={l.to}>
            {l.label}
          </NavLink>
        ))}
      </nav>
      <div style={{ flex: 1 }} />
      {loggedIn ? (
        <Link to={home} className="public-cta">
          进入控制台
        </Link>
      ) : (
        <Link to="/login" className="public-cta">
          登录
        </Link>
      )}
    </Layout.Header>
  );
}

function PageNavigator({ title, parent }: { title: string; parent?: string }) {
  const navigate = useNavigate();
  return (
    <div className="page-navigator">
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        onClick={() => {
          // Back within the app when there is history to go back to, otherwise one level up.
          if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
          else navigate(parent ?? '/');
        }}
      >
        返回
      </Button>
      <span className="page-navigator-title">{title}</span>
    </div>
  );
}

/** Public pages: site header, optional breadcrumb or back navigator (route metadata), footer. */
export function DefaultLayout() {
  const meta = useRouteMeta();
  const transition = useLayoutTransitionClass();
  const parent = meta?.parent ? findRoute(meta.parent) : undefined;

  return (
    <Layout className={transition} style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <a className="skip-link" href="#main-content">
        跳到主要内容
      </a>
      <PublicHeader />
      <Layout.Content id="main-content" tabIndex={-1} className="public-content">
        {meta?.breadcrumb ? (
          <Breadcrumb
            style={{ marginBottom: 16 }}
            items={[
              { title: <Link to="/">首页</Link> },
              ...(parent ? [{ title: <Link to={parent.path}>{parent.title}</Link> }] : []),
              { title: meta.title },
            ]}
          />
        ) : null}
        {meta?.navigator ? <PageNavigator title={meta.title} parent={meta.parent} /> : null}
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="public-footer">
        <nav aria-label="页脚导航" className="public-footer-links">
          <Link to="/website/services">服务介绍</Link>
          <Link to="/website/certificate">资质证书</Link>
          <Link to="/website/contact">联系我们</Link>
        </nav>
        <div>© 药房平台</div>
      </Layout.Footer>
    </Layout>
  );
}

export default DefaultLayout;
