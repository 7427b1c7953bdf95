import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns, tz } from './columns';
import { pharmacy } from './pharmacies';

// The chat room (issue 14, docs/chat.md): one conversation between a patient and a pharmacy's staff at a time, its
// messages numbered by an increasing per-conversation sequence (assigned under the conversation's row lock, so a
// client that knows its last seq asks for exactly what it missed), a client-chosen id unique per sender (a resent
// message is a no-op), unread counters and read sequences on the conversation itself (the badge and the list read
// the same counters).

export const chatConversationStatusValues = ['open', 'closed'] as const;
export const chatSenderSideValues = ['patient', 'staff', 'system'] as const;
export const chatMessageKindValues = ['text', 'image', 'product', 'order', 'system'] as const;
export const chatStaffStatusValues = ['online', 'away'] as const;

export const conversation = pgTable(
  'conversation',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    patientAccountId: integer('patient_account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** The staff member handling it; null while it waits in the queue. */
    assigneeId: integer('assignee_id').references(() => account.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 8, enum: chatConversationStatusValues }).notNull().default('open'),
    /** When it (re)entered the queue: the queue is first come, first offered. */
    queuedAt: tz('queued_at'),
    /** The last message's seq (0: none yet). */
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: tz('last_message_at'),
    lastMessagePreview: varchar('last_message_preview', { length: 120 }).notNull().default(''),
    /** Patient messages the staff has not read / staff messages the patient has not read. */
    staffUnread: integer('staff_unread').notNull().default(0),
    patientUnread: integer('patient_unread').notNull().default(0),
    /** The highest seq each side has read (read receipts: a message is read when its seq ≤ the other side's). */
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    patientReadSeq: integer('patient_read_seq').notNull().default(0),
    closedAt: tz('closed_at'),
    closedBy: integer('closed_by').references(() => account.id, { onDelete: 'set null' }),
    /** The off-hours auto-reply was sent at; not again until working hours have come and gone. */
    autoRepliedAt: tz('auto_replied_at'),
  },
  (t) => [
    // one open conversation per patient and pharmacy
    uniqueIndex('conversation_open_unique').on(t.pharmacyId, t.patientAccountId).where(sql`${t.status} = 'open'`),
    // the staff list (newest activity first) and the sync's "changed since" read
    index('conversation_pharmacy_activity_idx').on(t.pharmacyId, t.lastMessageAt),
    index('conversation_pharmacy_updated_idx').on(t.pharmacyId, t.updatedAt),
    index('conversation_assignee_idx').on(t.pharmacyId, t.assigneeId).where(sql`${t.status} = 'open'`),
    index('conversation_queue_idx')
      .on(t.pharmacyId, t.queuedAt)
      .where(sql`${t.status} = 'open' and ${t.assigneeId} is null`),
    index('conversation_patient_idx').on(t.patientAccountId, t.updatedAt),
  ],
);

export const chatMessage = pgTable(
  'chat_message',
  {
    ...baseColumns(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderSide: varchar('sender_side', { length: 8, enum: chatSenderSideValues }).notNull(),
    senderId: integer('sender_id').references(() => account.id, { onDelete: 'set null' }),
    /** The sender's own id for the message (a resend with the same id is the same message). */
    clientId: varchar('client_id', { length: 64 }),
    kind: varchar('kind', { length: 8, enum: chatMessageKindValues }).notNull(),
    /** Text (text, system); the caption for the others. */
    body: text('body').notNull().default(''),
    /** image: { url, width?, height? }; product: the card; order: the card. */
    payload: jsonb('payload'),
  },
  (t) => [
    uniqueIndex('chat_message_seq_unique').on(t.conversationId, t.seq),
    uniqueIndex('chat_message_client_unique').on(t.senderId, t.clientId),
    index('chat_message_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
    index('chat_message_pharmacy_idx').on(t.pharmacyId, t.createdAt),
  ],
);

/** A pharmacy's chat settings (one row, created on first save; defaults come from the shared schema). */
export const chatSetting = pgTable('chat_setting', {
  pharmacyId: integer('pharmacy_id')
    .primaryKey()
    .references(() => pharmacy.id, { onDelete: 'cascade' }),
  greeting: varchar('greeting', { length: 500 }).notNull(),
  offHoursReply: varchar('off_hours_reply', { length: 500 }).notNull(),
  /** ISO weekdays (1 = Monday … 7 = Sunday) the chat is staffed. */
  workDays: smallint('work_days').array().notNull(),
  /** 'HH:mm' in Asia/Shanghai. */
  workStart: varchar('work_start', { length: 5 }).notNull(),
  workEnd: varchar('work_end', { length: 5 }).notNull(),
  /** Open conversations one staff member may hold at once (the queue offers only to those below it). */
  perStaffLimit: smallint('per_staff_limit').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => account.id, { onDelete: 'set null' }),
});

export const chatCannedReply = pgTable(
  'chat_canned_reply',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    /** What the staff types after `/` to find it. */
    shortcut: varchar('shortcut', { length: 20 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('chat_canned_reply_shortcut_unique').on(t.pharmacyId, t.shortcut)],
);

/** A staff member's chat status in a pharmacy; "online" also needs a recent heartbeat from a connected console. */
export const chatStaffStatus = pgTable(
  'chat_staff_status',
  {
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 8, enum: chatStaffStatusValues }).notNull().default('online'),
    lastSeenAt: tz('last_seen_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.accountId] })],
);

export type ConversationRow = typeof conversation.$inferSelect;
export type ChatMessageRow = typeof chatMessage.$inferSelect;
