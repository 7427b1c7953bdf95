import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import type { Database, DbExecutor } from '../../client';
import { mulberry32 } from '../random';
import { seedBlacklist } from './blacklist';
import { seedChannels } from './channels';
import type { MarketingSeedContext } from './context';
import { seedCustomers } from './customers';
import { seedProxyOrders } from './proxy-orders';
import { seedShares } from './shares';
import { seedTasks } from './tasks';
import { seedTeams } from './teams';

const MARKETING_LOCK_KEY = 72_011_009;

/**
 * Marketing demo data (issue 16): teams and personal codes, channels with scans, customers with owners, tags and
 * follow-ups, the blacklist, tasks in every state with logs, share packages, proxy and non-drug orders. Runs after
 * the orders, clinical, chat and live seeds (it reads their rows); skips when tasks exist.
 */
export async function seedMarketing(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const exists = async (q: DbExecutor) => (await queryRows(q, sql`select 1 from task limit 1`)).rows.length > 0;
  if (await exists(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MARKETING_LOCK_KEY})`);
    if (await exists(tx)) {
      seeded = false;
      return;
    }
    const ctx: MarketingSeedContext = {
      tx,
      now: (options.now ?? new Date()).getTime(),
      random: (stream) => mulberry32(20261125 + stream * 7919),
    };
    await seedTeams(ctx);
    await seedChannels(ctx);
    await seedCustomers(ctx);
    await seedBlacklist(ctx);
    await seedTasks(ctx);
    await seedShares(ctx);
    await seedProxyOrders(ctx);
  });
  return seeded;
}
