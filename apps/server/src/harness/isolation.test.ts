import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { formatFindings } from './findings';
import { runIsolationMatrix } from './isolation';
import { loadOperations, type Operation } from './openapi';
import { optOuts } from './opt-outs';
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

describe('tenant isolation matrix (from the OpenAPI document)', () => {
  it('knows every route and its access rule, and has A data to look for', () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter((o) => !o.access)).toEqual([]);
    expect(world.secretValues.length).toBeGreaterThan(5);
    expect(world.ownedIds.message?.length).toBeGreaterThan(0);
  });

  it('opt-outs name existing routes and give a reason', () => {
    for (const o of optOuts) {
      expect(o.reason.length, `${o.method} ${o.path}`).toBeGreaterThan(20);
      expect(
        operations.some((op) => op.method === o.method && op.path === o.path),
        `${o.method} ${o.path}`,
      ).toBe(true);
    }
  });

  // every route × every caller: the project's 30 s per test is for one scenario, not a matrix; with
  // the server files on two workers (CI time, docs/quality-harness.md) it ran out at 32 s on a busy machine
  it('every route answers each caller as its rule says, and never with pharmacy A data', async () => {
    const findings = await runIsolationMatrix(world, operations);
    expect(formatFindings(findings)).toBe('');
  }, 180_000);
});
