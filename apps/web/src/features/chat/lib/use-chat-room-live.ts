import type { ChatConversation, ChatConversationListQuery, ChatServerFrame, PageResult } from '@pharmacy/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type MutableRefObject, useEffect, useRef } from 'react';
import type { ChatSocket } from '../../../lib/chat-socket';
import { chatKeys } from '../api/chat-keys';
import { syncChat } from '../api/chat-sync';
import type { OpenThreadHandle } from '../components/chat-panel';
import { applyConversation, isNewer } from './conversation-list';

/** Puts a changed conversation in every loaded list page and the cached detail. */
export function putConversation(
  queryClient: QueryClient,
  pharmacyId: number,
  meId: number | null,
  c: ChatConversation,
) {
  for (const [key, data] of queryClient.getQueriesData<PageResult<ChatConversation>>({
    queryKey: chatKeys.lists(pharmacyId),
  })) {
    if (!data) continue;
    const query = key[3] as ChatConversationListQuery;
    const next = applyConversation(data, c, query, meId);
    if (next !== data) queryClient.setQueryData(key, next);
  }
  const detailKey = chatKeys.detail(pharmacyId, c.id);
  const old = queryClient.getQueryData<ChatConversation>(detailKey);
  if (!old || isNewer(c, old)) queryClient.setQueryData(detailKey, c);
}

/**
 * Keeps the lists live: frames put conversations in place; after every (re)connection (and when the kept page shows
 * again on an open socket) chat.sync asks for what was missed: messages after the seqs the page knows, conversations
 * changed since the last sync's server time.
 */
export function useChatRoomLive(
  socket: ChatSocket | null,
  pharmacyId: number | null,
  meId: number | null,
  thread: MutableRefObject<OpenThreadHandle | null>,
  onOffer: (c: ChatConversation) => void,
  onChange: (c: ChatConversation) => void,
) {
  const queryClient = useQueryClient();
  const since = useRef<string | null>(null);
  const offerRef = useRef(onOffer);
  offerRef.current = onOffer;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another pharmacy starts its syncs afresh
  useEffect(() => {
    since.current = null;
  }, [pharmacyId]);

  useEffect(() => {
    if (!socket || pharmacyId === null) return;
    let running = false;
    const sync = async () => {
      if (running) return;
      running = true;
      try {
        const known = new Map<number, number>();
        for (const [, data] of queryClient.getQueriesData<PageResult<ChatConversation>>({
          queryKey: chatKeys.lists(pharmacyId),
        })) {
          for (const c of data?.list ?? []) known.set(c.id, Math.max(known.get(c.id) ?? 0, c.last_seq));
        }
        const open = thread.current;
        if (open?.id) known.set(open.id, open.lastSeq);
        const result = await syncChat({
          known: [...known].slice(0, 200).map(([id, seq]) => ({ id, seq })),
          since: since.current,
        });
        since.current = result.server_time;
        for (const c of result.conversations) putConversation(queryClient, pharmacyId, meId, c);
        if (thread.current?.id) thread.current.apply(result.messages);
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread(pharmacyId) });
      } catch {
        // the next (re)connection tries again
      } finally {
        running = false;
      }
    };
    const offFrame = socket.onFrame((frame: ChatServerFrame) => {
      if (frame.t === 'message' || frame.t === 'conversation') {
        putConversation(queryClient, pharmacyId, meId, frame.conversation);
        changeRef.current(frame.conversation);
      } else if (frame.t === 'offer') {
        putConversation(queryClient, pharmacyId, meId, frame.conversation);
        offerRef.current(frame.conversation);
      }
    });
    const offState = socket.onState((state) => {
      if (state === 'open') void sync();
    });
    // shown again (a kept page) on a socket that stayed open meanwhile: catch up now
    if (socket.state === 'open') void sync();
    return () => {
      offFrame();
      offState();
    };
  }, [socket, pharmacyId, meId, queryClient, thread]);
}
