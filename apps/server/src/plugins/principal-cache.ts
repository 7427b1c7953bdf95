import type { Principal } from './principal';

/** How long a kept principal is trusted at most, even without any notification (a safety net, not the mechanism). */
export const PRINCIPAL_CACHE_TTL_MS = 60_000;
/** How many sessions are kept at most; the oldest kept is dropped first. */
export const PRINCIPAL_CACHE_MAX = 20_000;

interface Kept {
  principal: Principal;
  /** The session's own expiry, ms since the epoch: past it the session is over, kept or not. */
  sessionExpiresAt: number;
  /** When it was read, ms since the epoch. */
  readAt: number;
}

/**
 * The principals of sessions this server has looked up, by token hash: an authenticated request then costs no
 * database round trip (docs/orders.md "Performance pass 5"). It is only ever a copy of what the database says:
 * - everything it is read from is watched by migration 0028's triggers; any change empties the whole cache
 *   (`forgetAll`), this server's own writes before their statement returns, other servers' moments after commit;
 * - a lookup that started before such a change is not kept (`generation`): what it read may be older than the change;
 * - while no connection listens (PostgreSQL closed them all), nothing is kept and nothing kept is used;
 * - a session past its expiry is never answered from here, and nothing is trusted longer than the TTL.
 */
export class PrincipalCache {
  private readonly kept = new Map<string, Kept>();
  /** Counts the changes heard: a lookup is kept only if none came while it ran. */
  private generation = 0;

  constructor(
    private readonly listening: () => boolean,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = PRINCIPAL_CACHE_TTL_MS,
    private readonly max = PRINCIPAL_CACHE_MAX,
  ) {}

  /** The kept principal of a token hash, if it is current. */
  get(tokenHash: string): Principal | undefined {
    const kept = this.kept.get(tokenHash);
    if (!kept) return undefined;
    const now = this.clock();
    if (!this.listening() || now >= kept.sessionExpiresAt || now - kept.readAt >= this.ttlMs) {
      this.kept.delete(tokenHash);
      return undefined;
    }
    return kept.principal;
  }

  /** Call before the lookup; pass the answer to `keep` with it. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a looked-up principal, unless a change was heard since `begin` or nobody is listening. */
  keep(tokenHash: string, principal: Principal, sessionExpiresAt: Date, begun: number): void {
    if (begun !== this.generation || !this.listening()) return;
    if (this.kept.size >= this.max && !this.kept.has(tokenHash)) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(tokenHash, {
      principal: deepFreeze(principal),
      sessionExpiresAt: sessionExpiresAt.getTime(),
      readAt: this.clock(),
    });
  }

  /** Something a principal is read from changed, or notifications may have been missed. */
  forgetAll(): void {
    this.generation++;
    this.kept.clear();
  }

  get size(): number {
    return this.kept.size;
  }
}

/** A kept principal is shared by every request of its session: nobody may change it in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
