import {
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  type ChatConversation,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatMessagesResult,
  type ChatServerFrame,
  type SendChatMessageBody,
} from '@pharmacy/shared';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ChatSocket } from './chat-socket';

/**
 * One conversation's thread, for either side (docs/chat.md "Delivery"): the messages ordered by seq without
 * duplicates, the sends in flight (client ids, sending / failed, retry with the same id so a resend is a no-op on the
 * server), older pages, catching up after every (re)connection, the other side's typing and read seq. The caller
 * passes its side's API calls; the socket is the shared one (lib/chat-socket).
 */

/** How long the other side's "typing" shows after its last typing frame. */
export const CHAT_TYPING_SHOW_MS = 4000;

export type ChatSendState = 'sending' | 'sent' | 'failed';
export type ChatSide = 'staff' | 'patient';

/** What a sender posts, without the client id (the thread chooses it). */
export type ChatDraft = SendChatMessageBody extends infer B
  ? B extends unknown
    ? Omit<B, 'client_id'>
    : never
  : never;

/** How a pending message looks before the server answers (an image's local preview, a product's card…). */
export type ChatDraftPreview = Partial<Pick<ChatMessage, 'body' | 'image' | 'product' | 'order'>>;

export interface ChatPending {
  client_id: string;
  body: SendChatMessageBody;
  state: 'sending' | 'failed';
  /** Shown in the bubble until the stored message comes back. */
  message: ChatMessage;
  error?: string;
}

/** One row of the thread: a stored message (sent) or a pending one. `key` stays the same when a pending one lands. */
export interface ChatThreadEntry {
  key: string;
  message: ChatMessage;
  state: ChatSendState;
  error?: string;
}

export interface ChatThreadState {
  conversationId: number | null;
  /** Stored messages, ascending by seq, one per seq. */
  messages: ChatMessage[];
  pending: ChatPending[];
  loaded: boolean;
  loading: boolean;
  loadingOlder: boolean;
  hasMore: boolean;
  error: string | null;
  /** The other side's read seq (my messages with seq ≤ it are read). */
  otherReadSeq: number;
  typing: { name: string; until: number } | null;
}

export const emptyThreadState = (conversationId: number | null): ChatThreadState => ({
  conversationId,
  messages: [],
  pending: [],
  loaded: false,
  loading: conversationId !== null,
  loadingOlder: false,
  hasMore: false,
  error: null,
  otherReadSeq: 0,
  typing: null,
});

/**
 * Merges stored messages into a seq-ordered list: one message per seq (and per client id), the incoming copy wins
 * (same content; the newest state of the row). Unchanged input gives the same array back.
 */
export function mergeMessages(list: ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return list;
  const bySeq = new Map<number, ChatMessage>();
  for (const m of list) bySeq.set(m.seq, m);
  let changed = false;
  for (const m of incoming) {
    const had = bySeq.get(m.seq);
    if (had && had.id === m.id && had.client_id === m.client_id) continue;
    bySeq.set(m.seq, m);
    changed = true;
  }
  if (!changed) return list;
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  // a client id appears once (a message cannot be stored twice, but guard against a seq mismatch in a stale copy)
  const seen = new Set<string>();
  return merged.filter((m) => {
    if (!m.client_id) return true;
    const key = `${m.sender_side}:${m.sender_id ?? 0}:${m.client_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Drops the pending sends whose stored message is in the list. */
function settlePending(pending: ChatPending[], messages: ChatMessage[]): ChatPending[] {
  if (pending.length === 0) return pending;
  const stored = new Set(messages.map((m) => m.client_id).filter((c): c is string => !!c));
  const rest = pending.filter((p) => !stored.has(p.client_id));
  return rest.length === pending.length ? pending : rest;
}

export type ChatThreadAction =
  | { type: 'reset'; conversationId: number | null }
  | { type: 'loaded'; conversationId: number; result: ChatMessagesResult }
  | { type: 'loadFailed'; conversationId: number; error: string }
  | { type: 'olderStart' }
  | { type: 'older'; conversationId: number; result: ChatMessagesResult }
  | { type: 'olderFailed' }
  | { type: 'messages'; conversationId: number; messages: ChatMessage[] }
  | { type: 'conversation'; conversation: ChatConversation; side: ChatSide }
  | { type: 'enqueue'; pending: ChatPending }
  | { type: 'sending'; clientId: string }
  | { type: 'sent'; clientId: string; message: ChatMessage }
  | { type: 'failed'; clientId: string; error: string }
  | { type: 'discard'; clientId: string }
  | { type: 'typing'; name: string; until: number }
  | { type: 'typingOver'; now: number };

const otherReadSeqOf = (c: ChatConversation, side: ChatSide) =>
  side === 'staff' ? c.patient_read_seq : c.staff_read_seq;

export function chatThreadReducer(state: ChatThreadState, action: ChatThreadAction): ChatThreadState {
  switch (action.type) {
    case 'reset':
      return emptyThreadState(action.conversationId);
    case 'loaded': {
      if (action.conversationId !== state.conversationId) return state;
      const messages = mergeMessages(state.messages, action.result.list);
      return {
        ...state,
        messages,
        pending: settlePending(state.pending, messages),
        loaded: true,
        loading: false,
        error: null,
        // the first page tells whether older ones exist; a later reload keeps what scrolling found
        hasMore: state.loaded ? state.hasMore : action.result.has_more,
      };
    }
    case 'loadFailed':
      if (action.conversationId !== state.conversationId) return state;
      return { ...state, loading: false, error: action.error };
    case 'olderStart':
      return { ...state, loadingOlder: true };
    case 'older': {
      if (action.conversationId !== state.conversationId) return state;
      const messages = mergeMessages(state.messages, action.result.list);
      return { ...state, messages, loadingOlder: false, hasMore: action.result.has_more };
    }
    case 'olderFailed':
      return { ...state, loadingOlder: false };
    case 'messages': {
      if (action.conversationId !== state.conversationId) return state;
      const messages = mergeMessages(state.messages, action.messages);
      if (messages === state.messages) return state;
      const pending = settlePending(state.pending, messages);
      return { ...state, messages, pending };
    }
    case 'conversation': {
      if (action.conversation.id !== state.conversationId) return state;
      const seq = Math.max(state.otherReadSeq, otherReadSeqOf(action.conversation, action.side));
      return seq === state.otherReadSeq ? state : { ...state, otherReadSeq: seq };
    }
    case 'enqueue':
      return { ...state, pending: [...state.pending, action.pending] };
    case 'sending':
    case 'failed': {
      const state2 = action.type === 'sending' ? 'sending' : 'failed';
      const error = action.type === 'failed' ? action.error : undefined;
      return {
        ...state,
        pending: state.pending.map((p) => (p.client_id === action.clientId ? { ...p, state: state2, error } : p)),
      };
    }
    case 'sent': {
      const pending = state.pending.filter((p) => p.client_id !== action.clientId);
      if (action.message.conversation_id !== state.conversationId) return { ...state, pending };
      const messages = mergeMessages(state.messages, [action.message]);
      return { ...state, messages, pending: settlePending(pending, messages) };
    }
    case 'discard':
      return { ...state, pending: state.pending.filter((p) => p.client_id !== action.clientId) };
    case 'typing':
      return { ...state, typing: { name: action.name, until: action.until } };
    case 'typingOver':
      return state.typing && state.typing.until <= action.now ? { ...state, typing: null } : state;
  }
}

/** The rows to show: the stored messages by seq, then the pending ones in the order they were written. */
export function threadEntries(state: ChatThreadState): ChatThreadEntry[] {
  const entries: ChatThreadEntry[] = state.messages.map((m) => ({
    key: m.client_id ? `c:${m.client_id}` : `s:${m.seq}`,
    message: m,
    state: 'sent',
  }));
  for (const p of state.pending) {
    entries.push({ key: `c:${p.client_id}`, message: p.message, state: p.state, error: p.error });
  }
  return entries;
}

export const newClientId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export interface ChatThreadApi {
  loadMessages: (query: ChatMessagesQuery) => Promise<ChatMessagesResult>;
  send: (body: SendChatMessageBody) => Promise<ChatMessage>;
  read?: (seq: number) => Promise<unknown>;
}

export interface UseChatThreadOptions {
  /** The conversation (null: nothing open). */
  conversationId: number | null;
  /** Which side this client is: decides whose typing and read seq are "the other side's". */
  side: ChatSide;
  api: ChatThreadApi;
  socket: ChatSocket | null;
  /** Me, for the pending bubbles. */
  me: { id: number | null; name: string };
  /** The conversation as the list knows it: seeds the other side's read seq. */
  conversation?: ChatConversation | null;
  /**
   * Whether the thread is on screen: read marks are sent only then (and while the tab is visible). Default true.
   */
  active?: boolean;
  /** Called with each stored answer of a send (the patient side moves to a new conversation when it differs). */
  onSent?: (message: ChatMessage) => void;
  /** Tells why a send failed (e.g. a toast); the bubble shows 发送失败 anyway. */
  errorText?: (error: unknown) => string;
}

const defaultErrorText = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : '发送失败';

export interface ChatThread {
  state: ChatThreadState;
  entries: ChatThreadEntry[];
  /** The highest stored seq (0 when none). */
  lastSeq: number;
  send: (draft: ChatDraft, preview?: ChatDraftPreview) => string;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  loadOlder: () => void;
  /** Fetches what came after the last seq (the socket's 'open' runs it; the page may too). */
  catchUp: () => Promise<void>;
  /** Merges messages the caller got elsewhere (e.g. the page's sync). */
  applyMessages: (messages: ChatMessage[]) => void;
  /** Tells the other side I am typing (throttled by the socket). */
  typing: () => void;
}

function previewOf(draft: ChatDraft, preview: ChatDraftPreview | undefined): ChatDraftPreview {
  if (draft.kind === 'text') return { body: draft.body, ...preview };
  return preview ?? {};
}

export function useChatThread(options: UseChatThreadOptions): ChatThread {
  const { conversationId, side, socket } = options;
  const [state, dispatch] = useReducer(chatThreadReducer, conversationId, emptyThreadState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const optsRef = useRef(options);
  optsRef.current = options;
  const inFlight = useRef(new Set<string>());
  const readSent = useRef(0);

  // a new conversation starts afresh
  if (state.conversationId !== conversationId) {
    const fresh = emptyThreadState(conversationId);
    stateRef.current = fresh;
    dispatch({ type: 'reset', conversationId });
  }

  const lastSeq = state.messages.length ? state.messages[state.messages.length - 1].seq : 0;

  // first page
  useEffect(() => {
    readSent.current = 0;
    inFlight.current = new Set();
    if (conversationId === null) return;
    let cancelled = false;
    optsRef.current.api
      .loadMessages({ limit: CHAT_PAGE_SIZE })
      .then((result) => {
        if (!cancelled) dispatch({ type: 'loaded', conversationId, result });
      })
      .catch((error: unknown) => {
        if (!cancelled) dispatch({ type: 'loadFailed', conversationId, error: defaultErrorText(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [conversationId]);

  // the other side's read seq as the list knows it
  const seed = options.conversation;
  useEffect(() => {
    if (seed && seed.id === conversationId) dispatch({ type: 'conversation', conversation: seed, side });
  }, [seed, conversationId, side]);

  const doSend = useCallback(async (pending: ChatPending) => {
    const id = stateRef.current.conversationId;
    if (id === null || inFlight.current.has(pending.client_id)) return;
    inFlight.current.add(pending.client_id);
    dispatch({ type: 'sending', clientId: pending.client_id });
    try {
      const message = await optsRef.current.api.send(pending.body);
      if (stateRef.current.conversationId === id) dispatch({ type: 'sent', clientId: pending.client_id, message });
      optsRef.current.onSent?.(message);
    } catch (error) {
      const text = (optsRef.current.errorText ?? defaultErrorText)(error);
      if (stateRef.current.conversationId === id)
        dispatch({ type: 'failed', clientId: pending.client_id, error: text });
    } finally {
      inFlight.current.delete(pending.client_id);
    }
  }, []);

  const send = useCallback(
    (draft: ChatDraft, preview?: ChatDraftPreview) => {
      const clientId = newClientId();
      const id = stateRef.current.conversationId ?? 0;
      const { me } = optsRef.current;
      const body = { ...draft, client_id: clientId } as SendChatMessageBody;
      const look = previewOf(draft, preview);
      const pending: ChatPending = {
        client_id: clientId,
        body,
        state: 'sending',
        message: {
          id: 0,
          conversation_id: id,
          seq: Number.MAX_SAFE_INTEGER,
          sender_side: optsRef.current.side,
          sender_id: me.id,
          sender_name: me.name,
          client_id: clientId,
          kind: draft.kind,
          body: look.body ?? '',
          image: look.image ?? null,
          product: look.product ?? null,
          order: look.order ?? null,
          created_at: new Date().toISOString(),
        },
      };
      dispatch({ type: 'enqueue', pending });
      void doSend(pending);
      return clientId;
    },
    [doSend],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = stateRef.current.pending.find((p) => p.client_id === clientId);
      if (pending) void doSend(pending);
    },
    [doSend],
  );

  const discard = useCallback((clientId: string) => dispatch({ type: 'discard', clientId }), []);

  const loadOlder = useCallback(() => {
    const s = stateRef.current;
    const id = s.conversationId;
    if (id === null || s.loadingOlder || !s.hasMore || s.messages.length === 0) return;
    dispatch({ type: 'olderStart' });
    optsRef.current.api
      .loadMessages({ before_seq: s.messages[0].seq, limit: CHAT_PAGE_SIZE })
      .then((result) => dispatch({ type: 'older', conversationId: id, result }))
      .catch(() => dispatch({ type: 'olderFailed' }));
  }, []);

  const catchUp = useCallback(async () => {
    const id = stateRef.current.conversationId;
    if (id === null) return;
    if (!stateRef.current.loaded) {
      const result = await optsRef.current.api.loadMessages({ limit: CHAT_PAGE_SIZE });
      dispatch({ type: 'loaded', conversationId: id, result });
      return;
    }
    const known = stateRef.current.messages;
    let after = known.length ? known[known.length - 1].seq : 0;
    // pages of CHAT_PAGE_MAX after the last seq until a short one
    for (let round = 0; round < 50; round += 1) {
      const result = await optsRef.current.api.loadMessages({ after_seq: after, limit: CHAT_PAGE_MAX });
      if (stateRef.current.conversationId !== id) return;
      dispatch({ type: 'messages', conversationId: id, messages: result.list });
      for (const m of result.list) after = Math.max(after, m.seq);
      if (result.list.length < CHAT_PAGE_MAX) return;
    }
  }, []);

  const resendPending = useCallback(() => {
    for (const p of stateRef.current.pending) void doSend(p);
  }, [doSend]);

  const applyMessages = useCallback((messages: ChatMessage[]) => {
    const id = stateRef.current.conversationId;
    if (id === null) return;
    const mine = messages.filter((m) => m.conversation_id === id);
    if (mine.length) dispatch({ type: 'messages', conversationId: id, messages: mine });
  }, []);

  // the socket: frames of this conversation; catch up and resend after every (re)connection
  useEffect(() => {
    if (!socket || conversationId === null) return;
    const offFrame = socket.onFrame((frame: ChatServerFrame) => {
      if (frame.t === 'message' && frame.message.conversation_id === conversationId) {
        dispatch({ type: 'messages', conversationId, messages: [frame.message] });
        dispatch({ type: 'conversation', conversation: frame.conversation, side });
        // the other side's message ends its typing
        if (frame.message.sender_side !== side && frame.message.sender_side !== 'system') {
          dispatch({ type: 'typingOver', now: Number.POSITIVE_INFINITY });
        }
      } else if (frame.t === 'conversation' && frame.conversation.id === conversationId) {
        dispatch({ type: 'conversation', conversation: frame.conversation, side });
      } else if (frame.t === 'typing' && frame.conversation_id === conversationId && frame.side !== side) {
        dispatch({ type: 'typing', name: frame.name, until: Date.now() + CHAT_TYPING_SHOW_MS });
      }
    });
    const offState = socket.onState((s) => {
      if (s !== 'open') return;
      catchUp()
        .catch(() => undefined)
        .finally(resendPending);
    });
    // shown again (a kept page) on a socket that stayed open: catch up what came meanwhile
    if (socket.state === 'open' && stateRef.current.loaded) void catchUp().catch(() => undefined);
    return () => {
      offFrame();
      offState();
    };
  }, [socket, conversationId, side, catchUp, resendPending]);

  // the browser is back online: what failed meanwhile goes again (a socket that stayed up reports no 'open')
  useEffect(() => {
    if (conversationId === null) return;
    const onOnline = () => {
      catchUp()
        .catch(() => undefined)
        .finally(resendPending);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [conversationId, catchUp, resendPending]);

  // the typing hint fades CHAT_TYPING_SHOW_MS after the last frame
  const typingUntil = state.typing?.until;
  useEffect(() => {
    if (typingUntil === undefined) return;
    const timer = setTimeout(() => dispatch({ type: 'typingOver', now: Date.now() }), typingUntil - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  // read marks: while on screen and the tab is visible, up to the last stored seq
  const active = options.active ?? true;
  useEffect(() => {
    if (!active || conversationId === null || lastSeq === 0) return;
    const mark = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      if (lastSeq <= readSent.current) return;
      const fromOther = stateRef.current.messages.some((m) => m.seq > readSent.current && m.sender_side !== side);
      readSent.current = lastSeq;
      if (!fromOther) return;
      const read = optsRef.current.api.read;
      if (read) {
        void read(lastSeq).catch(() => {
          // not marked: the next change tries again
          readSent.current = Math.min(readSent.current, lastSeq - 1);
        });
      }
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [active, conversationId, lastSeq, side]);

  const typing = useCallback(() => {
    if (socket && conversationId !== null) socket.typing(conversationId);
  }, [socket, conversationId]);

  const entries = useMemo(() => threadEntries(state), [state]);

  return { state, entries, lastSeq, send, retry, discard, loadOlder, catchUp, applyMessages, typing };
}
