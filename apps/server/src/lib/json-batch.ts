import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A batch as one JSON parameter, written out only when the driver binds the statement (node-postgres calls
 * `toPostgres`; PGlite serialises a json parameter with JSON.stringify, which calls `toJSON`), and let go of as
 * soon as the statement has run.
 *
 * Building the JSON text up front kept ~1 MB per 1,000-row batch alive across the round trip, and the driver's
 * and Drizzle's per-query objects that point at it outlive the query until a full GC (V8 allocates them straight
 * into the old generation once most of them survive a scavenge, which every awaited query does). So each batch's
 * text reached the old generation: about 50 MB of a 50,000-row apply, about a third of what it added to the heap.
 */
class JsonParam {
  constructor(private value: unknown) {}

  toPostgres(): string {
    return JSON.stringify(this.value);
  }

  toJSON(): unknown {
    return this.value;
  }

  release() {
    this.value = null;
  }
}

/** Runs a statement whose JSON parameters come from `json(value)`, releasing them once it has run. */
export async function queryWithJson<T>(
  db: Pick<Database, 'execute'>,
  build: (json: (value: unknown) => SQL) => SQL,
): Promise<T[]> {
  const params: JsonParam[] = [];
  const json = (value: unknown) => {
    const param = new JsonParam(value);
    params.push(param);
    return sql`${param}::json`;
  };
  try {
    return ((await db.execute(build(json))) as unknown as { rows: T[] }).rows;
  } finally {
    for (const param of params) param.release();
  }
}
