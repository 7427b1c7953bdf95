import {
  API_BASE,
  CHAT_HEARTBEAT_MS,
  CHAT_TYPING_INTERVAL_MS,
  CHAT_WS_PATH,
  type ChatClientFrame,
  type ChatServerFrame,
  chatCloseCodes,
} from '@pharmacy/shared';
import { useEffect, useState } from 'react';

/**
 * The chat room's WebSocket, shared by the staff console (chat room, header badge) and the patient page (docs/chat.md
 * "Delivery"). It says hello with the session token, reconnects with backoff (at once when the browser comes back
 * online), detects a dead link by a missed pong, and reports `open` after every (re)connection so its users catch up
 * through the sync route: the socket itself carries no history.
 */
export type ChatSocketState = 'connecting' | 'open' | 'closed' | 'denied';

export interface ChatSocketOptions {
  side: 'staff' | 'patient';
  token: string;
  /** Staff: the pharmacy the console works in. */
  pharmacyId?: number;
}

type FrameListener = (frame: ChatServerFrame) => void;
type StateListener = (state: ChatSocketState) => void;

const PONG_TIMEOUT_MS = 10_000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10_000;

const socketUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${API_BASE}${CHAT_WS_PATH}`;
};

export class ChatSocket {
  private ws: WebSocket | null = null;
  private stateValue: ChatSocketState = 'closed';
  private readonly frameListeners = new Set<FrameListener>();
  private readonly stateListeners = new Set<StateListener>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private readonly lastTyping = new Map<number, number>();

  constructor(readonly options: ChatSocketOptions) {}

  get state() {
    return this.stateValue;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.setState('closed');
  }

  onFrame(listener: FrameListener) {
    this.frameListeners.add(listener);
    return () => void this.frameListeners.delete(listener);
  }

  onState(listener: StateListener) {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }

  /** Tells the other side this user is typing (at most once per CHAT_TYPING_INTERVAL_MS per conversation). */
  typing(conversationId: number) {
    const now = Date.now();
    if (now - (this.lastTyping.get(conversationId) ?? 0) < CHAT_TYPING_INTERVAL_MS) return;
    this.lastTyping.set(conversationId, now);
    this.send({ t: 'typing', conversation_id: conversationId });
  }

  private send(frame: ChatClientFrame) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private readonly onOnline = () => {
    if (this.stopped || this.stateValue === 'denied') return;
    // the browser is back: try now rather than at the end of the backoff
    if (this.stateValue !== 'open') {
      this.attempts = 0;
      this.reconnectSoon(0);
    }
  };

  /**
   * The browser says the network is gone: drop the link now (a socket may otherwise look open for a long while) and
   * wait for 'online' to reconnect; the reconnection's 'open' makes every user catch up.
   */
  private readonly onOffline = () => {
    if (this.stopped || this.stateValue === 'denied') return;
    const ws = this.ws;
    this.ws = null;
    this.clearTimers();
    ws?.close(4000);
    this.setState('closed');
  };

  private connect() {
    if (this.stopped) return;
    this.clearTimers();
    this.setState('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      this.reconnectSoon();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.send({
        t: 'hello',
        token: this.options.token,
        side: this.options.side,
        ...(this.options.pharmacyId ? { pharmacy_id: this.options.pharmacyId } : {}),
      });
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ChatServerFrame;
      } catch {
        return;
      }
      if (frame.t === 'pong') {
        if (this.pongTimer) clearTimeout(this.pongTimer);
        this.pongTimer = null;
        return;
      }
      if (frame.t === 'ready') {
        this.attempts = 0;
        this.startHeartbeat();
        this.setState('open');
      }
      for (const listener of this.frameListeners) listener(frame);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      this.ws = null;
      this.clearTimers();
      if (event.code === chatCloseCodes.unauthorized || event.code === chatCloseCodes.forbidden) {
        this.setState('denied');
        return;
      }
      this.setState('closed');
      this.reconnectSoon();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry
    };
  }

  private startHeartbeat() {
    this.pingTimer = setInterval(() => {
      this.send({ t: 'ping' });
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        // no pong: the link is dead even if the socket has not noticed; drop it and reconnect
        const ws = this.ws;
        this.ws = null;
        this.clearTimers();
        ws?.close(4000);
        this.setState('closed');
        this.reconnectSoon();
      }, PONG_TIMEOUT_MS);
    }, CHAT_HEARTBEAT_MS);
  }

  private reconnectSoon(delay?: number) {
    if (this.stopped) return;
    // offline: 'online' reconnects (onOnline)
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempts);
    this.attempts += 1;
    const wait = delay ?? backoff / 2 + Math.random() * (backoff / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, wait);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private setState(state: ChatSocketState) {
    if (state === this.stateValue) return;
    this.stateValue = state;
    for (const listener of this.stateListeners) listener(state);
  }
}

// ---------------------------------------------------------------- one socket per page context

const shared = new Map<string, { socket: ChatSocket; users: number }>();
const keyOf = (o: ChatSocketOptions) => `${o.side}:${o.pharmacyId ?? 0}:${o.token}`;

/** The shared socket for these options, started on first use; release it when done (the last release stops it). */
export function acquireChatSocket(options: ChatSocketOptions): { socket: ChatSocket; release: () => void } {
  const key = keyOf(options);
  let entry = shared.get(key);
  if (!entry) {
    entry = { socket: new ChatSocket(options), users: 0 };
    shared.set(key, entry);
    entry.socket.start();
  }
  entry.users += 1;
  const held = entry;
  let released = false;
  return {
    socket: held.socket,
    release: () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users === 0) {
        held.socket.stop();
        shared.delete(key);
      }
    },
  };
}

/** React: the shared socket for these options (null without a token), with its state. */
export function useChatSocket(options: ChatSocketOptions | null): {
  socket: ChatSocket | null;
  state: ChatSocketState;
} {
  const side = options?.side;
  const token = options?.token;
  const pharmacyId = options?.pharmacyId;
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [state, setState] = useState<ChatSocketState>('closed');
  useEffect(() => {
    if (!side || !token) return;
    const { socket: s, release } = acquireChatSocket({ side, token, pharmacyId });
    setSocket(s);
    setState(s.state);
    const off = s.onState(setState);
    return () => {
      off();
      release();
      setSocket(null);
    };
  }, [side, token, pharmacyId]);
  return { socket, state };
}
