import { liveStaffRoles } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

/** A pharmacy's statistics range: Shanghai days, inclusive, and the instants bounding them. */
export interface TeamStatRange {
  pharmacyId: number;
  /** first and last Shanghai day, YYYY-MM-DD */
  dateFrom: string;
  dateTo: string;
  /** the first day's start and the start of the day after the last one */
  from: Date;
  to: Date;
  /** only this team's members (a team of another pharmacy matches nothing) */
  teamId?: number;
}

/**
 * One row of the statistics statement. kind 'g': a grouping set of the roster — level 0 a member (member_id null: the
 * placeholder that makes a team without members appear; skipped), 1 a team's sums, 3 the total. kind 'd': a day of
 * the range (every day present).
 */
export interface TeamStatRow {
  kind: 'g' | 'd';
  level: number | null;
  team_id: number | null;
  team_name: string | null;
  member_id: number | null;
  member_name: string | null;
  member_phone: string | null;
  day: string | null;
  invited: number;
  enrolled: number;
  watched: number;
  watch_seconds: number;
  answered: number;
  orders: number;
  amount: string;
}

/**
 * The Shanghai day of an instant. Shanghai has kept UTC+8 without summer time since 1991, so the fixed offset gives the
 * same day as the zone's rules for every row this product holds, without the zone lookup per row (about a sixth of the
 * statement's time in bench/team-stat.mjs). The range's bounds come from shanghaiDayStart/End (the full rules).
 */
const day = (column: string) => sql.raw(`(${column} at time zone interval '+08:00')::date`);
const STAFF_ROLES = sql.raw(liveStaffRoles.map((r) => `'${r}'`).join(', '));

/**
 * The only place that reads the team statistics; ONE statement per call, every table scoped to the pharmacy.
 *
 * - owner: a patient's owner at the pharmacy is the inviter of their earliest enrolment there that has one
 *   (DISTINCT ON account ORDER BY created_at, id), owned since that enrolment's created_at.
 * - facts: per block, one row per (member, Shanghai day) with its count or sum. Patient counts (invited, enrolled, watched, answered)
 *   count a patient once per member over the range, on the first day of the range they qualify, so the days add up
 *   to the range; watch seconds on the day watched; orders on the day placed.
 *   invited = the member's invitation rows in range (distinct patients); enrolled = enrolments made through the member
 *   in range (distinct patients); watched / watch_seconds = owned patients' live_watch rows of the pharmacy's lives on
 *   days of the range; answered = owned patients with an exam result submitted in range; orders / amount = owned
 *   patients' 成交 orders at the pharmacy placed in range and not before the owning enrolment: paid (paid_at set) and
 *   not cancelled (a paid order cancelled was refunded: not counted), never a deleted one; amount = pay_amount.
 * - roster: the pharmacy's members with their team (pharmacy_member.team_id, else customer_service.team_id; a team of
 *   the same pharmacy only). Listed: every member with any figure, and every active broadcast-set member in a team;
 *   plus a placeholder per team so that a team without members shows with zeros.
 * - grouping sets (team, member), (team), (): team = sum of its members, total = sum of the teams; the daily series
 *   sums the listed members' facts per day over generate_series (days without facts are zeros).
 */
export class TeamStatRepository {
  constructor(private readonly db: Database) {}

  async teams(pharmacyId: number): Promise<{ id: number; name: string }[]> {
    const { rows } = await queryRows<{ id: number; name: string }>(
      this.db,
      sql`select id, name from team where pharmacy_id = ${pharmacyId} order by id`,
    );
    return rows;
  }

  /**
   * On PostgreSQL a named prepared statement (parsed and planned once per pooled connection; the text is the same for
   * every call of a variant, with or without the team filter); PGlite runs it as any statement.
   */
  async stat(r: TeamStatRange): Promise<TeamStatRow[]> {
    const query = teamStatQuery(r);
    const client = (this.db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      const dialect = (this.db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } })
        .dialect;
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = r.teamId === undefined ? 'live_team_stat' : 'live_team_stat_team';
      return (await client.query<TeamStatRow & pg.QueryResultRow>({ name, text, values: params })).rows;
    }
    return (await queryRows<TeamStatRow>(this.db, query)).rows;
  }
}

/** The statement (exported for bench/team-stat.mjs, which runs the very same text through bare pg as the baseline). */
export function teamStatQuery(r: TeamStatRange): SQL {
  const P = r.pharmacyId;
  const from = r.from.toISOString();
  const to = r.to.toISOString();
  const inRange = (column: string) =>
    sql`${sql.raw(column)} >= ${from}::timestamptz and ${sql.raw(column)} < ${to}::timestamptz`;
  const teamFilter = r.teamId === undefined ? sql`` : sql`and r.team_id = ${r.teamId}`;
  return sql`
      with owner as (
        select distinct on (e.account_id) e.account_id, e.inviter_member_id as member_id, e.created_at as owned_at
        from live_enrollment e
        where e.pharmacy_id = ${P} and e.inviter_member_id is not null
        order by e.account_id, e.created_at, e.id
      ),
      invited as (
        select member_id, day, count(*)::int as n
        from (
          select i.inviter_member_id as member_id, min(${day('i.created_at')}) as day
          from live_invitation i
          where i.pharmacy_id = ${P} and ${inRange('i.created_at')}
          group by i.inviter_member_id, i.account_id
        ) x
        group by 1, 2
      ),
      enrolled as (
        select member_id, day, count(*)::int as n
        from (
          select e.inviter_member_id as member_id, min(${day('e.created_at')}) as day
          from live_enrollment e
          where e.pharmacy_id = ${P} and e.inviter_member_id is not null and ${inRange('e.created_at')}
          group by e.inviter_member_id, e.account_id
        ) x
        group by 1, 2
      ),
      owned_watch as materialized (
        select o.member_id, w.account_id, w.day, w.seconds
        from live_watch w join owner o on o.account_id = w.account_id
        where w.pharmacy_id = ${P} and w.day >= ${r.dateFrom}::date and w.day <= ${r.dateTo}::date
      ),
      watched as (
        select member_id, day, count(*)::int as n
        from (select member_id, min(day) as day from owned_watch group by member_id, account_id) x
        group by 1, 2
      ),
      watch_seconds as (
        select member_id, day, sum(seconds)::bigint as seconds from owned_watch group by 1, 2
      ),
      answered as (
        select member_id, day, count(*)::int as n
        from (
          select o.member_id, min(${day('x.submitted_at')}) as day
          from live_exam_result x join owner o on o.account_id = x.account_id
          where x.pharmacy_id = ${P} and ${inRange('x.submitted_at')}
          group by o.member_id, x.account_id
        ) x
        group by 1, 2
      ),
      paid as (
        select o.member_id, ${day('x.created_at')} as day, count(*)::int as n, sum(x.pay_amount) as amount
        from orders x join owner o on o.account_id = x.account_id
        where x.pharmacy_id = ${P} and ${inRange('x.created_at')} and x.created_at >= o.owned_at
          and x.deleted_at is null and x.paid_at is not null and x.status <> 'cancelled'
        group by 1, 2
      ),
      facts (member_id, day, invited, enrolled, watched, watch_seconds, answered, orders, amount) as (
        select member_id, day, n, 0, 0, 0::bigint, 0, 0, 0::numeric from invited
        union all select member_id, day, 0, n, 0, 0, 0, 0, 0 from enrolled
        union all select member_id, day, 0, 0, n, 0, 0, 0, 0 from watched
        union all select member_id, day, 0, 0, 0, seconds, 0, 0, 0 from watch_seconds
        union all select member_id, day, 0, 0, 0, 0, n, 0, 0 from answered
        union all select member_id, day, 0, 0, 0, 0, 0, n, amount from paid
      ),
      member_sums as (
        select member_id, sum(invited) as invited, sum(enrolled) as enrolled, sum(watched) as watched,
          sum(watch_seconds) as watch_seconds, sum(answered) as answered, sum(orders) as orders,
          sum(amount) as amount
        from facts group by member_id
      ),
      roster as (
        select pm.id as member_id, coalesce(t1.id, t2.id) as team_id,
          pm.status = 'active' and pm.role in (${STAFF_ROLES}) as staff
        from pharmacy_member pm
        left join team t1 on t1.id = pm.team_id and t1.pharmacy_id = ${P}
        left join customer_service cs on cs.member_id = pm.id and cs.pharmacy_id = ${P}
        left join team t2 on t2.id = cs.team_id and t2.pharmacy_id = ${P}
        where pm.pharmacy_id = ${P}
      ),
      listed as (
        select r.member_id, r.team_id, s.invited, s.enrolled, s.watched, s.watch_seconds, s.answered, s.orders,
          s.amount
        from roster r left join member_sums s on s.member_id = r.member_id
        where (s.member_id is not null or (r.staff and r.team_id is not null)) ${teamFilter}
        union all
        select null, t.id, 0, 0, 0, 0, 0, 0, 0
        from team t where t.pharmacy_id = ${P} ${r.teamId === undefined ? sql`` : sql`and t.id = ${r.teamId}`}
      ),
      grouped as (
        select grouping(team_id, member_id) as level, team_id, member_id,
          coalesce(sum(invited), 0)::int as invited, coalesce(sum(enrolled), 0)::int as enrolled,
          coalesce(sum(watched), 0)::int as watched, coalesce(sum(watch_seconds), 0)::bigint as watch_seconds,
          coalesce(sum(answered), 0)::int as answered, coalesce(sum(orders), 0)::int as orders,
          round(coalesce(sum(amount), 0), 2)::text as amount
        from listed
        group by grouping sets ((team_id, member_id), (team_id), ())
      ),
      daily as (
        select s.d::date as day,
          coalesce(sum(f.invited), 0)::int as invited, coalesce(sum(f.enrolled), 0)::int as enrolled,
          coalesce(sum(f.watched), 0)::int as watched, coalesce(sum(f.watch_seconds), 0)::bigint as watch_seconds,
          coalesce(sum(f.answered), 0)::int as answered, coalesce(sum(f.orders), 0)::int as orders,
          round(coalesce(sum(f.amount), 0), 2)::text as amount
        from generate_series(${r.dateFrom}::date, ${r.dateTo}::date, interval '1 day') s(d)
        left join (
          select f.* from facts f join listed l on l.member_id = f.member_id
        ) f on f.day = s.d::date
        group by s.d
      )
      -- watch_seconds leaves as float8: a number in both drivers (node-postgres answers bigint as text), exact far
      -- beyond any range's seconds
      select 'g' as kind, g.level, g.team_id, t.name as team_name, g.member_id, a.name as member_name,
        a.phone as member_phone, null as day, g.invited, g.enrolled, g.watched, g.watch_seconds::float8 as watch_seconds,
        g.answered, g.orders, g.amount
      from grouped g
      left join team t on t.id = g.team_id
      left join pharmacy_member pm on pm.id = g.member_id
      left join account a on a.id = pm.account_id
      union all
      select 'd', null, null, null, null, null, null, d.day::text, d.invited, d.enrolled, d.watched,
        d.watch_seconds::float8, d.answered, d.orders, d.amount
      from daily d
      order by 1 desc, 8, 3 nulls last, 5 nulls first`;
}
