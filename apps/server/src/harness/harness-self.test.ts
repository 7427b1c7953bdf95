import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { createTestApp, type TestApp } from '../test/test-app';
import { runFuzzer } from './fuzz';
import { runIsolationMatrix } from './isolation';
import { loadOperations, type Operation } from './openapi';
import { createWorld, queryDb, snapshotCounts, verifyCounts, type World } from './world';

const BROKEN = '/api/v1/harness-broken';

/** Routes with the mistakes the harness exists to catch. */
function registerBrokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const channelsOf = (pharmacyId: number) =>
    queryDb(app.db, `select id, name from channel where pharmacy_id = ${Number(pharmacyId) || 0}`);

  // signed in is all it asks: the pharmacyid header is trusted without a membership check
  r.get(`${BROKEN}/channels`, { config: { access: { signedIn: true } }, schema: {} }, async (request) => ({
    code: 0,
    msg: 'ok',
    data: await channelsOf(Number(request.headers.pharmacyid)),
  }));

  // the membership guard passes, then the row is read by id alone (not scoped to request.pharmacyId)
  r.get(
    `${BROKEN}/channel/:id`,
    { config: { access: { pharmacy: null } }, schema: { params: z.object({ id: z.coerce.number().int() }) } },
    async (request) => {
      const rows = await queryDb(app.db, `select id, name from channel where id = ${request.params.id}`);
      return { code: 0, msg: 'ok', data: rows[0] ?? null };
    },
  );

  // an id with no upper bound, bound as a parameter to an integer: 2³¹ and up reach PostgreSQL (22003)
  r.delete(
    `${BROKEN}/note/:id`,
    { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request) => {
      await app.db.execute(sql`select id from channel where id = ${request.params.id}::int`);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  // a date with no range: year 0 reaches PostgreSQL (22008)
  r.get(`${BROKEN}/day`, { schema: { querystring: z.object({ date: z.iso.date().optional() }) } }, async (request) => {
    if (request.query.date) await app.db.execute(sql`select ${request.query.date}::date`);
    return { code: 0, msg: 'ok', data: null };
  });

  // public, and refuses its input only after it has written a row (a refused call must change nothing)
  r.post(`${BROKEN}/refused-write`, { schema: { body: z.object({ note: z.string().max(20) }) } }, async () => {
    await queryDb(
      app.db,
      `insert into message (account_id, kind, title, content) select id, 'system', '测试', '拒绝前写入' from account order by id limit 1`,
    );
    throw AppError.badParams('note', '备注无效');
  });

  // public, and throws a TypeError when the optional field is missing
  r.post(
    `${BROKEN}/echo`,
    { schema: { body: z.object({ name: z.string().max(20), tags: z.array(z.string()).optional() }) } },
    async (request) => ({ code: 0, msg: 'ok', data: { tags: request.body.tags!.map((t) => t.trim()) } }),
  );
}

let t: TestApp;
let world: World;
let broken: Operation[];

beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerBrokenRoutes });
  world = await createWorld(t);
  broken = (await loadOperations(t.app)).filter((o) => o.path.startsWith(BROKEN));
});
afterAll(() => t?.close());

describe('the harness catches deliberately broken routes', () => {
  it('sees the broken routes in the OpenAPI document with their rules', () => {
    const rules = Object.fromEntries(broken.map((o) => [`${o.method} ${o.path}`, o.access]));
    expect(rules).toEqual({
      [`GET ${BROKEN}/channels`]: { signedIn: true },
      [`GET ${BROKEN}/channel/{id}`]: { pharmacy: null },
      [`DELETE ${BROKEN}/note/{id}`]: { public: true },
      [`GET ${BROKEN}/day`]: { public: true },
      [`POST ${BROKEN}/refused-write`]: { public: true },
      [`POST ${BROKEN}/echo`]: { public: true },
    });
  });

  it('the isolation matrix reports the missing membership check and the unscoped lookup', async () => {
    const findings = await runIsolationMatrix(world, broken);
    const cases = findings.map((f) => `${f.route} | ${f.case}`);
    expect(cases).toContain(`GET ${BROKEN}/channels | B's staff with pharmacyid A`);
    expect(cases).toContain(`GET ${BROKEN}/channel/{id} | B's staff in B with A's ids (id)`);
    expect(findings.find((f) => f.route === `GET ${BROKEN}/channels`)?.detail).toMatch(/A's data in the answer/);
    // the public route is not an isolation problem; the matrix only notes that its sample call crashed
    const echo = findings.filter((f) => f.route === `POST ${BROKEN}/echo`);
    expect(echo.map((f) => f.detail)).toEqual([expect.stringMatching(/^server error/)]);
  });

  it('the fuzzer reports the route that throws on bad input, the id and date no schema bounded, and the refused write', async () => {
    const findings = await runFuzzer(world, broken, { numRuns: 30 });
    const byRoute = Object.fromEntries(findings.map((f) => [f.route, f.detail]));
    expect(Object.keys(byRoute).sort()).toEqual(
      [`POST ${BROKEN}/echo`, `DELETE ${BROKEN}/note/{id}`, `GET ${BROKEN}/day`, `POST ${BROKEN}/refused-write`].sort(),
    );
    expect(byRoute[`POST ${BROKEN}/echo`]).toMatch(/server error/);
    expect(byRoute[`POST ${BROKEN}/refused-write`]).toMatch(
      /^refused \(400\) but rows changed: (.*; )?message: \d+ → \d+/,
    );
    // one finding a route: the triggers' counts agreed with count(*) after every route
    expect(findings.filter((f) => f.case === 'row counts')).toEqual([]);
    // the errors plugin answers PostgreSQL's data exceptions 400, but the fuzzer still names the missing bound
    expect(byRoute[`DELETE ${BROKEN}/note/{id}`]).toMatch(/refused by the database.*SQLSTATE 22003/);
    expect(byRoute[`GET ${BROKEN}/day`]).toMatch(/refused by the database.*SQLSTATE 22008/);
  });

  it('row counts come from triggers, and a write the triggers did not see is caught against count(*)', async () => {
    const note = (title: string) =>
      `insert into message (account_id, kind, title, content) values (${world.patient.accountId}, 'system', '${title}', '计数核对')`;
    const before = await snapshotCounts(t);
    await queryDb(t.database.db, note('计数核对一'));
    await queryDb(t.database.db, note('计数核对二'));
    await queryDb(t.database.db, `delete from message where title = '计数核对一'`);
    expect((await snapshotCounts(t)).message).toBe(before.message + 1);
    expect(await verifyCounts(t)).toEqual([]);

    await queryDb(t.database.db, 'alter table message disable trigger harness_row_change');
    await queryDb(t.database.db, note('计数核对三'));
    await queryDb(t.database.db, 'alter table message enable trigger harness_row_change');
    expect(await verifyCounts(t)).toEqual([`message: ${before.message + 1} → ${before.message + 2}`]);
    // and it starts again from the true counts
    expect(await verifyCounts(t)).toEqual([]);
  });
});
