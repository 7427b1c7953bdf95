import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, message } from '../../db/schema/index';

export type MessageRow = Pick<
  typeof message.$inferSelect,
  'id' | 'kind' | 'title' | 'content' | 'link' | 'readAt' | 'createdAt'
>;
export type MessageKind = (typeof message.$inferSelect)['kind'];

export interface MessageFilter {
  state: 'all' | 'unread' | 'read';
  kind?: MessageKind;
}

/** The only place that knows how messages are stored. Every query is scoped to the owner and skips deleted rows. */
export class MessageRepository {
  constructor(private readonly db: Database) {}

  private visible(accountId: number, filter?: MessageFilter): SQL {
    const conditions: SQL[] = [eq(message.accountId, accountId), isNull(message.deletedAt)];
    if (filter?.state === 'unread') conditions.push(isNull(message.readAt));
    if (filter?.state === 'read') conditions.push(isNotNull(message.readAt));
    if (filter?.kind) conditions.push(eq(message.kind, filter.kind));
    return and(...conditions)!;
  }

  async countUnread(accountId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(message)
      .where(this.visible(accountId, { state: 'unread' }));
    return row?.n ?? 0;
  }

  /**
   * Newest first. The page's ids come from the partial (account_id, id) index alone (an index-only scan, so a
   * deep page walks index entries, not rows); only those 20 rows are then read.
   */
  async page(accountId: number, filter: MessageFilter, limit: number, offset: number) {
    const where = this.visible(accountId, filter);
    const pageIds = this.db
      .select({ id: message.id })
      .from(message)
      .where(where)
      // The (account_id, id) index scanned backward gives exactly this order, so page 1 reads 20 index entries even
      // for an account whose messages are all old (a backward walk of the primary key would cross most of the table).
      .orderBy(desc(message.id))
      .limit(limit)
      .offset(offset)
      .as('page_ids');
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: message.id,
          kind: message.kind,
          title: message.title,
          content: message.content,
          link: message.link,
          readAt: message.readAt,
          createdAt: message.createdAt,
        })
        .from(message)
        .innerJoin(pageIds, eq(message.id, pageIds.id))
        .orderBy(desc(message.id)),
      this.db.select({ n: count() }).from(message).where(where),
    ]);
    return { rows: rows as MessageRow[], total: total?.n ?? 0 };
  }

  /** Marks the owner's unread messages read: the given ids, or all of them. Others' ids are silently out of scope. */
  async markRead(accountId: number, ids: number[] | 'all'): Promise<number> {
    const conditions = [this.visible(accountId, { state: 'unread' })];
    if (ids !== 'all') conditions.push(inArray(message.id, ids));
    const rows = await this.db
      .update(message)
      .set({ readAt: new Date() })
      .where(and(...conditions))
      .returning({ id: message.id });
    return rows.length;
  }

  async softDelete(accountId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .update(message)
      .set({ deletedAt: new Date() })
      .where(and(eq(message.id, id), this.visible(accountId)))
      .returning({ id: message.id });
    return rows.length > 0;
  }

  async findAccountIdByPhone(phone: string): Promise<number | null> {
    const [row] = await this.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)).limit(1);
    return row?.id ?? null;
  }

  async insert(values: {
    accountId: number;
    kind: MessageKind;
    title: string;
    content: string;
    link: string | null;
    senderId: number | null;
  }): Promise<number> {
    const [row] = await this.db.insert(message).values(values).returning({ id: message.id });
    return row.id;
  }
}
