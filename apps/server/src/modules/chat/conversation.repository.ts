import {
  CHAT_PRESENCE_TTL_MS,
  type ChatConversationListQuery,
  type ChatConversationStatus,
  type ChatMessageKind,
  type ChatSenderSide,
  chatDefaults,
  chatStaffRoles,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { blacklistedSql } from '../../lib/blacklist';
import { namedRows } from '../../lib/named-statement';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/** A conversation as the summaries read it (snake_case, straight from SQL). */
export interface ConversationRow {
  id: number;
  pharmacy_id: number;
  pharmacy_name: string;
  pharmacy_logo: string;
  patient_account_id: number;
  patient_name: string;
  patient_phone: string;
  patient_avatar: string;
  assignee_id: number | null;
  assignee_name: string | null;
  status: ChatConversationStatus;
  queued_at: Date | string | null;
  last_seq: number;
  last_message_at: Date | string | null;
  last_message_preview: string;
  staff_unread: number;
  patient_unread: number;
  staff_read_seq: number;
  patient_read_seq: number;
  created_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
}

/** A message with what its answer needs (sender's and pharmacy's names). */
export interface MessageRow {
  id: number;
  conversation_id: number;
  pharmacy_id: number;
  seq: number;
  sender_side: ChatSenderSide;
  sender_id: number | null;
  client_id: string | null;
  kind: ChatMessageKind;
  body: string;
  payload: unknown;
  created_at: Date | string;
  sender_name: string | null;
  sender_phone: string | null;
  pharmacy_name: string;
}

/** The locked state a write decides on. */
export interface LockedConversation {
  id: number;
  pharmacy_id: number;
  patient_account_id: number;
  assignee_id: number | null;
  status: ChatConversationStatus;
  last_seq: number;
}

export interface ChatSettingsRow {
  greeting: string;
  off_hours_reply: string;
  work_days: number[];
  work_start: string;
  work_end: string;
  per_staff_limit: number;
}

/** Whose conversations a query may touch: the staff's pharmacy, or the patient's own. */
export type ChatScope = { side: 'staff'; pharmacyId: number } | { side: 'patient'; accountId: number };

export interface NewMessage {
  side: ChatSenderSide;
  senderId: number | null;
  clientId: string | null;
  kind: ChatMessageKind;
  body: string;
  payload: unknown;
  preview: string;
}

const scopeOf = (scope: ChatScope, alias = 'c'): SQL =>
  scope.side === 'staff'
    ? sql`${sql.raw(alias)}.pharmacy_id = ${scope.pharmacyId}`
    : sql`${sql.raw(alias)}.patient_account_id = ${scope.accountId}`;

/** A conversation summary's columns over `conversationFrom` (the history reads them too). */
export const conversationColumns = sql`c.id, c.pharmacy_id, p.name as pharmacy_name, p.logo_url as pharmacy_logo,
  c.patient_account_id, pa.name as patient_name, pa.phone as patient_phone, pa.head_img_url as patient_avatar,
  c.assignee_id, sa.name as assignee_name, c.status, c.queued_at, c.last_seq, c.last_message_at,
  c.last_message_preview, c.staff_unread, c.patient_unread, c.staff_read_seq, c.patient_read_seq, c.created_at,
  c.updated_at, c.closed_at`;
export const conversationFrom = sql`conversation c join pharmacy p on p.id = c.pharmacy_id
  join account pa on pa.id = c.patient_account_id left join account sa on sa.id = c.assignee_id`;

const messageColumns = sql`m.id, m.conversation_id, m.pharmacy_id, m.seq, m.sender_side, m.sender_id, m.client_id,
  m.kind, m.body, m.payload, m.created_at, a.name as sender_name, a.phone as sender_phone, p.name as pharmacy_name`;
const messageFrom = sql`chat_message m join pharmacy p on p.id = m.pharmacy_id left join account a on a.id = m.sender_id`;

const chatRoles = sql.join(
  chatStaffRoles.map((r) => sql`${r}`),
  sql`, `,
);

/** The only place that knows how conversations and their messages are stored. */
export class ConversationRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ------------------------------------------------------------------------------------------------ reads

  async conversation(db: DbExecutor, scope: ChatScope, id: number): Promise<ConversationRow | null> {
    const { rows } = await queryRows<ConversationRow>(
      db,
      sql`select ${conversationColumns} from ${conversationFrom} where c.id = ${id} and ${scopeOf(scope)}`,
    );
    return rows[0] ?? null;
  }

  async conversationsByIds(db: DbExecutor, ids: number[]): Promise<ConversationRow[]> {
    if (!ids.length) return [];
    const { rows } = await queryRows<ConversationRow>(
      db,
      sql`select ${conversationColumns} from ${conversationFrom}
        where c.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
    );
    return rows;
  }

  async page(
    pharmacyId: number,
    staffId: number,
    query: ChatConversationListQuery,
  ): Promise<{ rows: ConversationRow[]; total: number }> {
    const conditions: SQL[] = [sql`c.pharmacy_id = ${pharmacyId}`, sql`c.status = ${query.status}`];
    if (query.scope === 'mine') conditions.push(sql`c.assignee_id = ${staffId}`);
    if (query.scope === 'unassigned') conditions.push(sql`c.assignee_id is null`);
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
      conditions.push(sql`(pa.name ilike ${pattern} or pa.phone like ${pattern})`);
    }
    const where = sql.join(conditions, sql` and `);
    const order =
      query.status === 'closed'
        ? sql`c.closed_at desc nulls last, c.id desc`
        : sql`coalesce(c.last_message_at, c.created_at) desc, c.id desc`;
    const [page, total] = await Promise.all([
      queryRows<ConversationRow>(
        this.db,
        sql`select ${conversationColumns} from ${conversationFrom} where ${where} order by ${order}
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from conversation c join account pa on pa.id = c.patient_account_id
          where ${where}`,
      ),
    ]);
    return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
  }

  async mine(accountId: number): Promise<ConversationRow[]> {
    const { rows } = await queryRows<ConversationRow>(
      this.db,
      sql`select ${conversationColumns} from ${conversationFrom} where c.patient_account_id = ${accountId}
        order by (c.status = 'open') desc, coalesce(c.last_message_at, c.created_at) desc, c.id desc limit 200`,
    );
    return rows;
  }

  /** Messages of a conversation (already authorised), ascending; `limit + 1` read to tell whether more exist. */
  async messages(
    db: DbExecutor,
    conversationId: number,
    range: { before?: number; after?: number; limit: number },
  ): Promise<MessageRow[]> {
    const conditions: SQL[] = [sql`m.conversation_id = ${conversationId}`];
    if (range.before !== undefined) conditions.push(sql`m.seq < ${range.before}`);
    if (range.after !== undefined) conditions.push(sql`m.seq > ${range.after}`);
    const where = sql.join(conditions, sql` and `);
    // catching up reads forward from `after`; otherwise the newest (before `before`) backward
    const forward = range.after !== undefined && range.before === undefined;
    const { rows } = await queryRows<MessageRow>(
      db,
      sql`select ${messageColumns} from ${messageFrom} where ${where}
        order by m.seq ${forward ? sql`asc` : sql`desc`} limit ${range.limit}`,
    );
    return forward ? rows : rows.reverse();
  }

  async messageById(db: DbExecutor, id: number): Promise<MessageRow | null> {
    const { rows } = await queryRows<MessageRow>(
      db,
      sql`select ${messageColumns} from ${messageFrom} where m.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  async messageByClientId(db: DbExecutor, senderId: number, clientId: string): Promise<MessageRow | null> {
    const { rows } = await queryRows<MessageRow>(
      db,
      sql`select ${messageColumns} from ${messageFrom} where m.sender_id = ${senderId} and m.client_id = ${clientId}`,
    );
    return rows[0] ?? null;
  }

  /** For the sync: the messages after each known seq (in scope), at most `perConversation` of each. */
  async missedMessages(
    db: DbExecutor,
    scope: ChatScope,
    known: { id: number; seq: number }[],
    perConversation: number,
  ): Promise<MessageRow[]> {
    if (!known.length) return [];
    const { rows } = await queryRows<MessageRow>(
      db,
      sql`select ${messageColumns}
        from jsonb_to_recordset(${JSON.stringify(known)}::jsonb) as k(id int, seq int)
        join conversation c on c.id = k.id and ${scopeOf(scope)} and c.last_seq > k.seq
        cross join lateral (
          select * from chat_message x where x.conversation_id = c.id and x.seq > k.seq order by x.seq limit ${perConversation}
        ) m
        join pharmacy p on p.id = m.pharmacy_id left join account a on a.id = m.sender_id
        order by m.conversation_id, m.seq`,
    );
    return rows;
  }

  /** The conversations in scope changed after `since` (staff: open ones and those closed since; patient: theirs). */
  async changedSince(db: DbExecutor, scope: ChatScope, since: Date | null, limit: number): Promise<ConversationRow[]> {
    const conditions: SQL[] = [scopeOf(scope)];
    if (since) conditions.push(sql`c.updated_at > ${since.toISOString()}::timestamptz`);
    if (scope.side === 'staff') {
      conditions.push(
        since ? sql`(c.status = 'open' or c.closed_at > ${since.toISOString()}::timestamptz)` : sql`c.status = 'open'`,
      );
    }
    const { rows } = await queryRows<ConversationRow>(
      db,
      sql`select ${conversationColumns} from ${conversationFrom} where ${sql.join(conditions, sql` and `)}
        order by c.updated_at desc, c.id desc limit ${limit}`,
    );
    return rows;
  }

  async now(db: DbExecutor = this.db): Promise<Date> {
    const { rows } = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
    return new Date(rows[0].now);
  }

  async unread(
    pharmacyId: number,
    staffId: number,
  ): Promise<{ unread: number; mine_unread: number; queued: number; mine_open: number }> {
    const { rows } = await queryRows<{ unread: number; mine_unread: number; queued: number; mine_open: number }>(
      this.db,
      sql`select
          coalesce(sum(staff_unread) filter (where assignee_id = ${staffId} or assignee_id is null), 0)::int as unread,
          coalesce(sum(staff_unread) filter (where assignee_id = ${staffId}), 0)::int as mine_unread,
          (count(*) filter (where assignee_id is null))::int as queued,
          (count(*) filter (where assignee_id = ${staffId}))::int as mine_open
        from conversation where pharmacy_id = ${pharmacyId} and status = 'open'`,
    );
    return rows[0];
  }

  async settings(db: DbExecutor, pharmacyId: number): Promise<ChatSettingsRow> {
    const { rows } = await queryRows<ChatSettingsRow>(
      db,
      sql`select greeting, off_hours_reply, work_days, work_start, work_end, per_staff_limit
        from chat_setting where pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? { ...chatDefaults, work_days: [...chatDefaults.work_days] };
  }

  async pharmacy(db: DbExecutor, id: number): Promise<{ id: number; name: string } | null> {
    const { rows } = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from pharmacy where id = ${id} and status = 'active'`,
    );
    return rows[0] ?? null;
  }

  /** A chat-role, active member of the pharmacy (a transfer's target), with the name the patient is told. */
  async chatColleague(db: DbExecutor, pharmacyId: number, accountId: number): Promise<{ name: string } | null> {
    const { rows } = await queryRows<{ name: string; phone: string }>(
      db,
      sql`select a.name, a.phone from pharmacy_member m join account a on a.id = m.account_id
        where m.pharmacy_id = ${pharmacyId} and m.account_id = ${accountId} and m.status = 'active'
          and a.status = 'active' and m.role in (${chatRoles})`,
    );
    return rows[0] ? { name: rows[0].name || rows[0].phone } : null;
  }

  async openCount(db: DbExecutor, pharmacyId: number, staffId: number): Promise<number> {
    const { rows } = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from conversation
        where pharmacy_id = ${pharmacyId} and assignee_id = ${staffId} and status = 'open'`,
    );
    return rows[0]?.n ?? 0;
  }

  // ------------------------------------------------------------------------------------------------ cards

  async quoteCard(db: DbExecutor, pharmacyId: number, quoteId: number) {
    const { rows } = await queryRows<{
      quote_id: number;
      product_id: number;
      name: string;
      spec: string;
      price: string;
      images: string[] | null;
      type: string;
    }>(
      db,
      sql`select q.id as quote_id, q.product_id, pr.name, pr.spec, q.price::text as price, pr.images, pr.type
        from quote q join product pr on pr.id = q.product_id
        where q.id = ${quoteId} and q.pharmacy_id = ${pharmacyId} and q.status = 'on_shelf' and pr.status = 'active'`,
    );
    return rows[0] ?? null;
  }

  async orderCard(db: DbExecutor, pharmacyId: number, accountId: number, orderId: number) {
    const { rows } = await queryRows<{
      order_id: number;
      order_no: string;
      status: string;
      total: string;
      item_count: number;
      first_item: string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select o.id as order_id, o.order_no, o.status, o.pay_amount::text as total, o.created_at,
          (select coalesce(sum(i.qty), 0)::int from order_item i where i.order_id = o.id) as item_count,
          (select i.name from order_item i where i.order_id = o.id order by i.id limit 1) as first_item
        from orders o
        where o.id = ${orderId} and o.pharmacy_id = ${pharmacyId} and o.account_id = ${accountId}
          and o.deleted_at is null`,
    );
    return rows[0] ?? null;
  }

  // ------------------------------------------------------------------------------------------------ writes

  /** Locks the conversation in scope (its writers queue here: seqs are given out one at a time). */
  async lock(tx: Transaction, scope: ChatScope, id: number): Promise<LockedConversation | null> {
    const { rows } = await queryRows<LockedConversation>(
      tx,
      sql`select c.id, c.pharmacy_id, c.patient_account_id, c.assignee_id, c.status, c.last_seq
        from conversation c where c.id = ${id} and ${scopeOf(scope)} for update`,
    );
    return rows[0] ?? null;
  }

  async lockOpen(tx: Transaction, pharmacyId: number, patientId: number): Promise<LockedConversation | null> {
    const { rows } = await queryRows<LockedConversation>(
      tx,
      sql`select c.id, c.pharmacy_id, c.patient_account_id, c.assignee_id, c.status, c.last_seq
        from conversation c where c.pharmacy_id = ${pharmacyId} and c.patient_account_id = ${patientId}
          and c.status = 'open' for update`,
    );
    return rows[0] ?? null;
  }

  /** A new open conversation in the queue (the unique index refuses a second open one: 23505). */
  async insertConversation(tx: Transaction, pharmacyId: number, patientId: number): Promise<LockedConversation> {
    const { rows } = await queryRows<LockedConversation>(
      tx,
      sql`insert into conversation (pharmacy_id, patient_account_id, status, queued_at)
        values (${pharmacyId}, ${patientId}, 'open', now())
        returning id, pharmacy_id, patient_account_id, assignee_id, status, last_seq`,
    );
    return rows[0];
  }

  /**
   * Appends a message to a locked conversation: the next seq, the last message, the other side's unread counter
   * (system messages count for nobody), then the row. Returns the message's id.
   */
  async append(tx: Transaction, conversationId: number, m: NewMessage): Promise<{ id: number; seq: number }> {
    const staffInc = m.side === 'patient' ? 1 : 0;
    const patientInc = m.side === 'staff' ? 1 : 0;
    const { rows } = await queryRows<{ last_seq: number; pharmacy_id: number }>(
      tx,
      sql`update conversation set last_seq = last_seq + 1, last_message_at = now(),
          last_message_preview = ${m.preview.slice(0, 120)}, staff_unread = staff_unread + ${staffInc},
          patient_unread = patient_unread + ${patientInc}, updated_at = now()
        where id = ${conversationId} returning last_seq, pharmacy_id`,
    );
    const { last_seq: seq, pharmacy_id: pharmacyId } = rows[0];
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`insert into chat_message (conversation_id, pharmacy_id, seq, sender_side, sender_id, client_id, kind, body, payload)
        values (${conversationId}, ${pharmacyId}, ${seq}, ${m.side}, ${m.senderId}, ${m.clientId}, ${m.kind}, ${m.body},
          ${m.payload === null || m.payload === undefined ? null : JSON.stringify(m.payload)}::jsonb)
        returning id`,
    );
    return { id: inserted.rows[0].id, seq };
  }

  /**
   * The common send in ONE autocommit statement (one round trip, its own transaction): bumps the conversation (the
   * row lock serialises its senders: gap-free seqs), inserts the message with that seq and answers both rows with
   * the names the frame and the answer show. It does nothing (null) whenever the full path must decide: the
   * conversation is not in scope, not open, (staff) unassigned — the take and its notice —, (patient) outside
   * working hours with the off-hours reply due, or the sender's client_id is stored already (a resend). A resend
   * racing its first copy waits on the row lock and then fails on chat_message_client_unique (23505): the whole
   * statement is rolled back (no seq used) and the caller answers the first copy.
   */
  async appendFast(
    db: DbExecutor,
    scope: ChatScope,
    id: number,
    m: NewMessage,
  ): Promise<{ conversation: ConversationRow; message: MessageRow } | null> {
    const staffInc = m.side === 'patient' ? 1 : 0;
    const patientInc = m.side === 'staff' ? 1 : 0;
    // (Asia/Shanghai is UTC+8 all year: the local wall time without time zone data; "HH:mm" compared bytewise)
    const local = sql`((now() at time zone 'UTC') + interval '8 hours')`;
    const hhmm = sql`to_char(${local}, 'HH24:MI') collate "C"`;
    const gate =
      scope.side === 'staff'
        ? sql`c.assignee_id is not null`
        : sql`(c.auto_replied_at >= now() - interval '12 hours' or exists (
            select 1 from (select 1) one left join chat_setting cs on cs.pharmacy_id = c.pharmacy_id
            where extract(isodow from ${local})::int = any(coalesce(cs.work_days,
                ${`{${chatDefaults.work_days.join(',')}}`}::smallint[]))
              and coalesce(cs.work_start, ${chatDefaults.work_start}) collate "C" <= ${hhmm}
              and ${hhmm} < coalesce(cs.work_end, ${chatDefaults.work_end}) collate "C"))
            and not ${blacklistedSql(sql`c.pharmacy_id`, sql`c.patient_account_id`)}`;
    const rows = await namedRows<ConversationRow & Record<string, unknown>>(
      db,
      `chat_send_fast_${scope.side}`,
      sql`with c as (
          update conversation c set last_seq = c.last_seq + 1, last_message_at = now(),
            last_message_preview = ${m.preview.slice(0, 120)}, staff_unread = c.staff_unread + ${staffInc},
            patient_unread = c.patient_unread + ${patientInc}, updated_at = now()
          where c.id = ${id} and ${scopeOf(scope)} and c.status = 'open' and ${gate}
            and not exists (select 1 from chat_message d where d.sender_id = ${m.senderId} and d.client_id = ${m.clientId})
          returning c.*
        ), m as (
          insert into chat_message (conversation_id, pharmacy_id, seq, sender_side, sender_id, client_id, kind, body,
            payload)
          select c.id, c.pharmacy_id, c.last_seq, ${m.side}, ${m.senderId}, ${m.clientId}, ${m.kind}, ${m.body},
            ${m.payload === null || m.payload === undefined ? null : JSON.stringify(m.payload)}::jsonb
          from c
          returning id, seq, sender_id, client_id, kind, body, payload, created_at
        )
        select ${conversationColumns}, m.id as m_id, m.seq as m_seq, m.sender_id as m_sender_id,
          m.client_id as m_client_id, m.kind as m_kind, m.body as m_body, m.payload as m_payload,
          m.created_at as m_created_at, ma.name as m_sender_name, ma.phone as m_sender_phone
        from c join m on true join pharmacy p on p.id = c.pharmacy_id join account pa on pa.id = c.patient_account_id
          left join account sa on sa.id = c.assignee_id left join account ma on ma.id = m.sender_id`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      conversation: row,
      message: {
        id: row.m_id as number,
        conversation_id: row.id,
        pharmacy_id: row.pharmacy_id,
        seq: row.m_seq as number,
        sender_side: m.side,
        sender_id: row.m_sender_id as number | null,
        client_id: row.m_client_id as string | null,
        kind: row.m_kind as ChatMessageKind,
        body: row.m_body as string,
        payload: row.m_payload,
        created_at: row.m_created_at as Date | string,
        sender_name: row.m_sender_name as string | null,
        sender_phone: row.m_sender_phone as string | null,
        pharmacy_name: row.pharmacy_name,
      },
    };
  }

  async setAutoReplied(tx: Transaction, conversationId: number) {
    await tx.execute(sql`update conversation set auto_replied_at = now() where id = ${conversationId}`);
  }

  /** Whether the off-hours reply is due: never sent, or sent more than 12 hours ago. */
  async autoReplyDue(tx: Transaction, conversationId: number): Promise<boolean> {
    const { rows } = await queryRows<{ due: boolean }>(
      tx,
      sql`select (auto_replied_at is null or auto_replied_at < now() - interval '12 hours') as due
        from conversation where id = ${conversationId}`,
    );
    return !!rows[0]?.due;
  }

  /**
   * Takes an unassigned open conversation for `staffId` while they hold fewer than `limit` open ones; false when
   * someone else was first or the staff member is at the limit (the caller tells which).
   */
  async take(tx: Transaction, pharmacyId: number, id: number, staffId: number, limit: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      tx,
      sql`update conversation set assignee_id = ${staffId}, queued_at = null, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} and status = 'open' and assignee_id is null
          and (select count(*) from conversation o
               where o.pharmacy_id = ${pharmacyId} and o.assignee_id = ${staffId} and o.status = 'open') < ${limit}
        returning id`,
    );
    return rowCount > 0;
  }

  /** One staff member's assignments in a pharmacy happen one at a time (the limit's count stays true). */
  async lockStaff(tx: Transaction, pharmacyId: number, staffId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:staff:${pharmacyId}:${staffId}`}))`);
  }

  async assign(tx: Transaction, id: number, staffId: number) {
    await tx.execute(
      sql`update conversation set assignee_id = ${staffId}, queued_at = null, updated_at = now() where id = ${id}`,
    );
  }

  async close(tx: Transaction, id: number, staffId: number) {
    await tx.execute(
      sql`update conversation set status = 'closed', closed_at = now(), closed_by = ${staffId}, queued_at = null,
        updated_at = now() where id = ${id}`,
    );
  }

  async reopen(tx: Transaction, id: number, staffId: number) {
    await tx.execute(
      sql`update conversation set status = 'open', closed_at = null, closed_by = null, assignee_id = ${staffId},
        queued_at = null, updated_at = now() where id = ${id}`,
    );
  }

  /**
   * Marks one side's messages read up to `seq` (never backward, never past the last) and recounts what is left
   * unread of the other side's messages. False when nothing changed.
   */
  async markRead(db: DbExecutor, scope: ChatScope, id: number, seq: number): Promise<boolean> {
    const reader = scope.side === 'staff' ? 'staff' : 'patient';
    const writer = scope.side === 'staff' ? 'patient' : 'staff';
    const readSeq = sql.raw(`${reader}_read_seq`);
    const unread = sql.raw(`${reader}_unread`);
    const target = sql`greatest(c.${readSeq}, least(${seq}::int, c.last_seq))`;
    const remaining = sql`(select count(*)::int from chat_message m
      where m.conversation_id = c.id and m.sender_side = ${writer} and m.seq > ${target})`;
    const { rowCount } = await queryRows(
      db,
      sql`update conversation c set ${readSeq} = ${target}, ${unread} = ${remaining}, updated_at = now()
        where c.id = ${id} and ${scopeOf(scope)} and (c.${readSeq} < ${target} or c.${unread} <> ${remaining})
        returning c.id`,
    );
    return rowCount > 0;
  }

  // ------------------------------------------------------------------------------------------------ offers

  /** The oldest conversation waiting in the pharmacy's queue. */
  async oldestQueued(db: DbExecutor, pharmacyId: number): Promise<number | null> {
    const { rows } = await queryRows<{ id: number }>(
      db,
      sql`select id from conversation where pharmacy_id = ${pharmacyId} and status = 'open' and assignee_id is null
        order by queued_at asc nulls last, id asc limit 1`,
    );
    return rows[0]?.id ?? null;
  }

  /** Chat staff of the pharmacy that are online (status online, heartbeat within the TTL) and below the limit. */
  async staffWithCapacity(db: DbExecutor, pharmacyId: number, limit: number): Promise<number[]> {
    const { rows } = await queryRows<{ account_id: number }>(
      db,
      sql`select m.account_id from pharmacy_member m
        join account a on a.id = m.account_id and a.status = 'active'
        join chat_staff_status s on s.pharmacy_id = m.pharmacy_id and s.account_id = m.account_id
        where m.pharmacy_id = ${pharmacyId} and m.status = 'active' and m.role in (${chatRoles})
          and s.status = 'online' and s.last_seen_at > now() - ${`${CHAT_PRESENCE_TTL_MS} milliseconds`}::interval
          and (select count(*) from conversation o
               where o.pharmacy_id = m.pharmacy_id and o.assignee_id = m.account_id and o.status = 'open') < ${limit}`,
    );
    return rows.map((r) => r.account_id);
  }
}
