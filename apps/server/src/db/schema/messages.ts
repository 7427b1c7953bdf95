import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns, tz } from './columns';

export const message = pgTable(
  'message',
  {
    ...baseColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: ['system', 'order', 'recipe', 'live', 'chat'] })
      .notNull()
      .default('system'),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    link: varchar('link', { length: 500 }),
    readAt: tz('read_at'),
    deletedAt: tz('deleted_at'),
    /** The operator who sent it; null for notifications the system raised. */
    senderId: integer('sender_id').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A visible message's page: ordered by id inside the account, index-only for the page's ids and for the count.
    // Ascending on purpose: scanned backward it yields `id desc` (nulls first), the order the page query asks for.
    // The earlier `id desc nulls last` matched no query's order, so PostgreSQL walked the primary key backward.
    index('message_visible_idx').on(t.accountId, t.id).where(sql`${t.deletedAt} is null`),
    index('message_unread_idx').on(t.accountId).where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
  ],
);
