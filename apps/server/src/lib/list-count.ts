import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { listCount } from '../db/schema/index';

/** The tables whose rows list_count keeps counted (triggers of migration 0007), with their buckets. */
export const countedLists = {
  quote: ['on_shelf', 'off_shelf'],
  message: ['read', 'unread'],
} as const;
export type CountedList = keyof typeof countedLists;

/**
 * A list's bucket counts for one owner (a pharmacy's quotes by status, an account's visible messages read / unread),
 * read from list_count: one index lookup however many rows the list holds. Buckets without a row count 0.
 * Unfiltered totals and tab counts come from here; a filtered search counts its own rows (docs/lists.md).
 */
export async function readListCounts<L extends CountedList>(
  db: Pick<Database, 'select'>,
  list: L,
  ownerId: number,
): Promise<Record<(typeof countedLists)[L][number], number>> {
  const rows = await db
    .select({ bucket: listCount.bucket, n: listCount.n })
    .from(listCount)
    .where(and(eq(listCount.scope, list), eq(listCount.ownerId, ownerId)));
  const counts = Object.fromEntries(countedLists[list].map((b) => [b, 0])) as Record<string, number>;
  for (const r of rows) if (r.bucket in counts) counts[r.bucket] = Number(r.n);
  return counts as Record<(typeof countedLists)[L][number], number>;
}
