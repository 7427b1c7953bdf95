import { EventEmitter } from 'node:events';
import type { ChatServerFrame } from '@pharmacy/shared';

/**
 * One frame for the chat room's connected clients, with whom it is for. The WebSocket layer (modules/chat/chat-ws.ts)
 * delivers it to every socket of this instance whose principal it routes to: the pharmacy's staff sockets (`to`
 * staff or both; only `staffIds` when given, e.g. an offer), the patient's own sockets (`to` patient or both).
 */
export interface ChatEnvelope {
  pharmacyId: number;
  patientAccountId: number;
  to: 'staff' | 'patient' | 'both';
  staffIds?: number[];
  /** The sender's socket id, so a typing frame is not echoed to its own socket. */
  fromSocket?: string;
  frame: ChatServerFrame;
}

/**
 * Fan-out of chat frames to every server instance. Services publish AFTER their transaction commits (what is pushed
 * is stored). In-process on the embedded database (one process owns it); PostgreSQL LISTEN/NOTIFY when several
 * instances share one PostgreSQL (docs/chat.md "Delivery").
 */
export interface ChatBus {
  publish(envelope: ChatEnvelope): Promise<void>;
  subscribe(listener: (envelope: ChatEnvelope) => void): () => void;
  close(): Promise<void>;
}

/** The embedded database's bus: one process, one emitter. */
export class InProcessChatBus implements ChatBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(envelope: ChatEnvelope) {
    this.emitter.emit('frame', envelope);
  }

  subscribe(listener: (envelope: ChatEnvelope) => void) {
    this.emitter.on('frame', listener);
    return () => void this.emitter.off('frame', listener);
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}
