import type { ColumnStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * The operator's side of live_column: platform columns (kind 'platform', no pharmacy) and the pharmacies' columns
 * submitted to them (kind 'pharmacy'), reviewed here and placed in order on a platform column's shelf.
 */

export interface PlatformColumnRow {
  id: number;
  title: string;
  column_count: number;
  pending_count: number;
  created_at: Date | string;
}

export interface SubmissionRow {
  id: number;
  pharmacy_id: number;
  pharmacy_name: string;
  title: string;
  cover_url: string;
  intro: string;
  status: ColumnStatus;
  platform_column_id: number | null;
  platform_column_title: string | null;
  reject_reason: string;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  period_count: number;
  enrolled_count: number;
  created_at: Date | string;
}

const platformColumns = sql`p.id, p.title,
  (select count(*)::int from live_column m
    where m.platform_column_id = p.id and m.kind = 'pharmacy' and m.status = 'approved') as column_count,
  (select count(*)::int from live_column m
    where m.platform_column_id = p.id and m.kind = 'pharmacy' and m.status = 'pending') as pending_count,
  p.created_at`;

const submissionColumns = sql`c.id, c.pharmacy_id, ph.name as pharmacy_name, c.title, c.cover_url, c.intro, c.status,
  c.platform_column_id, p.title as platform_column_title, c.reject_reason, c.submitted_at, c.reviewed_at,
  (select count(*)::int from column_period cp where cp.column_id = c.id) as period_count,
  (select count(distinct e.account_id)::int from live_enrollment e join column_period cp on cp.id = e.period_id
    where cp.column_id = c.id) as enrolled_count,
  c.created_at`;

const submissionFrom = sql`live_column c
  join pharmacy ph on ph.id = c.pharmacy_id
  left join live_column p on p.id = c.platform_column_id and p.kind = 'platform'`;

export class PlatformColumnRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The connection or transaction this repository runs on (for writes through lib helpers such as notify). */
  get executor(): DbExecutor {
    return this.db;
  }

  transaction<T>(work: (repo: PlatformColumnRepository) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx: Transaction) => work(new PlatformColumnRepository(tx)));
  }

  async page(keyword: string | undefined, limit: number, offset: number) {
    const where: SQL = keyword
      ? sql`p.kind = 'platform' and p.title ilike ${containsPattern(keyword)}`
      : sql`p.kind = 'platform'`;
    const [{ rows }, { rows: total }] = await Promise.all([
      queryRows<PlatformColumnRow>(
        this.db,
        sql`select ${platformColumns} from live_column p where ${where}
          order by p.sort, p.id limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from live_column p where ${where}`),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  async find(id: number): Promise<PlatformColumnRow | null> {
    const { rows } = await queryRows<PlatformColumnRow>(
      this.db,
      sql`select ${platformColumns} from live_column p where p.id = ${id} and p.kind = 'platform'`,
    );
    return rows[0] ?? null;
  }

  /** Locks a platform column's row (its members are rewritten under it); false when there is none. */
  async lock(id: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`select id from live_column where id = ${id} and kind = 'platform' for update`,
    );
    return rows.length > 0;
  }

  async insert(title: string): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into live_column (pharmacy_id, kind, title, status, sort)
        values (null, 'platform', ${title}, 'approved',
          coalesce((select max(sort) from live_column where kind = 'platform'), 0) + 1)
        returning id`,
    );
    return rows[0].id;
  }

  async rename(id: number, title: string): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`update live_column set title = ${title}, updated_at = now()
        where id = ${id} and kind = 'platform' returning id`,
    );
    return rows.length > 0;
  }

  async submissions(
    filter: { status: 'pending' | 'approved' | 'rejected'; platformColumnId?: number },
    limit: number,
    offset: number,
  ) {
    const c: SQL[] = [sql`c.kind = 'pharmacy'`, sql`c.status = ${filter.status}`];
    if (filter.platformColumnId !== undefined) c.push(sql`c.platform_column_id = ${filter.platformColumnId}`);
    const where = sql.join(c, sql` and `);
    // the queue oldest first; decisions newest first
    const order =
      filter.status === 'pending'
        ? sql`c.submitted_at asc nulls last, c.id asc`
        : sql`c.reviewed_at desc nulls last, c.id desc`;
    const [{ rows }, { rows: total }] = await Promise.all([
      queryRows<SubmissionRow>(
        this.db,
        sql`select ${submissionColumns} from ${submissionFrom} where ${where}
          order by ${order} limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from live_column c where ${where}`),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  async submission(id: number): Promise<SubmissionRow | null> {
    const { rows } = await queryRows<SubmissionRow>(
      this.db,
      sql`select ${submissionColumns} from ${submissionFrom} where c.id = ${id} and c.kind = 'pharmacy'`,
    );
    return rows[0] ?? null;
  }

  /**
   * The review, guarded: only a pending pharmacy column changes (one `UPDATE … WHERE status = 'pending'`), so of two
   * operators deciding at once exactly one wins. An approved column goes to the end of its platform column's shelf.
   */
  async decide(
    id: number,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    reviewerId: number,
  ): Promise<{ pharmacy_id: number; title: string } | null> {
    const reason = decision.status === 'rejected' ? decision.reason : '';
    const sort =
      decision.status === 'approved'
        ? sql`coalesce((select max(m.sort) from live_column m where m.platform_column_id = c.platform_column_id
            and m.kind = 'pharmacy' and m.status = 'approved'), 0) + 1`
        : sql`c.sort`;
    const { rows } = await queryRows<{ pharmacy_id: number; title: string }>(
      this.db,
      sql`update live_column c set status = ${decision.status}, reject_reason = ${reason}, reviewed_at = now(),
          reviewed_by = ${reviewerId}, sort = ${sort}, updated_at = now()
        where c.id = ${id} and c.kind = 'pharmacy' and c.status = 'pending'
        returning c.pharmacy_id, c.title`,
    );
    return rows[0] ?? null;
  }

  /** The pharmacy's owner and administrators (active), who hear about a review. */
  async reviewRecipients(pharmacyId: number): Promise<number[]> {
    const { rows } = await queryRows<{ account_id: number }>(
      this.db,
      sql`select account_id from pharmacy_member
        where pharmacy_id = ${pharmacyId} and status = 'active' and role in ('shop', 'pharmacy_admin')
        order by account_id`,
    );
    return rows.map((r) => r.account_id);
  }

  async members(platformColumnId: number): Promise<SubmissionRow[]> {
    const { rows } = await queryRows<SubmissionRow>(
      this.db,
      sql`select ${submissionColumns} from ${submissionFrom}
        where c.platform_column_id = ${platformColumnId} and c.kind = 'pharmacy' and c.status = 'approved'
        order by c.sort, c.id`,
    );
    return rows;
  }

  /** Of these ids, the approved pharmacy columns (locked: their placement is about to change). */
  async lockApproved(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`select id from live_column
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and kind = 'pharmacy' and status = 'approved'
        for update`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * The shelf of a platform column, in one statement each: the listed columns placed on it in the listed order
   * (sort 1..n), the approved ones no longer listed taken off it.
   */
  async setMembers(platformColumnId: number, ids: number[]): Promise<void> {
    const list = sql`array[${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )}]::int[]`;
    await this.db.execute(
      ids.length
        ? sql`update live_column set platform_column_id = null, updated_at = now()
            where platform_column_id = ${platformColumnId} and kind = 'pharmacy' and status = 'approved'
              and not (id = any(${list}))`
        : sql`update live_column set platform_column_id = null, updated_at = now()
            where platform_column_id = ${platformColumnId} and kind = 'pharmacy' and status = 'approved'`,
    );
    if (!ids.length) return;
    await this.db.execute(
      sql`update live_column c set platform_column_id = ${platformColumnId}, sort = x.pos::int, updated_at = now()
        from unnest(${list}) with ordinality as x(id, pos)
        where c.id = x.id and c.kind = 'pharmacy' and c.status = 'approved'`,
    );
  }
}
