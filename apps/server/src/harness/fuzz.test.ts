import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { formatFindings } from './findings';
import { fuzzable, fuzzSeed, runFuzzer } from './fuzz';
import { loadOperations, type Operation } from './openapi';
import { isOptedOut } from './opt-outs';
import { createWorld, type World } from './world';

let t: TestApp;
let world: World;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  operations = await loadOperations(t.app);
});
afterAll(() => t?.close());

describe(`input fuzzing (fast-check, seed ${fuzzSeed()}; set FUZZ_SEED to vary)`, () => {
  it('has JSON routes to drive', () => {
    expect(operations.filter(fuzzable).length).toBeGreaterThan(5);
  });

  it('answers every generated and hostile input with the envelope and a 4xx (or a 2xx), and refused calls change nothing', async () => {
    const stats = { requests: 0, routes: 0 };
    const findings = await runFuzzer(world, operations, { numRuns: 30, stats });
    expect(formatFindings(findings)).toBe('');
    // every driven route had its 30 random runs on top of its sweep (a route that failed early would be a finding)
    expect(stats.routes).toBe(operations.filter((o) => fuzzable(o) && !isOptedOut(o.method, o.path, 'fuzz')).length);
    expect(stats.requests).toBeGreaterThan(30 * stats.routes);
  }, 180_000);
});
