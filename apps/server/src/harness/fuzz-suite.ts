import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { formatFindings } from './findings';
import { fuzzable, fuzzSeed, runFuzzer } from './fuzz';
import { loadOperations, type Operation } from './openapi';
import { isOptedOut } from './opt-outs';
import { createWorld, type World } from './world';

/**
 * Random runs per route on top of its deterministic edge sweep. `npm test` runs the suite twice (PGlite, PostgreSQL)
 * with a fixed seed, so it keeps a small budget; the deep run (`npm run fuzz`, fuzz-deep.ts) varies the seed and drives
 * thousands of requests.
 */
const RUNS = 15;

/**
 * The routes are split into `shards` files (fuzz.test.ts, fuzz-2.test.ts): route i goes to shard i mod shards, so the
 * server project's two workers drive them side by side and each file stays well inside its time limit as modules
 * add routes. Together the shards drive every fuzzable route (each file checks its own share).
 */
export function defineFuzzSuite(shard: number, shards: number) {
  let t: TestApp;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t);
    operations = (await loadOperations(t.app)).filter((_, i) => i % shards === shard);
  });
  afterAll(() => t?.close());

  describe(`input fuzzing, shard ${shard + 1} of ${shards} (fast-check, seed ${fuzzSeed()}; set FUZZ_SEED to vary)`, () => {
    it('has JSON routes to drive', () => {
      expect(operations.filter(fuzzable).length).toBeGreaterThan(5);
    });

    it('answers every generated and hostile input with the envelope and a 4xx (or a 2xx), and refused calls change nothing', async () => {
      const stats = { requests: 0, routes: 0 };
      const findings = await runFuzzer(world, operations, { numRuns: RUNS, stats });
      expect(formatFindings(findings)).toBe('');
      // every driven route had its random runs on top of its sweep (a route that failed early would be a finding)
      expect(stats.routes).toBe(operations.filter((o) => fuzzable(o) && !isOptedOut(o.method, o.path, 'fuzz')).length);
      expect(stats.requests).toBeGreaterThan(RUNS * stats.routes);
    }, 180_000);
  });
}
