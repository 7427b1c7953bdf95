import {
  formatMoney,
  multiply,
  type OrderAction,
  type OrderStatus,
  orderStateConflict,
  orderTransitions,
  PLATFORM_FEE_RATE,
  subtract,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../db/client';
import { AppError } from './app-error';
import { openConsultationForOrder } from './clinical-intake';
import { queryRows } from './sql-rows';

/**
 * The order state machine's one implementation (domain.md "Orders and money", docs/orders.md). Every transition is
 * one guarded UPDATE … WHERE status = ANY(expected) in a transaction with its side effects:
 * - pay: the open payment is marked paid, a pending settlement row is written; RX orders go to pending_review and
 *   their consultation request is opened (clinical-intake.ts);
 * - ship: shipped_at and auto_confirm_at (shipped_at + the pharmacy's auto_confirm_days);
 * - complete: the settlement is settled;
 * - cancel / reject_review: the stock returns to the quotes (combos' items too), a paid order's payment and settlement
 *   are refunded.
 * A request that finds the order in another state (a concurrent winner moved it) gets 409 and changes nothing.
 */

export interface TransitionOptions {
  /** Only this pharmacy's order (staff); omit for the operator or a job. */
  pharmacyId?: number;
  /** Only this buyer's order (the patient's own calls). */
  accountId?: number;
  /** Extra columns to set with the status (snake_case column → value), e.g. cancel_reason. */
  set?: Record<string, unknown>;
  /** For `complete`: who completed it. */
  completedBy?: 'delivery' | 'user' | 'auto' | 'staff';
  /** For `cancel`: who cancelled it. */
  cancelledBy?: 'buyer' | 'staff' | 'review' | 'system';
  /** For `pay`: the staff member confirming an offline payment, and a reference. */
  confirmedBy?: number;
  payRef?: string;
}

export interface TransitionResult {
  id: number;
  pharmacyId: number;
  from: OrderStatus;
  to: OrderStatus;
  orderNo: string;
  accountId: number;
}

const SETTABLE = new Set(['cancel_reason', 'recipe_id']);

/** Runs one transition of one order; throws 404 (not the caller's / deleted) or 409 (another state). */
export async function transitionOrder(
  db: DbExecutor,
  orderId: number,
  action: OrderAction,
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const run = async (tx: DbExecutor) => {
    const from = orderTransitions[action].from as readonly OrderStatus[];
    const fromList = sql.join(
      from.map((s) => sql`${s}`),
      sql`, `,
    );
    const scope = sql.join(
      [
        sql`id = ${orderId}`,
        sql`deleted_at is null`,
        ...(options.pharmacyId === undefined ? [] : [sql`pharmacy_id = ${options.pharmacyId}`]),
        ...(options.accountId === undefined ? [] : [sql`account_id = ${options.accountId}`]),
      ],
      sql` and `,
    );
    const sets = [sql`updated_at = now()`];
    let to: OrderStatus = orderTransitions[action].to;
    let target = sql`${to}`;
    if (action === 'pay') {
      target = sql`case when has_rx then 'pending_review' else 'pending_shipment' end`;
      sets.push(sql`paid_at = now()`);
    } else if (action === 'ship') {
      sets.push(sql`shipped_at = now()`);
      sets.push(sql`auto_confirm_at = now() + make_interval(days => coalesce(
        (select auto_confirm_days from pharmacy_setting s where s.pharmacy_id = orders.pharmacy_id), 7))`);
    } else if (action === 'complete') {
      sets.push(sql`completed_at = now()`, sql`completed_by = ${options.completedBy ?? 'staff'}`);
    } else if (action === 'cancel' || action === 'reject_review') {
      sets.push(
        sql`cancelled_at = now()`,
        sql`cancelled_by = ${options.cancelledBy ?? (action === 'reject_review' ? 'review' : 'staff')}`,
      );
    }
    for (const [column, value] of Object.entries(options.set ?? {})) {
      if (!SETTABLE.has(column)) throw new Error(`transitionOrder: column ${column} may not be set`);
      sets.push(sql`${sql.identifier(column)} = ${value}`);
    }
    // the status before, read in the same statement (a CTE sees the snapshot before the update)
    const updated = await queryRows<{
      id: number;
      pharmacy_id: number;
      order_no: string;
      account_id: number;
      status: OrderStatus;
      before: OrderStatus;
      pay_amount: string;
      paid_at: unknown;
    }>(
      tx,
      sql`
      with before as (select id, status from orders where ${scope} for update)
      update orders set status = ${target}, ${sql.join(sets, sql`, `)}
      from before
      where orders.id = before.id and before.status in (${fromList})
      returning orders.id, orders.pharmacy_id, orders.order_no, orders.account_id, orders.status,
        before.status as before, orders.pay_amount::text as pay_amount, orders.paid_at`,
    );
    const row = updated.rows[0];
    if (!row) {
      const current = await queryRows<{ status: OrderStatus }>(tx, sql`select status from orders where ${scope}`);
      const status = current.rows[0]?.status ?? null;
      if (status === null) throw AppError.notFound(orderStateConflict(action, null));
      throw AppError.conflict(
        orderStateConflict(action, status),
        `Order ${orderId} is ${status}, not ${from.join('|')}`,
      );
    }
    to = row.status;

    if (action === 'pay') {
      const paid = await queryRows(
        tx,
        sql`
        update order_payment set status = 'paid', paid_at = now(), updated_at = now(),
          confirmed_by = ${options.confirmedBy ?? null},
          provider_ref = case when ${options.payRef ?? ''} <> '' then ${options.payRef ?? ''} else provider_ref end
        where order_id = ${row.id} and status = 'pending'`,
      );
      if (!paid.rowCount) {
        // no payment was opened (staff confirm a transfer the patient never announced): record it as offline
        await tx.execute(sql`
          insert into order_payment (order_id, pharmacy_id, provider, amount, status, provider_ref, confirmed_by, paid_at)
          values (${row.id}, ${row.pharmacy_id}, 'offline', ${row.pay_amount}, 'paid', ${options.payRef ?? ''},
            ${options.confirmedBy ?? null}, now())`);
      }
      const fee = formatMoney(multiply(row.pay_amount, PLATFORM_FEE_RATE));
      await tx.execute(sql`
        insert into settlement (order_id, pharmacy_id, pay_amount, fee_rate, platform_fee, settle_amount, status, paid_at)
        values (${row.id}, ${row.pharmacy_id}, ${row.pay_amount}, ${PLATFORM_FEE_RATE}, ${fee},
          ${formatMoney(subtract(row.pay_amount, fee))}, 'pending', now())`);
      // an RX order waits for a prescription: its consultation request reaches a doctor in the same transaction
      if (to === 'pending_review') await openConsultationForOrder(tx, row.id);
    } else if (action === 'complete') {
      await tx.execute(sql`
        update settlement set status = 'settled', settled_at = now(), updated_at = now()
        where order_id = ${row.id} and status = 'pending'`);
    } else if (action === 'cancel' || action === 'reject_review') {
      await returnStock(tx, row.id);
      if (row.before !== 'pending_payment') {
        await tx.execute(sql`
          update order_payment set status = 'refunded', refunded_at = now(), updated_at = now()
          where order_id = ${row.id} and status = 'paid'`);
        await tx.execute(sql`
          update settlement set status = 'refunded', refund_amount = pay_amount, refunded_at = now(), updated_at = now()
          where order_id = ${row.id} and status = 'pending'`);
      } else {
        await tx.execute(sql`
          update order_payment set status = 'closed', updated_at = now()
          where order_id = ${row.id} and status = 'pending'`);
      }
    }
    return {
      id: row.id,
      pharmacyId: row.pharmacy_id,
      from: row.before,
      to,
      orderNo: row.order_no,
      accountId: row.account_id,
    };
  };
  // inside a caller's transaction, or one of its own
  return 'rollback' in db ? run(db) : (db as Database).transaction((tx: Transaction) => run(tx));
}

/** Gives a cancelled order's units back to its quotes (a combo line's items times the line's quantity). */
async function returnStock(tx: DbExecutor, orderId: number) {
  await tx.execute(sql`
    with units as (
      select quote_id, qty from order_item where order_id = ${orderId} and quote_id is not null and quote_set_id is null
      union all
      select (c->>'quote_id')::int, (c->>'qty')::int * i.qty
      from order_item i, jsonb_array_elements(i.combo_items) c
      where i.order_id = ${orderId} and i.quote_set_id is not null
    ), per_quote as (select quote_id, sum(qty)::int qty from units group by quote_id)
    update quote set stock = quote.stock + p.qty, sales_count = greatest(quote.sales_count - p.qty, 0),
      updated_at = now()
    from per_quote p where quote.id = p.quote_id`);
}
