import type { SQL } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

type PreparedRows = { execute(values?: Record<string, unknown>): Promise<{ rows?: unknown[] }> };

/** The text each named statement was first prepared with: a name must never be reused for another text. */
const namedTexts = new Map<string, string>();

/**
 * Renders `query` to text and prepares it under `name` through drizzle's session (the pool's, or a transaction's);
 * throws when the name was used with another text.
 */
function prepareNamed(db: DbExecutor, name: string, query: SQL): PreparedRows {
  const internals = db as unknown as {
    dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        q: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): PreparedRows;
    };
  };
  const built = internals.dialect.sqlToQuery(query);
  const known = namedTexts.get(name);
  if (known === undefined) namedTexts.set(name, built.sql);
  else if (known !== built.sql) throw new Error(`named statement ${name} prepared with another text`);
  return internals.session.prepareQuery(built, undefined, name, false);
}

/**
 * Runs raw SQL as a NAMED prepared statement: PostgreSQL parses and plans it once per pooled connection (a generic
 * plan after five runs) instead of on every call. Used by the hot paths that send the same statement again and again
 * (placing an order, chat messages). The text must be the same on every call (no lists expanded into it: pass arrays
 * and records as one parameter). Works inside a transaction as outside; on PGlite (one connection) the name is
 * ignored.
 */
export async function namedRows<T>(db: DbExecutor, name: string, query: SQL): Promise<T[]> {
  return ((await prepareNamed(db, name, query).execute()).rows ?? []) as T[];
}

/** Prepared statements per database handle (a test run has many) and name. */
const preparedByDb = new WeakMap<object, Map<string, PreparedRows>>();

/**
 * A named prepared statement whose SQL (with `sql.placeholder(...)` for its values) is built and rendered to text once
 * per database handle, then run with the values of each call: the hot path pays neither the statement's planning nor
 * the rendering of a large SQL tree per request (docs/orders.md "Performance pass 3"). `build` must give the same
 * text on every call for the name. Not for a transaction's handle (each would be built anew).
 */
export function preparedRows<T>(
  db: DbExecutor,
  name: string,
  build: () => SQL,
): (values: Record<string, unknown>) => Promise<T[]> {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name);
  if (!statement) {
    statement = prepareNamed(db, name, build());
    byName.set(name, statement);
  }
  const prepared = statement;
  return async (values) => ((await prepared.execute(values)).rows ?? []) as T[];
}
