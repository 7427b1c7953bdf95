import type { ColumnStatus, EnrollmentSource, LiveStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { blacklistedSql } from '../../lib/blacklist';
import { queryRows } from '../../lib/sql-rows';

type Time = Date | string;

export interface ColumnRow {
  id: number;
  title: string;
  cover_url: string;
  intro: string;
  status: ColumnStatus;
  platform_column_id: number | null;
  platform_column_title: string | null;
  reject_reason: string;
  submitted_at: Time | null;
  reviewed_at: Time | null;
  period_count: number;
  enrolled_count: number;
  created_at: Time;
}

export interface PeriodRow {
  id: number;
  column_id: number;
  name: string;
  start_at: Time;
  end_at: Time;
  sort: number;
  live_count: number;
  enrolled_count: number;
  created_at: Time;
}

export interface PeriodLiveRow {
  id: number;
  title: string;
  cover_url: string;
  lecturer: string;
  start_at: Time;
  end_at: Time;
  started_at: Time | null;
  ended_at: Time | null;
  status: LiveStatus;
  quote_set_id: number | null;
  quote_set_name: string | null;
  viewer_count: number;
  question_count: number;
  created_at: Time;
  sort: number;
}

export interface EnrollmentRow {
  id: number;
  account_id: number;
  name: string;
  phone: string;
  source: EnrollmentSource;
  inviter_name: string | null;
  watch_seconds: number;
  created_at: Time;
}

const intArray = (ids: readonly number[]) => sql`${sql.param(ids)}::int[]`;

/** A pharmacy column's row as the API shows it (counts from its periods and their enrolments). */
const columnSelect = sql`select c.id, c.title, c.cover_url, c.intro, c.status, c.platform_column_id,
    pc.title as platform_column_title, c.reject_reason, c.submitted_at, c.reviewed_at, c.created_at,
    (select count(*)::int from column_period p where p.column_id = c.id) as period_count,
    (select count(distinct e.account_id)::int from live_enrollment e join column_period p on p.id = e.period_id
      where p.column_id = c.id) as enrolled_count
  from live_column c
  left join live_column pc on pc.id = c.platform_column_id and pc.kind = 'platform'`;

const periodSelect = sql`select p.id, p.column_id, p.name, p.start_at, p.end_at, p.sort, p.created_at,
    (select count(*)::int from column_period_live x where x.period_id = p.id) as live_count,
    (select count(*)::int from live_enrollment e where e.period_id = p.id) as enrolled_count
  from column_period p`;

/**
 * Columns, camp periods, their bound lives and enrolments (docs/live.md). Every statement names the pharmacy:
 * another pharmacy's row is simply not found.
 */
export class ColumnRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ------------------------------------------------------------------ columns

  async columnPage(
    pharmacyId: number,
    filter: { status?: ColumnStatus; keyword?: string },
    limit: number,
    offset: number,
  ): Promise<{ rows: ColumnRow[]; total: number }> {
    const where: SQL[] = [sql`c.pharmacy_id = ${pharmacyId}`, sql`c.kind = 'pharmacy'`];
    if (filter.status) where.push(sql`c.status = ${filter.status}`);
    if (filter.keyword) where.push(sql`c.title ilike ${`%${escapeLike(filter.keyword)}%`}`);
    const cond = sql.join(where, sql` and `);
    const [page, count] = await Promise.all([
      queryRows<ColumnRow>(
        this.db,
        sql`${columnSelect} where ${cond} order by c.id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from live_column c where ${cond}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
  }

  async column(pharmacyId: number, id: number, q: DbExecutor = this.db): Promise<ColumnRow | undefined> {
    return (
      await queryRows<ColumnRow>(
        q,
        sql`${columnSelect} where c.id = ${id} and c.pharmacy_id = ${pharmacyId} and c.kind = 'pharmacy'`,
      )
    ).rows[0];
  }

  async columnStatus(pharmacyId: number, id: number): Promise<ColumnStatus | undefined> {
    return (
      await queryRows<{ status: ColumnStatus }>(
        this.db,
        sql`select status from live_column where id = ${id} and pharmacy_id = ${pharmacyId} and kind = 'pharmacy'`,
      )
    ).rows[0]?.status;
  }

  async insertColumn(pharmacyId: number, body: { title: string; cover_url: string; intro: string }): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into live_column (pharmacy_id, kind, title, cover_url, intro, status)
        values (${pharmacyId}, 'pharmacy', ${body.title}, ${body.cover_url}, ${body.intro}, 'draft') returning id`,
    );
    return rows[0].id;
  }

  /** Not while pending (the platform is reviewing it): false when nothing matched. */
  async updateColumn(
    pharmacyId: number,
    id: number,
    body: { title: string; cover_url: string; intro: string },
  ): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update live_column set title = ${body.title}, cover_url = ${body.cover_url}, intro = ${body.intro},
          updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} and kind = 'pharmacy' and status <> 'pending'`,
    );
    return rowCount > 0;
  }

  /** Deletes a column with no enrolments in any of its periods (its periods and bindings cascade). */
  async deleteColumn(pharmacyId: number, id: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`delete from live_column c where c.id = ${id} and c.pharmacy_id = ${pharmacyId} and c.kind = 'pharmacy'
        and not exists (select 1 from live_enrollment e join column_period p on p.id = e.period_id
          where p.column_id = c.id)`,
    );
    return rowCount > 0;
  }

  async platformColumnExists(id: number): Promise<boolean> {
    const { rows } = await queryRows(this.db, sql`select 1 from live_column where id = ${id} and kind = 'platform'`);
    return rows.length > 0;
  }

  /** draft, rejected or approved → pending, submitted to a platform column; false when nothing matched. */
  async submitColumn(pharmacyId: number, id: number, platformColumnId: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update live_column set status = 'pending', platform_column_id = ${platformColumnId}, submitted_at = now(),
          reject_reason = '', reviewed_at = null, reviewed_by = null, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} and kind = 'pharmacy'
          and status in ('draft', 'rejected', 'approved')`,
    );
    return rowCount > 0;
  }

  async platformOptions(): Promise<{ id: number; title: string }[]> {
    return (
      await queryRows<{ id: number; title: string }>(
        this.db,
        sql`select id, title from live_column where kind = 'platform' order by sort, id`,
      )
    ).rows;
  }

  // ------------------------------------------------------------------ periods

  async periods(pharmacyId: number, columnId: number): Promise<PeriodRow[]> {
    return (
      await queryRows<PeriodRow>(
        this.db,
        sql`${periodSelect} where p.column_id = ${columnId} and p.pharmacy_id = ${pharmacyId} order by p.sort, p.id`,
      )
    ).rows;
  }

  async period(pharmacyId: number, id: number, q: DbExecutor = this.db): Promise<PeriodRow | undefined> {
    return (await queryRows<PeriodRow>(q, sql`${periodSelect} where p.id = ${id} and p.pharmacy_id = ${pharmacyId}`))
      .rows[0];
  }

  async periodExists(pharmacyId: number, id: number): Promise<boolean> {
    const { rows } = await queryRows(
      this.db,
      sql`select 1 from column_period where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rows.length > 0;
  }

  /** Locks the period's row (binding, sorting and copying are serialised per period); its column id, or nothing. */
  async lockPeriod(tx: DbExecutor, pharmacyId: number, id: number): Promise<{ column_id: number } | undefined> {
    return (
      await queryRows<{ column_id: number }>(
        tx,
        sql`select column_id from column_period where id = ${id} and pharmacy_id = ${pharmacyId} for update`,
      )
    ).rows[0];
  }

  /** A new period last in its column; nothing when the column is not the pharmacy's. */
  async insertPeriod(
    pharmacyId: number,
    columnId: number,
    body: { name: string; start_at: string; end_at: string },
    q: DbExecutor = this.db,
  ): Promise<number | undefined> {
    const { rows } = await queryRows<{ id: number }>(
      q,
      sql`insert into column_period (pharmacy_id, column_id, name, start_at, end_at, sort)
        select c.pharmacy_id, c.id, ${body.name}, ${body.start_at}::timestamptz, ${body.end_at}::timestamptz,
          coalesce((select max(p.sort) from column_period p where p.column_id = c.id), 0) + 1
        from live_column c where c.id = ${columnId} and c.pharmacy_id = ${pharmacyId} and c.kind = 'pharmacy'
        returning id`,
    );
    return rows[0]?.id;
  }

  async updatePeriod(
    pharmacyId: number,
    id: number,
    body: { name: string; start_at: string; end_at: string },
  ): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update column_period set name = ${body.name}, start_at = ${body.start_at}::timestamptz,
          end_at = ${body.end_at}::timestamptz, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  async deletePeriod(pharmacyId: number, id: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`delete from column_period p where p.id = ${id} and p.pharmacy_id = ${pharmacyId}
        and not exists (select 1 from live_enrollment e where e.period_id = p.id)`,
    );
    return rowCount > 0;
  }

  /** The target period gets the source's lives in the source's order (sorts 1..n). */
  async copyPeriodLives(tx: DbExecutor, pharmacyId: number, fromId: number, toId: number): Promise<void> {
    await tx.execute(
      sql`insert into column_period_live (pharmacy_id, period_id, live_id, sort)
        select ${pharmacyId}, ${toId}, x.live_id, row_number() over (order by x.sort, x.live_id)
        from column_period_live x where x.period_id = ${fromId} and x.pharmacy_id = ${pharmacyId}`,
    );
  }

  // ------------------------------------------------------------------ a period's lives

  async periodLives(pharmacyId: number, periodId: number, q: DbExecutor = this.db): Promise<PeriodLiveRow[]> {
    return (
      await queryRows<PeriodLiveRow>(
        q,
        sql`select l.id, l.title, l.cover_url, l.lecturer, l.start_at, l.end_at, l.started_at, l.ended_at, l.status,
            l.quote_set_id, qs.name as quote_set_name, l.created_at, x.sort,
            (select count(distinct w.account_id)::int from live_watch w where w.live_id = l.id) as viewer_count,
            (select count(*)::int from live_question lq where lq.live_id = l.id) as question_count
          from column_period_live x
          join live l on l.id = x.live_id and l.pharmacy_id = x.pharmacy_id
          left join quote_set qs on qs.id = l.quote_set_id
          where x.period_id = ${periodId} and x.pharmacy_id = ${pharmacyId}
          order by x.sort, l.id`,
      )
    ).rows;
  }

  async boundLiveIds(tx: DbExecutor, pharmacyId: number, periodId: number): Promise<number[]> {
    return (
      await queryRows<{ live_id: number }>(
        tx,
        sql`select live_id from column_period_live where period_id = ${periodId} and pharmacy_id = ${pharmacyId}`,
      )
    ).rows.map((r) => r.live_id);
  }

  /** How many of these lives are the pharmacy's. */
  async countOwnLives(tx: DbExecutor, pharmacyId: number, ids: readonly number[]): Promise<number> {
    const { rows } = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from live where pharmacy_id = ${pharmacyId} and id = any(${intArray(ids)})`,
    );
    return rows[0]?.n ?? 0;
  }

  /** Appends the lives not bound yet, in the given order, after the last one. */
  async appendLives(tx: DbExecutor, pharmacyId: number, periodId: number, ids: readonly number[]): Promise<void> {
    await tx.execute(
      sql`insert into column_period_live (pharmacy_id, period_id, live_id, sort)
        select ${pharmacyId}, ${periodId}, u.id, m.top + row_number() over (order by u.ord)
        from unnest(${intArray(ids)}) with ordinality as u(id, ord),
          (select coalesce(max(sort), 0) as top from column_period_live where period_id = ${periodId}) m
        where not exists (select 1 from column_period_live x where x.period_id = ${periodId} and x.live_id = u.id)`,
    );
  }

  async unbind(tx: DbExecutor, pharmacyId: number, periodId: number, liveId: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      tx,
      sql`delete from column_period_live where period_id = ${periodId} and pharmacy_id = ${pharmacyId}
        and live_id = ${liveId}`,
    );
    return rowCount > 0;
  }

  /** Rewrites every sort of the period in ONE statement: the i-th id gets sort i. */
  async setOrder(tx: DbExecutor, pharmacyId: number, periodId: number, ids: readonly number[]): Promise<void> {
    await tx.execute(
      sql`update column_period_live x set sort = u.ord
        from unnest(${intArray(ids)}) with ordinality as u(id, ord)
        where x.period_id = ${periodId} and x.pharmacy_id = ${pharmacyId} and x.live_id = u.id`,
    );
  }

  /** Renumbers the remaining lives 1..n in their order (after an unbind). */
  async renumber(tx: DbExecutor, pharmacyId: number, periodId: number): Promise<void> {
    await tx.execute(
      sql`update column_period_live x set sort = r.n
        from (select live_id, row_number() over (order by sort, live_id) as n
          from column_period_live where period_id = ${periodId} and pharmacy_id = ${pharmacyId}) r
        where x.period_id = ${periodId} and x.live_id = r.live_id and x.sort <> r.n`,
    );
  }

  // ------------------------------------------------------------------ enrolments

  async enrollmentPage(
    pharmacyId: number,
    periodId: number,
    filter: { keyword?: string; source?: EnrollmentSource },
    limit: number,
    offset: number,
  ): Promise<{ rows: EnrollmentRow[]; total: number }> {
    const where: SQL[] = [sql`e.period_id = ${periodId}`, sql`e.pharmacy_id = ${pharmacyId}`];
    if (filter.source) where.push(sql`e.source = ${filter.source}`);
    if (filter.keyword) {
      const like = `%${escapeLike(filter.keyword)}%`;
      where.push(sql`(a.name ilike ${like} or a.phone like ${like})`);
    }
    const cond = sql.join(where, sql` and `);
    const [page, count] = await Promise.all([
      queryRows<EnrollmentRow>(
        this.db,
        sql`select e.id, e.account_id, a.name, a.phone, e.source, ia.name as inviter_name, e.created_at,
            coalesce((select sum(w.seconds)::int from live_watch w
              where w.account_id = e.account_id and w.pharmacy_id = e.pharmacy_id
                and w.live_id in (select x.live_id from column_period_live x where x.period_id = e.period_id)), 0)
              as watch_seconds
          from live_enrollment e
          join account a on a.id = e.account_id
          left join pharmacy_member m on m.id = e.inviter_member_id
          left join account ia on ia.id = m.account_id
          where ${cond}
          order by e.id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from live_enrollment e join account a on a.id = e.account_id where ${cond}`,
      ),
    ]);
    return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
  }

  /** The caller's active membership row (the inviter of what they enrol) and their name. */
  async member(pharmacyId: number, accountId: number): Promise<{ id: number; name: string } | undefined> {
    return (
      await queryRows<{ id: number; name: string }>(
        this.db,
        sql`select m.id, a.name from pharmacy_member m join account a on a.id = m.account_id
          where m.pharmacy_id = ${pharmacyId} and m.account_id = ${accountId} and m.status = 'active'`,
      )
    ).rows[0];
  }

  /**
   * Enrols the accounts of these phones in one statement: blacklisted ones (black_user of the pharmacy by account
   * or phone) are left out; `ON CONFLICT DO NOTHING` makes a repeated or concurrent enrolment a no-op.
   */
  async enrollPhones(
    pharmacyId: number,
    periodId: number,
    phones: readonly string[],
    inviterMemberId: number | null,
  ): Promise<{ found: string[]; blacklisted: string[]; enrolled: number }> {
    const { rows } = await queryRows<{ found: string[]; blacklisted: string[]; enrolled: number }>(
      this.db,
      sql`with acc as (
          select a.id, a.phone,
            ${blacklistedSql(pharmacyId, sql`a.id`, sql`a.phone`)} as blocked
          from account a where a.phone = any(${sql.param(phones)}::text[])
        ), ins as (
          insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id)
          select ${pharmacyId}, ${periodId}, acc.id, 'staff', ${inviterMemberId}::int from acc where not acc.blocked
          on conflict (period_id, account_id) do nothing
          returning account_id
        )
        select coalesce((select array_agg(phone) from acc), '{}') as found,
          coalesce((select array_agg(phone) from acc where blocked), '{}') as blacklisted,
          (select count(*)::int from ins) as enrolled`,
    );
    return rows[0];
  }
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
