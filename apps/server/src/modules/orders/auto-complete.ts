import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { transitionOrder } from '../../lib/order-state';
import { queryRows } from '../../lib/sql-rows';

/**
 * Auto-completion (docs/orders.md "Placing and paying"): a shipped order whose auto_confirm_at has passed completes
 * by itself (completed_by 'auto'; its settlement is settled by the state machine).
 *
 * Safe with several server instances and across restarts: the state is only in the database. Each batch is one
 * transaction that locks its due orders with FOR UPDATE SKIP LOCKED (another runner's, or a staff member's, locked
 * order is skipped, never waited for or completed twice) and runs the state machine's `complete` on each, in
 * pharmacy order (the per-pharmacy order-count locks are then taken in one order by every runner: no deadlock).
 * A restarted server simply finds the orders that are still due.
 */

export const AUTO_COMPLETE_EVERY_MS = 60_000;
export const AUTO_COMPLETE_BATCH = 100;

/** Completes the orders due now, batch after batch; returns how many this runner completed. */
export async function completeDueOrders(db: Database, batchSize = AUTO_COMPLETE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const { found, completed } = await db.transaction(async (tx) => {
      const due = await queryRows<{ id: number }>(
        tx,
        sql`select id from orders
            where status = 'shipped' and auto_confirm_at <= now() and deleted_at is null
            order by pharmacy_id, id
            limit ${batchSize}
            for update skip locked`,
      );
      let completed = 0;
      for (const { id } of due.rows) {
        try {
          // a savepoint per order: one refusal does not undo the batch
          await tx.transaction((sp) => transitionOrder(sp, id, 'complete', { completedBy: 'auto' }));
          completed += 1;
        } catch (err) {
          // moved on meanwhile (cannot happen under our lock, but never worth failing the batch for)
          if (!(err instanceof AppError)) throw err;
        }
      }
      return { found: due.rows.length, completed };
    });
    total += completed;
    if (found < batchSize) return total;
  }
}

/** Runs the job once at start and then every minute while the app runs; one run at a time per instance. */
export function startAutoComplete(app: FastifyInstance, db: Database, every = AUTO_COMPLETE_EVERY_MS) {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (running) return;
    running = completeDueOrders(db)
      .then((n) => {
        if (n > 0) app.log.info({ completed: n }, 'orders auto-completed');
      })
      .catch((err) => app.log.warn({ err }, 'order auto-completion failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // a run under way finishes before the database closes
    await running;
  });
}
