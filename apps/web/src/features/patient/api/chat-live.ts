import type { ChatConversation, ChatServerFrame } from '@pharmacy/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ChatSocket, useChatSocket } from '../../../lib/chat-socket';
import { useSessionStore } from '../../../lib/session-store';
import { chatKeys } from './chat-keys';
import { unreadTotal, upsertConversation, useMyConversations } from './chat-mine';

/**
 * Keeps my conversation list (the `mine` query) live from the socket: a message or conversation frame puts its
 * conversation in place (a new message moves it to the top, a read clears its badge), and every (re)connection reloads
 * the list, so whatever changed while the link was down is caught up. Installed once per socket and query client,
 * however many components use it (the tab bar's badge, the list page, the conversation page).
 */
const installed = new WeakMap<ChatSocket, Map<QueryClient, { users: number; off: () => void }>>();

function install(socket: ChatSocket, queryClient: QueryClient): () => void {
  let perClient = installed.get(socket);
  if (!perClient) {
    perClient = new Map();
    installed.set(socket, perClient);
  }
  const existing = perClient.get(queryClient);
  if (existing) {
    existing.users += 1;
  } else {
    const put = (conversation: ChatConversation) =>
      queryClient.setQueryData<ChatConversation[]>(chatKeys.mine(), (list) =>
        list ? upsertConversation(list, conversation) : list,
      );
    const offFrame = socket.onFrame((frame: ChatServerFrame) => {
      if (frame.t === 'message' || frame.t === 'conversation') {
        put(frame.conversation);
        // a conversation the list has not seen (opened from another device): read the list again
        if (!queryClient.getQueryData<ChatConversation[]>(chatKeys.mine())?.some((c) => c.id === frame.conversation.id))
          void queryClient.invalidateQueries({ queryKey: chatKeys.mine() });
      }
    });
    const offState = socket.onState((state) => {
      if (state === 'open') void queryClient.invalidateQueries({ queryKey: chatKeys.mine() });
    });
    perClient.set(queryClient, {
      users: 1,
      off: () => {
        offFrame();
        offState();
      },
    });
  }
  const map = perClient;
  return () => {
    const entry = map.get(queryClient);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users === 0) {
      entry.off();
      map.delete(queryClient);
    }
  };
}

/** The patient's chat socket (shared by the whole page), with the conversation list kept live from it. */
export function usePatientChatSocket() {
  const token = useSessionStore((s) => s.token);
  const live = useChatSocket(token ? { side: 'patient', token } : null);
  const queryClient = useQueryClient();
  const { socket } = live;
  useEffect(() => (socket ? install(socket, queryClient) : undefined), [socket, queryClient]);
  return live;
}

/** The 咨询 tab's badge: my unread staff messages, live. */
export function usePatientChatUnread(): number {
  const signedIn = useSessionStore((s) => !!s.token);
  usePatientChatSocket();
  const { data } = useMyConversations(signedIn);
  return unreadTotal(data);
}
