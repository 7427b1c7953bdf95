import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** PostgreSQL only: the database's URL (the chat bus opens its own LISTEN connection to it). */
  url?: string;
  migrate(): Promise<void>;
  /** A round trip to the server (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball. */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL only: where a pooled connection's failure while idle is reported (the server restarted or killed the
   * backend). The pool drops that connection and opens another on demand; without a listener the error would end
   * the process.
   */
  onIdleConnectionError?: (listener: (error: Error) => void) => void;
  /**
   * Calls `listener('notify')` when a statement NOTIFYs `channel` (one of WATCHED_CHANNELS) and commits: this
   * server's own write is heard before the write's statement returns (every connection LISTENs, and PostgreSQL hands a
   * session its own notifications before it says it is ready), another server's write moments after its commit.
   * `listener('gap')` when notifications may have been missed: PostgreSQL closed every connection of the pool.
   */
  onNotify(channel: WatchedChannel, listener: (event: 'notify' | 'gap') => void): void;
  /** Whether a NOTIFY would be heard now: some connection of this server is listening. */
  listening(): boolean;
}

/** The channels every connection LISTENs to (migration 0028: principal_change). */
export const WATCHED_CHANNELS = ['principal_change'] as const;
export type WatchedChannel = (typeof WATCHED_CHANNELS)[number];

/** The listeners of each watched channel, called in turn. */
function notifyListeners() {
  const listeners = new Map<string, Array<(event: 'notify' | 'gap') => void>>();
  return {
    add(channel: WatchedChannel, listener: (event: 'notify' | 'gap') => void) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    emit(channel: string, event: 'notify' | 'gap') {
      for (const listener of listeners.get(channel) ?? []) listener(event);
    },
    gap() {
      for (const channel of WATCHED_CHANNELS) this.emit(channel, 'gap');
    },
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Lock key that serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 72_011_001;

const INT8_OID = 20;

/** pg returns int8 as strings; PGlite returns numbers. Our ids and counts fit in a double, so parse them alike. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

export function openPostgres(url: string, poolMax = 10): DatabaseHandle {
  const notify = notifyListeners();
  const listeningClients = new Set<pg.ClientBase>();
  const removedClients = new WeakSet<pg.ClientBase>();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    types: pgTypes,
    // Every new connection LISTENs before the pool hands it out, so a write's own notification reaches this process
    // before the write's statement resolves (pg-pool awaits this hook; a failure ends the connection and is the
    // caller's error).
    onConnect: async (client) => {
      client.on('notification', (message) => notify.emit(message.channel, 'notify'));
      await client.query(WATCHED_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
      if (!removedClients.has(client)) listeningClients.add(client);
    },
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let reportIdleError = (error: Error) => console.error('PostgreSQL connection failed while idle:', error.message);
  pool.on('error', (error) => reportIdleError(error));
  pool.on('remove', (client) => {
    removedClients.add(client);
    // the last listening connection gone: until another has connected, notifications reach nobody here
    if (listeningClients.delete(client) && listeningClients.size === 0) notify.gap();
  });
  return {
    db,
    driver: 'pg',
    url,
    onNotify: (channel, listener) => notify.add(channel, listener),
    listening: () => listeningClients.size > 0,
    onIdleConnectionError(listener) {
      reportIdleError = listener;
    },
    async migrate() {
      const client = new pg.Client({ connectionString: url, types: pgTypes });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * Whether `pid` is a running process. A zombie (exited, not yet reaped: a killed server whose parent died first, in a
 * container whose init does not reap) still answers `kill(pid, 0)` but holds nothing, so on Linux its state is read.
 */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true;
  }
};

/**
 * PGlite keeps the database inside one process and takes no lock on its directory: a second server on the same
 * DATA_DIR started happily and worked on its own diverging copy of the same files. `<dir>.lock` holds the owner's pid;
 * a lock left by a process that is gone (a crash) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `the embedded database ${dataDir} is in use by process ${owner}; use PostgreSQL for two instances`,
        );
      }
      unlinkSync(lockFile);
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory; `loadDataDir` starts from a
 * dump made by `dumpDataDir` (tests use one to skip initdb, which costs seconds).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema });
  // PGlite calls a listener before the notifying statement's promise resolves (one process, no connection to lose)
  const notify = notifyListeners();
  for (const channel of WATCHED_CHANNELS) await client.listen(channel, () => notify.emit(channel, 'notify'));
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    onNotify: (channel, listener) => notify.add(channel, listener),
    listening: () => true,
    migrate: () => migratePglite(db, { migrationsFolder }),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
      unlock();
    },
    dump: async () => client.dumpDataDir('none'),
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
}): Promise<DatabaseHandle> | DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax);
  return openPglite(path.join(options.dataDir, 'pglite'));
}
