import './dayjs-locale';
import { BellOutlined, DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { canOpenPage, type MenuGroup, maskPhone, menuEntryFor, menuFor, operatorMessages } from '@pharmacy/shared';
import { Alert, Avatar, Badge, Breadcrumb, Button, Drawer, Dropdown, Grid, Layout, Menu, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { PharmacySwitcher } from '../../features/auth/components/pharmacy-switcher';
import { ChatHeaderBadge } from '../../features/chat/components/chat-badge';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { QualificationAlertBadge } from '../../features/pharmacy/components/aptitude-alert-badge';
import { useSessionStore } from '../../lib/session-store';
import { KeepAliveOutlet } from '../keep-alive-outlet';
import { breadcrumbFor } from '../routes';
import { beginSignOut } from '../sign-out';
import { useLayoutTransitionClass } from './layout-transition';

const { Sider, Header, Content } = Layout;

// Loaded on first use: the form and the shared password rule (zod) stay out of the layout's first load.
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The menu entry a path belongs to (the shared menuEntryFor, which the breadcrumb uses too). */
export function selectedMenuKey(groups: MenuGroup[], pathname: string): string | undefined {
  return menuEntryFor(groups, pathname)?.entry.path;
}

function UnreadBell() {
  const navigate = useNavigate();
  const { data } = useUnreadCount();
  const count = data?.count ?? 0;
  return (
    <Badge count={count} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        shape="circle"
        href="/message"
        aria-label={count > 0 ? `消息，${count} 条未读` : '消息'}
        icon={<BellOutlined style={{ fontSize: 18 }} />}
        onClick={(e) => {
          e.preventDefault();
          navigate('/message');
        }}
      />
    </Badge>
  );
}

function UserMenu() {
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const name = userInfo?.name || (userInfo ? maskPhone(userInfo.phone) : '');

  const signOut = () => beginSignOut(() => navigate('/', { replace: true }), logout);

  const items: MenuProps['items'] = [
    { key: 'password', label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', label: '退出登录', danger: true },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'password') setPasswordOpen(true);
            if (key === 'logout') signOut();
          },
        }}
      >
        <Button type="text" aria-label={`用户菜单：${name}`} style={{ height: 40 }}>
          <Avatar size="small" src={userInfo?.head_img_url || undefined} icon={<UserOutlined />} alt="" />
          <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {passwordOpen ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function PageBreadcrumb({ groups }: { groups: MenuGroup[] }) {
  const { pathname } = useLocation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  const crumbs = breadcrumbFor(pathname, {
    groups,
    canOpen: (path) => !!userInfo && canOpenPage(userInfo, pharmacyId, path),
  });
  if (crumbs.length === 0) return null;
  const items = crumbs.map((c) => ({
    title: c.link && c.path ? <Link to={c.path}>{c.title}</Link> : c.title,
  }));
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} />;
}

/** The brand and the role menu: in the sider on a wide screen, in a drawer on a narrow one. */
function MainMenu({ groups, onNavigate }: { groups: MenuGroup[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo<MenuProps['items']>(
    () =>
      groups.map((group) => ({
        type: 'group' as const,
        key: `group:${group.title}`,
        label: group.title,
        children: group.children.map((entry) => ({
          key: entry.path,
          label: <Link to={entry.path}>{entry.title}</Link>,
        })),
      })),
    [groups],
  );
  const selected = selectedMenuKey(groups, pathname);
  return (
    <>
      <Link to="/" className="console-brand" aria-label="药房平台首页" onClick={onNavigate}>
        <span className="console-brand-mark" aria-hidden="true">
          药
        </span>
        <span>药房平台</span>
      </Link>
      <nav aria-label="主菜单">
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          // The sider collapses to nothing, never to icons, so the collapsed-item tooltips would never show.
          tooltip={false}
          style={{ borderInlineEnd: 'none' }}
          onClick={({ key, domEvent }) => {
            onNavigate?.();
            // A click on the link itself is handled by <Link>; a click elsewhere on the row navigates too.
            if ((domEvent.target as HTMLElement).closest('a')) return;
            navigate(key);
          }}
        />
      </nav>
    </>
  );
}

const notActiveTitles = {
  pending: operatorMessages.pharmacyPending,
  rejected: operatorMessages.pharmacyRejected,
  suspended: operatorMessages.pharmacySuspended,
} as const;

/**
 * The current pharmacy is pending, rejected or suspended (issue 17): its staff may sign in and choose it, but every
 * pharmacy page is refused by the server; this says why, with the operator's reason.
 */
function PharmacyStatusBanner() {
  const current = useSessionStore((s) => s.currentPharmacy);
  if (!current?.status || current.status === 'active') return null;
  const reason = current.status_reason?.trim();
  return (
    <Alert
      type={current.status === 'pending' ? 'info' : 'error'}
      showIcon
      role="alert"
      title={`${current.name}：${notActiveTitles[current.status]}`}
      description={reason ? `原因：${reason}` : current.status === 'pending' ? undefined : '如有疑问请联系平台运营'}
      style={{ marginBottom: 16 }}
    />
  );
}

const MENU_WIDTH = 220;

/**
 * The back-office layout: role menu in the sider, pharmacy switcher, unread bell and user menu in the header.
 * Below antd's lg breakpoint (992 px) the menu is a drawer over the page instead, closed after every navigation,
 * so the page keeps the whole width of a phone.
 */
export function StaffLayout() {
  const { pathname } = useLocation();
  const userInfo = useSessionStore((s) => s.userInfo);
  const currentPharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const transition = useLayoutTransitionClass();
  // Unknown until the first measurement (an effect before paint): taken as wide.
  const narrow = Grid.useBreakpoint().lg === false;

  // Any navigation (menu, breadcrumb, bell, back button) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a path change by design
  useEffect(() => setDrawerOpen(false), [pathname]);

  const groups = useMemo(() => (userInfo ? menuFor(userInfo, currentPharmacyId) : []), [userInfo, currentPharmacyId]);
  const menuShown = narrow ? drawerOpen : !collapsed;

  return (
    <Layout className={transition} style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        跳到主要内容
      </a>
      {narrow ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={MENU_WIDTH}
          closable={false}
          title={null}
          aria-label="菜单"
          styles={{ body: { padding: 0 } }}
        >
          <MainMenu groups={groups} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Sider
          theme="light"
          width={MENU_WIDTH}
          collapsedWidth={0}
          collapsed={collapsed}
          trigger={null}
          style={{
            borderRight: '1px solid rgba(5, 5, 5, 0.06)',
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
          }}
        >
          <MainMenu groups={groups} />
        </Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: narrow ? 4 : 12,
            paddingInline: narrow ? 8 : 16,
            background: '#fff',
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
          }}
        >
          <Button
            type="text"
            aria-label={menuShown ? '收起菜单' : '展开菜单'}
            aria-expanded={menuShown}
            icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
          />
          <div style={{ flex: 1 }} />
          {/* A long pharmacy name gives way on a narrow header instead of wrapping out of it. */}
          <div style={{ minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}>
            <PharmacySwitcher />
          </div>
          <QualificationAlertBadge />
          <ChatHeaderBadge />
          <UnreadBell />
          <UserMenu />
        </Header>
        <Content id="main-content" tabIndex={-1} style={{ padding: narrow ? 12 : 24, outline: 'none', minWidth: 0 }}>
          <PharmacyStatusBanner />
          <PageBreadcrumb groups={groups} />
          <KeepAliveOutlet />
        </Content>
      </Layout>
    </Layout>
  );
}

export default StaffLayout;
