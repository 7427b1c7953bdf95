import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

export interface Notice {
  accountId: number;
  kind: 'system' | 'order' | 'recipe' | 'live' | 'chat';
  title: string;
  content: string;
  /** A site path the message opens (checked by isSitePath when read), or null. */
  link?: string | null;
  senderId?: number | null;
}

/**
 * Writes a notification (the message module's table) inside the caller's transaction, so a decision and the message
 * telling someone about it are kept or lost together.
 */
export async function notify(db: DbExecutor, notice: Notice): Promise<void> {
  await db.execute(sql`
    insert into message (account_id, kind, title, content, link, sender_id)
    values (${notice.accountId}, ${notice.kind}, ${notice.title}, ${notice.content}, ${notice.link ?? null},
      ${notice.senderId ?? null})`);
}
