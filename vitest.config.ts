import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/server');

/**
 * `npm test` runs the server project twice, on PGlite and on PostgreSQL (TEST_DATABASE_URL). A test file that never
 * reaches a database (nothing of the test app, the server process, the database client or the harness world) proves
 * the same on both, so the PostgreSQL pass leaves it out. Conservative: naming any of these counts as using one.
 */
const DATABASE_USE =
  /defineFuzzSuite|test\/test-app|test\/web-test-server|test\/order-fixture|test\/template|harness\/server-process|harness\/world|db\/client|createTestApp|openPglite|openPostgres|testDatabaseUrl|TEST_DATABASE_URL|DATABASE_URL/;
const databaseFreeServerTests = () =>
  readdirSync(path.join(serverRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('src', f))
    .filter((f) => !DATABASE_USE.test(readFileSync(path.join(serverRoot, f), 'utf8')));

// CI time (docs/quality-harness.md): two workers on the 2-core machine (vitest's default there is one) for every
// project, the server's files too (each has its own database, server process, port and temporary folder); the server's
// test template is built once by its globalSetup before any file runs; the shared, repo and server tests skip per-file
// module isolation (a fresh module graph per file cost ~0.4 s each for shared and repo, ~1.8 s for a server file, which
// imports the whole app). A server test file must not depend on module state another file left: each builds its own app
// and database; docs/quality-harness.md "Server files without module isolation".
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      { test: { name: 'repo', root: './scripts', environment: 'node', include: ['**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? databaseFreeServerTests() : [])],
          globalSetup: ['./src/test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
