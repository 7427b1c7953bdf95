import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ChatServerFrame } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';

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
  /**
   * Called when this instance may have missed frames (its LISTEN connection dropped and came back): the WebSocket
   * layer then closes its sockets with 1012 so every client reconnects and catches up through the sync route.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The embedded database's bus: one process, one emitter. It never misses a frame. */
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

  onGap(_listener: () => void) {
    return () => undefined;
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

export const CHAT_CHANNEL = 'chat_frames';
/**
 * NOTIFY's payload limit is 8,000 bytes. A frame is usually far below it (a text message: ≤ 1,000 characters plus its
 * conversation's summary), but a text of 1,000 characters that JSON escapes (`\u0001` is 6 bytes) or a long product
 * card can pass it. Such an envelope goes as base64 chunks of this many characters, all NOTIFYed by one statement
 * (one transaction: PostgreSQL delivers them together, at commit, to every listener), and is put back together by
 * the receivers. Nothing is stored for it and no receiver reads the database.
 */
export const CHAT_NOTIFY_MAX_BYTES = 7_900;
const CHUNK_CHARS = 7_800;
/** A chunked envelope whose parts have not all come within this time is dropped (a listener that reconnected). */
const CHUNK_TTL_MS = 30_000;

/** The NOTIFY payloads for one envelope: its JSON, or `~<id>:<index>:<count>:<base64 part>` pieces when too big. */
export function encodeEnvelope(envelope: ChatEnvelope): string[] {
  const json = JSON.stringify(envelope);
  if (Buffer.byteLength(json) <= CHAT_NOTIFY_MAX_BYTES) return [json];
  const b64 = Buffer.from(json).toString('base64');
  const id = randomUUID();
  const count = Math.ceil(b64.length / CHUNK_CHARS);
  const parts: string[] = [];
  for (let i = 0; i < count; i++)
    parts.push(`~${id}:${i}:${count}:${b64.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS)}`);
  return parts;
}

/** Puts chunked envelopes back together; whole ones pass straight through. */
export class EnvelopeDecoder {
  private readonly pending = new Map<string, { parts: string[]; got: number; at: number }>();

  /** The envelope a payload completes, or null (a part of one still incomplete, or a malformed payload). */
  decode(payload: string, now = Date.now()): ChatEnvelope | null {
    if (!payload.startsWith('~')) return parseEnvelope(payload);
    const match = /^~([0-9a-f-]{36}):(\d+):(\d+):(.*)$/s.exec(payload);
    if (!match) return null;
    const [, id, indexText, countText, data] = match;
    const index = Number(indexText);
    const count = Number(countText);
    if (count < 1 || count > 1000 || index >= count) return null;
    for (const [key, entry] of this.pending) if (now - entry.at > CHUNK_TTL_MS) this.pending.delete(key);
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { parts: new Array(count), got: 0, at: now };
      this.pending.set(id, entry);
    }
    if (entry.parts[index] === undefined) {
      entry.parts[index] = data;
      entry.got += 1;
    }
    if (entry.got < count) return null;
    this.pending.delete(id);
    return parseEnvelope(Buffer.from(entry.parts.join(''), 'base64').toString('utf8'));
  }

  get pendingCount() {
    return this.pending.size;
  }
}

function parseEnvelope(json: string): ChatEnvelope | null {
  try {
    const value = JSON.parse(json) as ChatEnvelope;
    return value && typeof value === 'object' && value.frame ? value : null;
  } catch {
    return null;
  }
}

export interface PgChatBusOptions {
  /** The database's URL: the LISTEN connection is a client of its own (a pooled one would be handed to others). */
  url: string;
  /** Publishes go through the app's pool. */
  db: Database;
  log?: { warn(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  /** First retry delay after the LISTEN connection drops (doubles up to 5 s). */
  retryMs?: number;
}

/**
 * Several instances on one PostgreSQL: every instance LISTENs on `chat_frames` over a dedicated connection and
 * publishes with `pg_notify` through its pool; PostgreSQL hands each notification to every listener, the publisher's
 * own instance included (so delivery takes the same path for local and remote sockets). When the LISTEN connection
 * drops (a database restart, an administrator's pg_terminate_backend) it is opened again with backoff; frames
 * published meanwhile are not replayed, so the gap listeners are told once it is back (chat-ws closes its sockets
 * with 1012 and the clients catch up through the sync route).
 */
export class PgChatBus implements ChatBus {
  private readonly emitter = new EventEmitter();
  private readonly decoder = new EnvelopeDecoder();
  private client: pg.Client | null = null;
  private closed = false;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay: number;
  /** Whether the LISTEN connection has been up once (a later connect follows a drop: a gap). */
  private wasListening = false;

  constructor(private readonly options: PgChatBusOptions) {
    this.emitter.setMaxListeners(0);
    this.retryDelay = options.retryMs ?? 200;
  }

  /** A bus that listens already (startup fails loudly when PostgreSQL cannot be reached). */
  static async open(options: PgChatBusOptions) {
    const bus = new PgChatBus(options);
    await bus.connect();
    return bus;
  }

  /** Whether the LISTEN connection is up (tests). */
  get listening() {
    return this.client !== null;
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.options.url });
      client.on('error', (err) => this.dropped(client, err));
      client.on('end', () => this.dropped(client));
      client.on('notification', (msg) => {
        if (msg.channel !== CHAT_CHANNEL || !msg.payload) return;
        const envelope = this.decoder.decode(msg.payload);
        if (envelope) this.emitter.emit('frame', envelope);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${CHAT_CHANNEL}`);
      } catch (err) {
        client.removeAllListeners('end');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.retryDelay = this.options.retryMs ?? 200;
      if (this.wasListening) {
        this.options.log?.info?.({}, 'chat bus: LISTEN connection back');
        this.emitter.emit('gap');
      }
      this.wasListening = true;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private dropped(client: pg.Client, err?: Error) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log?.warn({ err }, 'chat bus: the LISTEN connection dropped; reconnecting');
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(5_000, this.retryDelay * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err) => {
        this.options.log?.warn({ err }, 'chat bus: LISTEN reconnect failed; retrying');
        this.scheduleRetry();
      });
    }, delay);
    this.retryTimer.unref?.();
  }

  async publish(envelope: ChatEnvelope) {
    const payloads = encodeEnvelope(envelope);
    if (payloads.length === 1) {
      // every message's frame goes here: a named prepared statement through the pool when it is one
      const pool = (this.options.db as { $client?: unknown }).$client;
      if (pool instanceof pg.Pool) {
        await pool.query({
          name: 'chat_notify',
          text: 'select pg_notify($1, $2)',
          values: [CHAT_CHANNEL, payloads[0]],
        });
      } else {
        await this.options.db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${payloads[0]})`);
      }
    } else {
      // one statement, one transaction: the parts reach every listener together
      await this.options.db.execute(
        sql`select pg_notify(${CHAT_CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as t(p)`,
      );
    }
  }

  subscribe(listener: (envelope: ChatEnvelope) => void) {
    this.emitter.on('frame', listener);
    return () => void this.emitter.off('frame', listener);
  }

  onGap(listener: () => void) {
    this.emitter.on('gap', listener);
    return () => void this.emitter.off('gap', listener);
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    this.emitter.removeAllListeners();
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
