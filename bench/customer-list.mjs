// The marketing customer list (会员管理 /marketManage/customer, issue 16) on 200,000 customers of one pharmacy
// (bench/run.mjs runs it unless `--skip-customer-list`, or with BENCH_ONLY naming customer; `node
// bench/customer-list.mjs` runs it alone on a throwaway PostgreSQL with the demo data):
// - 200,000 patient accounts (phones 1364…) made customers of the pharmacy by SQL (generate_series): viper +
//   customer_info with owners over 20 customer-service staff (phones 1363…; one in ten unowned), two tags each from a
//   pool of eight, a channel for most, a last contact over the last 180 days (one in thirteen never contacted);
// - page 1 of `GET /api/v1/marketing/customer_info` (the pharmacy's whole list with its total) under autocannon load,
//   beside a bare Fastify + pg route (this file with `--bare`) running the same statements (CustomerRepository's
//   customerPageQuery and customerCountQuery, built by the server's own code), and the bare JSON ceiling;
// - a filtered search (owner + tag + not contacted for 30 days): sequential requests over the 20 owners, p50 / p95,
//   and the same under load; EXPLAIN ANALYZE of the statements on this data.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runLoad } from './lib/load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const customerListTargets = {
  customers: 200_000,
  staff: 20,
  min_page1_req_per_s: 2000,
  max_filtered_p95_ms: 50,
};
const TAGS = ['高血压', '糖尿病', '慢病', '复购', '母婴', '老年人', '价格敏感', '需回访'];
const FILTER_TAG = '高血压';
const FILTER_DAYS = 30;

/** Writes the customers into `pharmacyId` (once: a second call finds them). Answers the staff's account ids. */
export async function prepareCustomers(client, { pharmacyId, customers, staff, log = console.log }) {
  const started = performance.now();
  const { rows: done } = await client.query(
    `select count(*)::int as n from customer_info ci join account a on a.id = ci.account_id
     where ci.pharmacy_id = $1 and a.phone like '1364%'`,
    [pharmacyId],
  );
  if (done[0].n < customers) {
    await client.query('begin');
    await client.query(
      `insert into account (phone, phone_user_id, name)
       select '1363' || lpad(g::text, 7, '0'), 'bench-cl-staff-' || g, '压测客服' || g from generate_series(1, $1) g
       on conflict (phone) do nothing`,
      [staff],
    );
    await client.query(
      `insert into pharmacy_member (pharmacy_id, account_id, role)
       select $1::int, a.id, 'customer_service' from account a where a.phone_user_id like 'bench-cl-staff-%'
       on conflict (pharmacy_id, account_id) do nothing`,
      [pharmacyId],
    );
    await client.query(
      `insert into channel (pharmacy_id, name, scene)
       select $1::int, '压测渠道' || g, 'bench-cl-' || $1 || '-' || g from generate_series(1, 3) g
       on conflict (scene) do nothing`,
      [pharmacyId],
    );
    // real-looking names (40 surnames × 40 given names)
    await client.query(
      `insert into account (phone, phone_user_id, name)
       select '1364' || lpad(g::text, 7, '0'), 'bench-cl-' || g,
         (array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗',
                '郑','梁','谢','宋','唐','许','韩','冯','邓','曹','彭','曾','肖','田','董','袁','潘','于','蒋','蔡'])[1 + g % 40]
         || (array['伟','芳','娜','秀英','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀兰','霞',
                   '平','刚','桂英','玉兰','萍','鹏','华','红','玲','建华','建国','志强','丽娟','晓梅','春梅','海燕','雪','慧','建平','婷'])[1 + (g / 40) % 40]
       from generate_series(1, $1) g
       on conflict (phone) do nothing`,
      [customers],
    );
    await client.query(
      `create temp table cl_staff on commit drop as
       select row_number() over (order by a.id) - 1 as ix, a.id from account a where a.phone_user_id like 'bench-cl-staff-%'`,
    );
    await client.query(
      `create temp table cl_channel on commit drop as
       select row_number() over (order by id) - 1 as ix, id from channel where pharmacy_id = $1 and scene like 'bench-cl-%'`,
      [pharmacyId],
    );
    await client.query(
      `insert into viper (pharmacy_id, account_id, level, created_at)
       select $1::int, a.id, 1 + right(a.phone, 7)::int % 5,
         now() - (right(a.phone, 7)::int % 730) * interval '1 day' - (right(a.phone, 7)::int % 86400) * interval '1 second'
       from account a where a.phone like '1364%'
       on conflict do nothing`,
      [pharmacyId],
    );
    await client.query(
      `insert into customer_info (pharmacy_id, account_id, owner_account_id, source, tags, channel_id, last_contact_at,
         created_at)
       select $1::int, a.id, case when x.g % 10 = 0 then null else s.id end, '压测',
         array[($3::text[])[1 + x.g % 8], ($3::text[])[1 + (x.g / 8 + 3) % 8]],
         case when x.g % 4 = 0 then null else c.id end,
         case when x.g % 13 = 0 then null else now() - ((x.g * 7919) % 180) * interval '1 day' end,
         now() - (x.g % 730) * interval '1 day' - (x.g % 86400) * interval '1 second'
       from account a
       cross join lateral (select right(a.phone, 7)::int as g) x
       join cl_staff s on s.ix = (x.g / 10 + x.g) % $2
       left join cl_channel c on c.ix = x.g % 3
       where a.phone like '1364%'
       on conflict (pharmacy_id, account_id) do nothing`,
      [pharmacyId, staff, TAGS],
    );
    await client.query('commit');
    for (const table of ['account', 'viper', 'customer_info']) await client.query(`analyze ${table}`);
  }
  const { rows } = await client.query(
    `select (select count(*)::int from customer_info where pharmacy_id = $1) as customers,
       (select count(*)::int from customer_info where pharmacy_id = $1 and owner_account_id is null) as unowned,
       (select count(*)::int from customer_info where pharmacy_id = $1 and last_contact_at is null) as never_contacted,
       (select array_agg(a.id order by a.id) from account a
          join pharmacy_member m on m.account_id = a.id and m.pharmacy_id = $1
          where a.phone_user_id like 'bench-cl-staff-%') as staff`,
    [pharmacyId],
  );
  const data = { ...rows[0], prepare_s: +((performance.now() - started) / 1000).toFixed(1) };
  log(
    `  customers: ${data.customers} of the pharmacy (${data.unowned} unowned, ${data.never_contacted} never contacted), ${data.staff.length} bench staff; ${data.prepare_s} s`,
  );
  return data;
}

/** The repository's statements for a filter, as text and parameters (built by the server's own code through tsx). */
function productStatements(pharmacyId, filter) {
  const code = `
    import { PgDialect } from 'drizzle-orm/pg-core';
    const { customerPageQuery, customerCountQuery } = await import(${JSON.stringify(path.join(root, 'apps/server/src/modules/marketing/customer.repository.ts'))});
    const f = ${JSON.stringify(filter)};
    if (f.notContactedSince) f.notContactedSince = new Date(f.notContactedSince);
    const d = new PgDialect();
    process.stdout.write(JSON.stringify({ page: d.sqlToQuery(customerPageQuery(${pharmacyId}, f, 20, 0)),
      count: d.sqlToQuery(customerCountQuery(${pharmacyId}, f)) }));`;
  const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`building the statements failed: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

/**
 * `--bare`: a bare Fastify + pg server answering page 1 as the route does (session and membership, the page, the
 * total) with the same statements, the total counted on every request (`/bare/page1`) or reused while page 1's top
 * row is unchanged as the service does (`/bare/page1-cached`), and the JSON ceiling (`/ceiling`).
 */
async function bareServer() {
  const { default: Fastify } = await import('fastify');
  const { createHash } = await import('node:crypto');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 20) });
  const statements = JSON.parse(process.env.CL_STATEMENTS);
  const app = Fastify({ logger: false });
  const ceiling = {
    code: 0,
    msg: 'ok',
    data: {
      list: Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        name: `客户${i}`,
        phone: '138****0001',
        tags: ['复购'],
      })),
      total: 20,
      page: 1,
      page_size: 20,
    },
  };
  app.get('/ceiling', async () => ceiling);
  const staffOf = async (request) => {
    const token = String(request.headers.auth ?? '');
    const { rows } = await pool.query({
      name: 'bare_cl_staff_of',
      text: `select a.id from session s join account a on a.id = s.account_id
       join pharmacy_member m on m.account_id = a.id and m.pharmacy_id = $2 and m.status = 'active'
       where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now() and a.status = 'active'`,
      values: [createHash('sha256').update(token).digest('hex'), Number(request.headers.pharmacyid)],
    });
    return rows[0]?.id;
  };
  const mask = (p) => `${p.slice(0, 3)}****${p.slice(-4)}`;
  const page = async () => {
    const { rows } = await pool.query({ name: 'bare_cl_page', ...toQuery(statements.page) });
    return rows.map((r) => ({ ...r, phone: mask(r.phone) }));
  };
  const count = async () => (await pool.query({ name: 'bare_cl_count', ...toQuery(statements.count) })).rows[0].n;
  let cached = null;
  app.get('/bare/page1', async (request) => {
    if (!(await staffOf(request))) return { code: 401 };
    const [list, total] = await Promise.all([page(), count()]);
    return { code: 0, msg: 'ok', data: { list, total, page: 1, page_size: 20 } };
  });
  app.get('/bare/page1-cached', async (request) => {
    if (!(await staffOf(request))) return { code: 401 };
    const list = await page();
    const top = list[0]?.id ?? null;
    if (!cached || cached.top !== top || cached.until < Date.now())
      cached = { top, total: await count(), until: Date.now() + 10_000 };
    return { code: 0, msg: 'ok', data: { list, total: cached.total, page: 1, page_size: 20 } };
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

const toQuery = (q) => ({ text: q.sql, values: q.params });

async function sequential(runs, fn) {
  const times = [];
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    await fn(i);
    if (i >= 5) times.push(performance.now() - started); // the first few warm caches and plans
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    p50_ms: +percentile(times, 50).toFixed(1),
    p95_ms: +percentile(times, 95).toFixed(1),
    p99_ms: +percentile(times, 99).toFixed(1),
    max_ms: +times[times.length - 1].toFixed(1),
  };
}

async function explain(client, q) {
  const { rows } = await client.query(`explain (analyze, buffers, format text) ${q.sql}`, q.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Prepares the customers, then measures page 1 (product, bare, bare with the cache, ceiling) and the filtered search. */
export async function measureCustomerList({
  baseUrl,
  databaseUrl,
  headers,
  pharmacyId,
  connections = 50,
  duration = 10,
  runs = Number(process.env.CUSTOMER_LIST_RUNS ?? 200),
  barePort = 3331,
  poolMax = '20',
  log = console.log,
}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let bare;
  try {
    const data = await prepareCustomers(client, {
      pharmacyId,
      customers: customerListTargets.customers,
      staff: customerListTargets.staff,
      log,
    });
    const statements = productStatements(pharmacyId, {});
    bare = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(barePort),
        DB_POOL_MAX: poolMax,
        CL_STATEMENTS: JSON.stringify(statements),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const bareBase = `http://127.0.0.1:${barePort}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${bareBase}/ceiling`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(200);
    }
    const check = await fetch(`${baseUrl}/api/v1/marketing/customer_info?page=1&page_size=20`, { headers }).then((r) =>
      r.json(),
    );
    if (check.code !== 0) throw new Error(`customer list: ${JSON.stringify(check).slice(0, 300)}`);
    const bareCheck = await fetch(`${bareBase}/bare/page1`, { headers }).then((r) => r.json());
    if (bareCheck.data?.total !== check.data.total)
      throw new Error(`bare total ${bareCheck.data?.total} ≠ product total ${check.data.total}`);

    const load = async (url) => {
      await runLoad({ url, headers, connections, duration: 3 });
      return runLoad({ url, headers, connections, duration });
    };
    log(
      `  customer list page 1: ceiling, bare, bare with the cached total, product (${connections} connections, ${duration} s)`,
    );
    const ceiling = await load(`${bareBase}/ceiling`);
    const bareNaive = await load(`${bareBase}/bare/page1`);
    const bareCached = await load(`${bareBase}/bare/page1-cached`);
    const product = await load(`${baseUrl}/api/v1/marketing/customer_info?page=1&page_size=20`);
    log(
      `  page 1: product ${product.req_per_s} req/s (p95 ${product.p95_ms} ms), bare ${bareNaive.req_per_s} req/s, bare cached ${bareCached.req_per_s} req/s, ceiling ${ceiling.req_per_s} req/s`,
    );

    // the filtered search: one of the 20 owners (in turn) + a tag + not contacted for 30 days, with its total
    const filterPath = (owner) =>
      `/api/v1/marketing/customer_info?page=1&page_size=20&owner=${owner}&tag=${encodeURIComponent(FILTER_TAG)}&not_contacted_days=${FILTER_DAYS}`;
    let filteredTotal = 0;
    const filtered = await sequential(runs, async (i) => {
      const res = await fetch(baseUrl + filterPath(data.staff[i % data.staff.length]), { headers });
      const body = await res.json();
      if (body.code !== 0) throw new Error(`filtered search: ${JSON.stringify(body).slice(0, 300)}`);
      filteredTotal = body.data.total;
    });
    log(`  filtered search (sequential, ${runs} runs): p50 ${filtered.p50_ms} ms, p95 ${filtered.p95_ms} ms`);
    const filteredLoad = await load(baseUrl + filterPath(data.staff[0]));
    log(`  filtered search under load: ${filteredLoad.req_per_s} req/s, p95 ${filteredLoad.p95_ms} ms`);

    const since = new Date(Date.now() - FILTER_DAYS * 86_400_000).toISOString();
    const filterStatements = productStatements(pharmacyId, {
      owner: data.staff[0],
      tag: FILTER_TAG,
      notContactedSince: since,
    });
    const bareFiltered = await sequential(runs, () =>
      Promise.all([
        client.query({ name: 'cl_fpage', ...toQuery(filterStatements.page) }),
        client.query({ name: 'cl_fcount', ...toQuery(filterStatements.count) }),
      ]),
    );
    log(
      `  filtered search, the same statements bare through pg: p50 ${bareFiltered.p50_ms} ms, p95 ${bareFiltered.p95_ms} ms`,
    );
    const plans = {
      page1: await explain(client, statements.page),
      page1_count: await explain(client, statements.count),
      filtered_page: await explain(client, filterStatements.page),
      filtered_count: await explain(client, filterStatements.count),
    };
    return {
      data: {
        customers: data.customers,
        unowned: data.unowned,
        never_contacted: data.never_contacted,
        staff: data.staff.length,
        prepare_s: data.prepare_s,
      },
      connections,
      duration,
      ceiling,
      page1: {
        product,
        bare: bareNaive,
        bare_cached_total: bareCached,
        ratio_to_bare_cached: +(product.req_per_s / bareCached.req_per_s).toFixed(2),
      },
      filtered: {
        filter: `owner=<staff> tag=${FILTER_TAG} not_contacted_days=${FILTER_DAYS}`,
        total_last: filteredTotal,
        product: filtered,
        product_under_load: filteredLoad,
        bare_statements: bareFiltered,
      },
      plans,
    };
  } finally {
    if (bare && bare.exitCode === null) {
      const exited = new Promise((resolve) => bare.once('exit', resolve));
      bare.kill('SIGTERM');
      await exited;
    }
    await client.end();
  }
}

export function customerListFailures(result) {
  if (!result) return [];
  if (result.error) return [`customer list: ${result.error}`];
  const failures = [];
  if (result.page1.product.req_per_s < customerListTargets.min_page1_req_per_s)
    failures.push(
      `customer list page 1: ${result.page1.product.req_per_s} req/s < ${customerListTargets.min_page1_req_per_s}`,
    );
  if (result.filtered.product.p95_ms > customerListTargets.max_filtered_p95_ms)
    failures.push(
      `customer list filtered search: p95 ${result.filtered.product.p95_ms} ms > ${customerListTargets.max_filtered_p95_ms} ms`,
    );
  if (result.page1.product.errors || result.filtered.product_under_load.errors)
    failures.push('customer list: errors under load');
  return failures;
}

export function customerListLines(result) {
  if (!result) return [];
  if (result.error)
    return ['| customer list | failed |', '| --- | --- |', `| 200,000 customers | ${result.error} |`, ''];
  const p = result.page1;
  const row = (name, r) => `| ${name} | ${r.req_per_s} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.errors} |`;
  const f = result.filtered;
  return [
    `| customer list (会员管理), ${result.data.customers} customers, page 1 | req/s | p50 ms | p95 ms | p99 ms | errors |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('product GET /marketing/customer_info page 1 (with total)', p.product),
    row('bare: the same statements through pg, total counted each time', p.bare),
    row('bare: the same statements, total reused while the top row holds (as the service)', p.bare_cached_total),
    row('ceiling: bare JSON route', result.ceiling),
    row(`product filtered search under load (${f.filter})`, f.product_under_load),
    '',
    '| filtered search, sequential | runs | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| product GET (${f.filter}, owners in turn; last total ${f.total_last}) | ${f.product.runs} | ${f.product.p50_ms} | ${f.product.p95_ms} | ${f.product.p99_ms} | ${f.product.max_ms} |`,
    `| bare: its page and count statements through pg | ${f.bare_statements.runs} | ${f.bare_statements.p50_ms} | ${f.bare_statements.p95_ms} | ${f.bare_statements.p99_ms} | ${f.bare_statements.max_ms} |`,
    '',
  ];
}

async function standalone() {
  const port = Number(process.env.CUSTOMER_LIST_PORT ?? 3231);
  const env = Object.fromEntries(
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root })
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.replace(/^export /, '').split('=')),
  );
  let server;
  try {
    const databaseUrl = env.TEST_DATABASE_URL;
    const serverEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DB_POOL_MAX: process.env.DB_POOL_MAX ?? '20',
    };
    const startServer = async (seed) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...serverEnv, SEED_DEMO: seed ? '1' : '0' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (let i = 0; i < 900; i++) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
        if (
          await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await sleep(200);
      }
      return child;
    };
    const stop = async (child) => {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    };
    // the demo data first; then a server started on the loaded database, as production starts
    server = await startServer(true);
    const base = `http://127.0.0.1:${port}`;
    const signIn = async () => {
      const login = await fetch(`${base}/api/v1/user/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '13800000002', password: 'Demo@12345' }),
      }).then((r) => r.json());
      return login.data.token;
    };
    let token = await signIn();
    const mine = await fetch(`${base}/api/v1/pharmacy/me`, { headers: { Auth: token } }).then((r) => r.json());
    const pharmacyId = mine.data[0].id;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await prepareCustomers(client, {
      pharmacyId,
      customers: customerListTargets.customers,
      staff: customerListTargets.staff,
    });
    await client.end();
    await stop(server);
    server = await startServer(false);
    token = await signIn();
    const result = await measureCustomerList({
      baseUrl: base,
      databaseUrl,
      headers: { Auth: token, pharmacyid: String(pharmacyId) },
      pharmacyId,
      connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
      duration: Number(process.env.BENCH_DURATION ?? 10),
    });
    const loadavg = (await import('node:os')).loadavg().map((n) => n.toFixed(2));
    result.loadavg_after = loadavg;
    const out = process.env.CUSTOMER_LIST_OUT;
    if (out) writeFileSync(out, JSON.stringify(result, null, 2));
    console.log(JSON.stringify({ ...result, plans: undefined }, null, 2));
    console.log(customerListLines(result).join('\n'));
    for (const [name, plan] of Object.entries(result.plans)) console.log(`\n-- ${name}\n${plan}`);
    const failures = customerListFailures(result);
    if (failures.length) {
      console.error(failures.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', env.PG_THROWAWAY_DIR], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--bare')) await bareServer();
  else await standalone();
}
