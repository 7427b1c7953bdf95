import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import type { Database, DbExecutor } from '../../client';
import { mulberry32 } from '../random';
import type { OperatorSeedContext } from './context';
import { seedOperatorGroups } from './groups';
import { seedOperatorPermissions } from './permissions';
import { seedOperatorPharmacies } from './pharmacies';
import { seedOperatorReports } from './reports';
import { seedOperatorTasks } from './tasks';

const OPERATOR_LOCK_KEY = 72_011_010;

/**
 * Operator-area demo data (issue 17): a second operator holding only report and task, pharmacy applications (pending
 * with its documents, rejected), a suspended pharmacy and a second group, complaints in every state, platform tasks.
 * Runs after every other seed (it reads their rows); skips when complaints exist.
 */
export async function seedOperatorArea(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const exists = async (q: DbExecutor) => (await queryRows(q, sql`select 1 from report limit 1`)).rows.length > 0;
  if (await exists(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_LOCK_KEY})`);
    if (await exists(tx)) {
      seeded = false;
      return;
    }
    const ctx: OperatorSeedContext = {
      tx,
      now: (options.now ?? new Date()).getTime(),
      random: (stream) => mulberry32(20261124 + stream * 7919),
    };
    await seedOperatorPermissions(ctx);
    await seedOperatorPharmacies(ctx);
    await seedOperatorReports(ctx);
    await seedOperatorTasks(ctx);
    await seedOperatorGroups(ctx);
  });
  return seeded;
}
