import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns, tz } from './columns';
import { pharmacy } from './pharmacies';

/**
 * A complaint (投诉) by a patient about a pharmacy, an order, a doctor or a live class. Status: pending → processed
 * (with a result; the complainant gets a message) | rejected (with a reason). Each decision is one guarded
 * `UPDATE … WHERE id = $1 AND status = 'pending'`: one handler wins, the other gets 409.
 * `pharmacy_id` is the pharmacy concerned (the order's, the live's; null for a doctor), for filters and group figures.
 */
export const report = pgTable(
  'report',
  {
    ...baseColumns(),
    reporterAccountId: integer('reporter_account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    targetKind: varchar('target_kind', { length: 16, enum: ['pharmacy', 'order', 'doctor', 'live'] }).notNull(),
    targetId: integer('target_id').notNull(),
    pharmacyId: integer('pharmacy_id').references(() => pharmacy.id, { onDelete: 'set null' }),
    /** What the complaint is about, in the complainant's words (e.g. 发货慢, 服务态度差). */
    category: varchar('category', { length: 32 }).notNull().default(''),
    content: varchar('content', { length: 1000 }).notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    contactPhone: varchar('contact_phone', { length: 11 }).notNull().default(''),
    status: varchar('status', { length: 16, enum: ['pending', 'processed', 'rejected'] })
      .notNull()
      .default('pending'),
    handlerAccountId: integer('handler_account_id').references(() => account.id, { onDelete: 'set null' }),
    /** The processing result told to the complainant, or the reason of a rejection. */
    result: varchar('result', { length: 500 }).notNull().default(''),
    handledAt: tz('handled_at'),
  },
  (t) => [
    index('report_status_created_idx').on(t.status, t.createdAt, t.id),
    index('report_pharmacy_idx').on(t.pharmacyId, t.status),
    index('report_reporter_idx').on(t.reporterAccountId, t.createdAt),
  ],
);
