import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { intArray } from './sql-rows';

/**
 * An order's line summary as the order list shows it (orders.item_count and orders.items_text, migration 0027): the
 * number of lines and "name ×qty、name ×qty 等 n 件" of the first two in line order (SQL function order_items_text).
 * Order lines never change once written, so the summary is written once, with them:
 * - placeOrder writes it in the order's own insert, from the lines it inserts in the same statement;
 * - a writer that inserts lines on their own (the seeds, test fixtures) calls this right after, in its transaction.
 */
export async function summarizeOrderLines(db: DbExecutor, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.execute(sql`update orders o set item_count = s.n, items_text = order_items_text(s.names, s.qtys)
    from (select order_id, count(*)::int as n, array_agg(name order by id) as names, array_agg(qty order by id) as qtys
          from order_item where order_id = any(${intArray(orderIds)}::int[])
          group by order_id) s
    where s.order_id = o.id`);
}
