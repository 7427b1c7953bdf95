import type { OrderFilter, OrderKind, OrderStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/index';
import { queryRows } from '../../lib/sql-rows';
import { filterConditions } from './pharmacy-order.repository';

/** A time as the export writes it: Shanghai time as text (no Date made per cell). */
const shanghai = (column: string) =>
  sql.raw(`to_char("orders".${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as ${column}`);

/** One order as the export writes it (docs/orders.md "Export"). */
export interface ExportOrderRow {
  id: number;
  order_no: string;
  pharmacy_name: string;
  buyer_phone: string;
  kind: OrderKind;
  status: OrderStatus;
  goods_amount: string;
  freight: string;
  discount: string;
  pay_amount: string;
  patient_name: string;
  receiver_name: string;
  receiver_phone: string;
  address: string;
  items_text: string | null;
  item_qty: number | null;
  pay_method: string;
  courier_code: string | null;
  company_name: string | null;
  tracking_no: string | null;
  cancel_reason: string;
  buyer_remark: string;
  /** Shanghai time, 2026-11-24 10:42:39 */
  created_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
}

/** A pharmacy's orders (its staff), or the operator's (every pharmacy, or the one the filter names). */
export type ExportScope = { pharmacyId: number } | { operator: true };

/**
 * Reads the order list's filtered result for the export: the list's own filter conditions (filterConditions of the
 * list's repository), newest first, keyset by id in batches, so memory holds one batch however many orders match.
 */
export class OrderExportRepository {
  constructor(private readonly db: Database) {}

  private where(scope: ExportScope, f: OrderFilter): SQL {
    const pharmacyId = 'pharmacyId' in scope ? scope.pharmacyId : f.pharmacy_id;
    const c: SQL[] = [sql`${orders.deletedAt} is null`];
    if (pharmacyId !== undefined) c.push(sql`${orders.pharmacyId} = ${pharmacyId}`);
    if (f.status !== 'all') c.push(sql`${orders.status} = ${f.status}`);
    c.push(...filterConditions(f));
    return sql.join(c, sql` and `);
  }

  async count(scope: ExportScope, f: OrderFilter): Promise<number> {
    const { rows } = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from ${orders} where ${this.where(scope, f)}`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The matching orders, newest first, in keyset batches of `size`; the next batch is read while the consumer writes
   * this one (one batch ahead at most, one query in flight). Batches of 500: with 2,000 the server's heap grew by
   * ~100 MB over a 100,000-order export (batches lived long enough to be promoted to the old generation), with 500
   * by ~20 MB, and the whole export took less CPU (docs/orders.md "Export").
   */
  async *batches(scope: ExportScope, f: OrderFilter, size = 500): AsyncGenerator<ExportOrderRow[]> {
    const where = this.where(scope, f);
    const read = async (below: number | null) => {
      const { rows } = await queryRows<ExportOrderRow>(
        this.db,
        sql`select "orders".id, "orders".order_no, p.name as pharmacy_name, a.phone as buyer_phone, "orders".kind,
            "orders".status, "orders".goods_amount::text as goods_amount, "orders".freight::text as freight,
            "orders".discount::text as discount, "orders".pay_amount::text as pay_amount, "orders".patient_name,
            "orders".receiver_name, "orders".receiver_phone,
            concat_ws(' ', "orders".province, "orders".city, nullif("orders".district, ''), "orders".address_detail)
              as address,
            it.items_text, it.item_qty, "orders".pay_method, e.courier_code, e.company_name, e.tracking_no,
            "orders".cancel_reason, "orders".buyer_remark, ${shanghai('created_at')}, ${shanghai('paid_at')},
            ${shanghai('shipped_at')}, ${shanghai('completed_at')}, ${shanghai('cancelled_at')}
          from ${orders}
          join account a on a.id = "orders".account_id
          join pharmacy p on p.id = "orders".pharmacy_id
          left join lateral (
            select string_agg(i.name || case when i.spec <> '' then ' ' || i.spec else '' end || ' ×' || i.qty, '；'
                order by i.id) as items_text,
              sum(i.qty)::int as item_qty
            from order_item i where i.order_id = "orders".id) it on true
          left join lateral (
            select x.courier_code, x.company_name, x.tracking_no from order_express x
            where x.order_id = "orders".id order by x.id desc limit 1) e on true
          where ${where} ${below === null ? sql`` : sql`and "orders".id < ${below}`}
          order by "orders".id desc limit ${size}`,
      );
      return rows;
    };
    let next: Promise<ExportOrderRow[]> | undefined = read(null);
    while (next) {
      const rows: ExportOrderRow[] = await next;
      next = rows.length < size ? undefined : read(rows[rows.length - 1]!.id);
      // a consumer that stops (the client left) never awaits the batch read ahead: its failure is not unhandled
      next?.catch(() => undefined);
      if (rows.length) yield rows;
    }
  }
}
