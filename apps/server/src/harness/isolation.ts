import type { LightMyRequestResponse } from 'fastify';
import { envelopeProblem, type Finding, snippet } from './findings';
import { accessLabel, fillPath, type Operation } from './openapi';
import { isOptedOut } from './opt-outs';
import { sampleValue } from './samples';
import type { Actor, World } from './world';

interface Call {
  actor: Actor | null;
  pharmacyId?: number;
  pathValues?: Record<string, unknown>;
  body?: unknown;
  query?: Record<string, string>;
}

const ID_FIELD = /(^|_)id$|^ids$/;

/** Table whose rows a path segment names: `/message/{id}` → message; `/pharmacy-products/{id}` → pharmacy_product. */
function tableFor(path: string, param: string, world: World): string | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  for (let i = at - 1; i >= 0; i--) {
    const seg = segments[i];
    if (!seg || seg.startsWith('{')) continue;
    const base = seg.replace(/-/g, '_');
    for (const name of [base, base.replace(/s$/, ''), base.replace(/es$/, '')]) {
      if (world.ownedIds[name]?.length) return name;
    }
    return undefined;
  }
  return undefined;
}

const anyOwnedId = (world: World) => Object.values(world.ownedIds).flat().at(-1) ?? 1;

/** Puts A's ids into every id-like field of a sample body or query. */
function withOwnedIds(value: unknown, id: number): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, ID_FIELD.test(k) ? (Array.isArray(v) ? [id] : id) : v]),
  );
}

/**
 * The tenant isolation matrix over every operation of the OpenAPI document, each against its own `x-access` rule:
 * no session → 401 unless public; a role the rule does not let in → 403; B's staff naming pharmacy A → 403; B's staff
 * in B with A's ids → 403/404; and nobody but A (and the patient for the patient's own rows) ever sees A's values.
 */
export async function runIsolationMatrix(world: World, operations: Operation[]): Promise<Finding[]> {
  const { t } = world;
  const findings: Finding[] = [];

  for (const op of operations) {
    if (isOptedOut(op.method, op.path, 'isolation')) continue;
    const route = `${op.method} ${op.path}`;
    const report = (c: string, detail: string) => findings.push({ check: 'isolation', route, case: c, detail });
    const access = op.access;
    if (!access) {
      report('rule', 'the operation has no x-access rule (registered before the auth plugin?)');
      continue;
    }

    const pathSample = Object.fromEntries(op.pathParams.map((p) => [p.name, sampleValue(p.schema)]));
    const bodySample = op.body ? sampleValue(op.body) : undefined;
    const querySample = op.query
      ? (Object.fromEntries(
          Object.entries((sampleValue(op.query) as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)]),
        ) as Record<string, string>)
      : undefined;

    const call = async (c: Call): Promise<LightMyRequestResponse> => {
      const token = c.actor ? await world.token(c.actor) : undefined;
      return t.app.inject({
        method: op.method as 'GET',
        url: fillPath(op.path, c.pathValues ?? pathSample),
        headers: {
          ...(token ? { auth: token } : {}),
          ...(c.pharmacyId !== undefined ? { pharmacyid: String(c.pharmacyId) } : {}),
        },
        query: c.query ?? querySample,
        ...(op.body ? { payload: (c.body ?? bodySample) as object } : {}),
        remoteAddress: t.nextIp(),
      });
    };

    const expect = (c: string, res: LightMyRequestResponse, allowed: number[]) => {
      if (!allowed.includes(res.statusCode)) {
        report(c, `expected ${allowed.join('/')}, got ${res.statusCode}: ${snippet(res.body)}`);
      } else if (res.statusCode >= 400) {
        const problem = envelopeProblem(res);
        if (problem) report(c, problem);
      }
    };
    const noLeak = (c: string, res: LightMyRequestResponse) => {
      if (res.statusCode >= 500) report(c, `server error ${res.statusCode}: ${snippet(res.body)}`);
      const leaked = world.secretValues.filter((v) => res.body.includes(v));
      if (leaked.length) report(c, `A's data in the answer (${res.statusCode}): ${leaked.slice(0, 3).join(', ')}`);
    };

    // 1. no session
    const anonymous = await call({ actor: null, pharmacyId: world.pharmacyA });
    if ('public' in access) {
      if (anonymous.statusCode >= 500) report('no session', `server error: ${snippet(anonymous.body)}`);
      continue;
    }
    expect('no session', anonymous, [401]);
    noLeak('no session', anonymous);

    // 2. signed in with a role the rule does not let in
    if ('pharmacy' in access) {
      expect('signed in, not a member of A', await call({ actor: world.patient, pharmacyId: world.pharmacyA }), [403]);
      for (const member of world.membersOfA) {
        if (await world.passesPharmacyRule(member, access.pharmacy, access.roles)) continue;
        expect(
          `${member.label} without ${accessLabel(access)}`,
          await call({ actor: member, pharmacyId: world.pharmacyA }),
          [403],
        );
      }
    }
    if ('doctor' in access) {
      for (const actor of [world.staffA, world.patient, world.admin]) {
        expect(`${actor.label} on a doctor route`, await call({ actor, pharmacyId: world.pharmacyA }), [403]);
      }
    }
    if ('admin' in access) {
      for (const actor of [world.staffA, world.patient]) {
        if (await world.passesAdminRule(actor, access.admin)) continue;
        expect(`${actor.label} on an operator route`, await call({ actor, pharmacyId: world.pharmacyA }), [403]);
      }
    }

    // 3. staff of B naming pharmacy A
    const bInA = await call({ actor: world.staffB, pharmacyId: world.pharmacyA });
    if ('pharmacy' in access || 'admin' in access || 'doctor' in access)
      expect("B's staff with pharmacyid A", bInA, [403]);
    noLeak("B's staff with pharmacyid A", bInA);

    // 4. staff of B in B, with A's ids in the path and in id-like fields
    const strictIds: string[] = [];
    const pathValues: Record<string, unknown> = { ...pathSample };
    for (const p of op.pathParams) {
      const type = p.schema.type;
      if (type !== 'integer' && type !== 'number') continue;
      const table = tableFor(op.path, p.name, world);
      if (table) strictIds.push(p.name);
      pathValues[p.name] = table ? (world.ownedIds[table]?.at(-1) ?? 1) : anyOwnedId(world);
    }
    const id = anyOwnedId(world);
    // on a doctor route the other tenant is another doctor
    const other = 'doctor' in access ? world.doctorB : world.staffB;
    const bWithAIds = await call({
      actor: other,
      pharmacyId: world.pharmacyB,
      pathValues,
      body: withOwnedIds(bodySample, id),
      query: querySample && (withOwnedIds(querySample, id) as Record<string, string>),
    });
    const c4 = `${'doctor' in access ? 'doctor B' : "B's staff in B"} with A's ids${strictIds.length ? ` (${strictIds.join(', ')})` : ''}`;
    if (strictIds.length && !('admin' in access)) expect(c4, bWithAIds, [400, 403, 404]);
    noLeak(c4, bWithAIds);
  }
  return findings;
}
