import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

/** A range of Shanghai days and its instants [from, to); pharmacyId null: every pharmacy (the operator). */
export interface MemberDataRange {
  pharmacyId: number | null;
  dateFrom: string;
  dateTo: string;
  from: Date;
  to: Date;
}

export interface MemberDataDayRow {
  date: string;
  new_customers: number;
  active_customers: number;
  orders: number;
  amount: string;
  watch_seconds: number;
  enrollments: number;
  /** The same on every row: distinct active accounts over the whole range. */
  active_total: number;
}

export interface LiveDataDbRow {
  live_id: number;
  title: string;
  pharmacy_id: number;
  pharmacy_name: string;
  status: string;
  start_at: Date | string;
  viewers: number;
  watch_seconds: number;
  enrolled: number;
  exam_submitted: number;
  total: number;
}

const SHANGHAI = sql.raw(`'Asia/Shanghai'`);

/** The only SQL of 会员数据. Every statement filters on the range's pharmacy unless it is the operator's (null). */
export class MemberDataRepository {
  constructor(private readonly db: Database) {}

  /** `<alias>.pharmacy_id = p`, or true for the platform. */
  private scope(r: MemberDataRange, column: string): SQL {
    return r.pharmacyId === null ? sql`true` : sql`${sql.raw(column)} = ${r.pharmacyId}`;
  }

  /** One row per day of the range (generate_series LEFT JOINed: every day present). */
  async days(r: MemberDataRange): Promise<MemberDataDayRow[]> {
    const from = r.from.toISOString();
    const to = r.to.toISOString();
    const { rows } = await queryRows<MemberDataDayRow>(
      this.db,
      sql`with nc as (
            select (ci.created_at at time zone ${SHANGHAI})::date as day, count(*)::int as n
            from customer_info ci
            where ${this.scope(r, 'ci.pharmacy_id')} and ci.created_at >= ${from} and ci.created_at < ${to}
            group by 1
          ),
          po as (
            select o.account_id, (o.paid_at at time zone ${SHANGHAI})::date as day, o.pay_amount
            from orders o
            where ${this.scope(r, 'o.pharmacy_id')} and o.paid_at >= ${from} and o.paid_at < ${to}
              and o.status <> 'cancelled' and o.deleted_at is null
          ),
          od as (select day, count(*)::int as n, sum(pay_amount) as amount from po group by day),
          lw as (
            select w.day, w.account_id, w.seconds
            from live_watch w
            where ${this.scope(r, 'w.pharmacy_id')} and w.day >= ${r.dateFrom}::date and w.day <= ${r.dateTo}::date
          ),
          wd as (select day, sum(seconds)::bigint as s from lw group by day),
          en as (
            select (e.created_at at time zone ${SHANGHAI})::date as day, count(*)::int as n
            from live_enrollment e
            where ${this.scope(r, 'e.pharmacy_id')} and e.created_at >= ${from} and e.created_at < ${to}
            group by 1
          ),
          act as (
            select day, account_id from po
            union
            select day, account_id from lw
            union
            select (m.created_at at time zone ${SHANGHAI})::date, m.sender_id
            from chat_message m
            where ${this.scope(r, 'm.pharmacy_id')} and m.sender_side = 'patient' and m.sender_id is not null
              and m.created_at >= ${from} and m.created_at < ${to}
          ),
          ad as (select day, count(*)::int as n from act group by day)
          select to_char(g.day, 'YYYY-MM-DD') as date,
                 coalesce(nc.n, 0)::int as new_customers,
                 coalesce(ad.n, 0)::int as active_customers,
                 coalesce(od.n, 0)::int as orders,
                 coalesce(od.amount, 0)::numeric(14, 2)::text as amount,
                 coalesce(wd.s, 0)::bigint::float8 as watch_seconds,
                 coalesce(en.n, 0)::int as enrollments,
                 (select count(distinct account_id) from act)::int as active_total
          from generate_series(${r.dateFrom}::date, ${r.dateTo}::date, interval '1 day') as g(day)
          left join nc on nc.day = g.day::date
          left join ad on ad.day = g.day::date
          left join od on od.day = g.day::date
          left join wd on wd.day = g.day::date
          left join en on en.day = g.day::date
          order by g.day`,
    );
    return rows.map((row) => ({ ...row, watch_seconds: Number(row.watch_seconds) }));
  }

  /**
   * The lives planned to start in the range or watched in it, newest first, with their figures in the range (one
   * statement; the window count is the total).
   */
  async lives(r: MemberDataRange, limit: number, offset: number): Promise<LiveDataDbRow[]> {
    const from = r.from.toISOString();
    const to = r.to.toISOString();
    const { rows } = await queryRows<LiveDataDbRow>(
      this.db,
      sql`with w as (
            select lw.live_id, count(distinct lw.account_id)::int as viewers, sum(lw.seconds)::bigint as seconds
            from live_watch lw
            where ${this.scope(r, 'lw.pharmacy_id')} and lw.day >= ${r.dateFrom}::date and lw.day <= ${r.dateTo}::date
            group by lw.live_id
          ),
          picked as (
            select l.id, l.title, l.pharmacy_id, l.status, l.start_at, count(*) over () as total
            from live l
            where ${this.scope(r, 'l.pharmacy_id')}
              and ((l.start_at >= ${from} and l.start_at < ${to}) or l.id in (select live_id from w))
            order by l.start_at desc, l.id desc
            limit ${limit} offset ${offset}
          )
          select p.id as live_id, p.title, p.pharmacy_id, ph.name as pharmacy_name, p.status, p.start_at,
                 coalesce(w.viewers, 0)::int as viewers,
                 coalesce(w.seconds, 0)::float8 as watch_seconds,
                 (select count(distinct e.account_id)
                    from column_period_live cpl
                    join live_enrollment e on e.period_id = cpl.period_id
                   where cpl.live_id = p.id and e.created_at < ${to})::int as enrolled,
                 (select count(*) from live_exam_result x
                   where x.live_id = p.id and x.submitted_at >= ${from} and x.submitted_at < ${to})::int as exam_submitted,
                 p.total::int as total
          from picked p
          join pharmacy ph on ph.id = p.pharmacy_id
          left join w on w.live_id = p.id
          order by p.start_at desc, p.id desc`,
    );
    return rows.map((row) => ({ ...row, watch_seconds: Number(row.watch_seconds) }));
  }
}
