import { integer, timestamp } from 'drizzle-orm/pg-core';

/** id, created_at, updated_at: every table has them. */
export const baseColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const tz = (name: string) => timestamp(name, { withTimezone: true });
