import {
  type ChatConversation,
  type ChatConversationListQuery,
  type ChatConversationStatus,
  type ChatListScope,
  canManageChatSettings,
  MAX_PAGE_SIZE,
} from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, notification } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatSocketState } from '../../../lib/chat-socket';
import { useSessionStore } from '../../../lib/session-store';
import { chatKeys, useCurrentPharmacyId } from '../api/chat-keys';
import { useTakeConversation } from '../api/conversation-actions';
import { useChatUnread } from '../api/get-chat-unread';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { useStaffChatSocket } from '../api/staff-chat-socket';
import { ChatPanel, type OpenThreadHandle } from '../components/chat-panel';
import { ConversationList } from '../components/conversation-list';
import { PatientInfoPanel } from '../components/patient-info-panel';
import { isNewer } from '../lib/conversation-list';
import { useChatRoomLive } from '../lib/use-chat-room-live';

function ConnectionHint({ state, everOpen }: { state: ChatSocketState; everOpen: boolean }) {
  if (state === 'open') return null;
  if (state === 'denied')
    return <Alert type="error" showIcon banner title="无法连接聊天服务：登录已失效或没有聊天室权限，请重新登录" />;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="status"
      title={everOpen ? '连接已断开，正在重连…' : '正在连接聊天服务…'}
    />
  );
}

/** The staff chat room (kept alive while hidden): chat list, chat panel, patient info. */
export default function ChatRoomPage() {
  const pharmacyId = useCurrentPharmacyId();
  const meId = useSessionStore((s) => s.userInfo?.id ?? null);
  const meName = useSessionStore((s) => s.userInfo?.name ?? '');
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canManage = canManageChatSettings(role);
  const queryClient = useQueryClient();

  const [scope, setScope] = useState<ChatListScope>('mine');
  const [status, setStatus] = useState<ChatConversationStatus>('open');
  const [keyword, setKeyword] = useState('');
  const query: ChatConversationListQuery = useMemo(
    () => ({ scope, status, keyword: keyword || undefined, page: 1, page_size: MAX_PAGE_SIZE }),
    [scope, status, keyword],
  );
  const list = useConversations(query);
  const counts = useChatUnread().data;

  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('id')) || null;
  const select = useCallback(
    (id: number | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('id', String(id));
          else next.delete('id');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const inList = list.data?.list.find((c) => c.id === selectedId) ?? null;
  // read on its own only when the loaded list page does not hold it (another tab, taken away, closed)
  const detail = useConversation(selectedId, !inList);
  // the list's copy or the detail, whichever is newer
  const conversation =
    inList && detail.data ? (isNewer(inList, detail.data) ? inList : detail.data) : (inList ?? detail.data ?? null);

  const { socket, state } = useStaffChatSocket();
  const [everOpen, setEverOpen] = useState(false);
  useEffect(() => {
    if (state === 'open') setEverOpen(true);
  }, [state]);

  const thread = useRef<OpenThreadHandle | null>(null);
  const [notify, notificationHolder] = notification.useNotification({ placement: 'bottomLeft', maxCount: 3 });
  const take = useTakeConversation();
  const onOffer = useCallback(
    (c: ChatConversation) => {
      const key = `chat-offer-${c.id}`;
      notify.info({
        key,
        title: '有新的咨询等待接入',
        description: `${c.patient_name}：${c.last_message_preview || '发起了咨询'}`,
        duration: 15,
        // over the chat list, not the composer
        style: { width: 276 },
        actions: (
          <Button
            type="primary"
            size="small"
            aria-label="接入"
            onClick={() => {
              take
                .mutateAsync(c.id)
                .then((taken) => {
                  notify.destroy(key);
                  setScope('mine');
                  setStatus('open');
                  select(taken.id);
                })
                .catch(() => notify.destroy(key));
            }}
          >
            接入
          </Button>
        ),
      });
    },
    [notify, take, select],
  );
  // an offer already taken (by anyone) or closed is no longer offered
  const onChange = useCallback(
    (c: ChatConversation) => {
      if (c.assignee_id !== null || c.status !== 'open') notify.destroy(`chat-offer-${c.id}`);
    },
    [notify],
  );
  useChatRoomLive(socket, pharmacyId, meId, thread, onOffer, onChange);

  // the pharmacy changed: nothing of the previous one stays selected
  const lastPharmacy = useRef(pharmacyId);
  useEffect(() => {
    if (lastPharmacy.current !== pharmacyId) {
      lastPharmacy.current = pharmacyId;
      select(null);
      void queryClient.invalidateQueries({ queryKey: chatKeys.pharmacy(pharmacyId) });
    }
  }, [pharmacyId, select, queryClient]);

  const meObj = useMemo(() => ({ id: meId, name: meName }), [meId, meName]);

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0 }}>
      {notificationHolder}
      <ConnectionHint state={state} everOpen={everOpen} />
      <div
        style={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: '300px minmax(0, 1fr) 300px',
          background: '#fff',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        <div style={{ borderRight: '1px solid #f0f0f0', minHeight: 0 }}>
          <ConversationList
            scope={scope}
            status={status}
            keyword={keyword}
            onScope={setScope}
            onStatus={setStatus}
            onKeyword={setKeyword}
            conversations={list.data?.list ?? []}
            total={list.data?.total ?? 0}
            loading={list.isLoading}
            selectedId={selectedId}
            onSelect={(c) => select(c.id)}
            counts={counts}
            meId={meId}
          />
        </div>
        <div style={{ minHeight: 0, minWidth: 0 }}>
          <ChatPanel
            conversation={conversation}
            socket={socket}
            me={meObj}
            canManage={canManage}
            counts={counts}
            threadHandle={thread}
          />
        </div>
        <div style={{ borderLeft: '1px solid #f0f0f0', minHeight: 0 }}>
          <PatientInfoPanel conversationId={conversation?.id ?? null} />
        </div>
      </div>
    </div>
  );
}
