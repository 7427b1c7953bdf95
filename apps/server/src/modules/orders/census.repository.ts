import type { CensusGranularity } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { writeVersionColumn } from '../../lib/list-count';
import { queryRows } from '../../lib/sql-rows';

/** A pharmacy's orders placed in [from, to) (instants of Shanghai day starts), never deleted ones. */
export interface CensusRange {
  pharmacyId: number;
  /** first and last Shanghai day, YYYY-MM-DD */
  dateFrom: string;
  dateTo: string;
  /** the instants bounding them: the first day's start, the day after the last one's start */
  from: Date;
  to: Date;
}

/**
 * One row of the census statement: a grouping set's figures. `level` is grouping(b, status, kind): 3 a bucket's
 * totals, 1 a bucket's status, 2 a bucket's kind, 7 the range's totals, 5 the range's status, 6 the range's kind.
 * A bucket without orders is one row with level null (generate_series keeps it).
 */
export interface CensusRow {
  bucket: string | null;
  start: string | null;
  end: string | null;
  level: number | null;
  status: string | null;
  kind: string | null;
  n: number | null;
  amount: string | null;
  paid_n: number | null;
  paid_amount: string | null;
  avg_amount: string | null;
  refund_n: number | null;
  refund_amount: string | null;
  cancelled_n: number | null;
}

export interface TopProductRow {
  rank_by: 'qty' | 'amount';
  key: string;
  name: string;
  spec: string;
  manufacturer: string;
  product_type: string;
  qty: number;
  amount: string;
  orders: number;
}

export interface PriceBandRow {
  band: number;
  n: number;
  amount: string;
}

/** date_trunc units and series steps, whitelisted (they are written into the statement's text). */
const UNIT: Record<CensusGranularity, { unit: SQL; step: SQL }> = {
  day: { unit: sql.raw(`'day'`), step: sql.raw(`interval '1 day'`) },
  week: { unit: sql.raw(`'week'`), step: sql.raw(`interval '1 week'`) },
  month: { unit: sql.raw(`'month'`), step: sql.raw(`interval '1 month'`) },
};

const SHANGHAI = sql.raw(`'Asia/Shanghai'`);
/** 成交: paid and not cancelled (a cancelled paid order was refunded). */
const PAID = sql.raw(`o.paid_at is not null and o.status <> 'cancelled'`);
const REFUNDED = sql.raw(`o.paid_at is not null and o.status = 'cancelled'`);

/** The range's orders of the pharmacy: served by orders_pharmacy_created_idx (pharmacy_id, created_at). */
const inRange = (r: CensusRange) =>
  sql`o.pharmacy_id = ${r.pharmacyId} and o.created_at >= ${r.from.toISOString()}
      and o.created_at < ${r.to.toISOString()} and o.deleted_at is null`;

/** Sums as 2-decimal text ('0.00' for none): numeric all the way, never a float. */
const money = (expr: SQL) => sql`round(coalesce(${expr}, 0), 2)::text`;

/** The only place that reads orders for statistics; every statement is scoped to the pharmacy and the range. */
export class CensusRepository {
  constructor(private readonly db: Database) {}

  /**
   * The pharmacy's `order:writes` version (migration 0012): every statement writing its orders bumps it (a line is
   * written with its order). Null while nothing was ever written.
   */
  async writeVersion(pharmacyId: number): Promise<string | null> {
    const { rows } = await queryRows<{ v: string | null }>(
      this.db,
      sql`select ${writeVersionColumn('order', pharmacyId)} as v`,
    );
    return rows[0]?.v ?? null;
  }

  /**
   * One statement: the range's orders grouped by (Shanghai bucket, status, kind), then grouping sets over those few
   * rows for each bucket's and the whole range's totals, by status and by kind; every bucket of the series is
   * present (left join from generate_series). Nothing is summed outside SQL.
   */
  async census(r: CensusRange, granularity: CensusGranularity): Promise<CensusRow[]> {
    const { unit, step } = UNIT[granularity];
    const { rows } = await queryRows<CensusRow>(
      this.db,
      sql`
      with base as (
        select date_trunc(${unit}, o.created_at at time zone ${SHANGHAI})::date as b, o.status, o.kind,
          count(*) as n,
          sum(o.pay_amount) as amount,
          count(*) filter (where ${PAID}) as paid_n,
          sum(o.pay_amount) filter (where ${PAID}) as paid_amount,
          count(*) filter (where ${REFUNDED}) as refund_n,
          sum(o.pay_amount) filter (where ${REFUNDED}) as refund_amount,
          count(*) filter (where o.status = 'cancelled') as cancelled_n
        from orders o
        where ${inRange(r)}
        group by 1, 2, 3
      ),
      agg as (
        select b, status, kind, grouping(b, status, kind) as level,
          sum(n)::int as n, ${money(sql`sum(amount)`)} as amount,
          sum(paid_n)::int as paid_n, ${money(sql`sum(paid_amount)`)} as paid_amount,
          ${money(sql`sum(paid_amount) / nullif(sum(paid_n), 0)`)} as avg_amount,
          sum(refund_n)::int as refund_n, ${money(sql`sum(refund_amount)`)} as refund_amount,
          sum(cancelled_n)::int as cancelled_n
        from base
        group by grouping sets ((b), (b, status), (b, kind), (), (status), (kind))
      ),
      series as (
        select d::date as b
        from generate_series(date_trunc(${unit}, ${r.dateFrom}::timestamp), ${r.dateTo}::timestamp, ${step}) d
      )
      select s.b::text as bucket,
        greatest(s.b, ${r.dateFrom}::date)::text as start,
        least((s.b + ${step} - interval '1 day')::date, ${r.dateTo}::date)::text as "end",
        a.level, a.status, a.kind, a.n, a.amount, a.paid_n, a.paid_amount, a.avg_amount, a.refund_n,
        a.refund_amount, a.cancelled_n
      from series s left join agg a on a.b = s.b
      union all
      select null, null, null, a.level, a.status, a.kind, a.n, a.amount, a.paid_n, a.paid_amount, a.avg_amount,
        a.refund_n, a.refund_amount, a.cancelled_n
      from agg a where a.b is null
      order by 1 nulls last`,
    );
    return rows;
  }

  /**
   * The range's top 10 by quantity and by amount over its paid orders' lines (order_item by order_item_order_idx, or
   * a hash join when the planner prefers it); a combo line counts as the combo, a line whose product or combo row is
   * gone by its name. Lines are grouped on integer keys; the name, spec and type shown are those of the key's latest
   * line, read for the 20 winners only. `orders` counts lines: an order holds a product once (one quote per product
   * and pharmacy, distinct quotes per order) and a combo once.
   */
  async topProducts(r: CensusRange, limit = 10): Promise<TopProductRow[]> {
    const { rows } = await queryRows<TopProductRow>(
      this.db,
      sql`
      with paid as (
        select o.id from orders o where ${inRange(r)} and ${PAID}
      ),
      g as (
        select
          case when i.quote_set_id is not null or i.product_type = 'COMBO' then coalesce(i.quote_set_id, 0) end as set_id,
          case when i.quote_set_id is null and i.product_type <> 'COMBO' then coalesce(i.product_id, 0) end as product_id,
          case when coalesce(i.quote_set_id, i.product_id) is null then i.name end as orphan,
          sum(i.qty)::int as qty, sum(i.subtotal) as amount, count(*)::int as orders, max(i.id) as last_line
        from paid join order_item i on i.order_id = paid.id
        group by 1, 2, 3
      ),
      top as (
        (select 'qty' as rank_by, g.* from g
          order by qty desc, amount desc, set_id nulls last, product_id nulls last, orphan limit ${limit})
        union all
        (select 'amount', g.* from g
          order by amount desc, qty desc, set_id nulls last, product_id nulls last, orphan limit ${limit})
      )
      select top.rank_by,
        case when top.set_id is not null then 'combo:' || coalesce(nullif(top.set_id, 0)::text, i.name)
          else 'product:' || coalesce(nullif(top.product_id, 0)::text, i.name) end as key,
        i.name, i.spec, coalesce(p.manufacturer, '') as manufacturer, i.product_type, top.qty,
        round(top.amount, 2)::text as amount, top.orders
      from top join order_item i on i.id = top.last_line
        left join product p on p.id = nullif(top.product_id, 0)
      order by top.rank_by desc,
        case when top.rank_by = 'qty' then top.qty::numeric else top.amount end desc,
        case when top.rank_by = 'qty' then top.amount else top.qty::numeric end desc, key`,
    );
    return rows;
  }

  /** Paid orders by pay_amount in bands (width_bucket: band i holds bounds[i-1] ≤ x < bounds[i]); every band present. */
  async priceBands(r: CensusRange, bounds: readonly string[]): Promise<PriceBandRow[]> {
    const thresholds = sql.join(
      bounds.map((b) => sql`${b}::numeric`),
      sql`, `,
    );
    const { rows } = await queryRows<PriceBandRow>(
      this.db,
      sql`
      with paid as (
        select width_bucket(o.pay_amount, array[${thresholds}]) as band, o.pay_amount
        from orders o where ${inRange(r)} and ${PAID}
      )
      select g.band::int as band, count(paid.band)::int as n, ${money(sql`sum(paid.pay_amount)`)} as amount
      from generate_series(0, ${bounds.length}) g(band) left join paid on paid.band = g.band
      group by g.band order by g.band`,
    );
    return rows;
  }
}
