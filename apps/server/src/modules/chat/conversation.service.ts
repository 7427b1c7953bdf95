import {
  CHAT_PAGE_SIZE,
  CHAT_SYNC_MAX_CONVERSATIONS,
  CHAT_SYNC_PER_CONVERSATION,
  type ChatConversation,
  type ChatConversationListQuery,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatMessagesResult,
  type ChatSyncBody,
  type ChatSyncResult,
  type ChatUnread,
  chatMessages,
  chatSystemTexts,
  ErrorCode,
  marketingMessages,
  maskPhone,
  type OrderStatus,
  orderStatusLabels,
  type PageResult,
  type PharmacyRole,
  type SendChatMessageBody,
} from '@pharmacy/shared';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isBlacklisted } from '../../lib/blacklist';
import type { ChatBus } from '../../lib/chat-bus';
import type { FileStorage } from '../../lib/storage';
import {
  type ChatScope,
  type ChatSettingsRow,
  ConversationRepository,
  type ConversationRow,
  type LockedConversation,
  type MessageRow,
  type NewMessage,
} from './conversation.repository';
import { isWorkingTime } from './conversation-hours';
import { chatImageUrl, parseChatImageKey } from './conversation-image';

const iso = (v: Date | string): string => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : iso(v));

/** A conversation as an answer: staff see the patient's phone masked (spec §5), the patient their own. */
export function toConversation(row: ConversationRow, side: 'staff' | 'patient' = 'staff'): ChatConversation {
  const phone = side === 'staff' ? String(maskPhone(row.patient_phone)) : row.patient_phone;
  return {
    id: row.id,
    pharmacy_id: row.pharmacy_id,
    pharmacy_name: row.pharmacy_name,
    pharmacy_logo: row.pharmacy_logo ?? '',
    patient_account_id: row.patient_account_id,
    patient_name: row.patient_name || String(maskPhone(row.patient_phone)),
    patient_phone: phone,
    patient_avatar: row.patient_avatar ?? '',
    assignee_id: row.assignee_id,
    assignee_name: row.assignee_name ?? '',
    status: row.status,
    queued_at: isoOrNull(row.queued_at),
    last_seq: row.last_seq,
    last_message_at: isoOrNull(row.last_message_at),
    last_message_preview: row.last_message_preview,
    staff_unread: row.staff_unread,
    patient_unread: row.patient_unread,
    staff_read_seq: row.staff_read_seq,
    patient_read_seq: row.patient_read_seq,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    closed_at: isoOrNull(row.closed_at),
  };
}

export function toMessage(row: MessageRow): ChatMessage {
  const payload = (row.payload ?? null) as Record<string, unknown> | null;
  const senderName =
    row.sender_side === 'system'
      ? row.pharmacy_name
      : row.sender_name || (row.sender_phone ? String(maskPhone(row.sender_phone)) : '');
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    seq: row.seq,
    sender_side: row.sender_side,
    sender_id: row.sender_id,
    sender_name: senderName,
    client_id: row.client_id,
    kind: row.kind,
    body: row.body,
    image: row.kind === 'image' && payload ? (payload as ChatMessage['image']) : null,
    product: row.kind === 'product' && payload ? (payload as ChatMessage['product']) : null,
    order: row.kind === 'order' && payload ? (payload as ChatMessage['order']) : null,
    created_at: iso(row.created_at),
  };
}

/** The order card of an order row (also the patient info panel's recent orders). */
export function toOrderCard(row: {
  order_id: number;
  order_no: string;
  status: string;
  total: string;
  item_count: number;
  first_item: string | null;
  created_at: Date | string;
}): NonNullable<ChatMessage['order']> {
  return {
    order_id: row.order_id,
    order_no: row.order_no,
    status: row.status,
    status_label: orderStatusLabels[row.status as OrderStatus] ?? row.status,
    total: row.total,
    item_count: row.item_count,
    first_item: row.first_item ?? '',
    created_at: iso(row.created_at),
  };
}

/** The list's preview of a message. */
export function previewOf(m: Pick<NewMessage, 'kind' | 'body' | 'payload'>): string {
  switch (m.kind) {
    case 'text':
      return [...m.body].slice(0, 60).join('');
    case 'image':
      return '[图片]';
    case 'product':
      return `[商品] ${(m.payload as { name: string }).name}`;
    case 'order':
      return `[订单] ${(m.payload as { order_no: string }).order_no}`;
    default:
      return m.body;
  }
}

const isUniqueViolation = (err: unknown, constraint?: string) => {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || e.constraint === undefined;
    e = e.cause as typeof e;
  }
  return false;
};

const notFound = () => AppError.notFound(chatMessages.notFound, 'Conversation not found');
const blacklisted = () => AppError.forbidden(marketingMessages.blacklisted, 'Patient is blacklisted at the pharmacy');

/** Who acts: the signed-in staff member (with their pharmacy) or patient. */
export interface StaffActor {
  pharmacyId: number;
  accountId: number;
  name: string;
  /** Their role in the pharmacy (the patient is told 药师 or 客服). */
  role: PharmacyRole;
  /** Manages the pharmacy's chat settings (may transfer or close others' conversations). */
  manager: boolean;
}

/** What a write did, published after its commit. */
interface Effects {
  messages: number[];
  conversations: Set<number>;
  /** Pharmacies whose queue may be offered (a conversation entered it or someone freed capacity). */
  offers: Set<number>;
}
const noEffects = (): Effects => ({ messages: [], conversations: new Set(), offers: new Set() });

/**
 * Conversations and messages (docs/chat.md): every write in one transaction under the conversation's row lock
 * (seqs gap-free, a resent client_id answered with the stored message), frames published through the bus after
 * the commit. No Fastify types here.
 */
export class ConversationService {
  constructor(
    private readonly repo: ConversationRepository,
    private readonly bus: ChatBus,
    private readonly storage: FileStorage,
    private readonly log: (err: unknown, what: string) => void = (err, what) => console.error(what, err),
  ) {}

  // ---------------------------------------------------------------------------------------------- reads

  async list(
    pharmacyId: number,
    staffId: number,
    query: ChatConversationListQuery,
  ): Promise<PageResult<ChatConversation>> {
    const { rows, total } = await this.repo.page(pharmacyId, staffId, query);
    return { list: rows.map((r) => toConversation(r)), total, page: query.page, page_size: query.page_size };
  }

  async detail(scope: ChatScope, id: number): Promise<ChatConversation> {
    const row = await this.repo.conversation(this.repo.db, scope, id);
    if (!row) throw notFound();
    return toConversation(row, scope.side);
  }

  async mine(accountId: number): Promise<ChatConversation[]> {
    return (await this.repo.mine(accountId)).map((r) => toConversation(r, 'patient'));
  }

  async messages(scope: ChatScope, id: number, query: ChatMessagesQuery): Promise<ChatMessagesResult> {
    const conversation = await this.repo.conversation(this.repo.db, scope, id);
    if (!conversation) throw notFound();
    const limit = query.limit ?? CHAT_PAGE_SIZE;
    const rows = await this.repo.messages(this.repo.db, id, {
      before: query.before_seq,
      after: query.after_seq,
      limit,
    });
    const list = rows.map(toMessage);
    return { list, has_more: list.length > 0 && list[0].seq > 1 };
  }

  async unread(pharmacyId: number, staffId: number): Promise<ChatUnread> {
    const [counts, settings] = await Promise.all([
      this.repo.unread(pharmacyId, staffId),
      this.repo.settings(this.repo.db, pharmacyId),
    ]);
    return { ...counts, per_staff_limit: settings.per_staff_limit };
  }

  /**
   * What a client missed: for each known conversation in scope (others silently ignored), the messages after its
   * seq (at most CHAT_SYNC_PER_CONVERSATION; more → `truncated`), and the conversations changed since `since`.
   */
  async sync(scope: ChatScope, body: ChatSyncBody): Promise<ChatSyncResult> {
    const serverTime = await this.repo.now();
    const known = new Map<number, number>();
    for (const k of body.known) known.set(k.id, Math.min(k.seq, known.get(k.id) ?? k.seq));
    const rows = await this.repo.missedMessages(
      this.repo.db,
      scope,
      [...known].map(([id, seq]) => ({ id, seq })),
      CHAT_SYNC_PER_CONVERSATION + 1,
    );
    const perConversation = new Map<number, MessageRow[]>();
    for (const row of rows) {
      const list = perConversation.get(row.conversation_id) ?? [];
      list.push(row);
      perConversation.set(row.conversation_id, list);
    }
    const truncated: number[] = [];
    const messages: ChatMessage[] = [];
    for (const [id, list] of perConversation) {
      if (list.length > CHAT_SYNC_PER_CONVERSATION) truncated.push(id);
      for (const row of list.slice(0, CHAT_SYNC_PER_CONVERSATION)) messages.push(toMessage(row));
    }
    // 5 s of slack for clocks and commits in flight; never before 1970 (a year-0 `since` means "everything")
    const since = body.since ? new Date(Math.max(0, new Date(body.since).getTime() - 5000)) : null;
    const changed = await this.repo.changedSince(this.repo.db, scope, since, CHAT_SYNC_MAX_CONVERSATIONS);
    const seen = new Set(changed.map((c) => c.id));
    // a known conversation with new messages comes back too, whatever `since` said
    const extra = [...perConversation.keys()].filter((id) => !seen.has(id));
    const conversations = [...changed, ...(await this.repo.conversationsByIds(this.repo.db, extra))];
    return {
      conversations: conversations.map((c) => toConversation(c, scope.side)),
      messages,
      truncated,
      server_time: serverTime.toISOString(),
    };
  }

  // ---------------------------------------------------------------------------------------------- the patient

  /** The open conversation with the pharmacy, or a new one in the queue with the pharmacy's greeting. */
  async open(accountId: number, pharmacyId: number): Promise<ChatConversation> {
    if (!(await this.repo.pharmacy(this.repo.db, pharmacyId))) {
      throw AppError.notFound(chatMessages.pharmacyNotFound, 'Pharmacy not found');
    }
    if (await isBlacklisted(this.repo.db, pharmacyId, accountId)) throw blacklisted();
    let effects = noEffects();
    const id = await this.retryOnOpenRace(() => {
      effects = noEffects(); // a retried transaction starts over
      return this.repo.transaction(async (tx) => (await this.openIn(tx, pharmacyId, accountId, effects)).id);
    });
    await this.publish(effects);
    return this.detail({ side: 'patient', accountId }, id);
  }

  /** The patient's open conversation with the pharmacy (locked), created with its greeting when there is none. */
  private async openIn(
    tx: Transaction,
    pharmacyId: number,
    patientId: number,
    effects: Effects,
  ): Promise<LockedConversation> {
    const existing = await this.repo.lockOpen(tx, pharmacyId, patientId);
    if (existing) return existing;
    const created = await this.repo.insertConversation(tx, pharmacyId, patientId);
    const settings = await this.repo.settings(tx, pharmacyId);
    await this.appendIn(tx, created.id, effects, {
      side: 'system',
      senderId: null,
      clientId: null,
      kind: 'text',
      body: settings.greeting,
      payload: null,
    });
    effects.offers.add(pharmacyId);
    return { ...created, last_seq: created.last_seq + 1 };
  }

  /** Two opens at once meet at the unique index; the loser finds the winner's conversation on the next try. */
  private async retryOnOpenRace<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!isUniqueViolation(err, 'conversation_open_unique')) throw err;
      return fn();
    }
  }

  // ---------------------------------------------------------------------------------------------- sending

  async sendAsStaff(actor: StaffActor, id: number, body: SendChatMessageBody): Promise<ChatMessage> {
    return this.send({ side: 'staff', pharmacyId: actor.pharmacyId }, actor, id, body);
  }

  async sendAsPatient(accountId: number, id: number, body: SendChatMessageBody): Promise<ChatMessage> {
    if (body.kind === 'product') {
      throw new AppError(400, ErrorCode.BAD_PARAMS, '患者不能发送商品卡片', 'Product cards are for staff');
    }
    return this.send({ side: 'patient', accountId }, null, id, body);
  }

  private async send(
    scope: ChatScope,
    staff: StaffActor | null,
    id: number,
    body: SendChatMessageBody,
  ): Promise<ChatMessage> {
    const senderId = staff ? staff.accountId : (scope as { accountId: number }).accountId;
    if (body.kind === 'text') {
      const fast = await this.sendFast(scope, senderId, id, body.client_id, body.body);
      if (fast) return fast;
    }
    const resent = await this.repo.messageByClientId(this.repo.db, senderId, body.client_id);
    if (resent) return toMessage(resent);
    const conversation = await this.repo.conversation(this.repo.db, scope, id);
    if (!conversation) throw notFound();
    if (staff && conversation.status !== 'open') throw AppError.conflict(chatMessages.closed, 'Conversation closed');
    // the fast path leaves a blacklisted patient's text to this path (lib/blacklist.ts): refused here
    if (!staff && (await isBlacklisted(this.repo.db, conversation.pharmacy_id, senderId))) throw blacklisted();
    const content = await this.content(conversation, scope.side, body);

    let effects = noEffects();
    let messageId: number;
    try {
      messageId = await this.retryOnOpenRace(() => {
        effects = noEffects(); // a retried transaction starts over
        return this.repo.transaction(async (tx) => {
          let locked = await this.repo.lock(tx, scope, id);
          if (!locked) throw notFound();
          // a resend that raced its first copy: the first one is the answer
          const again = await this.repo.messageByClientId(tx, senderId, body.client_id);
          if (again) return again.id;
          if (locked.status !== 'open') {
            if (staff) throw AppError.conflict(chatMessages.closed, 'Conversation closed');
            // the patient writes again after the end: a new conversation, in the queue
            locked = await this.openIn(tx, locked.pharmacy_id, locked.patient_account_id, effects);
          }
          if (staff && locked.assignee_id === null) {
            await this.repo.assign(tx, locked.id, staff.accountId);
            await this.appendIn(tx, locked.id, effects, this.notice(chatSystemTexts.assigned(staff.name, staff.role)));
          }
          const own = await this.appendIn(tx, locked.id, effects, {
            side: scope.side,
            senderId,
            clientId: body.client_id,
            ...content,
          });
          if (!staff) await this.offHoursReply(tx, locked, effects);
          return own;
        });
      });
    } catch (err) {
      if (!isUniqueViolation(err, 'chat_message_client_unique')) throw err;
      const first = await this.repo.messageByClientId(this.repo.db, senderId, body.client_id);
      if (!first) throw err;
      return toMessage(first);
    }
    await this.publish(effects);
    const stored = await this.repo.messageById(this.repo.db, messageId);
    return toMessage(stored!);
  }

  /**
   * A text into an open conversation that needs no decision (repository.appendFast): one statement stores it, the
   * frame and the answer are built from what it returned. Null → the full path decides (and answers).
   */
  private async sendFast(
    scope: ChatScope,
    senderId: number,
    id: number,
    clientId: string,
    text: string,
  ): Promise<ChatMessage | null> {
    const content = { kind: 'text' as const, body: text, payload: null };
    let stored: Awaited<ReturnType<ConversationRepository['appendFast']>>;
    try {
      stored = await this.repo.appendFast(this.repo.db, scope, id, {
        side: scope.side,
        senderId,
        clientId,
        ...content,
        preview: previewOf(content),
      });
    } catch (err) {
      // the resend that raced its first copy: nothing of it was stored; the first copy is the answer
      if (!isUniqueViolation(err, 'chat_message_client_unique')) throw err;
      const first = await this.repo.messageByClientId(this.repo.db, senderId, clientId);
      if (!first) throw err;
      return toMessage(first);
    }
    if (!stored) return null;
    const message = toMessage(stored.message);
    const conversation = toConversation(stored.conversation);
    try {
      await this.bus.publish({
        pharmacyId: conversation.pharmacy_id,
        patientAccountId: conversation.patient_account_id,
        to: 'both',
        frame: { t: 'message', message, conversation },
      });
    } catch (err) {
      this.log(err, 'chat: publishing frames failed');
    }
    return message;
  }

  /** The stored form of what was sent: cards read from the pharmacy's quotes and the patient's orders. */
  private async content(
    conversation: ConversationRow,
    side: 'staff' | 'patient',
    body: SendChatMessageBody,
  ): Promise<Pick<NewMessage, 'kind' | 'body' | 'payload'>> {
    switch (body.kind) {
      case 'text':
        return { kind: 'text', body: body.body, payload: null };
      case 'image': {
        const name = parseChatImageKey(body.image_key);
        if (!name || !(await this.uploadExists(body.image_key))) {
          throw new AppError(400, ErrorCode.BAD_PARAMS, chatMessages.imageMissing, 'Unknown chat image key');
        }
        return {
          kind: 'image',
          body: '',
          payload: { url: chatImageUrl(name), width: body.width ?? null, height: body.height ?? null },
        };
      }
      case 'product': {
        if (side !== 'staff') {
          throw new AppError(400, ErrorCode.BAD_PARAMS, '患者不能发送商品卡片', 'Product cards are for staff');
        }
        const quote = await this.repo.quoteCard(this.repo.db, conversation.pharmacy_id, body.quote_id);
        if (!quote) throw new AppError(400, ErrorCode.BAD_PARAMS, chatMessages.quoteNotFound, 'Quote not on sale');
        return {
          kind: 'product',
          body: '',
          payload: {
            quote_id: quote.quote_id,
            product_id: quote.product_id,
            name: quote.name,
            spec: quote.spec,
            price: quote.price,
            image: quote.images?.[0] ?? '',
            is_rx: quote.type === 'RX',
          },
        };
      }
      case 'order': {
        const order = await this.repo.orderCard(
          this.repo.db,
          conversation.pharmacy_id,
          conversation.patient_account_id,
          body.order_id,
        );
        if (!order) throw new AppError(400, ErrorCode.BAD_PARAMS, chatMessages.orderNotFound, 'Order not found');
        return { kind: 'order', body: '', payload: toOrderCard(order) };
      }
    }
  }

  private async uploadExists(key: string): Promise<boolean> {
    const file = await this.storage.get(key).catch(() => null);
    if (!file) return false;
    file.stream.destroy();
    return true;
  }

  private notice(body: string): Omit<NewMessage, 'preview'> {
    return { side: 'system', senderId: null, clientId: null, kind: 'system', body, payload: null };
  }

  private async appendIn(
    tx: Transaction,
    conversationId: number,
    effects: Effects,
    message: Omit<NewMessage, 'preview'>,
  ): Promise<number> {
    const { id } = await this.repo.append(tx, conversationId, { ...message, preview: previewOf(message) });
    effects.messages.push(id);
    effects.conversations.add(conversationId);
    return id;
  }

  /** Outside working hours, the pharmacy's off-hours reply once (again only after 12 hours). */
  private async offHoursReply(tx: Transaction, conversation: LockedConversation, effects: Effects) {
    const settings = await this.repo.settings(tx, conversation.pharmacy_id);
    if (isWorkingTime(settings, new Date())) return;
    if (!(await this.repo.autoReplyDue(tx, conversation.id))) return;
    await this.appendIn(tx, conversation.id, effects, {
      side: 'system',
      senderId: null,
      clientId: null,
      kind: 'text',
      body: settings.off_hours_reply,
      payload: null,
    });
    await this.repo.setAutoReplied(tx, conversation.id);
  }

  // ---------------------------------------------------------------------------------------------- reading

  async read(scope: ChatScope, id: number, seq: number): Promise<ChatConversation> {
    const changed = await this.repo.markRead(this.repo.db, scope, id, seq);
    const row = await this.repo.conversation(this.repo.db, scope, id);
    if (!row) throw notFound();
    if (changed) await this.publishConversation(row);
    return toConversation(row, scope.side);
  }

  // ---------------------------------------------------------------------------------------------- assignment

  async take(actor: StaffActor, id: number): Promise<ChatConversation> {
    const scope: ChatScope = { side: 'staff', pharmacyId: actor.pharmacyId };
    const effects = noEffects();
    await this.repo.transaction(async (tx) => {
      await this.repo.lockStaff(tx, actor.pharmacyId, actor.accountId);
      const settings = await this.repo.settings(tx, actor.pharmacyId);
      if (await this.repo.take(tx, actor.pharmacyId, id, actor.accountId, settings.per_staff_limit)) {
        await this.appendIn(tx, id, effects, this.notice(chatSystemTexts.assigned(actor.name, actor.role)));
        effects.offers.add(actor.pharmacyId); // the queue has a new head
        return;
      }
      const current = await this.repo.lock(tx, scope, id);
      if (!current) throw notFound();
      if (current.status !== 'open') throw AppError.conflict(chatMessages.closed, 'Conversation closed');
      if (current.assignee_id === actor.accountId) return; // mine already
      if (current.assignee_id !== null) throw AppError.conflict(chatMessages.taken, 'Taken by someone else');
      throw AppError.conflict(chatMessages.overLimit(settings.per_staff_limit), 'Over the per-staff limit');
    });
    return this.afterAssignment(scope, id, effects);
  }

  async transfer(actor: StaffActor, id: number, assigneeId: number): Promise<ChatConversation> {
    const scope: ChatScope = { side: 'staff', pharmacyId: actor.pharmacyId };
    const effects = noEffects();
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, scope, id);
      if (!current) throw notFound();
      if (current.status !== 'open') throw AppError.conflict(chatMessages.closed, 'Conversation closed');
      if (current.assignee_id !== actor.accountId && !actor.manager) {
        throw AppError.forbidden(chatMessages.notMine, 'Not the assignee');
      }
      if (assigneeId === actor.accountId) {
        throw new AppError(400, ErrorCode.BAD_PARAMS, chatMessages.selfTransfer, 'Transfer to self');
      }
      const colleague = await this.repo.chatColleague(tx, actor.pharmacyId, assigneeId);
      if (!colleague) {
        throw new AppError(400, ErrorCode.BAD_PARAMS, chatMessages.colleagueNotFound, 'No such chat colleague');
      }
      if (current.assignee_id === assigneeId) return;
      await this.repo.assign(tx, id, assigneeId);
      await this.appendIn(tx, id, effects, this.notice(chatSystemTexts.transferred(colleague.name)));
      effects.offers.add(actor.pharmacyId);
    });
    return this.afterAssignment(scope, id, effects);
  }

  async close(actor: StaffActor, id: number): Promise<ChatConversation> {
    const scope: ChatScope = { side: 'staff', pharmacyId: actor.pharmacyId };
    const effects = noEffects();
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.lock(tx, scope, id);
      if (!current) throw notFound();
      if (current.status !== 'open') return;
      if (current.assignee_id !== null && current.assignee_id !== actor.accountId && !actor.manager) {
        throw AppError.forbidden(chatMessages.notMine, 'Not the assignee');
      }
      await this.appendIn(tx, id, effects, this.notice(chatSystemTexts.closed));
      await this.repo.close(tx, id, actor.accountId);
      effects.offers.add(actor.pharmacyId);
    });
    return this.afterAssignment(scope, id, effects);
  }

  async reopen(actor: StaffActor, id: number): Promise<ChatConversation> {
    const scope: ChatScope = { side: 'staff', pharmacyId: actor.pharmacyId };
    const effects = noEffects();
    try {
      await this.repo.transaction(async (tx) => {
        await this.repo.lockStaff(tx, actor.pharmacyId, actor.accountId);
        const current = await this.repo.lock(tx, scope, id);
        if (!current) throw notFound();
        if (current.status === 'open') return;
        if (await this.repo.lockOpen(tx, current.pharmacy_id, current.patient_account_id)) {
          throw AppError.conflict(chatMessages.alreadyOpen, 'The patient has another open conversation');
        }
        const settings = await this.repo.settings(tx, actor.pharmacyId);
        if ((await this.repo.openCount(tx, actor.pharmacyId, actor.accountId)) >= settings.per_staff_limit) {
          throw AppError.conflict(chatMessages.overLimit(settings.per_staff_limit), 'Over the per-staff limit');
        }
        await this.repo.reopen(tx, id, actor.accountId);
        await this.appendIn(tx, id, effects, this.notice(chatSystemTexts.reopened(actor.name)));
      });
    } catch (err) {
      if (isUniqueViolation(err, 'conversation_open_unique')) {
        throw AppError.conflict(chatMessages.alreadyOpen, 'The patient has another open conversation');
      }
      throw err;
    }
    return this.afterAssignment(scope, id, effects);
  }

  private async afterAssignment(scope: ChatScope, id: number, effects: Effects): Promise<ChatConversation> {
    await this.publish(effects, true);
    const row = await this.repo.conversation(this.repo.db, scope, id);
    if (!row) throw notFound();
    return toConversation(row, scope.side);
  }

  // ---------------------------------------------------------------------------------------------- frames

  /**
   * Publishes what a committed write did: each new message (with its conversation as it now stands) to both
   * sides, a `conversation` frame per changed conversation when asked (assignment, reading), then the offers.
   */
  private async publish(effects: Effects, conversationFrames = false) {
    try {
      const conversations = new Map(
        (await this.repo.conversationsByIds(this.repo.db, [...effects.conversations])).map((c) => [
          c.id,
          toConversation(c),
        ]),
      );
      for (const messageId of effects.messages) {
        const row = await this.repo.messageById(this.repo.db, messageId);
        const conversation = row && conversations.get(row.conversation_id);
        if (!row || !conversation) continue;
        await this.bus.publish({
          pharmacyId: conversation.pharmacy_id,
          patientAccountId: conversation.patient_account_id,
          to: 'both',
          frame: { t: 'message', message: toMessage(row), conversation },
        });
      }
      if (conversationFrames) {
        for (const conversation of conversations.values()) await this.publishConversationFrame(conversation);
      }
    } catch (err) {
      this.log(err, 'chat: publishing frames failed');
    }
    for (const pharmacyId of effects.offers) await this.offerNext(pharmacyId);
  }

  private async publishConversation(row: ConversationRow) {
    try {
      await this.publishConversationFrame(toConversation(row));
    } catch (err) {
      this.log(err, 'chat: publishing a conversation frame failed');
    }
  }

  private publishConversationFrame(conversation: ChatConversation) {
    return this.bus.publish({
      pharmacyId: conversation.pharmacy_id,
      patientAccountId: conversation.patient_account_id,
      to: 'both',
      frame: { t: 'conversation', conversation },
    });
  }

  /**
   * Offers the pharmacy's oldest queued conversation to its chat staff that are online (status online and a
   * heartbeat within CHAT_PRESENCE_TTL_MS) and below the per-person limit. Called when a conversation enters the
   * queue, when someone frees capacity, and by the socket (a console connects) and the desk (status set online).
   */
  async offerNext(pharmacyId: number): Promise<void> {
    try {
      const id = await this.repo.oldestQueued(this.repo.db, pharmacyId);
      if (id === null) return;
      const settings: ChatSettingsRow = await this.repo.settings(this.repo.db, pharmacyId);
      const staffIds = await this.repo.staffWithCapacity(this.repo.db, pharmacyId, settings.per_staff_limit);
      if (!staffIds.length) return;
      const row = await this.repo.conversation(this.repo.db, { side: 'staff', pharmacyId }, id);
      if (!row) return;
      const conversation = toConversation(row);
      await this.bus.publish({
        pharmacyId,
        patientAccountId: conversation.patient_account_id,
        to: 'staff',
        staffIds,
        frame: { t: 'offer', conversation },
      });
    } catch (err) {
      this.log(err, 'chat: offering the queue failed');
    }
  }
}

/**
 * The queue's offer for a pharmacy, for the rest of the chat module (the socket when a staff console connects, the
 * desk when a staff member sets their status online): `offerNext(app.db, bus, pharmacyId)`.
 */
export function offerNext(db: Database, bus: ChatBus, pharmacyId: number): Promise<void> {
  const storage = null as unknown as FileStorage; // offers read no files
  return new ConversationService(new ConversationRepository(db), bus, storage).offerNext(pharmacyId);
}
