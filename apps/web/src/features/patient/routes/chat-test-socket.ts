import type { ChatServerFrame } from '@pharmacy/shared';
import { act } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import type { ChatSocket, ChatSocketState } from '../../../lib/chat-socket';

/**
 * A socket stand-in the patient chat tests drive (frames, state changes) in place of lib/chat-socket's useChatSocket:
 * `vi.mock('../../../lib/chat-socket', async () => ({ useChatSocket: (await import('./chat-test-socket')).useFakeChatSocket }))`.
 * It imports no page (the mock's factory runs while the pages load).
 */

const frameListeners = new Set<(f: ChatServerFrame) => void>();
const stateListeners = new Set<(s: ChatSocketState) => void>();
let socketState: ChatSocketState = 'open';
const stateWatchers = new Set<() => void>();
export const typingCalls: number[] = [];

const fakeSocket = {
  get state() {
    return socketState;
  },
  onFrame: (l: (f: ChatServerFrame) => void) => {
    frameListeners.add(l);
    return () => void frameListeners.delete(l);
  },
  onState: (l: (s: ChatSocketState) => void) => {
    stateListeners.add(l);
    return () => void stateListeners.delete(l);
  },
  typing: (id: number) => void typingCalls.push(id),
} as unknown as ChatSocket;

/** Stands in for useChatSocket (vi.mock of lib/chat-socket). */
export function useFakeChatSocket(options: { token: string } | null) {
  const state = useSyncExternalStore(
    (cb) => {
      stateWatchers.add(cb);
      return () => void stateWatchers.delete(cb);
    },
    () => socketState,
  );
  return { socket: options ? fakeSocket : null, state };
}

export const socket = {
  frame: (f: ChatServerFrame) =>
    act(() => {
      for (const l of [...frameListeners]) l(f);
    }),
  setState: (s: ChatSocketState) =>
    act(() => {
      socketState = s;
      for (const w of [...stateWatchers]) w();
      for (const l of [...stateListeners]) l(s);
    }),
  reset: () => {
    frameListeners.clear();
    stateListeners.clear();
    stateWatchers.clear();
    socketState = 'open';
    typingCalls.length = 0;
  },
};
