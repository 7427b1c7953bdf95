import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { conversation } from './chat';
import { baseColumns, tz } from './columns';
import { live } from './live';
import { orders } from './orders';
import { channel, pharmacy, pharmacyMember } from './pharmacies';
import { quoteSet } from './pharmacy-console';

/**
 * One follow-up of a customer by a staff member (跟进记录): how they were contacted, what was said, when to follow up
 * next. Writing one moves `customer_info.last_contact_at` in the same transaction.
 */
export const customerFollowUp = pgTable(
  'customer_follow_up',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    /** The customer (a patient account). */
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    authorAccountId: integer('author_account_id').references(() => account.id, { onDelete: 'set null' }),
    method: varchar('method', { length: 16, enum: ['phone', 'wechat', 'visit', 'chat', 'sms', 'other'] })
      .notNull()
      .default('phone'),
    content: varchar('content', { length: 500 }).notNull(),
    contactedAt: tz('contacted_at').notNull().defaultNow(),
    nextFollowUpAt: tz('next_follow_up_at'),
  },
  (t) => [index('customer_follow_up_customer_idx').on(t.pharmacyId, t.accountId, t.contactedAt)],
);

/**
 * A task (任务) of a pharmacy's customer service: follow-up call, delivery check, revisit. Status: pending →
 * in_progress → done; pending | in_progress → cancelled (with a reason). Every change is one guarded
 * `UPDATE … WHERE status = <from>` and writes a `task_log` row in the same transaction.
 */
export const task = pgTable(
  'task',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: ['follow_up', 'delivery_check', 'revisit'] }).notNull(),
    /** Who set it: the pharmacy's own staff, or the platform operator (`admin/task`, /website/task). */
    origin: varchar('origin', { length: 16, enum: ['pharmacy', 'platform'] })
      .notNull()
      .default('pharmacy'),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
    /** The customer (a patient account). */
    customerAccountId: integer('customer_account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** The staff member who must do it (an account with an active membership of the pharmacy). */
    assigneeAccountId: integer('assignee_account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    /** Where it came from, when it did: an order (delivery check) or a chat. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    conversationId: integer('conversation_id').references(() => conversation.id, { onDelete: 'set null' }),
    address: varchar('address', { length: 200 }).notNull().default(''),
    dueAt: tz('due_at').notNull(),
    status: varchar('status', { length: 16, enum: ['pending', 'in_progress', 'done', 'cancelled'] })
      .notNull()
      .default('pending'),
    result: varchar('result', { length: 500 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    startedAt: tz('started_at'),
    doneAt: tz('done_at'),
    cancelledAt: tz('cancelled_at'),
  },
  (t) => [
    index('task_pharmacy_status_due_idx').on(t.pharmacyId, t.status, t.dueAt),
    index('task_assignee_idx').on(t.pharmacyId, t.assigneeAccountId, t.status),
    index('task_customer_idx').on(t.pharmacyId, t.customerAccountId),
    index('task_created_idx').on(t.createdAt, t.id),
  ],
);

/** Every change of a task, written in the same transaction as the change (the log is complete by construction). */
export const taskLog = pgTable(
  'task_log',
  {
    ...baseColumns(),
    taskId: integer('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    actorAccountId: integer('actor_account_id').references(() => account.id, { onDelete: 'set null' }),
    action: varchar('action', {
      length: 16,
      enum: ['create', 'edit', 'assign', 'start', 'done', 'cancel', 'comment'],
    }).notNull(),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }),
    /** What changed, in Chinese for the log's reader (e.g. 指派给 王丽娟, 取消原因：…). */
    content: varchar('content', { length: 500 }).notNull().default(''),
  },
  (t) => [index('task_log_task_idx').on(t.taskId, t.id)],
);

/**
 * A share package (分享套餐): quotes, a combo or a live class that a staff member shares with one recipient phone.
 * Status: pending → approved | rejected (a manager reviews; guarded). The sharer may edit a pending or rejected one
 * (back to pending). Only the recipient (the signed-in account whose phone is recipient_phone) may open it; anyone
 * else gets 403 / 403001 您不是被分享人.
 */
export const share = pgTable(
  'share',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    sharerAccountId: integer('sharer_account_id').references(() => account.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 16, enum: ['items', 'combo', 'live'] }).notNull(),
    title: varchar('title', { length: 50 }).notNull(),
    message: varchar('message', { length: 200 }).notNull().default(''),
    /** kind items: [{ quote_id, qty }] of the pharmacy's quotes. */
    items: jsonb('items').$type<{ quote_id: number; qty: number }[]>().notNull().default([]),
    quoteSetId: integer('quote_set_id').references(() => quoteSet.id, { onDelete: 'set null' }),
    liveId: integer('live_id').references(() => live.id, { onDelete: 'set null' }),
    recipientPhone: varchar('recipient_phone', { length: 11 }).notNull(),
    status: varchar('status', { length: 16, enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    reviewerAccountId: integer('reviewer_account_id').references(() => account.id, { onDelete: 'set null' }),
    reviewedAt: tz('reviewed_at'),
    /** First opened by its recipient; open_count counts the recipient's openings. */
    openedAt: tz('opened_at'),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [
    index('share_pharmacy_status_idx').on(t.pharmacyId, t.status, t.createdAt),
    index('share_sharer_idx').on(t.pharmacyId, t.sharerAccountId, t.createdAt),
  ],
);

/**
 * One opening of a channel's QR code (or a staff member's personal code): the built-in mini-program code provider
 * encodes a link to the product's own page with the scene; opening it records a row here.
 */
export const channelScan = pgTable(
  'channel_scan',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    /** A channel's scan, or null for a staff member's personal code (then member_id is set). */
    channelId: integer('channel_id').references(() => channel.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => pharmacyMember.id, { onDelete: 'cascade' }),
    /** The signed-in account that opened it, when signed in. */
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    /** Whether this opening made the account a new customer of the pharmacy. */
    newMember: integer('new_member').notNull().default(0),
  },
  (t) => [
    index('channel_scan_channel_idx').on(t.channelId, t.createdAt),
    index('channel_scan_member_idx').on(t.memberId, t.createdAt),
    index('channel_scan_pharmacy_idx').on(t.pharmacyId, t.createdAt),
  ],
);
