// The orders benchmarks that are not a GET under steady load (bench/run.mjs runs them after the list targets):
// - the one-year census of a bench pharmacy (20,000 orders over the year): sequential requests, beside the naive
//   GROUP BY on the same rows;
// - the export of 100,000 orders by the operator (a date range of the large set), streamed to the end, with the
//   server's process-tree RSS sampled every 100 ms;
// - order creation: many patients ordering at once across the 50 bench pharmacies, with one contended quote of small
//   stock among them; afterwards the units sold of every quote touched are checked against its stock (0 oversold,
//   none negative).
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMsAround } from './lib/cpu.mjs';
import { processTreeRssMb } from './lib/rss.mjs';

const shanghaiDate = (t) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A one-year census (by day, the most buckets) of the staff's pharmacy: `runs` sequential requests, then the naive SQL. */
export async function measureCensus({ baseUrl, databaseUrl, headers, pharmacyId, runs = 10, log = console.log }) {
  const today = shanghaiDate(Date.now());
  const from = shanghaiDate(Date.now() - 364 * 86_400_000);
  const results = {};
  for (const granularity of ['day', 'month']) {
    const url = `${baseUrl}/api/v1/orders/census?date_from=${from}&date_to=${today}&granularity=${granularity}`;
    const times = [];
    let body;
    for (let i = 0; i < runs + 1; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      body = await res.json();
      if (!res.ok || body.code !== 0)
        throw new Error(`census ${granularity}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      if (i > 0) times.push(performance.now() - started); // the first request warms the plan cache
    }
    times.sort((a, b) => a - b);
    results[granularity] = {
      p50_ms: +percentile(times, 50).toFixed(1),
      max_ms: +times[times.length - 1].toFixed(1),
      orders: body.data?.totals?.orders ?? body.data?.summary?.orders ?? null,
    };
    log(`  census ${granularity}: p50 ${results[granularity].p50_ms} ms, max ${results[granularity].max_ms} ms`);
  }
  // The naive statement: every order of the year grouped by day and status, with the money.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const times = [];
    for (let i = 0; i < runs + 1; i++) {
      const started = performance.now();
      await client.query(
        `select date_trunc('day', created_at at time zone 'Asia/Shanghai') as day, status, kind, count(*), sum(pay_amount)
         from orders where pharmacy_id = $1 and created_at >= $2::date and created_at < $3::date + 1
         group by 1, 2, 3 order by 1`,
        [pharmacyId, from, today],
      );
      if (i > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.naive_sql = { p50_ms: +percentile(times, 50).toFixed(1), max_ms: +times[times.length - 1].toFixed(1) };
  } finally {
    await client.end();
  }
  return { date_from: from, date_to: today, ...results };
}

/**
 * The operator's export of the large set's orders placed over the shortest window ending today that holds at least `minRows` (100,000),
 * read to the end as a client would download it; the server's process-tree RSS sampled every 100 ms.
 */
export async function measureExport({ baseUrl, databaseUrl, token, pid, minRows = 100_000, log = console.log }) {
  // the shortest window ending today (Shanghai) that holds at least minRows orders: the large set's dates are random,
  // so a fixed number of days gave 99,439 one run and 100,6xx another
  const to = shanghaiDate(Date.now());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let expected = 0;
  let from = to;
  try {
    for (let days = 30; days <= 400 && expected < minRows; days += 1) {
      from = shanghaiDate(Date.now() - (days - 1) * 86_400_000);
      const { rows } = await client.query(
        `select count(*)::int as n from orders where deleted_at is null
           and created_at >= ($1::date)::timestamp at time zone 'Asia/Shanghai'
           and created_at < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
        [from, to],
      );
      expected = rows[0].n;
    }
  } finally {
    await client.end();
  }
  const baseline = processTreeRssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, processTreeRssMb(pid));
  }, 100);
  const started = performance.now();
  let bytes = 0;
  let status;
  let firstByteMs;
  try {
    const res = await fetch(`${baseUrl}/api/v1/orders/admin/export?date_from=${from}&date_to=${to}`, {
      headers: { Auth: token },
    });
    status = res.status;
    if (!res.ok) throw new Error(`export answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
    }
  } finally {
    clearInterval(sampler);
  }
  const totalS = (performance.now() - started) / 1000;
  const result = {
    date_from: from,
    date_to: to,
    rows: expected,
    status,
    file_mb: +(bytes / 1_048_576).toFixed(1),
    first_byte_ms: Math.round(firstByteMs ?? 0),
    total_s: +totalS.toFixed(1),
    baseline_rss_mb: baseline,
    peak_rss_mb: peak,
  };
  log(`  export: ${expected} orders, ${result.file_mb} MB in ${result.total_s} s, peak RSS ${peak} MB`);
  return result;
}

/**
 * Patients of the large set (accounts 17…) with a family member, an address and a session each, written straight to
 * the database (the bench accounts have no password); quotes with enough stock at every bench pharmacy; one quote
 * of the first bench pharmacy set to `contendedStock` units, the contended one.
 */
async function prepareOrdering(client, { patients, contendedStock }) {
  const { rows: accounts } = await client.query(
    `select id, name, phone from account where phone like '17%' order by id limit $1`,
    [patients],
  );
  const ids = accounts.map((a) => a.id);
  await client.query(`delete from family_member where account_id = any($1::int[]) and name like '压测就诊人%'`, [ids]);
  await client.query(`delete from address where account_id = any($1::int[]) and detail like '压测路%'`, [ids]);
  const { rows: members } = await client.query(
    `insert into family_member (account_id, name, gender, birthday, phone, relation, is_default)
     select x.id, '压测就诊人' || x.id, 'female', '1990-01-01', x.phone, 'self', false
     from account x where x.id = any($1::int[])
     returning id, account_id`,
    [ids],
  );
  const { rows: addresses } = await client.query(
    `insert into address (account_id, name, phone, province, city, district, detail, is_default)
     select x.id, x.name, x.phone, '浙江省', '杭州市', '西湖区', '压测路 ' || x.id || ' 号', false
     from account x where x.id = any($1::int[])
     returning id, account_id`,
    [ids],
  );
  const sessions = [];
  for (const a of accounts) {
    const token = randomBytes(32).toString('base64url');
    sessions.push({
      accountId: a.id,
      token,
      familyMemberId: members.find((m) => m.account_id === a.id).id,
      addressId: addresses.find((m) => m.account_id === a.id).id,
    });
  }
  await client.query(
    `insert into session (account_id, token_sha256, expires_at, user_agent)
     select * from unnest($1::int[], $2::text[]) as s(a, t) cross join lateral (select now() + interval '1 day', 'bench') x`,
    [sessions.map((s) => s.accountId), sessions.map((s) => createHash('sha256').update(s.token).digest('hex'))],
  );
  // 20 on-shelf quotes with ≥ 500 units at every bench pharmacy
  const { rows: quotes } = await client.query(
    `select pharmacy_id, id from (
       select q.pharmacy_id, q.id, row_number() over (partition by q.pharmacy_id order by q.id) rn
       from quote q join pharmacy p on p.id = q.pharmacy_id
       where p.name like '压测药房%' and q.status = 'on_shelf' and q.stock >= 500) x
     where rn <= 20`,
  );
  const byPharmacy = new Map();
  for (const q of quotes) byPharmacy.set(q.pharmacy_id, [...(byPharmacy.get(q.pharmacy_id) ?? []), q.id]);
  // the contended quote: the first bench pharmacy's last on-shelf quote, down to a few units
  const { rows: contended } = await client.query(
    `update quote set stock = $1 where id = (
       select q.id from quote q where q.pharmacy_id = (select min(id) from pharmacy where name like '压测药房%')
         and q.status = 'on_shelf' order by q.id desc limit 1)
     returning id, pharmacy_id, stock`,
    [contendedStock],
  );
  return { sessions, byPharmacy, contended: contended[0] };
}

/**
 * Order creation under load: `connections` clients, each request a random patient ordering 1–2 quotes of a random
 * bench pharmacy with its own Idempotency-Key; one request in `contendedEvery` orders the contended quote instead.
 * Successful creations per second is the figure; a 409 for the contended quote once sold out is expected (not an
 * error). Afterwards: units in the run's orders per quote = stock before − stock after, no stock negative, and the
 * contended quote sold at most its starting stock.
 */
export async function measureOrderCreation({
  baseUrl,
  databaseUrl,
  pids = [],
  connections = 50,
  duration = 10,
  patients = 500,
  contendedStock = 40,
  contendedEvery = 10,
  log = console.log,
}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { sessions, byPharmacy, contended } = await prepareOrdering(client, { patients, contendedStock });
    const pharmacies = [...byPharmacy.keys()];
    const quoteIds = [...new Set([...byPharmacy.values()].flat()), contended.id];
    const { rows: before } = await client.query(`select id, stock from quote where id = any($1::int[])`, [quoteIds]);
    const { rows: maxRow } = await client.query('select coalesce(max(id), 0)::int as id from orders');
    const firstId = maxRow[0].id;

    let n = 0;
    const pickOf = (list) => list[Math.floor(Math.random() * list.length)];
    const build = () => {
      n += 1;
      const s = pickOf(sessions);
      let pharmacyId;
      let lines;
      if (n % contendedEvery === 0) {
        pharmacyId = contended.pharmacy_id;
        lines = [{ quote_id: contended.id, qty: 1 + (n % 2) }];
      } else {
        pharmacyId = pickOf(pharmacies);
        const qs = byPharmacy.get(pharmacyId);
        const a = pickOf(qs);
        const b = pickOf(qs);
        lines =
          a === b
            ? [{ quote_id: a, qty: 1 }]
            : [
                { quote_id: a, qty: 1 },
                { quote_id: b, qty: 2 },
              ];
      }
      return {
        headers: {
          'content-type': 'application/json',
          Auth: s.token,
          'Idempotency-Key': `bench-${process.pid}-${n}`,
        },
        body: JSON.stringify({
          pharmacy_id: pharmacyId,
          family_member_id: s.familyMemberId,
          address_id: s.addressId,
          lines,
        }),
      };
    };
    const statuses = {};
    const run = () =>
      new Promise((resolve, reject) => {
        const instance = autocannon(
          {
            url: baseUrl,
            connections,
            duration,
            requests: [
              {
                method: 'POST',
                path: '/api/v1/orders/user_order',
                setupRequest: (req) => ({ ...req, ...build() }),
              },
            ],
          },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
        instance.on('response', (_client, statusCode) => {
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        });
      });
    const { result, cpu_ms } = await cpuMsAround(pids, run);

    const { rows: created } = await client.query(
      `select count(*)::int as n, count(*) filter (where pharmacy_id = $2)::int as contended_pharmacy
       from orders where id > $1`,
      [firstId, contended.pharmacy_id],
    );
    const { rows: after } = await client.query(
      `select q.id, q.stock, coalesce(u.units, 0)::int as units
       from quote q left join (select i.quote_id, sum(i.qty) as units from order_item i join orders o on o.id = i.order_id
                               where o.id > $1 and o.status <> 'cancelled' group by 1) u on u.quote_id = q.id
       where q.id = any($2::int[])`,
      [firstId, quoteIds],
    );
    const stockBefore = new Map(before.map((q) => [q.id, q.stock]));
    const mismatched = after.filter((q) => stockBefore.get(q.id) - q.stock !== q.units).length;
    const negative = after.filter((q) => q.stock < 0).length;
    const c = after.find((q) => q.id === contended.id);
    const oversold = Math.max(0, c.units - contendedStock) + negative;
    const ok = statuses[200] ?? 0;
    const conflicts = statuses[409] ?? 0;
    const other = Object.entries(statuses)
      .filter(([code]) => code !== '200' && code !== '409')
      .reduce((sum, [, count]) => sum + count, 0);
    // the patients delete the family members and addresses their new orders point at: each delete's ON DELETE SET
    // NULL finds those orders through orders_family_member_idx / orders_address_idx (migration 0029)
    const deleteStarted = performance.now();
    const { rowCount: deletedMembers } = await client.query('delete from family_member where id = any($1::int[])', [
      sessions.map((s) => s.familyMemberId),
    ]);
    const { rowCount: deletedAddresses } = await client.query('delete from address where id = any($1::int[])', [
      sessions.map((s) => s.addressId),
    ]);
    const deleteMs = performance.now() - deleteStarted;
    const out = {
      connections,
      duration_s: duration,
      patients,
      orders_per_s: Math.round(ok / duration),
      created: created[0].n,
      answered_200: ok,
      answered_409: conflicts,
      other_errors: other + result.errors + result.timeouts,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      cpu_ms_per_order: ok ? +(cpu_ms / ok).toFixed(2) : null,
      contended: { quote_id: contended.id, start_stock: contendedStock, sold: c.units, stock_after: c.stock },
      quotes_checked: after.length,
      stock_mismatched: mismatched,
      negative_stock: negative,
      oversold_units: oversold,
      deleted_referenced_rows: deletedMembers + deletedAddresses,
      delete_ms_per_row: +(deleteMs / Math.max(1, deletedMembers + deletedAddresses)).toFixed(3),
    };
    log(
      `  order creation: ${out.orders_per_s} orders/s (${ok} created, ${conflicts} × 409, ${out.other_errors} other), ` +
        `contended quote sold ${c.units} of ${contendedStock}, ${oversold} oversold, ${mismatched} stock mismatches; ` +
        `${out.deleted_referenced_rows} referenced family members and addresses deleted, ${out.delete_ms_per_row} ms each`,
    );
    return out;
  } finally {
    await client.end();
  }
}
