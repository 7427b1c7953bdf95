/**
 * Writes a module buffers and makes later (the live viewers' heartbeats, written in batches every second: docs/live.md).
 * A module registers how to write its buffer now; whoever must see the database settled — the quality harness before
 * it counts rows around a call, so a batch accepted earlier is not mistaken for a write by a refused call — flushes
 * every registered buffer of that app. Keyed by the app's database handle.
 */
const registry = new WeakMap<object, Set<() => Promise<unknown>>>();

export function registerDeferredWrites(db: object, flush: () => Promise<unknown>): void {
  const set = registry.get(db) ?? new Set();
  set.add(flush);
  registry.set(db, set);
}

/** Writes every buffer registered for this database now (each flush waits for one already under way). */
export async function flushDeferredWrites(db: object): Promise<void> {
  for (const flush of registry.get(db) ?? []) await flush();
}
