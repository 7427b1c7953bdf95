import './dayjs-locale';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { Link, NavLink } from 'react-router';
import { ChatTabBadge } from '../../features/chat/components/chat-badge';
import { useSessionStore } from '../../lib/session-store';
import { consoleHomePath } from '../console-home';
import { KeepAliveOutlet } from '../keep-alive-outlet';
import { useLayoutTransitionClass } from './layout-transition';

const HEADER_HEIGHT = 48;

const tabs = [
  { to: '/chatRoom', label: '聊天' },
  { to: '/chatRoom/chatHistory', label: '聊天记录' },
  { to: '/chatRoom/settings', label: '聊天设置' },
];

/** The chat room's full-height layout: a minimal header, the rest of the screen for the conversation. */
export function ChatroomLayout() {
  const transition = useLayoutTransitionClass();
  const home = useSessionStore((s) => consoleHomePath(s.userInfo, s.currentPharmacy?.id ?? null));
  return (
    <Layout className={transition} style={{ height: '100vh', overflow: 'hidden' }}>
      <Layout.Header
        style={{
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          gap: 24,
          paddingInline: 16,
          background: '#fff',
          borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        }}
      >
        <Link to={home} className="chatroom-back">
          <ArrowLeftOutlined aria-hidden="true" /> 返回控制台
        </Link>
        <strong>聊天室</strong>
        <nav aria-label="聊天室导航" className="chatroom-tabs">
          {tabs.map((t) => (
            <NavLink key={t.to} to={t.to} end>
              {t.to === '/chatRoom' ? <ChatTabBadge>{t.label}</ChatTabBadge> : t.label}
            </NavLink>
          ))}
        </nav>
      </Layout.Header>
      <Layout.Content
        id="main-content"
        style={{ height: `calc(100vh - ${HEADER_HEIGHT}px)`, overflow: 'auto', padding: 16, boxSizing: 'border-box' }}
      >
        <KeepAliveOutlet />
      </Layout.Content>
    </Layout>
  );
}

export default ChatroomLayout;
