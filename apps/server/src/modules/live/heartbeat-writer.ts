import { LIVE_HEARTBEAT_FLUSH_MS, LIVE_HEARTBEAT_SECONDS } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

/** One accepted viewer heartbeat, as the buffer holds it until the next flush. */
export interface Beat {
  pharmacyId: number;
  liveId: number;
  accountId: number;
  mode: 'live' | 'replay';
  /** When the server accepted it (ms since the epoch). */
  at: number;
}

export interface HeartbeatWriterOptions {
  /** How often the buffer is written (ms); 0 = no timer (tests call flush()). */
  flushMs?: number;
  /** Watch time credited per accepted beat. */
  seconds?: number;
  /**
   * A beat of the same (live, account) younger than this after the previous accepted one is not credited (a page
   * beating faster than every LIVE_HEARTBEAT_SECONDS, or two tabs, earns no extra time). Default: the beat period
   * less one second of timer jitter.
   */
  minIntervalMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  /** Where a failed flush is reported (its beats go back into the buffer for the next one). */
  onError?: (error: unknown) => void;
}

/** A failed batch is retried with the next flush while its beats are younger than this; then they are dropped. */
const RETRY_MAX_AGE_MS = 60_000;

const keyOf = (liveId: number, accountId: number) => `${liveId}:${accountId}`;

/**
 * The viewers' heartbeats, buffered in memory and written in batches (docs/live.md "Heartbeats"): at most one beat
 * per (live, account) per flush window and per beat period is credited; every flush is ONE statement — a CTE that
 * appends the raw rows to live_heartbeat and upserts live_watch (seconds += credit per beat, beats += 1, first and
 * last beat) per live, account and Shanghai day. A crash loses at most one flush window of watch time; close()
 * (the app's onClose) writes what is left.
 */
export class HeartbeatWriter {
  private pending = new Map<string, Beat>();
  /** The time of each key's last accepted beat, kept while younger than minIntervalMs (pruned at each flush). */
  private lastAccepted = new Map<string, number>();
  private readonly seconds: number;
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<number> = Promise.resolve(0);
  private closed = false;

  constructor(
    private readonly db: Database,
    options: HeartbeatWriterOptions = {},
  ) {
    this.seconds = options.seconds ?? LIVE_HEARTBEAT_SECONDS;
    this.minIntervalMs = options.minIntervalMs ?? (LIVE_HEARTBEAT_SECONDS - 1) * 1000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? ((error) => console.error('live heartbeat flush failed:', error));
    const flushMs = options.flushMs ?? LIVE_HEARTBEAT_FLUSH_MS;
    if (flushMs > 0) {
      this.timer = setInterval(() => void this.flush(), flushMs);
      this.timer.unref();
    }
  }

  /** Beats waiting for the next flush. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Takes a beat; false when it is not credited (a beat of the same live and account already waits in this window,
   * or the previous accepted one is younger than minIntervalMs, or the writer is closed).
   */
  add(beat: Omit<Beat, 'at'>): boolean {
    if (this.closed) return false;
    const key = keyOf(beat.liveId, beat.accountId);
    if (this.pending.has(key)) return false;
    const at = this.now();
    const last = this.lastAccepted.get(key);
    if (last !== undefined && at - last < this.minIntervalMs) return false;
    this.lastAccepted.set(key, at);
    this.pending.set(key, { ...beat, at });
    return true;
  }

  /** Writes the buffer (one statement); resolves with the number of beats written. Flushes never overlap. */
  flush(): Promise<number> {
    this.chain = this.chain.then(
      () => this.flushNow(),
      () => this.flushNow(),
    );
    return this.chain;
  }

  /** Stops the timer and writes what is left; later beats are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async flushNow(): Promise<number> {
    const now = this.now();
    for (const [key, at] of this.lastAccepted) if (now - at >= this.minIntervalMs) this.lastAccepted.delete(key);
    if (!this.pending.size) return 0;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await runNamed(this.db, 'live_heartbeat_flush', flushStatement(batch, this.seconds));
      return batch.length;
    } catch (error) {
      this.onError(error);
      // back into the buffer (one statement: nothing of the batch was written), unless a newer beat took the key
      for (const beat of batch) {
        const key = keyOf(beat.liveId, beat.accountId);
        if (!this.closed && now - beat.at < RETRY_MAX_AGE_MS && !this.pending.has(key)) this.pending.set(key, beat);
      }
      return 0;
    }
  }
}

/**
 * The flush: the batch as five arrays (one row per beat), its raw rows appended to live_heartbeat and its watch time
 * added to live_watch by Shanghai day, in one statement (its text never changes: a named prepared statement on
 * PostgreSQL). Beats of a live deleted meanwhile are left out rather than failing the batch. Rows are upserted in
 * key order so that two instances flushing overlapping keys lock them in the same order.
 */
function flushStatement(batch: Beat[], seconds: number): SQL {
  const pharmacies = batch.map((b) => b.pharmacyId);
  const lives = batch.map((b) => b.liveId);
  const accounts = batch.map((b) => b.accountId);
  const modes = batch.map((b) => b.mode);
  const times = batch.map((b) => new Date(b.at).toISOString());
  return sql`with b as (
      select t.pharmacy_id, t.live_id, t.account_id, t.mode, t.beat_at,
             (t.beat_at at time zone 'Asia/Shanghai')::date as day
      from unnest(${sql.param(pharmacies)}::int[], ${sql.param(lives)}::int[], ${sql.param(accounts)}::int[],
                  ${sql.param(modes)}::text[], ${sql.param(times)}::timestamptz[])
        as t(pharmacy_id, live_id, account_id, mode, beat_at)
      where exists (select 1 from live l where l.id = t.live_id)
    ), h as (
      insert into live_heartbeat (pharmacy_id, live_id, account_id, seconds, mode, beat_at)
      select pharmacy_id, live_id, account_id, ${seconds}::smallint, mode, beat_at from b
    )
    insert into live_watch as w (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
    select pharmacy_id, live_id, account_id, day, ${seconds}::int * count(*)::int, count(*)::int, min(beat_at), max(beat_at)
    from b group by pharmacy_id, live_id, account_id, day
    order by live_id, account_id, day
    on conflict (live_id, account_id, day) do update set
      seconds = w.seconds + excluded.seconds,
      beats = w.beats + excluded.beats,
      first_beat_at = least(w.first_beat_at, excluded.first_beat_at),
      last_beat_at = greatest(w.last_beat_at, excluded.last_beat_at)`;
}

/**
 * Runs a statement the hot path sends again and again: on PostgreSQL as a named prepared statement (parsed and
 * planned once per pooled connection); PGlite runs it as any statement. `name` must always come with the same text.
 */
export async function runNamed<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect;
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
  }
  return (await queryRows<T>(db, query)).rows;
}
