import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  CHAT_HEARTBEAT_MS,
  CHAT_TYPING_INTERVAL_MS,
  CHAT_WS_PATH,
  type ChatServerFrame,
  chatClientFrameSchema,
  chatCloseCodes,
  chatMessages,
  chatStaffRoles,
  maskPhone,
} from '@pharmacy/shared';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/client';
import { account, conversation, session } from '../../db/schema/index';
import type { ChatBus, ChatEnvelope } from '../../lib/chat-bus';
import { sha256Hex } from '../../lib/crypto';
import type { ModuleContext } from '../../lib/module';
import { queryRows } from '../../lib/sql-rows';
import { toPrincipal } from '../../plugins/principal';
import type { PrincipalRepository } from '../../plugins/principal.repository';
import { offerNext } from './conversation.service';

/** The hello must come within this time after the upgrade. */
export const CHAT_HELLO_TIMEOUT_MS = 5_000;
/** Every socket's session (and a staff socket's chat role) is re-read this often; revoked → close 4401. */
export const CHAT_SESSION_CHECK_MS = 60_000;
/** A typing frame's conversation check is kept per socket this long. */
const TYPING_AUTH_TTL_MS = 10_000;
/** Typing frames a socket may send per TYPING_AUTH_TTL_MS; beyond it they are ignored (no database read). */
const MAX_TYPING_PER_WINDOW = 30;
/** Malformed frames tolerated (each answered with an error frame) before the socket is closed with 4400. */
const MAX_BAD_FRAMES = 10;
/** A client that reads nothing while this much waits for it is dropped (it reconnects and catches up by sync). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Client frames are small (the hello's token is ≤ 200 characters). */
const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

const staffRoleSet = new Set<string>(chatStaffRoles);

interface Connection {
  id: string;
  socket: WebSocket;
  side: 'staff' | 'patient' | null;
  accountId: number;
  pharmacyId: number;
  name: string;
  tokenHash: string;
  badFrames: number;
  /** Frames are handled one after another (the hello is asynchronous; what follows it waits for it). */
  chain: Promise<void>;
  /** conversation id → its routing, authorised for this socket at `at`. */
  typingAuth: Map<number, { at: number; pharmacyId: number; patientAccountId: number }>;
  lastTyping: Map<number, number>;
  typingWindow: { start: number; count: number };
  closed: boolean;
}

/** Live hubs of this process (tests run their periodic work at once through them). */
export const chatHubs = new Set<ChatHub>();

/**
 * The sockets of one instance and their delivery. ONE bus subscription per instance; each envelope goes to the local
 * sockets whose principal it routes to, and only those: staff sockets of the envelope's pharmacy (and among
 * `staffIds` when given) for `to` staff|both, the patient's own sockets for `to` patient|both.
 */
export class ChatHub {
  private readonly staffByPharmacy = new Map<number, Set<Connection>>();
  private readonly patientsByAccount = new Map<number, Set<Connection>>();
  private readonly all = new Set<Connection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: Array<() => void> = [];
  /** Called when a staff socket comes online (the queue is offered to it). */
  onStaffOnline: ((pharmacyId: number) => Promise<unknown>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly principals: PrincipalRepository,
    private readonly bus: ChatBus,
    private readonly log: FastifyInstance['log'],
  ) {
    this.unsubscribe.push(bus.subscribe((envelope) => this.deliver(envelope)));
    // frames may have been missed while the bus was down: every client reconnects and catches up through sync
    this.unsubscribe.push(bus.onGap(() => this.closeAll(1012, 'resync')));
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => {
        task().catch((err) => this.log.warn({ err }, 'chat socket: periodic task failed'));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(CHAT_HEARTBEAT_MS, () => this.heartbeat());
    every(CHAT_SESSION_CHECK_MS, () => this.recheckSessions());
    chatHubs.add(this);
  }

  get size() {
    return this.all.size;
  }

  accept(socket: WebSocket) {
    const conn: Connection = {
      id: randomUUID(),
      socket,
      side: null,
      accountId: 0,
      pharmacyId: 0,
      name: '',
      tokenHash: '',
      badFrames: 0,
      chain: Promise.resolve(),
      typingAuth: new Map(),
      lastTyping: new Map(),
      typingWindow: { start: 0, count: 0 },
      closed: false,
    };
    const helloTimer = setTimeout(() => {
      if (!conn.side) this.close(conn, chatCloseCodes.badFrame, 'hello timeout');
    }, CHAT_HELLO_TIMEOUT_MS);
    helloTimer.unref();
    // handlers are attached synchronously (the README's warning): nothing a fast client sends is dropped
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      conn.chain = conn.chain
        .then(() => this.onFrame(conn, text))
        .catch((err) => {
          this.log.warn({ err }, 'chat socket: frame failed');
          this.send(conn, { t: 'error', code: 500, msg: '服务器繁忙，请稍后再试' });
        });
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      this.forget(conn);
    });
  }

  private async onFrame(conn: Connection, text: string | null) {
    if (conn.closed) return;
    let raw: unknown;
    try {
      raw = text === null ? undefined : JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const parsed = chatClientFrameSchema.safeParse(raw);
    if (!conn.side) {
      // the first frame is the hello, or the socket is closed
      if (!parsed.success || parsed.data.t !== 'hello') return this.close(conn, chatCloseCodes.badFrame, 'hello first');
      return this.hello(conn, parsed.data);
    }
    if (!parsed.success || parsed.data.t === 'hello') {
      conn.badFrames += 1;
      if (conn.badFrames > MAX_BAD_FRAMES) return this.close(conn, chatCloseCodes.badFrame, 'bad frames');
      this.send(conn, { t: 'error', code: 400, msg: '消息格式不正确' });
      return;
    }
    const frame = parsed.data;
    if (frame.t === 'ping') return this.send(conn, { t: 'pong' });
    return this.typing(conn, frame.conversation_id);
  }

  private async hello(conn: Connection, frame: { token: string; side: 'staff' | 'patient'; pharmacy_id?: number }) {
    const tokenHash = sha256Hex(frame.token);
    const row = await this.principals.bySessionHash(tokenHash);
    if (conn.closed) return;
    if (!row) return this.close(conn, chatCloseCodes.unauthorized, 'unauthorized');
    const principal = toPrincipal(row, row.sessionId);
    if (frame.side === 'staff') {
      const membership = principal.memberships.find(
        // a pending, rejected or suspended pharmacy's staff are refused like on its REST routes (issue 17)
        (m) => m.pharmacy_id === frame.pharmacy_id && staffRoleSet.has(m.role) && m.status === 'active',
      );
      if (!membership) return this.close(conn, chatCloseCodes.forbidden, 'forbidden');
      conn.pharmacyId = membership.pharmacy_id;
    }
    conn.side = frame.side;
    conn.accountId = principal.accountId;
    conn.name = principal.name || String(maskPhone(principal.phone));
    conn.tokenHash = tokenHash;
    this.all.add(conn);
    if (conn.side === 'staff') addTo(this.staffByPharmacy, conn.pharmacyId, conn);
    else addTo(this.patientsByAccount, conn.accountId, conn);
    this.send(conn, { t: 'ready', account_id: conn.accountId, server_time: new Date().toISOString() });
    if (conn.side === 'staff') {
      // online: the status row (created 'online' the first time) and the queue's offer
      await this.touchPresence([conn]);
      await this.onStaffOnline?.(conn.pharmacyId);
    }
  }

  /** Forwards a typing frame to the other side of a conversation this socket may see (checked on every frame). */
  private async typing(conn: Connection, conversationId: number) {
    const now = Date.now();
    // a flood of typing frames (random ids) costs at most this many database reads per window
    if (now - conn.typingWindow.start > TYPING_AUTH_TTL_MS) conn.typingWindow = { start: now, count: 0 };
    conn.typingWindow.count += 1;
    if (conn.typingWindow.count > MAX_TYPING_PER_WINDOW) return;
    let route = conn.typingAuth.get(conversationId);
    if (!route || now - route.at > TYPING_AUTH_TTL_MS) {
      const scope =
        conn.side === 'staff'
          ? eq(conversation.pharmacyId, conn.pharmacyId)
          : eq(conversation.patientAccountId, conn.accountId);
      const [row] = await this.db
        .select({ pharmacyId: conversation.pharmacyId, patientAccountId: conversation.patientAccountId })
        .from(conversation)
        .where(and(eq(conversation.id, conversationId), scope, eq(conversation.status, 'open')))
        .limit(1);
      if (!row) {
        conn.typingAuth.delete(conversationId);
        this.send(conn, { t: 'error', code: 404, msg: chatMessages.notFound });
        return;
      }
      route = { at: now, ...row };
      conn.typingAuth.set(conversationId, route);
    }
    // at most one typing frame per sender and conversation per interval (a chatty client costs nothing more)
    if (now - (conn.lastTyping.get(conversationId) ?? 0) < CHAT_TYPING_INTERVAL_MS - 200) return;
    conn.lastTyping.set(conversationId, now);
    const side = conn.side === 'staff' ? 'staff' : 'patient';
    await this.bus.publish({
      pharmacyId: route.pharmacyId,
      patientAccountId: route.patientAccountId,
      to: side === 'staff' ? 'patient' : 'staff',
      fromSocket: conn.id,
      frame: { t: 'typing', conversation_id: conversationId, side, name: conn.name },
    });
  }

  /** Sends an envelope to this instance's sockets it routes to (and to no other). */
  deliver(envelope: ChatEnvelope) {
    let data: string | null = null;
    const push = (conn: Connection) => {
      if (conn.id === envelope.fromSocket || conn.closed) return;
      data ??= JSON.stringify(envelope.frame);
      this.sendText(conn, data);
    };
    if (envelope.to !== 'patient') {
      const staff = this.staffByPharmacy.get(envelope.pharmacyId);
      if (staff) {
        for (const conn of staff) if (!envelope.staffIds || envelope.staffIds.includes(conn.accountId)) push(conn);
      }
    }
    if (envelope.to !== 'staff') {
      const patients = this.patientsByAccount.get(envelope.patientAccountId);
      if (patients) for (const conn of patients) push(conn);
    }
  }

  /** Presence: every connected staff socket's (pharmacy, account) seen now; a missing status row is created online. */
  async heartbeat() {
    await this.touchPresence([...this.all].filter((c) => c.side === 'staff'));
  }

  private async touchPresence(conns: Connection[]) {
    const pairs = new Map<string, [number, number]>();
    for (const c of conns) pairs.set(`${c.pharmacyId}:${c.accountId}`, [c.pharmacyId, c.accountId]);
    if (pairs.size === 0) return;
    const values = [...pairs.values()];
    await queryRows(
      this.db,
      sql`insert into chat_staff_status (pharmacy_id, account_id, status, last_seen_at, updated_at)
        select p, a, 'online', now(), now()
        from unnest(${sql.param(values.map((v) => v[0]))}::int[], ${sql.param(values.map((v) => v[1]))}::int[]) as t(p, a)
        on conflict (pharmacy_id, account_id) do update set last_seen_at = excluded.last_seen_at`,
    );
  }

  /**
   * Re-reads every socket's session in one query: revoked, expired or a disabled account → close 4401. A staff
   * socket whose chat role in its pharmacy is gone → close 4403.
   */
  async recheckSessions() {
    const conns = [...this.all];
    if (conns.length === 0) return;
    const hashes = [...new Set(conns.map((c) => c.tokenHash))];
    const live = new Set<string>();
    for (let i = 0; i < hashes.length; i += 5_000) {
      const rows = await this.db
        .select({ hash: session.tokenSha256 })
        .from(session)
        .innerJoin(account, eq(account.id, session.accountId))
        .where(
          and(
            inArray(session.tokenSha256, hashes.slice(i, i + 5_000)),
            isNull(session.revokedAt),
            gt(session.expiresAt, sql`now()`),
            eq(account.status, 'active'),
          ),
        );
      for (const r of rows) live.add(r.hash);
    }
    const staffChecked = new Map<string, Set<number>>();
    for (const conn of conns) {
      if (conn.closed) continue;
      if (!live.has(conn.tokenHash)) {
        this.close(conn, chatCloseCodes.unauthorized, 'session ended');
        continue;
      }
      if (conn.side !== 'staff') continue;
      let pharmacies = staffChecked.get(conn.tokenHash);
      if (!pharmacies) {
        const row = await this.principals.bySessionHash(conn.tokenHash);
        pharmacies = new Set(
          (row?.memberships ?? [])
            .filter((m) => staffRoleSet.has(m.role) && m.status === 'active')
            .map((m) => m.pharmacy_id),
        );
        staffChecked.set(conn.tokenHash, pharmacies);
      }
      if (!pharmacies.has(conn.pharmacyId)) this.close(conn, chatCloseCodes.forbidden, 'forbidden');
    }
  }

  private send(conn: Connection, frame: ChatServerFrame) {
    this.sendText(conn, JSON.stringify(frame));
  }

  private sendText(conn: Connection, data: string) {
    const { socket } = conn;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ account: conn.accountId }, 'chat socket: client not reading; dropped');
      this.forget(conn);
      socket.terminate();
      return;
    }
    socket.send(data);
  }

  private close(conn: Connection, code: number, reason: string) {
    this.forget(conn);
    if (conn.socket.readyState === conn.socket.OPEN || conn.socket.readyState === conn.socket.CONNECTING) {
      conn.socket.close(code, reason);
    }
  }

  private forget(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    this.all.delete(conn);
    if (conn.side === 'staff') removeFrom(this.staffByPharmacy, conn.pharmacyId, conn);
    if (conn.side === 'patient') removeFrom(this.patientsByAccount, conn.accountId, conn);
  }

  closeAll(code: number, reason: string) {
    for (const conn of [...this.all]) this.close(conn, code, reason);
  }

  stop() {
    for (const timer of this.timers) clearInterval(timer);
    for (const off of this.unsubscribe) off();
    chatHubs.delete(this);
  }
}

function addTo(map: Map<number, Set<Connection>>, key: number, conn: Connection) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(conn);
}

function removeFrom(map: Map<number, Set<Connection>>, key: number, conn: Connection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}

/**
 * The chat WebSocket (`CHAT_WS_PATH` under the API base: /api/v1/chat/ws). It has no contract (it is not a REST
 * endpoint; lib/route.test.ts names it as the one exception) and no HTTP-level guard: browsers cannot set headers on a
 * WebSocket, so the first frame is `hello` with the session token (docs/chat.md "Delivery"). A plain GET answers 404.
 */
export async function chatSocket(app: FastifyInstance, _context: ModuleContext, bus: ChatBus) {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  const hub = new ChatHub(app.db, app.principals, bus, app.log);
  // a console that connects is online: the queue's oldest conversation is offered (to it and to the others free)
  hub.onStaffOnline = (pharmacyId) => offerNext(app.db, bus, pharmacyId);
  app.addHook('preClose', async () => hub.stop());
  app.get(CHAT_WS_PATH, { websocket: true }, (socket: WebSocket, _request: FastifyRequest) => hub.accept(socket));
}
