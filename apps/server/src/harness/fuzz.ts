import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { envelopeProblem, type Finding, snippet } from './findings';
import { fillPath, type Operation } from './openapi';
import { isOptedOut, tablesRefusedCallsMayChange } from './opt-outs';
import { bodyArbitrary, edgeValuesFor, leafEdgeVariants, paramArbitrary, queryArbitrary, sampleValue } from './samples';
import { type Actor, diffCounts, snapshotCounts, verifyCounts, type World } from './world';

export const DEFAULT_FUZZ_SEED = 20_261_122;

/**
 * The English detail of the errors plugin's answer to a PostgreSQL data exception other than NUL (a number or a date
 * out of range): the 400 is right, but the value should have been refused by the schema, naming its field.
 */
const DATABASE_REFUSED = /SQLSTATE 22/;

export interface FuzzOptions {
  /** Runs per route (default 30). */
  numRuns?: number;
  /** fast-check seed; FUZZ_SEED in the environment overrides the default. */
  seed?: number;
  /** Tallied as the fuzzer goes: requests sent and routes driven. */
  stats?: FuzzStats;
  /** Called after each route (the deep run's progress lines). */
  onRoute?: (route: string, requests: number, finding: Finding | null) => void;
}

export interface FuzzStats {
  requests: number;
  routes: number;
}

export const fuzzSeed = (env: NodeJS.ProcessEnv = process.env) => {
  const n = Number.parseInt(env.FUZZ_SEED ?? '', 10);
  return Number.isFinite(n) ? n : DEFAULT_FUZZ_SEED;
};

/** Who calls a route in the fuzzer: somebody its rule lets in, so that inputs reach validation and the handler. */
export async function callerFor(world: World, op: Operation): Promise<{ actor: Actor | null; pharmacyId?: number }> {
  const access = op.access;
  if (!access || 'public' in access) return { actor: null };
  if ('admin' in access) return { actor: world.admin };
  if ('doctor' in access) return { actor: world.doctorA };
  if ('pharmacy' in access) {
    for (const m of [world.staffA, ...world.membersOfA]) {
      if (await world.passesPharmacyRule(m, access.pharmacy, access.roles))
        return { actor: m, pharmacyId: world.pharmacyA };
    }
  }
  return { actor: world.staffA, pharmacyId: world.pharmacyA };
}

/** Operations the fuzzer drives: JSON body, query or path parameters (multipart uploads have their own test). */
export const fuzzable = (op: Operation) =>
  !!(op.body || op.query || op.pathParams.length) && !op.bodyTypes.some((t) => t !== 'application/json');

const stringify = (value: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [k, String(v)]));

interface Input {
  body?: unknown;
  query?: Record<string, string | string[]>;
  params?: Record<string, string>;
}

/**
 * Input fuzzing: for each JSON route, bodies, queries and path parameters generated from the route's OpenAPI schema
 * with hostile variants. Every answer must be the envelope: a 4xx with `{code,msg,message,data}` for refused input, a
 * 2xx otherwise, never a 5xx; and a refused call must leave every table's row count as it was.
 */
export async function runFuzzer(world: World, operations: Operation[], options: FuzzOptions = {}): Promise<Finding[]> {
  const { t } = world;
  const findings: Finding[] = [];
  const numRuns = options.numRuns ?? 30;
  const seed = options.seed ?? fuzzSeed();

  for (const op of operations) {
    if (!fuzzable(op) || isOptedOut(op.method, op.path, 'fuzz')) continue;
    const route = `${op.method} ${op.path}`;
    let requests = 0;
    const caller = await callerFor(world, op);
    const paramsArb = op.pathParams.length
      ? fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, paramArbitrary(p.schema)])))
      : fc.constant(undefined);
    const arb: fc.Arbitrary<Input> = fc.record({
      body: op.body ? bodyArbitrary(op.body) : fc.constant(undefined),
      query: op.query ? queryArbitrary(op.query) : fc.constant(undefined),
      params: paramsArb as fc.Arbitrary<Record<string, string> | undefined>,
    });

    let problem: string | null = null;
    // one session per route (minted before the first snapshot); the counts after a refused call are the counts
    // before the next one, so only calls that were let through cost a fresh snapshot
    const token = caller.actor ? await world.token(caller.actor) : undefined;
    let known: Record<string, number> | null = null;
    const property = fc.asyncProperty(arb, async (input) => {
      const before = known ?? (await snapshotCounts(t));
      known = null;
      const request: InjectOptions = {
        method: op.method as 'GET',
        url: fillPath(op.path, input.params ?? {}),
        headers: {
          ...(token ? { auth: token } : {}),
          ...(caller.pharmacyId ? { pharmacyid: String(caller.pharmacyId) } : {}),
        },
        query: input.query,
        remoteAddress: t.nextIp(),
      };
      if (op.body) {
        request.payload = JSON.stringify(input.body ?? null);
        request.headers = { ...request.headers, 'content-type': 'application/json' };
      }
      const res = await t.app.inject(request);
      requests++;
      const shown = `input ${snippet(JSON.stringify(input), 300)} → ${res.statusCode} ${snippet(res.body)}`;
      if (res.statusCode >= 500) problem = `server error: ${shown}`;
      else if (res.statusCode >= 400) {
        const bad = envelopeProblem(res);
        if (bad) problem = `${bad}: ${shown}`;
        else if (DATABASE_REFUSED.test(res.json().message)) {
          // the errors plugin's last line of defence answered: the value reached PostgreSQL, so a schema lacks a bound
          problem = `refused by the database, not by the route's schema: ${shown}`;
        } else {
          const after = await snapshotCounts(t);
          known = after;
          const changed = diffCounts(before, after).filter((d) => !(d.split(':')[0] in tablesRefusedCallsMayChange));
          if (changed.length) problem = `refused (${res.statusCode}) but rows changed: ${changed.join('; ')}; ${shown}`;
        }
      } else if (res.statusCode < 200 || res.statusCode >= 300) problem = `unexpected status: ${shown}`;
      return problem === null;
    });
    // a deterministic sweep first, whatever the seed: each leaf of a valid sample in turn holds an edge value (NUL
    // and a lone surrogate in text, 2³¹−1, 2³¹ … in numbers, year 0 … in dates), in the body, the query and the path
    const sweep: Input[] = [];
    const bodySample = op.body ? sampleValue(op.body) : undefined;
    const querySample = stringify(op.query ? (sampleValue(op.query) as Record<string, unknown>) : undefined);
    for (const [key, schema] of Object.entries(op.query?.properties ?? {})) {
      const odd = [...new Set(['a\u0000b', '\ud800', ...edgeValuesFor(schema).map(String)])];
      for (const value of odd) sweep.push({ query: { ...querySample, [key]: value } });
    }
    if (op.body) for (const body of leafEdgeVariants(op.body, bodySample)) sweep.push({ body });
    for (const p of op.pathParams) {
      const odd = [...new Set(['a\u0000b', '\ud800', ...edgeValuesFor(p.schema).map(String)])];
      for (const value of odd) sweep.push({ params: { [p.name]: value } });
    }
    const result = await fc.check(property, {
      numRuns: numRuns + sweep.length,
      seed,
      endOnFailure: true,
      examples: sweep.map((input) => [input] as [Input]),
    });
    const finding: Finding | null = result.failed
      ? {
          check: 'fuzz',
          route,
          case: `seed ${seed}, run ${result.numRuns}`,
          detail: problem ?? String(result.errorInstance ?? 'property failed'),
        }
      : null;
    if (finding) findings.push(finding);
    // the row counts come from triggers (world.ts): once a route, they must equal count(*) of every table, or a write
    // went unseen and the check above proved less than it says
    const drift = await verifyCounts(t);
    if (drift.length) {
      findings.push({
        check: 'fuzz',
        route,
        case: 'row counts',
        detail: `the row counts kept by the harness's triggers differ from count(*) after this route: ${drift.join('; ')}`,
      });
    }
    if (options.stats) {
      options.stats.requests += requests;
      options.stats.routes++;
    }
    options.onRoute?.(route, requests, finding);
  }
  return findings;
}
