import { and, count, desc, eq, inArray, isNotNull, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, message } from '../../db/schema/index';
import {
  FirstPageCache,
  listCountsColumn,
  readListCounts,
  sumBuckets,
  toListCounts,
  writeVersionColumn,
} from '../../lib/list-count';

export type MessageRow = Pick<
  typeof message.$inferSelect,
  'id' | 'kind' | 'title' | 'content' | 'link' | 'readAt' | 'createdAt'
>;
export type MessageKind = (typeof message.$inferSelect)['kind'];

interface PreparedPage {
  execute(values: {
    accountId: number;
    limit: number;
    offset: number;
  }): Promise<(MessageRow & { counts: Record<string, number | string> | null; version?: string | null })[]>;
}

export interface MessageFilter {
  state: 'all' | 'unread' | 'read';
  kind?: MessageKind;
}

/** The only place that knows how messages are stored. Every query is scoped to the owner and skips deleted rows. */
export class MessageRepository {
  /**
   * The default tab's page (all messages, no kind) as a named prepared statement: no query building or planning on
   * the hottest list. Only this one: a generic plan of the unread tab would walk the unread index and sort a large
   * account's unread rows (the custom plan walks (account_id, id) backward and stops after the page).
   */
  private readonly pageAll: PreparedPage;
  /** Page 1 of the default tab kept while the account's message write version stands (docs/lists.md). */
  private readonly keptPages = new FirstPageCache<{ rows: MessageRow[]; total: number }>('message');

  constructor(private readonly db: Database) {
    const accountId = sql.placeholder('accountId');
    this.pageAll = this.pageQuery(
      this.visible(accountId, { state: 'all' }),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
      {
        counts: listCountsColumn('message', accountId),
        version: writeVersionColumn('message', accountId),
      },
    ).prepare('message_page_all');
  }

  private visible(accountId: number | Placeholder, filter?: MessageFilter): SQL {
    const conditions: SQL[] = [eq(message.accountId, accountId), isNull(message.deletedAt)];
    if (filter?.state === 'unread') conditions.push(isNull(message.readAt));
    if (filter?.state === 'read') conditions.push(isNotNull(message.readAt));
    if (filter?.kind) conditions.push(eq(message.kind, filter.kind));
    return and(...conditions)!;
  }

  /** The unread badge: list_count's bucket (kept by the triggers of migration 0007), one primary-key lookup. */
  async countUnread(accountId: number): Promise<number> {
    return (await readListCounts(this.db, 'message', accountId)).unread;
  }

  /**
   * Newest first. The page's ids come from the partial (account_id, id) index alone (an index-only scan, so a
   * deep page walks index entries, not rows); only those 20 rows are then read.
   */
  private pageQuery<Extra extends Record<string, SQL>>(
    where: SQL,
    limit: number | Placeholder,
    offset: number | Placeholder,
    extra?: Extra,
  ) {
    const pageIds = this.db
      .select({ id: message.id })
      .from(message)
      .where(where)
      // The (account_id, id) index scanned backward gives exactly this order, so page 1 reads 20 index entries even
      // for an account whose messages are all old (a backward walk of the primary key would cross most of the table).
      .orderBy(desc(message.id))
      .limit(limit as number)
      .offset(offset as number)
      .as('page_ids');
    return this.db
      .select({
        id: message.id,
        kind: message.kind,
        title: message.title,
        content: message.content,
        link: message.link,
        readAt: message.readAt,
        createdAt: message.createdAt,
        ...(extra as Extra),
      })
      .from(message)
      .innerJoin(pageIds, eq(message.id, pageIds.id))
      .orderBy(desc(message.id));
  }

  /**
   * A page and the list's total (docs/lists.md). By read state alone the total is list_count's (read, unread or
   * both), carried by the page's own statement: one round trip, nothing counted. A kind filter counts its rows exactly.
   */
  async page(
    accountId: number,
    filter: MessageFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: MessageRow[]; total: number }> {
    if (!filter.kind && filter.state === 'all' && offset === 0) {
      return this.keptPages.get(this.db, accountId, `all:${limit}`, async () => {
        const rows = await this.pageAll.execute({ accountId, limit, offset });
        const counts = rows.length
          ? toListCounts('message', rows[0].counts)
          : await readListCounts(this.db, 'message', accountId);
        return {
          page: {
            rows: rows.map(({ counts: _c, version: _v, ...row }) => row as MessageRow),
            total: sumBuckets(counts),
          },
          version: rows[0]?.version ?? null,
        };
      });
    }
    if (!filter.kind) {
      const rows =
        filter.state === 'all'
          ? await this.pageAll.execute({ accountId, limit, offset })
          : await this.pageQuery(this.visible(accountId, filter), limit, offset, {
              counts: listCountsColumn('message', accountId),
            });
      const counts = rows.length
        ? toListCounts('message', rows[0].counts)
        : await readListCounts(this.db, 'message', accountId);
      return { rows, total: filter.state === 'all' ? sumBuckets(counts) : counts[filter.state] };
    }
    const where = this.visible(accountId, filter);
    const [rows, [total]] = await Promise.all([
      this.pageQuery(where, limit, offset),
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
