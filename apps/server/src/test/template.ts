import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testDatabaseUrl } from '../config';
import { type DatabaseHandle, migrationsFolder, openPglite, openPostgres } from '../db/client';
import { seedDemo } from '../db/seed/index';

/*
 * The migrated and seeded database every test starts from, built once (test/global-setup.ts builds it before the
 * server project's first file, so no file's hook waits for a seed) and copied per test file: a PGlite dump in the
 * temporary folder, or a template database on the PostgreSQL server. Both are keyed by the migrations and seed sources.
 */

const templateSources = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const seedDir = path.join(here, '../db/seed');
  const files = [
    ...readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name)),
    ...readdirSync(seedDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith('.test.ts'))
      .map((e) => path.join(e.parentPath, e.name)),
  ].sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
};

const pgliteTemplateFile = () => path.join(tmpdir(), `pharmacy-pglite-template-${templateSources()}.tar`);

/**
 * PGlite runs initdb on every new database (seconds). The first test file migrates and seeds one and dumps it to
 * a tarball keyed by the migrations and seed sources; later files start from that dump.
 */
export async function openTemplatedPglite(): Promise<DatabaseHandle> {
  const file = pgliteTemplateFile();
  if (existsSync(file)) return openPglite(undefined, new Blob([readFileSync(file)]));
  const database = await openPglite();
  await database.migrate();
  await seedDemo(database.db);
  const dump = await database.dump!();
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/**
 * Writes the seeded template into `dataDir/pglite`, where the server (main.ts) keeps its PGlite database: a server
 * started there finds it migrated and seeded and skips both (the harness's server processes whose subject is not the
 * first start: crash safety, the second instance).
 */
export async function seededPgliteDataDir(dataDir: string): Promise<void> {
  if (!existsSync(pgliteTemplateFile())) await (await openTemplatedPglite()).close();
  const database = await openPglite(path.join(dataDir, 'pglite'), new Blob([readFileSync(pgliteTemplateFile())]));
  await database.close();
}

/** Serialises building the PostgreSQL template across test processes (the seed uses 72_011_002). */
const PG_TEMPLATE_LOCK_KEY = 72_011_913;

export const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Waits until no session is connected to `name` (pg's pool.end() resolves before its sockets have closed). */
export async function waitForNoSessions(client: pg.Client, name: string) {
  for (let i = 0; i < 40; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let pgTemplateName: string | undefined;

/**
 * The PostgreSQL counterpart of the PGlite dump: one database `tpl_<hash of migrations and seed>` migrated and seeded
 * once per server (built under a temporary name and renamed, so a half-built one is never used); each test file's
 * database is a copy of it (CREATE DATABASE … TEMPLATE, a file copy) instead of migrating and seeding (seconds).
 */
export async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `tpl_${templateSources()}`;
  if (pgTemplateName === name) return name;
  const exists = async () =>
    ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  if (!(await exists())) {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK_KEY]);
    try {
      if (!(await exists())) {
        const building = `${name}_b${process.pid}`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(
          `create database ${building} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
        );
        const database = openPostgres(databaseUrl(serverUrl, building), 5);
        try {
          await database.migrate();
          await seedDemo(database.db);
        } finally {
          await database.close();
        }
        await waitForNoSessions(admin, building);
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK_KEY]);
    }
  }
  pgTemplateName = name;
  return name;
}

/** Builds the template of this run's engine (TEST_DATABASE_URL: PostgreSQL, else PGlite) if it is not there yet. */
export async function prepareTemplate(): Promise<void> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    await (await openTemplatedPglite()).close();
    return;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await postgresTemplate(admin, serverUrl);
  } finally {
    await admin.end();
  }
}
