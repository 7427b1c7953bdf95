import type { OrderStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type RecipeCensusRange, writtenIn } from '../../lib/recipe-census';
import { queryRows } from '../../lib/sql-rows';
import { type ExpiryWindow, expiringCondition } from './pharmacy.repository';

/** The range in Shanghai days and its instants: [from, to) = [start of dateFrom, start of the day after dateTo). */
export interface DashboardRange extends RecipeCensusRange {}

export interface DashboardOrderRow {
  kind: 'total' | 'status' | 'pharmacy' | 'other' | 'day';
  status: OrderStatus | null;
  pharmacy_id: number | null;
  pharmacy_name: string | null;
  day: string | null;
  pharmacies: number;
  n: number;
  amount: string;
  paid_n: number;
  paid_amount: string;
  refund_n: number;
  refund_amount: string;
}

export interface DashboardPrescriptionRow {
  written: number;
  approved: number;
  rejected: number;
  pending_inspection: number;
  median_minutes: string | null;
}

export interface DashboardColumnRow {
  watchers: number;
  watch_minutes: number;
  lives: number;
  views: number;
}

/** 成交: paid and not cancelled (a cancelled paid order was refunded) — the orders census's rule. */
const PAID = sql.raw(`o.paid_at is not null and o.status <> 'cancelled'`);
const REFUNDED = sql.raw(`o.paid_at is not null and o.status = 'cancelled'`);
/** Sums as 2-decimal text ('0.00' for none): numeric all the way, never a float. */
const money = (expr: SQL) => sql`round(coalesce(${expr}, 0), 2)::text`;

/**
 * The dashboard's statements. Each reads the real tables over the range; nothing is summed outside SQL. The orders
 * are read per pharmacy (a lateral join from pharmacy) so each pharmacy's range is one index-only range scan of
 * orders_pharmacy_created_idx (pharmacy_id, created_at INCLUDE status, pay_amount, paid_at, deleted_at).
 */
export class DashboardRepository {
  constructor(private readonly db: Database) {}

  /**
   * One statement: the range's orders grouped per (pharmacy, status, Shanghai day), then grouping sets for the
   * total, by status, by pharmacy and by day; the pharmacies ranked by GMV (then orders, then id), the first `top`
   * kept and the rest summed as one 其他 row (absent when there is no rest).
   */
  async orders(r: DashboardRange, top: number): Promise<DashboardOrderRow[]> {
    const { rows } = await queryRows<DashboardOrderRow>(
      this.db,
      sql`
      with s as (
        select p.id as pharmacy_id, p.name as pharmacy_name, x.*
        from pharmacy p
        cross join lateral (
          select o.status, (o.created_at at time zone 'Asia/Shanghai')::date as day,
            count(*) as n, sum(o.pay_amount) as amount,
            count(*) filter (where ${PAID}) as paid_n, sum(o.pay_amount) filter (where ${PAID}) as paid_amount,
            count(*) filter (where ${REFUNDED}) as refund_n, sum(o.pay_amount) filter (where ${REFUNDED}) as refund_amount
          from orders o
          where o.pharmacy_id = p.id and o.created_at >= ${r.from.toISOString()} and o.created_at < ${r.to.toISOString()}
            and o.deleted_at is null
          group by 1, 2
        ) x
      ),
      g as (
        select case when grouping(s.status) = 0 then 'status' when grouping(s.pharmacy_id) = 0 then 'pharmacy'
                    when grouping(s.day) = 0 then 'day' else 'total' end as kind,
          s.status, s.pharmacy_id, s.pharmacy_name, s.day,
          sum(s.n) as n, sum(s.amount) as amount, sum(s.paid_n) as paid_n, sum(s.paid_amount) as paid_amount,
          sum(s.refund_n) as refund_n, sum(s.refund_amount) as refund_amount
        from s
        group by grouping sets ((), (s.status), (s.pharmacy_id, s.pharmacy_name), (s.day))
      ),
      ranked as (
        select g.*, row_number() over (order by coalesce(g.paid_amount, 0) desc, g.n desc, g.pharmacy_id) as rk
        from g where g.kind = 'pharmacy'
      ),
      out as (
        select kind, status, pharmacy_id, pharmacy_name, day, 1 as pharmacies, n, amount, paid_n, paid_amount,
          refund_n, refund_amount
        from g where kind <> 'pharmacy'
        union all
        select kind, status, pharmacy_id, pharmacy_name, day, 1, n, amount, paid_n, paid_amount, refund_n, refund_amount
        from ranked where rk <= ${top}
        union all
        select 'other', null, null, null, null, count(*), sum(n), sum(amount), sum(paid_n), sum(paid_amount),
          sum(refund_n), sum(refund_amount)
        from ranked where rk > ${top} having count(*) > 0
      )
      select kind, status, pharmacy_id, pharmacy_name, to_char(day, 'YYYY-MM-DD') as day, pharmacies::int,
        coalesce(n, 0)::int as n, ${money(sql`amount`)} as amount, coalesce(paid_n, 0)::int as paid_n,
        ${money(sql`paid_amount`)} as paid_amount, coalesce(refund_n, 0)::int as refund_n,
        ${money(sql`refund_amount`)} as refund_amount
      from out
      order by kind, coalesce(paid_amount, 0) desc, n desc, pharmacy_id, day`,
    );
    return rows;
  }

  /**
   * The prescriptions written in the range by current status (the 处方统计 cohort, lib/recipe-census writtenIn)
   * and the median minutes from writing to inspection of the inspected ones (approved or rejected).
   */
  async prescriptions(r: DashboardRange): Promise<DashboardPrescriptionRow> {
    const inspected = sql`rc.status in ('approved', 'rejected') and rc.inspected_at is not null`;
    const { rows } = await queryRows<DashboardPrescriptionRow>(
      this.db,
      sql`select count(*)::int as written,
            (count(*) filter (where rc.status = 'approved'))::int as approved,
            (count(*) filter (where rc.status = 'rejected'))::int as rejected,
            (count(*) filter (where rc.status = 'pending_inspection'))::int as pending_inspection,
            round((percentile_cont(0.5) within group (order by extract(epoch from rc.inspected_at - rc.created_at))
              filter (where ${inspected}))::numeric / 60, 1)::text as median_minutes
          from recipe rc
          where ${writtenIn(r, sql`true`)}`,
    );
    return rows[0];
  }

  /** Accounts with a membership (viper) begun in the range: the member list's 入会日期 filter. */
  async newMembers(r: DashboardRange): Promise<number> {
    const { rows } = await queryRows<{ n: number }>(
      this.db,
      sql`select count(distinct v.account_id)::int as n from viper v
          where v.created_at >= ${r.from.toISOString()} and v.created_at < ${r.to.toISOString()}`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Live attendance over the range's Shanghai days (live_watch: one row per live, viewer and day). */
  async column(r: DashboardRange): Promise<DashboardColumnRow> {
    const { rows } = await queryRows<DashboardColumnRow>(
      this.db,
      sql`select count(distinct w.account_id)::int as watchers, (coalesce(sum(w.seconds), 0) / 60)::int as watch_minutes,
            count(distinct w.live_id)::int as lives, count(*)::int as views
          from live_watch w
          where w.day >= ${r.dateFrom}::date and w.day <= ${r.dateTo}::date`,
    );
    return rows[0];
  }

  /** Complaints waiting (投诉管理's 待处理 tab with no other filter) and pharmacies with documents expiring. */
  async standing(w: ExpiryWindow): Promise<{ open_complaints: number; expiring_pharmacies: number }> {
    const { rows } = await queryRows<{ open_complaints: number; expiring_pharmacies: number }>(
      this.db,
      sql`select (select count(*) from report r where r.status = 'pending')::int as open_complaints,
            (select count(*) from pharmacy p where ${expiringCondition(w)})::int as expiring_pharmacies`,
    );
    return {
      open_complaints: Number(rows[0].open_complaints),
      expiring_pharmacies: Number(rows[0].expiring_pharmacies),
    };
  }
}
