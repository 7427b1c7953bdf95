/**
 * `npm run fuzz`: the deep input-fuzzing run, outside `npm test`. The same checks as fuzz.test.ts (every answer a 2xx or a
 * 4xx envelope, never a 5xx, a refused call changes no row count, nothing refused by the database instead of the
 * schema) over every JSON route, with a fresh random seed each run and enough runs per route for at least
 * FUZZ_REQUESTS requests in all (default 10,000).
 *
 *   npm run fuzz                       a new seed, printed first
 *   FUZZ_SEED=123456 npm run fuzz      replays a run (same seed, same routes, same inputs)
 *   FUZZ_REQUESTS=50000 npm run fuzz   a longer run
 *   TEST_DATABASE_URL=postgres://… npm run fuzz   on PostgreSQL (a throwaway database is made and dropped)
 *
 * Exits 1 when anything is found; each finding names the route, the seed and run, the input and the answer.
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../test/test-app';
import { formatFindings } from './findings';
import { type FuzzStats, fuzzable, runFuzzer } from './fuzz';
import { loadOperations } from './openapi';
import { isOptedOut } from './opt-outs';
import { createWorld } from './world';

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const seed = positive(process.env.FUZZ_SEED, randomInt(1, 2 ** 31 - 1));
const target = positive(process.env.FUZZ_REQUESTS, 10_000);
console.log(`fuzz: seed ${seed} — replay with FUZZ_SEED=${seed} npm run fuzz`);

const started = performance.now();
const t = await createTestApp();
let exitCode = 0;
try {
  const world = await createWorld(t);
  const operations = await loadOperations(t.app);
  const routes = operations.filter((op) => fuzzable(op) && !isOptedOut(op.method, op.path, 'fuzz'));
  // the deterministic sweep adds its own requests on top of these random runs
  const numRuns = Math.ceil(target / Math.max(1, routes.length));
  console.log(
    `fuzz: ${routes.length} routes, ${numRuns} random runs each (+ the edge-value sweep), database ${t.database.driver}`,
  );
  const stats: FuzzStats = { requests: 0, routes: 0 };
  const findings = await runFuzzer(world, operations, {
    numRuns,
    seed,
    stats,
    onRoute: (route, requests, finding) =>
      console.log(`  ${finding ? 'FAIL' : 'ok  '} ${route} (${requests} requests)`),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `fuzz: ${stats.requests} requests over ${stats.routes} routes, seed ${seed}, ${findings.length} failing routes, ` +
      `${seconds.toFixed(0)} s (${(stats.requests / seconds).toFixed(0)} requests/s)`,
  );
  if (findings.length) {
    console.log(formatFindings(findings));
    exitCode = 1;
  }
} finally {
  await t.close();
}
process.exit(exitCode);
