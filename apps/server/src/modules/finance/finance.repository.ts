import type { FinanceFilter, OrderKind, OrderStatus, SettlementStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * The only place that knows how settlements are read (docs/finance.md). Settlement rows are written by the order
 * state machine; this module reads them, never writes them. Every query is scoped to one pharmacy.
 */

/** An ISO 8601 UTC text of a timestamptz column. */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const iso = (column: string) => sql.raw(isoText(column));

export interface SettlementDbRow {
  id: number;
  order_id: number;
  order_no: string;
  order_status: OrderStatus;
  patient_name: string;
  status: SettlementStatus;
  pay_amount: string;
  fee_rate: string;
  platform_fee: string;
  settle_amount: string;
  refund_amount: string;
  paid_at: string;
  settled_at: string | null;
  refunded_at: string | null;
}

const rowColumns = sql.raw(`s.id, s.order_id, o.order_no, o.status as order_status, o.patient_name, s.status,
  s.pay_amount::text as pay_amount, s.fee_rate::text as fee_rate, s.platform_fee::text as platform_fee,
  s.settle_amount::text as settle_amount, s.refund_amount::text as refund_amount,
  ${isoText('s.paid_at')} as paid_at,
  ${isoText('s.settled_at')} as settled_at,
  ${isoText('s.refunded_at')} as refunded_at`);

export interface StatisticsDbRow {
  order_count: number;
  pay_amount: string;
  platform_fee: string;
  settle_amount: string;
  settled_amount: string;
  pending_amount: string;
  refund_amount: string;
  refund_count: number;
}

export class FinanceRepository {
  constructor(private readonly db: Database) {}

  /** The filter over `settlement s join orders o`, always within the pharmacy. */
  private where(pharmacyId: number, f: FinanceFilter): SQL {
    const c: SQL[] = [sql`s.pharmacy_id = ${pharmacyId}`];
    if (f.status !== 'all') c.push(sql`s.status = ${f.status}`);
    if (f.order_no) c.push(sql`o.order_no like ${containsPattern(f.order_no)}`);
    // paid between two Shanghai calendar days
    if (f.date_from) c.push(sql`s.paid_at >= (${f.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
    if (f.date_to) c.push(sql`s.paid_at < (${f.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
    return sql.join(c, sql` and `);
  }

  async page(pharmacyId: number, f: FinanceFilter, limit: number, offset: number) {
    const where = this.where(pharmacyId, f);
    const [rows, total] = await Promise.all([
      queryRows<SettlementDbRow>(
        this.db,
        sql`select ${rowColumns} from settlement s join orders o on o.id = s.order_id
          where ${where} order by s.id desc limit ${limit} offset ${offset}`,
      ),
      this.count(pharmacyId, f),
    ]);
    return { rows: rows.rows, total };
  }

  async count(pharmacyId: number, f: FinanceFilter): Promise<number> {
    const { rows } = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from settlement s join orders o on o.id = s.order_id
        where ${this.where(pharmacyId, f)}`,
    );
    return rows[0]?.n ?? 0;
  }

  /** Exact sums on numeric (docs/finance.md "Statistics"). */
  async statistics(pharmacyId: number, f: FinanceFilter): Promise<StatisticsDbRow> {
    const { rows } = await queryRows<StatisticsDbRow>(
      this.db,
      sql`select count(*)::int as order_count,
          coalesce(sum(s.pay_amount), 0)::numeric(14,2)::text as pay_amount,
          coalesce(sum(s.platform_fee) filter (where s.status <> 'refunded'), 0)::numeric(14,2)::text as platform_fee,
          coalesce(sum(s.settle_amount) filter (where s.status <> 'refunded'), 0)::numeric(14,2)::text as settle_amount,
          coalesce(sum(s.settle_amount) filter (where s.status = 'settled'), 0)::numeric(14,2)::text as settled_amount,
          coalesce(sum(s.settle_amount) filter (where s.status = 'pending'), 0)::numeric(14,2)::text as pending_amount,
          coalesce(sum(s.refund_amount), 0)::numeric(14,2)::text as refund_amount,
          (count(*) filter (where s.status = 'refunded'))::int as refund_count
        from settlement s join orders o on o.id = s.order_id
        where ${this.where(pharmacyId, f)}`,
    );
    return rows[0]!;
  }

  /**
   * The filtered settlements newest first, `size` rows per query, keyset by id (each query starts below the last
   * id read): memory holds one batch, however many rows match.
   */
  async *batches(pharmacyId: number, f: FinanceFilter, size = 2000): AsyncGenerator<SettlementDbRow[]> {
    const where = this.where(pharmacyId, f);
    let below: number | null = null;
    for (;;) {
      const { rows }: { rows: SettlementDbRow[] } = await queryRows<SettlementDbRow>(
        this.db,
        sql`select ${rowColumns} from settlement s join orders o on o.id = s.order_id
          where ${where} ${below === null ? sql`` : sql`and s.id < ${below}`}
          order by s.id desc limit ${size}`,
      );
      if (rows.length) yield rows;
      if (rows.length < size) return;
      below = rows[rows.length - 1]!.id;
    }
  }

  /** One order of the pharmacy with its settlement (undefined when either is missing). */
  async detail(pharmacyId: number, orderId: number) {
    const { rows } = await queryRows<
      Omit<SettlementDbRow, 'order_no' | 'order_status' | 'patient_name'> & {
        o_id: number;
        o_order_no: string;
        o_status: OrderStatus;
        o_kind: OrderKind;
        o_patient_name: string;
        o_receiver_name: string;
        o_receiver_phone: string;
        o_address: string;
        o_pay_method: string;
        o_goods_amount: string;
        o_freight: string;
        o_discount: string;
        o_pay_amount: string;
        o_cancel_reason: string;
        o_created_at: string;
        o_paid_at: string | null;
        o_shipped_at: string | null;
        o_completed_at: string | null;
        o_cancelled_at: string | null;
      }
    >(
      this.db,
      sql`select ${rowColumns},
          o.id as o_id, o.order_no as o_order_no, o.status as o_status, o.kind as o_kind,
          o.patient_name as o_patient_name, o.receiver_name as o_receiver_name, o.receiver_phone as o_receiver_phone,
          concat_ws(' ', o.province, o.city, nullif(o.district, ''), o.address_detail) as o_address,
          o.pay_method as o_pay_method, o.goods_amount::text as o_goods_amount, o.freight::text as o_freight,
          o.discount::text as o_discount, o.pay_amount::text as o_pay_amount, o.cancel_reason as o_cancel_reason,
          ${iso('o.created_at')} as o_created_at, ${iso('o.paid_at')} as o_paid_at,
          ${iso('o.shipped_at')} as o_shipped_at, ${iso('o.completed_at')} as o_completed_at,
          ${iso('o.cancelled_at')} as o_cancelled_at
        from settlement s join orders o on o.id = s.order_id
        where s.pharmacy_id = ${pharmacyId} and o.pharmacy_id = ${pharmacyId} and o.id = ${orderId}`,
    );
    const row = rows[0];
    if (!row) return undefined;
    const [items, payments] = await Promise.all([
      queryRows<{
        id: number;
        name: string;
        spec: string;
        product_type: string;
        price: string;
        qty: number;
        subtotal: string;
      }>(
        this.db,
        sql`select id, name, spec, product_type, price::text as price, qty, subtotal::text as subtotal
          from order_item where order_id = ${orderId} order by id`,
      ),
      queryRows<{
        id: number;
        provider: string;
        amount: string;
        status: 'pending' | 'paid' | 'refunded' | 'closed';
        provider_ref: string;
        paid_at: string | null;
        refunded_at: string | null;
      }>(
        this.db,
        sql`select id, provider, amount::text as amount, status, provider_ref, ${iso('paid_at')} as paid_at,
            ${iso('refunded_at')} as refunded_at
          from order_payment where order_id = ${orderId} and pharmacy_id = ${pharmacyId} order by id`,
      ),
    ]);
    return { row, items: items.rows, payments: payments.rows };
  }
}
