import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { listCount } from '../db/schema/index';

/**
 * The tables whose rows list_count keeps counted, with their buckets (docs/lists.md). Each entry needs the triggers
 * of a migration (0007 has quote's and message's) that keep every bucket in the writing transaction; a later module
 * adds a migration like it and one line here.
 */
export const countedLists = {
  /** A pharmacy's quotes (owner: pharmacy id) by status. */
  quote: ['on_shelf', 'off_shelf'],
  /** An account's messages that are not deleted (owner: account id), read or unread. */
  message: ['read', 'unread'],
  /** A pharmacy's orders that are not deleted (owner: pharmacy id) by status (migration 0012). */
  order: ['pending_payment', 'pending_review', 'pending_shipment', 'shipped', 'completed', 'cancelled'],
  /** A pharmacy's prescriptions (owner: pharmacy id) by status: the pharmacist's list (migration 0016). */
  recipe: ['pending_inspection', 'approved', 'rejected', 'void'],
  /** A doctor's prescriptions (owner: doctor id) by status (migration 0016). */
  recipe_doctor: ['pending_inspection', 'approved', 'rejected', 'void'],
  /** A doctor's consultation requests (owner: doctor id) by status (migration 0016). */
  consultation: ['pending', 'approved', 'rejected', 'prescribed', 'cancelled'],
} as const;
export type CountedList = keyof typeof countedLists;
export type ListCounts<L extends CountedList> = Record<(typeof countedLists)[L][number], number>;

type Select = Pick<Database, 'select'>;

const byOwner = (db: Select) =>
  db
    .select({ bucket: listCount.bucket, n: listCount.n })
    .from(listCount)
    .where(and(eq(listCount.scope, sql.placeholder('scope')), eq(listCount.ownerId, sql.placeholder('ownerId'))))
    .prepare('list_count_by_owner');

// Every list page reads its counts: one named prepared statement per database handle (or transaction) skips query
// building and planning, as the session lookup does.
const prepared = new WeakMap<Select, ReturnType<typeof byOwner>>();

/**
 * A list's bucket counts for one owner (a pharmacy's quotes by status, an account's visible messages read / unread),
 * read from list_count: one primary-key lookup however many rows the list holds. Buckets without a row count 0.
 * Unfiltered totals and tab counts come from here; a filtered search counts its own rows exactly (docs/lists.md).
 * Inside a transaction pass the transaction, so the counts include its own uncommitted writes.
 */
export async function readListCounts<L extends CountedList>(
  db: Select,
  list: L,
  ownerId: number,
): Promise<ListCounts<L>> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = byOwner(db);
    prepared.set(db, statement);
  }
  const rows = await statement.execute({ scope: list, ownerId });
  return toListCounts(list, Object.fromEntries(rows.map((r) => [r.bucket, r.n])));
}

/**
 * The same counts as a column of a page query, so the page and its counts come in one round trip: an uncorrelated
 * scalar subquery, which PostgreSQL evaluates once per statement (an InitPlan), however many rows the page has.
 * Read it with toListCounts; a page past the end has no row to carry it, so read those with readListCounts.
 */
export const listCountsColumn = (list: CountedList, ownerId: number | Placeholder | SQL) =>
  sql<Record<
    string,
    number | string
  > | null>`(select json_object_agg(${listCount.bucket}, ${listCount.n}) from ${listCount}
    where ${listCount.scope} = ${list} and ${listCount.ownerId} = ${ownerId})`;

/** A list's counts from list_count's rows ({ bucket: n }): every bucket present, missing ones 0. */
export function toListCounts<L extends CountedList>(
  list: L,
  raw: Record<string, number | string> | null | undefined,
): ListCounts<L> {
  const counts: Record<string, number> = {};
  for (const b of countedLists[list]) counts[b] = raw?.[b] === undefined ? 0 : Number(raw[b]);
  return counts as ListCounts<L>;
}

/** The sum of some buckets of a list (a tab that spans several, or the whole list). */
export const sumBuckets = <L extends CountedList>(
  counts: ListCounts<L>,
  buckets: readonly (typeof countedLists)[L][number][] = Object.keys(counts) as (typeof countedLists)[L][number][],
): number => buckets.reduce((n, b) => n + counts[b], 0);

/**
 * What the write counters of migration 0009 count: every statement that writes a pharmacy's quotes bumps
 * `quote:writes` of that pharmacy, every statement that writes products bumps `product:writes` of owner 0 (the whole
 * catalogue); 0012 adds `order:writes` per pharmacy (statements writing `orders`). A version only grows: TRUNCATE
 * bumps it too, and a rolled-back write leaves it as it was. 0016 adds `recipe:writes` (per pharmacy),
 * `recipe_doctor:writes` (per doctor) and `consultation:writes` (per doctor); 0018 `message:writes` (per account).
 */
export type WriteVersioned = 'quote' | 'product' | 'order' | 'recipe' | 'recipe_doctor' | 'consultation' | 'message';

/**
 * The current write version of an owner's rows as a text column of a query (null while nothing was ever written for
 * it since migration 0009: callers then cache nothing, as a missing version could not tell two states apart).
 * One primary-key lookup; read it in the same statement as what it validates, so both come from one snapshot.
 */
export const writeVersionColumn = (scope: WriteVersioned, ownerId: number | Placeholder | SQL) =>
  sql<string | null>`(select ${listCount.n}::text from ${listCount}
    where ${listCount.scope} = ${`${scope}:writes`} and ${listCount.ownerId} = ${ownerId} and ${listCount.bucket} = 'n')`;

/**
 * A cache of results that are exact while the write versions they were computed at are current (docs/lists.md,
 * "Filtered lists"): a filtered search's matches and counts, keyed by the owner and the normalised filter, stored with
 * the versions read in the same statement as the result. A reader reads the current versions in the same round trip as
 * its page and uses the entry only when they are equal, so any committed write — through this instance, another one,
 * or psql — makes the next read compute afresh. Versions live in the database: nothing to broadcast between instances.
 */
export class VersionedCache<V extends object> {
  private readonly entries: LRUCache<string, { version: string; value: V }>;

  constructor(options: { maxSize: number; sizeOf: (value: V) => number; ttlMs?: number }) {
    this.entries = new LRUCache({
      maxSize: options.maxSize,
      sizeCalculation: (entry) => Math.max(1, options.sizeOf(entry.value)),
      ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
    });
  }

  /** The entry for a key, whatever its version: the caller compares `version` with what the database says now. */
  peek(key: string): { version: string; value: V } | undefined {
    return this.entries.get(key);
  }

  /** Remembers a result computed at `version`; a null version (never written, see writeVersionColumn) is not kept. */
  set(key: string, version: string | null, value: V): void {
    if (version === null) this.entries.delete(key);
    else this.entries.set(key, { version, value });
  }

  get size(): number {
    return this.entries.size;
  }
}

const versionStatement = (db: Select) =>
  db
    .select({ n: sql<string>`${listCount.n}::text` })
    .from(listCount)
    .where(
      and(
        eq(listCount.scope, sql.placeholder('scope')),
        eq(listCount.ownerId, sql.placeholder('ownerId')),
        eq(listCount.bucket, 'n'),
      ),
    )
    .prepare('list_count_write_version');
const preparedVersions = new WeakMap<Select, ReturnType<typeof versionStatement>>();

/** The current write version of an owner's rows (see writeVersionColumn): one prepared primary-key lookup. */
export async function readWriteVersion(db: Select, scope: WriteVersioned, ownerId: number): Promise<string | null> {
  let statement = preparedVersions.get(db);
  if (!statement) {
    statement = versionStatement(db);
    preparedVersions.set(db, statement);
  }
  const [row] = await statement.execute({ scope: `${scope}:writes`, ownerId });
  return row?.n ?? null;
}

/**
 * First pages of a list kept while the owner's write version is unchanged (docs/lists.md "Kept first pages"): the
 * page is read with the version in one statement and kept under it; a later request reads only the version (one
 * primary-key lookup) and answers from the kept page when it is the same, so any committed write to the owner's rows —
 * through any instance — makes the next request read afresh. Rows may show joined names (a pharmacy's, a doctor's):
 * those are not versioned, so an entry also expires after `ttlMs`.
 */
export class FirstPageCache<P extends { rows: unknown[] }> {
  private readonly cache: VersionedCache<P>;

  constructor(
    private readonly scope: WriteVersioned,
    options: { maxRows?: number; ttlMs?: number } = {},
  ) {
    this.cache = new VersionedCache<P>({
      maxSize: options.maxRows ?? 20_000,
      sizeOf: (page) => page.rows.length + 1,
      ttlMs: options.ttlMs ?? 30_000,
    });
  }

  /**
   * The kept page for this owner and key when the owner's version is still the one it was read at; otherwise
   * `load` (which returns the page and the version read in the same statement) and keep what it answers.
   */
  async get(db: Select, ownerId: number, key: string, load: () => Promise<{ page: P; version: string | null }>) {
    const fullKey = `${ownerId}:${key}`;
    const kept = this.cache.peek(fullKey);
    if (kept && kept.version === (await readWriteVersion(db, this.scope, ownerId))) return kept.value;
    const { page, version } = await load();
    this.cache.set(fullKey, version, page);
    return page;
  }
}
