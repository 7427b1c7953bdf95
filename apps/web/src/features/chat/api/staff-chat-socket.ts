import { type ChatServerFrame, canOpenPage, chatStaffRoles } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ChatSocket, useChatSocket } from '../../../lib/chat-socket';
import { useSessionStore } from '../../../lib/session-store';
import { chatKeys } from './chat-keys';

/** Whether the signed-in user works in the current pharmacy's chat room (the route rules and a chat role there). */
export function useCanUseChat(): boolean {
  return useSessionStore((s) => {
    const pharmacy = s.currentPharmacy;
    if (!s.userInfo || !pharmacy) return false;
    if (!canOpenPage(s.userInfo, pharmacy.id, '/chatRoom')) return false;
    return (chatStaffRoles as readonly string[]).includes(pharmacy.role);
  });
}

/** The staff side's socket for the current pharmacy (shared by the badge and the chat room; null when not allowed). */
export function useStaffChatSocket() {
  const token = useSessionStore((s) => s.token);
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  const allowed = useCanUseChat();
  return useChatSocket(allowed && token && pharmacyId ? { side: 'staff', token, pharmacyId } : null);
}

/** How long frames are gathered before the counters are read again. */
export const UNREAD_DEBOUNCE_MS = 400;

/**
 * Reads the chat counters again after socket frames (debounced: a burst of messages costs one request) and after
 * every (re)connection.
 */
export function useUnreadFromSocket(socket: ChatSocket | null, pharmacyId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || pharmacyId === null) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread(pharmacyId) });
      }, UNREAD_DEBOUNCE_MS);
    };
    const offFrame = socket.onFrame((frame: ChatServerFrame) => {
      if (frame.t === 'message' || frame.t === 'conversation' || frame.t === 'offer') refresh();
    });
    const offState = socket.onState((state) => {
      if (state === 'open') refresh();
    });
    return () => {
      offFrame();
      offState();
      if (timer) clearTimeout(timer);
    };
  }, [socket, pharmacyId, queryClient]);
}
