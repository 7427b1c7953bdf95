import type { SQL } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

/**
 * Runs raw SQL and returns its rows and row count, typed by the caller: `db.execute` answers node-postgres's and
 * PGlite's result shapes, typed `unknown` through drizzle's generic executor.
 */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<{ rows: T[]; rowCount: number }> {
  const result = (await db.execute(query)) as unknown as {
    rows?: T[];
    rowCount?: number | null;
    affectedRows?: number;
  };
  const rows = result.rows ?? [];
  return { rows, rowCount: result.rowCount ?? result.affectedRows ?? rows.length };
}

/** A list of ints as one PostgreSQL array parameter ('{1,2,3}', cast with ::int[]), so a statement's text does not depend on its length. */
export const intArray = (list: number[]) => `{${list.map((n) => Math.trunc(n)).join(',')}}`;
