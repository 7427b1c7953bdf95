import '../components/chat-patient.css';
import { CustomerServiceOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@pharmacy/shared';
import { Badge, Button, Empty, Result, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { chatTime } from '../../../components/chat';
import { usePatientChatSocket } from '../api/chat-live';
import { useMyConversations } from '../api/chat-mine';
import { useOpenConversation } from '../api/chat-open';
import { ChatLinkHint, ChatStatusTag, PharmacyLogo } from '../components/chat-bits';
import { ChatPharmacyPicker } from '../components/chat-pharmacy-picker';

export const conversationPath = (id: number) => `/patient/chat/conversation?id=${id}`;

function ConversationRow({ c }: { c: ChatConversation }) {
  return (
    <Link
      to={conversationPath(c.id)}
      className="patient-chat-row"
      aria-label={`${c.pharmacy_name}${c.patient_unread ? `，${c.patient_unread} 条未读` : ''}`}
    >
      <Badge count={c.patient_unread} size="small" overflowCount={99}>
        <PharmacyLogo src={c.pharmacy_logo} />
      </Badge>
      <span className="patient-chat-row-body">
        <span className="patient-chat-row-line">
          <span className="patient-chat-row-name">{c.pharmacy_name}</span>
          <span className="patient-chat-time">{chatTime(c.last_message_at ?? c.created_at)}</span>
        </span>
        <span className="patient-chat-row-line">
          <span className="patient-chat-row-preview">{c.last_message_preview || '暂无消息'}</span>
          <ChatStatusTag status={c.status} />
        </span>
      </span>
    </Link>
  );
}

/** 在线咨询: my conversations with pharmacies (newest first, unread badges, live) and 咨询药店 to start one. */
export default function ChatListPage() {
  const navigate = useNavigate();
  const { state } = usePatientChatSocket();
  const mine = useMyConversations();
  const open = useOpenConversation();
  const [picking, setPicking] = useState(false);
  const list = mine.data ?? [];

  const start = (pharmacyId: number) =>
    open.mutate(pharmacyId, {
      onSuccess: (c) => {
        setPicking(false);
        navigate(conversationPath(c.id));
      },
    });

  return (
    <>
      <section className="patient-card patient-chat-start">
        <CustomerServiceOutlined aria-hidden="true" style={{ fontSize: 28, color: 'var(--patient-green)' }} />
        <div className="patient-chat-start-text">
          <strong>药师在线解答</strong>
          <div className="patient-muted">用药、订单、处方问题，直接问药店</div>
        </div>
        <Button type="primary" onClick={() => setPicking(true)}>
          咨询药店
        </Button>
      </section>
      <ChatLinkHint state={state} />
      {mine.isError ? (
        <Result status="error" title="咨询记录加载失败" extra={<Button onClick={() => mine.refetch()}>重试</Button>} />
      ) : mine.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : list.length ? (
        <nav className="patient-card" style={{ padding: 0 }} aria-label="我的咨询">
          {list.map((c) => (
            <ConversationRow key={c.id} c={c} />
          ))}
        </nav>
      ) : (
        <Empty description="还没有咨询记录，点击“咨询药店”向药师提问" style={{ marginTop: 48 }} />
      )}
      <ChatPharmacyPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={start}
        conversations={list}
        busyId={open.isPending ? (open.variables ?? null) : null}
      />
    </>
  );
}
