import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { countedLists, readListCounts, toListCounts } from './list-count';

// list_count is kept by the statement-level triggers of migration 0007 (docs/lists.md). These tests write quote and
// message rows every way SQL can (multi-row inserts, upserts, updates of the counted columns and of the owner, soft
// and hard deletes, cascades, rolled-back transactions, concurrent transactions) and compare the counters with
// count(*) of the rows themselves. On PGlite by default, on PostgreSQL when scripts/test-all.sh runs them.

let t: TestApp;
let db: Database;
/** The test's own owners, so the demo data's counters stay out of the comparison. */
let pharmacies: number[];
let products: number[];
let accounts: number[];

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const ids = (list: number[]) => sql.raw(`array[${list.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** Every (owner, bucket) whose counter differs from count(*) of its rows: none when the triggers are right. */
async function mismatches() {
  return rowsOf<{ scope: string; owner_id: number; bucket: string; counted: number; kept: number }>(sql`
    with real as (
      select 'quote' as scope, pharmacy_id as owner_id, status as bucket, count(*)::int as n
      from quote where pharmacy_id = any(${ids(pharmacies)}) group by 1, 2, 3
      union all
      select 'message', account_id, case when read_at is null then 'unread' else 'read' end, count(*)::int
      from message where deleted_at is null and account_id = any(${ids(accounts)}) group by 1, 2, 3
    ), kept as (
      select scope, owner_id, bucket, n::int as n from list_count
      where (scope = 'quote' and owner_id = any(${ids(pharmacies)}))
         or (scope = 'message' and owner_id = any(${ids(accounts)}))
    )
    select coalesce(r.scope, k.scope) as scope, coalesce(r.owner_id, k.owner_id) as owner_id,
           coalesce(r.bucket, k.bucket) as bucket, coalesce(r.n, 0) as counted, coalesce(k.n, 0) as kept
    from real r full join kept k using (scope, owner_id, bucket)
    where coalesce(r.n, 0) <> coalesce(k.n, 0)`);
}

const snapshot = async () =>
  rowsOf<{ scope: string; owner_id: number; bucket: string; n: number }>(sql`
    select scope, owner_id, bucket, n::int as n from list_count
    where (scope = 'quote' and owner_id = any(${ids(pharmacies)})) or (scope = 'message' and owner_id = any(${ids(accounts)}))
    order by 1, 2, 3`);

/** The write versions of migration 0009 ('quote:writes' per pharmacy): 0 for a pharmacy never written. */
async function writeVersions(owners: number[]): Promise<Record<number, number>> {
  const rows = await rowsOf<{ owner_id: number; n: number }>(sql`
    select owner_id, n::int as n from list_count where scope = 'quote:writes' and owner_id = any(${ids(owners)})`);
  return Object.fromEntries(owners.map((o) => [o, rows.find((r) => r.owner_id === o)?.n ?? 0]));
}

const productVersion = async () =>
  (
    await rowsOf<{ n: number }>(
      sql`select n::int as n from list_count where scope = 'product:writes' and owner_id = 0 and bucket = 'n'`,
    )
  )[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const tag = Date.now().toString(36);
  pharmacies = (
    await rowsOf<{ id: number }>(sql`
      insert into pharmacy (name, status) select '计数测试药房' || g || ${tag}, 'active' from generate_series(1, 3) g
      returning id`)
  ).map((r) => r.id);
  products = (
    await rowsOf<{ id: number }>(sql`
      insert into product (name, type, status) select '计数测试药品' || g, 'OTC', 'active' from generate_series(1, 12) g
      returning id`)
  ).map((r) => r.id);
  accounts = (
    await rowsOf<{ id: number }>(sql`
      insert into account (phone, phone_user_id, name, status)
      select '166' || lpad((floor(random() * 1e8))::bigint::text, 8, '0'), 'count-' || ${tag} || g, '计数测试' || g, 'active'
      from generate_series(1, 3) g returning id`)
  ).map((r) => r.id);
});

afterAll(async () => {
  await t?.close();
});

// --- the writes the property test draws from -------------------------------------------------------------------

const pick = (n: number) => fc.integer({ min: 0, max: n - 1 });
const someOf = (n: number) => fc.uniqueArray(pick(n), { minLength: 1, maxLength: n });
const quoteStatus = fc.constantFrom('on_shelf', 'off_shelf');
const messageKind = fc.constantFrom('system', 'order', 'chat');

type Op = { sql: () => ReturnType<typeof sql>; label: string };

const quoteOps: fc.Arbitrary<Op>[] = [
  // a multi-row insert; pairs already quoted are skipped (they are not in the inserted rows' transition table)
  fc.array(fc.record({ p: pick(3), r: pick(12), status: quoteStatus }), { minLength: 1, maxLength: 5 }).map((rows) => ({
    label: `insert quotes ${JSON.stringify(rows)}`,
    sql: () =>
      sql`insert into quote (pharmacy_id, product_id, price, status) values ${sql.join(
        rows.map((q) => sql`(${pharmacies[q.p]}, ${products[q.r]}, 9.90, ${q.status})`),
        sql`, `,
      )} on conflict do nothing`,
  })),
  // an upsert: one statement that inserts some rows and updates others (both statement triggers fire)
  fc
    .uniqueArray(fc.record({ p: pick(3), r: pick(12), status: quoteStatus }), {
      minLength: 1,
      maxLength: 5,
      selector: (q) => `${q.p}:${q.r}`,
    })
    .map((rows) => ({
      label: `upsert quotes ${JSON.stringify(rows)}`,
      sql: () =>
        sql`insert into quote (pharmacy_id, product_id, price, status) values ${sql.join(
          rows.map((q) => sql`(${pharmacies[q.p]}, ${products[q.r]}, 12.50, ${q.status})`),
          sql`, `,
        )} on conflict (pharmacy_id, product_id) do update set status = excluded.status, price = excluded.price`,
    })),
  // on or off shelf a selection, across pharmacies
  fc.record({ ps: someOf(3), rs: someOf(12), status: quoteStatus }).map(({ ps, rs, status }) => ({
    label: `set status ${status} of pharmacies ${ps} products ${rs}`,
    sql: () =>
      sql`update quote set status = ${status} where pharmacy_id = any(${ids(ps.map((i) => pharmacies[i]))})
          and product_id = any(${ids(rs.map((i) => products[i]))})`,
  })),
  // an update that leaves the counted column alone
  fc.record({ p: pick(3) }).map(({ p }) => ({
    label: `edit prices of pharmacy ${p}`,
    sql: () => sql`update quote set price = price + 1, stock = stock + 1 where pharmacy_id = ${pharmacies[p]}`,
  })),
  // a quote moves to another pharmacy (the owner itself changes)
  fc.record({ from: pick(3), to: pick(3), r: pick(12) }).map(({ from, to, r }) => ({
    label: `move product ${r} from pharmacy ${from} to ${to}`,
    sql: () =>
      sql`update quote q set pharmacy_id = ${pharmacies[to]} where q.pharmacy_id = ${pharmacies[from]}
          and q.product_id = ${products[r]} and not exists (
            select 1 from quote o where o.pharmacy_id = ${pharmacies[to]} and o.product_id = q.product_id)`,
  })),
  fc.record({ ps: someOf(3), rs: someOf(12) }).map(({ ps, rs }) => ({
    label: `delete quotes of pharmacies ${ps} products ${rs}`,
    sql: () =>
      sql`delete from quote where pharmacy_id = any(${ids(ps.map((i) => pharmacies[i]))})
          and product_id = any(${ids(rs.map((i) => products[i]))})`,
  })),
];

const messageOps: fc.Arbitrary<Op>[] = [
  // a multi-row insert, some already read, some already deleted (those never count)
  fc
    .array(fc.record({ a: pick(3), read: fc.boolean(), deleted: fc.boolean(), kind: messageKind }), {
      minLength: 1,
      maxLength: 6,
    })
    .map((rows) => ({
      label: `insert messages ${JSON.stringify(rows)}`,
      sql: () =>
        sql`insert into message (account_id, kind, title, content, read_at, deleted_at) values ${sql.join(
          rows.map(
            (m) =>
              sql`(${accounts[m.a]}, ${m.kind}, '计数测试', '内容', ${sql.raw(m.read ? 'now()' : 'null')}, ${sql.raw(
                m.deleted ? 'now()' : 'null',
              )})`,
          ),
          sql`, `,
        )}`,
    })),
  fc.record({ as: someOf(3), kind: fc.option(messageKind), read: fc.boolean() }).map(({ as, kind, read }) => ({
    label: `mark ${read ? 'read' : 'unread'} for accounts ${as} kind ${kind}`,
    sql: () =>
      sql`update message set read_at = ${sql.raw(read ? 'now()' : 'null')}
          where account_id = any(${ids(as.map((i) => accounts[i]))}) ${kind ? sql`and kind = ${kind}` : sql``}`,
  })),
  fc.record({ as: someOf(3), kind: fc.option(messageKind), deleted: fc.boolean() }).map(({ as, kind, deleted }) => ({
    label: `${deleted ? 'soft-delete' : 'restore'} for accounts ${as} kind ${kind}`,
    sql: () =>
      sql`update message set deleted_at = ${sql.raw(deleted ? 'now()' : 'null')}
          where account_id = any(${ids(as.map((i) => accounts[i]))}) ${kind ? sql`and kind = ${kind}` : sql``}`,
  })),
  fc.record({ from: pick(3), to: pick(3), kind: messageKind }).map(({ from, to, kind }) => ({
    label: `move ${kind} messages from account ${from} to ${to}`,
    sql: () =>
      sql`update message set account_id = ${accounts[to]} where account_id = ${accounts[from]} and kind = ${kind}`,
  })),
  fc.record({ a: pick(3), kind: messageKind }).map(({ a, kind }) => ({
    label: `hard-delete ${kind} messages of account ${a}`,
    sql: () => sql`delete from message where account_id = ${accounts[a]} and kind = ${kind}`,
  })),
];

/** A step: one statement, or a few in a transaction that commits or rolls back. */
const step = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(...quoteOps, ...messageOps).map((op) => ({ ops: [op], rollback: false })) },
  {
    weight: 1,
    arbitrary: fc.record({
      ops: fc.array(fc.oneof(...quoteOps, ...messageOps), { minLength: 1, maxLength: 4 }),
      rollback: fc.boolean(),
    }),
  },
);

class Rollback extends Error {}

async function apply(s: { ops: Op[]; rollback: boolean }) {
  if (s.ops.length === 1 && !s.rollback) {
    await db.execute(s.ops[0].sql());
    return;
  }
  const before = s.rollback ? await snapshot() : undefined;
  try {
    await db.transaction(async (tx) => {
      for (const op of s.ops) await tx.execute(op.sql());
      // inside the transaction the counters already include its own writes
      expect(await mismatchesIn(tx)).toEqual([]);
      if (s.rollback) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    expect(await snapshot()).toEqual(before);
  }
}

async function mismatchesIn(tx: Pick<Database, 'execute'>) {
  const saved = db;
  db = tx as Database;
  try {
    return await mismatches();
  } finally {
    db = saved;
  }
}

describe('list_count', () => {
  it('equals count(*) per owner and bucket after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          await apply(s);
          const wrong = await mismatches();
          expect(wrong, s.ops.map((o) => o.label).join('; ')).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
    // the sequences did write: the comparison was not between two empty sets
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(0);
  });

  it('is what readListCounts answers, every bucket present', async () => {
    await db.execute(
      sql`insert into quote (pharmacy_id, product_id, price, status) values (${pharmacies[0]}, ${products[0]}, 5, 'on_shelf')
          on conflict do nothing`,
    );
    const real = await rowsOf<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from quote where pharmacy_id = ${pharmacies[0]} group by 1`,
    );
    const counts = await readListCounts(db, 'quote', pharmacies[0]);
    expect(Object.keys(counts).sort()).toEqual([...countedLists.quote].sort());
    for (const b of countedLists.quote) expect(counts[b]).toBe(real.find((r) => r.status === b)?.n ?? 0);
    // an owner nothing was ever written for: all zero
    expect(await readListCounts(db, 'message', 2_000_000_000)).toEqual({ read: 0, unread: 0 });
    expect(toListCounts('quote', { on_shelf: '3', other: 9 })).toEqual({ on_shelf: 3, off_shelf: 0 });
  });

  it('follows cascades: a deleted pharmacy or account takes its counts with it', async () => {
    const [p] = await rowsOf<{ id: number }>(sql`insert into pharmacy (name) values ('计数测试 级联') returning id`);
    const [a] = await rowsOf<{ id: number }>(sql`
      insert into account (phone, phone_user_id, name) values ('16699990000', 'count-cascade', '级联') returning id`);
    await db.execute(sql`insert into quote (pharmacy_id, product_id, price, status)
      select ${p.id}, unnest(${ids(products)}), 3, 'off_shelf'`);
    await db.execute(sql`insert into message (account_id, title, content)
      select ${a.id}, '级联', '内容' from generate_series(1, 4)`);
    expect(await readListCounts(db, 'quote', p.id)).toEqual({ on_shelf: 0, off_shelf: products.length });
    expect(await readListCounts(db, 'message', a.id)).toEqual({ read: 0, unread: 4 });
    await db.execute(sql`delete from pharmacy where id = ${p.id}`);
    await db.execute(sql`delete from account where id = ${a.id}`);
    expect(await readListCounts(db, 'quote', p.id)).toEqual({ on_shelf: 0, off_shelf: 0 });
    expect(await readListCounts(db, 'message', a.id)).toEqual({ read: 0, unread: 0 });
  });

  it('stays exact under concurrent transactions that insert, then flip statuses, some rolled back, without deadlocks', async () => {
    // Fresh products per transaction, so the writers share only the counters: of one pharmacy, or of two at once.
    // Each transaction inserts rows of ONE status first (locking only that bucket's counter row if it were not for
    // migration 0009's advisory lock per (list, owner)), then flips them in separate statements, reaching the other
    // bucket: half the transactions start on shelf, half off shelf, so without the owner lock two of them take one
    // pharmacy's buckets in opposite orders and PostgreSQL aborts one (`deadlock detected`).
    const fresh = (
      await rowsOf<{ id: number }>(sql`
        insert into product (name, type, status) select '并发测试药品' || g, 'RX', 'active' from generate_series(1, 160) g
        returning id`)
    ).map((r) => r.id);
    const [p1, p2] = pharmacies;
    const before = await snapshot();
    const versionsBefore = await writeVersions([p1, p2]);
    const jobs = Array.from({ length: 40 }, (_, i) => async () => {
      const mine = fresh.slice(i * 4, i * 4 + 4);
      const rollback = i % 5 === 4;
      const first = i % 4 < 2 ? 'on_shelf' : 'off_shelf';
      const other = first === 'on_shelf' ? 'off_shelf' : 'on_shelf';
      // even jobs write one pharmacy; odd ones two pharmacies (in the same statements)
      const owners = i % 2 === 0 ? [p1, p1, p1, p1] : i % 4 === 1 ? [p1, p1, p2, p2] : [p2, p2, p1, p1];
      try {
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into quote (pharmacy_id, product_id, price, status) values ${sql.join(
              mine.map((id, k) => sql`(${owners[k]}, ${id}, 8, ${first})`),
              sql`, `,
            )}`,
          );
          // then the first two flip to the other status, one statement each, then the last one too
          await tx.execute(sql`update quote set status = ${other} where product_id = ${mine[0]}`);
          await tx.execute(sql`update quote set status = ${other} where product_id = ${mine[1]}`);
          await tx.execute(sql`update quote set status = ${other} where product_id = ${mine[3]}`);
          // and a price change that moves no bucket
          await tx.execute(sql`update quote set price = 9 where product_id = any(${ids(mine)})`);
          if (rollback) throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
      return { rollback, first, owners };
    });
    const results = await Promise.allSettled(jobs.map((job) => job()));
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r.reason as { cause?: Error }).cause?.message ?? r.reason));
    expect(failures).toEqual([]);
    expect(await mismatches()).toEqual([]);
    // the expected change of each bucket from the committed jobs: rows 0, 1, 3 end in the other status, row 2 in the first
    const expected = new Map<string, number>();
    let committed = 0;
    for (const r of results) {
      if (r.status !== 'fulfilled' || r.value.rollback) continue;
      committed++;
      const { first, owners } = r.value;
      const other = first === 'on_shelf' ? 'off_shelf' : 'on_shelf';
      owners.forEach((owner, k) => {
        const key = `${owner}:${k === 2 ? first : other}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      });
    }
    expect(committed).toBe(32);
    const bucket = (rows: typeof before, owner: number, b: string) =>
      rows.find((r) => r.scope === 'quote' && r.owner_id === owner && r.bucket === b)?.n ?? 0;
    const after = await snapshot();
    for (const owner of [p1, p2])
      for (const b of countedLists.quote)
        expect(bucket(after, owner, b) - bucket(before, owner, b), `${owner} ${b}`).toBe(
          expected.get(`${owner}:${b}`) ?? 0,
        );
    // every committed statement that wrote a pharmacy's quotes moved its version; rolled-back ones did not
    const versionsAfter = await writeVersions([p1, p2]);
    const statementsOf = (owner: number) =>
      results.reduce((n, r) => {
        if (r.status !== 'fulfilled' || r.value.rollback) return n;
        const o = r.value.owners;
        // the insert and the price change touch both owners; each flip touches the owner of its row (rows 0, 1, 3)
        return n + (o.includes(owner) ? 2 : 0) + [0, 1, 3].filter((k) => o[k] === owner).length;
      }, 0);
    expect(versionsAfter[p1] - versionsBefore[p1]).toBe(statementsOf(p1));
    expect(versionsAfter[p2] - versionsBefore[p2]).toBe(statementsOf(p2));
  });

  it("keeps write versions: every statement writing a pharmacy's quotes or any product moves them, a rollback not", async () => {
    const [p1, p2] = pharmacies;
    await db.execute(sql`insert into quote (pharmacy_id, product_id, price, status)
      values (${p1}, ${products[5]}, 5, 'on_shelf'), (${p2}, ${products[5]}, 5, 'on_shelf') on conflict do nothing`);
    const v0 = await writeVersions([p1, p2]);
    const pv0 = await productVersion();
    expect(v0[p1]).toBeGreaterThan(0);
    // a price-only update moves no bucket but is a write: the pharmacy's version moves, the other's does not
    await db.execute(sql`update quote set price = price + 1 where pharmacy_id = ${p1}`);
    const v1 = await writeVersions([p1, p2]);
    expect(v1[p1]).toBe(v0[p1] + 1);
    expect(v1[p2]).toBe(v0[p2]);
    // a statement that writes no row is no write
    await db.execute(sql`update quote set price = 1 where pharmacy_id = ${p1} and false`);
    expect((await writeVersions([p1]))[p1]).toBe(v1[p1]);
    // a rolled-back write leaves the version as it was
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update quote set stock = stock + 1 where pharmacy_id = ${p2}`);
        await tx.execute(sql`update product set name = name where id = ${products[0]}`);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await writeVersions([p1, p2])).toEqual(v1);
    expect(await productVersion()).toBe(pv0);
    // product writes: an insert, an update (a rename), a delete each move the catalogue's version
    const [extra] = await rowsOf<{ id: number }>(
      sql`insert into product (name, type, status) values ('版本测试药品', 'OTC', 'active') returning id`,
    );
    await db.execute(sql`update product set name = '版本测试药品（改名）' where id = ${extra.id}`);
    await db.execute(sql`delete from product where id = ${extra.id}`);
    expect(await productVersion()).toBe(pv0 + 3);
  });

  it('handles TRUNCATE: counts emptied, versions moved on and never repeated', async () => {
    const [p1] = pharmacies;
    await db.execute(sql`insert into quote (pharmacy_id, product_id, price, status)
      values (${p1}, ${products[6]}, 5, 'off_shelf') on conflict do nothing`);
    const all = async () =>
      rowsOf<{ scope: string; owner_id: number; n: number }>(sql`
        select scope, owner_id, n::int as n from list_count where scope in ('quote:writes', 'product:writes')`);
    const before = await all();
    const seen = new Set(before.map((r) => `${r.scope}:${r.owner_id}:${r.n}`));
    await expect(
      db.transaction(async (tx) => {
        const inTx = <T>(q: ReturnType<typeof sql>) => tx.execute(q).then((r) => (r as unknown as { rows: T[] }).rows);
        // product cascades to quote (and what holds quotes): both tables' TRUNCATE triggers run
        await tx.execute(sql`truncate product cascade`);
        const counts = await inTx<{ n: number }>(sql`select count(*)::int as n from list_count where scope = 'quote'`);
        expect(counts[0].n).toBe(0);
        expect(await readListCounts(tx, 'quote', p1)).toEqual({ on_shelf: 0, off_shelf: 0 });
        const after = await inTx<{ scope: string; owner_id: number; n: number }>(sql`
          select scope, owner_id, n::int as n from list_count where scope in ('quote:writes', 'product:writes')`);
        // every version moved on (none went back to a value a cache may hold)
        expect(after.length).toBe(before.length);
        for (const r of after) {
          const was = before.find((b) => b.scope === r.scope && b.owner_id === r.owner_id)!;
          expect(r.n, `${r.scope} ${r.owner_id}`).toBe(was.n + 1);
          expect(seen.has(`${r.scope}:${r.owner_id}:${r.n}`)).toBe(false);
        }
        // and the next write moves it again
        const [np] = await inTx<{ id: number }>(
          sql`insert into product (name, type, status) values ('截断后药品', 'OTC', 'active') returning id`,
        );
        await tx.execute(sql`insert into quote (pharmacy_id, product_id, price) values (${p1}, ${np.id}, 3)`);
        expect(await readListCounts(tx, 'quote', p1)).toEqual({ on_shelf: 1, off_shelf: 0 });
        const v = await inTx<{ n: number }>(
          sql`select n::int as n from list_count where scope = 'quote:writes' and owner_id = ${p1}`,
        );
        expect(v[0].n).toBe(before.find((b) => b.scope === 'quote:writes' && b.owner_id === p1)!.n + 2);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await all()).toEqual(before);
    expect(await mismatches()).toEqual([]);
  });

  it('leaves the counters as they were when a transaction rolls back', async () => {
    const before = await snapshot();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update quote set status = 'off_shelf' where pharmacy_id = any(${ids(pharmacies)})`);
        await tx.execute(sql`delete from message where account_id = any(${ids(accounts)})`);
        await tx.execute(sql`insert into message (account_id, title, content) values (${accounts[0]}, '回滚', '内容')`);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await snapshot()).toEqual(before);
  });
  it('counts a statement over more than 64 owners under one list-wide lock (no lock per owner: shared memory)', async () => {
    const many = await rowsOf<{ id: number }>(sql`
      insert into account (phone, phone_user_id, name)
      select '1770000' || lpad(g::text, 4, '0'), 'lc-many-' || g, '批量' || g from generate_series(1, 80) g
      returning id`);
    const manyIds = many.map((r) => r.id);
    await db.execute(sql`insert into message (account_id, title, content)
      select a, '通知', '内容' from unnest(${ids(manyIds)}) a`);
    // a per-owner writer beside it takes the list-wide lock shared
    await db.execute(sql`insert into message (account_id, title, content) values (${manyIds[0]}, '单条', '内容')`);
    const kept = await rowsOf<{ n: number }>(sql`
      select coalesce(sum(n), 0)::int as n from list_count where scope = 'message' and owner_id = any(${ids(manyIds)})`);
    expect(kept[0]!.n).toBe(81);
    await db.execute(sql`delete from account where id = any(${ids(manyIds)})`);
  });
});
