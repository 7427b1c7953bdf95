// `npm run bench`: builds the console, starts a throwaway PostgreSQL with the large data set, runs the product's
// hot endpoints beside their bare Fastify + pg baselines and a bare JSON ceiling, measures the console's first-load
// assets and Lighthouse scores, writes bench/results/<date>.json and .md, and exits non-zero when a budget breaks.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedLarge } from '../scripts/seed-large.mjs';
import { chatFailures, chatLines, measureChat, startProductServer } from './chat-ws.mjs';
import { customerListFailures, customerListLines, measureCustomerList } from './customer-list.mjs';
import { dashboardFailures, dashboardLines, measureDashboard } from './dashboard.mjs';
import { measureImport, signIn } from './import.mjs';
import { cpuMsAround, postmasterPid } from './lib/cpu.mjs';
import { lighthouseMedian, measureRouteAssets, signInThroughConsole } from './lib/frontend.mjs';
import { measure, runLoad } from './lib/load.mjs';
import { processTreeRssMb } from './lib/rss.mjs';
import { heartbeatFailures, heartbeatLines, measureHeartbeats } from './live-heartbeat.mjs';
import { measureCensus, measureExport, measureOrderCreation } from './orders.mjs';
import { benchStaffSession, measureQuoteImport } from './quote-import.mjs';
import { chatTargets, frontendPages, heartbeatTargets, targets } from './targets.mjs';
import { measureTeamStat, teamStatFailures, teamStatLines } from './team-stat.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const productPort = 3201;
const barePort = 3301;
const poolMax = process.env.DB_POOL_MAX ?? '20';
const children = [];
const log = (...a) => console.log('[bench]', ...a);

function start(cmd, argv, env) {
  const child = spawn(cmd, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function signInAs(base, phone) {
  const login = await fetch(`${base}/api/v1/user/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: 'Demo@12345' }),
  }).then((r) => r.json());
  const token = login?.data?.token;
  if (!token) throw new Error(`benchmark sign-in of ${phone} failed: ${JSON.stringify(login)}`);
  return token;
}

async function waitFor(url, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

let pgDir;
function cleanup() {
  for (const c of children) c.kill('SIGTERM');
  if (pgDir) execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', pgDir], { cwd: root, stdio: 'inherit' });
  pgDir = undefined;
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

async function main() {
  if (!args.has('--skip-build')) {
    log('building the console');
    execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const env = Object.fromEntries(
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root, env: { ...process.env, PG_FSYNC: 'on' } })
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.replace(/^export /, '').split('=')),
  );
  pgDir = env.PG_THROWAWAY_DIR;
  const databaseUrl = env.TEST_DATABASE_URL;
  log('PostgreSQL at', databaseUrl);

  const productEnv = {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '1',
    PORT: String(productPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DB_POOL_MAX: poolMax,
    NODE_ENV: 'production',
  };
  const seeding = start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], productEnv);
  const productBase = `http://127.0.0.1:${productPort}`;
  await waitFor(`${productBase}/healthz`);
  log('loading the large data set');
  await seedLarge(databaseUrl, log);
  // The server that loaded the demo data keeps what loading it left in its heap (~350 MB at rest against ~220 MB for
  // a server started on a loaded database): measure a server started as production starts, on the loaded database.
  seeding.kill('SIGTERM');
  await new Promise((resolve) => seeding.once('exit', resolve));
  const productServer = start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    ...productEnv,
    SEED_DEMO: '0',
  });
  await waitFor(`${productBase}/healthz`);

  const bareServer = start('node', ['bench/bare-server.mjs'], {
    DATABASE_URL: databaseUrl,
    PORT: String(barePort),
    DB_POOL_MAX: poolMax,
  });
  const postgresPid = postmasterPid(`${pgDir}/data`);
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareBase}/ceiling`);

  // Who calls each target (bench/targets.mjs `as`): the demo pharmacy_admin with the large seed's 20,000 messages,
  // the bench pharmacy's staff member 13700000001 (scripts/seed-large.mjs) with its pharmacy in `pharmacyid`, its
  // pharmacist 13700000003, the bench doctor 13700001001, or a visitor without a session.
  const userToken = await signInAs(productBase, '13800000002');
  const staffToken = await signInAs(productBase, '13700000001');
  const staffPharmacies = await fetch(`${productBase}/api/v1/pharmacy/me`, { headers: { Auth: staffToken } }).then(
    (r) => r.json(),
  );
  const benchPharmacy = staffPharmacies.data?.find((p) => p.name === '压测药房1号店');
  if (!benchPharmacy)
    throw new Error(`the bench staff account is not in 压测药房1号店: ${JSON.stringify(staffPharmacies)}`);
  const headersAs = {
    user: { Auth: userToken },
    staff: { Auth: staffToken, pharmacyid: String(benchPharmacy.id) },
    // the large seed's pharmacist of 压测药房1号店 and a bench doctor (scripts/seed-large.mjs, clinicalSteps)
    pharmacist: { Auth: await signInAs(productBase, '13700000003'), pharmacyid: String(benchPharmacy.id) },
    doctor: { Auth: await signInAs(productBase, '13700001001') },
    // the demo operator holding `all` (the dashboard's key)
    operator: { Auth: await signInAs(productBase, '13800000007') },
  };
  const headersOf = (target) => (target.as ? headersAs[target.as] : {});

  const load = { duration, connections };
  log(`ceiling: bare JSON route, ${connections} connections, ${duration} s`);
  const ceiling = await measure({ url: `${bareBase}/ceiling` }, load);
  const api = [];
  /** Runs fn against a product instance started for it on the same database (port 3203), stopped afterwards. */
  const withFreshInstance = async (fn) => {
    const fresh = await startProductServer({ databaseUrl, port: productPort + 2, poolMax });
    try {
      return await fn(fresh);
    } finally {
      await fresh.stop();
    }
  };
  // BENCH_ONLY=orders measures only the targets whose name holds it (the bare server keeps every target's index);
  // several names separated by commas (BENCH_ONLY=customer,dashboard) measure the targets and steps of each.
  const only = process.env.BENCH_ONLY;
  const onlyNames = only ? only.split(',').filter(Boolean) : [];
  // CPU time per request: the server's process tree (or the bare server's) and every PostgreSQL backend, read from
  // /proc around the measured run (the warm-up excluded), divided by the requests it served.
  const cpuPerRequest = async (pid, run) => {
    const { result, cpu_ms } = await cpuMsAround([pid, postgresPid], run);
    return { ...result, cpu_ms_per_req: result.total ? +(cpu_ms / result.total).toFixed(2) : null };
  };
  for (const [index, target] of targets.entries()) {
    if (only && !onlyNames.some((o) => target.name.includes(o))) continue;
    log(`${target.name}: bare, then product`);
    const headers = headersOf(target);
    const bareTarget = { url: `${bareBase}/bare/${index}`, headers };
    await runLoad({ ...bareTarget, duration: 3, connections });
    const bare = await cpuPerRequest(bareServer.pid, () => runLoad({ ...bareTarget, duration, connections }));
    const productTarget = { url: productBase + target.path, headers };
    await runLoad({ ...productTarget, duration: 3, connections });
    const product = await cpuPerRequest(productServer.pid, () => runLoad({ ...productTarget, duration, connections }));
    api.push({
      name: target.name,
      product,
      bare,
      ratio_to_bare: +(product.req_per_s / bare.req_per_s).toFixed(2),
      ratio_to_ceiling: +(product.req_per_s / ceiling.req_per_s).toFixed(2),
    });
  }

  // Chat delivery (skip with --skip-chat; with BENCH_ONLY, only when it names chat): the bare ws baseline, this
  // server with 1,000 patient sockets, then a second instance on the same database (bench/chat-ws.mjs).
  let chat;
  if (!args.has('--skip-chat') && (!only || 'chat'.includes(only) || only.includes('chat'))) {
    try {
      chat = await measureChat({
        databaseUrl,
        baseUrl: productBase,
        pid: productServer.pid,
        postgresPid,
        startSecond: () => startProductServer({ databaseUrl, port: productPort + 1, poolMax }),
        clients: Number(process.env.CHAT_CLIENTS ?? chatTargets.clients),
        rate: Number(process.env.CHAT_RATE ?? chatTargets.rate),
        seconds: Number(process.env.CHAT_SECONDS ?? chatTargets.seconds),
        log,
      });
    } catch (error) {
      chat = { error: String(error) };
      log(`  chat failed: ${error}`);
    }
  }

  // Live classes' viewer heartbeats (skip with --skip-heartbeat; with BENCH_ONLY, only when it names heartbeat):
  // enrolled viewers beating through the product beside a bare Fastify + pg route doing the same work
  // (bench/live-heartbeat.mjs).
  let heartbeats;
  if (!args.has('--skip-heartbeat') && (!only || only.includes('heartbeat'))) {
    try {
      heartbeats = await measureHeartbeats({
        databaseUrl,
        baseUrl: productBase,
        pid: productServer.pid,
        postgresPid,
        viewers: Number(process.env.HEARTBEAT_VIEWERS ?? heartbeatTargets.viewers),
        connections,
        duration,
        poolMax,
        log,
      });
    } catch (error) {
      heartbeats = { error: String(error) };
      log(`  heartbeats failed: ${error}`);
    }
  }

  // Orders (skip with --skip-orders): the one-year census, the export of 100,000 orders, then order creation (last:
  // it writes orders and stock).
  let orders;
  if (!args.has('--skip-orders')) {
    orders = {};
    const step = async (name, fn) => {
      try {
        orders[name] = await fn();
      } catch (error) {
        orders[name] = { error: String(error) };
        log(`  ${name} failed: ${error}`);
      }
    };
    log('orders: one-year census of 压测药房1号店');
    await step('census', () =>
      measureCensus({
        baseUrl: productBase,
        databaseUrl,
        headers: headersAs.staff,
        pharmacyId: benchPharmacy.id,
        log,
      }),
    );
    log('orders: export of ~100,000 orders (operator, a date range)');
    await step('export', async () =>
      measureExport({
        baseUrl: productBase,
        databaseUrl,
        token: await signInAs(productBase, '13800000007'),
        pid: productServer.pid,
        log,
      }),
    );
    // The same export from an instance started for it: the loaded server's RSS at rest is the heap the earlier load
    // steps left behind (V8 keeps its high-water mark), not the export's; a fresh one shows what the export costs.
    log('orders: the same export from a freshly started instance');
    await step('export_fresh', () =>
      withFreshInstance(async (fresh) =>
        measureExport({
          baseUrl: fresh.url,
          databaseUrl,
          token: await signInAs(fresh.url, '13800000007'),
          pid: fresh.pid,
          log,
        }),
      ),
    );
    log(`orders: creation, ${connections} connections, patients across the 50 bench pharmacies`);
    await step('create', () =>
      measureOrderCreation({
        baseUrl: productBase,
        databaseUrl,
        pids: [productServer.pid, postgresPid],
        connections,
        duration,
        log,
      }),
    );
  }

  // Live classes' team statistics over a year of 压测药房1号店 (skip with --skip-team-stat; with BENCH_ONLY, only when it
  // names team): 1,000,000 heartbeats and their aggregates written first, then the one-year team_stat (bench/team-stat.mjs).
  let teamStat;
  if (!args.has('--skip-team-stat') && (!only || only.includes('team'))) {
    log('team statistics: a year of live classes with 1,000,000 heartbeats, the one-year team_stat');
    try {
      teamStat = await measureTeamStat({
        baseUrl: productBase,
        databaseUrl,
        headers: headersAs.staff,
        pharmacyId: benchPharmacy.id,
        log,
      });
    } catch (error) {
      teamStat = { error: String(error) };
      log(`  team statistics failed: ${error}`);
    }
  }

  // The marketing customer list (skip with --skip-customer-list; with BENCH_ONLY, only when it names customer): 200,000
  // customers of 压测药房1号店 written by SQL, page 1 under load beside its bare route, the filtered search's p95
  // (bench/customer-list.mjs).
  let customerList;
  if (!args.has('--skip-customer-list') && (!only || only.includes('customer'))) {
    log('customer list: 200,000 customers, page 1 and a filtered search');
    try {
      customerList = await measureCustomerList({
        baseUrl: productBase,
        databaseUrl,
        headers: headersAs.staff,
        pharmacyId: benchPharmacy.id,
        connections,
        duration,
        poolMax,
        log,
      });
    } catch (error) {
      customerList = { error: String(error) };
      log(`  customer list failed: ${error}`);
    }
  }

  // The operator's 数据看板 uncached (skip with --skip-dashboard; with BENCH_ONLY, only when it names dashboard): the
  // 30-day dashboard ending on another day each request, beside its statements bare (bench/dashboard.mjs); the
  // as-served throughput is the `admin/dashboard/overview 30d` target above.
  let dashboard;
  if (!args.has('--skip-dashboard') && (!only || only.includes('dashboard'))) {
    log('dashboard: the 30-day 数据看板 uncached, sequential');
    try {
      dashboard = await measureDashboard({ baseUrl: productBase, databaseUrl, headers: headersAs.operator, log });
    } catch (error) {
      dashboard = { error: String(error) };
      log(`  dashboard failed: ${error}`);
    }
  }

  // Medicine import at full size through the product's routes (skip with --skip-import): preview, then apply, with
  // the server's process-tree RSS sampled every 100 ms. A failure is recorded and reported by the budget check.
  let importRun;
  if (!args.has('--skip-import')) {
    log('import: 50,000-row medicine spreadsheet, preview then apply');
    try {
      // each import on an instance started for it (as the export's memory figure): the long-running server's RSS
      // at rest is what the earlier load steps left in its heap, not the import's
      importRun = await withFreshInstance(async (fresh) =>
        measureImport({ baseUrl: fresh.url, token: await signIn(fresh.url), pid: fresh.pid, log }),
      );
    } catch (error) {
      importRun = { error: String(error) };
    }
  }

  // Quote import at full size (skipped with --skip-import too): 20,000 rows into one of the large data set's
  // pharmacies by its pharmacy_admin, preview then apply, the server's RSS sampled the same way.
  let quoteImportRun;
  if (!args.has('--skip-import')) {
    log('quote import: 20,000-row quote spreadsheet into a bench pharmacy, preview then apply');
    try {
      quoteImportRun = await withFreshInstance(async (fresh) => {
        const staff = await benchStaffSession(databaseUrl, fresh.url);
        return measureQuoteImport({
          baseUrl: fresh.url,
          databaseUrl,
          token: staff.token,
          pharmacyId: staff.pharmacyId,
          pid: fresh.pid,
          log,
        });
      });
    } catch (error) {
      quoteImportRun = { error: String(error) };
    }
  }

  const frontend = { assets: [], lighthouse: [] };
  if (!args.has('--skip-frontend')) {
    log('front end: first-load assets per route');
    const routes = frontendPages;
    frontend.assets = await measureRouteAssets(productBase, routes, { signIn: signInThroughConsole });
    // The median of several runs per page (LH_RUNS, default 3), as Lighthouse advises for its variance. Each page
    // on its presets (bench/targets.mjs): the staff console's pages on desktop only.
    const lighthouseRuns = Math.max(1, Number(process.env.LH_RUNS ?? 3));
    for (const route of routes) {
      for (const preset of route.presets) {
        log(`lighthouse ${preset} ${route.path}`);
        const signIn = route.signedIn ? signInThroughConsole : undefined;
        try {
          frontend.lighthouse.push(
            await lighthouseMedian(productBase + route.path, preset, { signIn, runs: lighthouseRuns }),
          );
        } catch (error) {
          // One failed page must not lose the rest of the run; the budget check reports it.
          frontend.lighthouse.push({
            url: productBase + route.path,
            preset,
            signed_in: !!signIn,
            score: 0,
            error: String(error),
          });
        }
      }
    }
  }

  let soak;
  if (args.has('--soak')) soak = await runSoak(productBase, productServer.pid, headersOf);

  const results = {
    date: new Date().toISOString(),
    machine: { cores: (await import('node:os')).cpus().length },
    duration_s: duration,
    soak,
    connections,
    ceiling,
    api,
    orders,
    chat,
    heartbeats,
    team_stat: teamStat,
    customer_list: customerList,
    dashboard,
    import: importRun,
    quote_import: quoteImportRun,
    frontend,
  };
  const failures = checkBudgets(results);
  results.budget_failures = failures;
  writeResults(results);
  if (failures.length) {
    console.error('\nBudgets broken:');
    for (const f of failures) console.error(`- ${f}`);
    process.exitCode = 1;
  } else log('all budgets met');
}

/** Holds the hot endpoints under load for SOAK_SECONDS (default 600), sampling the server's RSS every 5 s. */
async function runSoak(base, pid, headersOf) {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  log(`soak: ${connections} connections over ${targets.length} endpoints for ${seconds} s`);
  const samples = [];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ t: (Date.now() - started) / 1000, mb: processTreeRssMb(pid) }),
    5000,
  );
  const result = await runLoad({
    url: base,
    connections,
    duration: seconds,
    requests: targets.map((t) => ({ method: 'GET', path: t.path, headers: headersOf(t) })),
  });
  clearInterval(sampler);
  const mean = (list) => +(list.reduce((n, s) => n + s.mb, 0) / Math.max(1, list.length)).toFixed(1);
  const first = mean(samples.filter((s) => s.t <= 60));
  const last = mean(samples.filter((s) => s.t >= seconds - 60));
  return {
    seconds,
    ...result,
    rss_first_minute_mb: first,
    rss_last_minute_mb: last,
    rss_growth_pct: +(((last - first) / first) * 100).toFixed(1),
  };
}

function checkBudgets(results) {
  const budgets = JSON.parse(readFileSync(path.join(root, 'bench/budgets.json'), 'utf8'));
  const failures = [];
  for (const [route, max] of Object.entries(budgets.frontend.initial_js_gzip_kb)) {
    const row = results.frontend.assets.find((a) => a.route === route);
    if (row && row.js_gzip_kb > max) failures.push(`${route} initial JS ${row.js_gzip_kb} KB gzip > ${max} KB`);
  }
  for (const [key, min] of Object.entries(budgets.frontend.lighthouse_min)) {
    const [preset, url] = key.split(' ');
    const row = results.frontend.lighthouse.find((l) => l.preset === preset && new URL(l.url).pathname === url);
    if (row && row.score < min) failures.push(`Lighthouse ${key} ${row.score} < ${min}`);
    // A budget nobody measures is no budget: its page and preset must be in frontendPages (bench/targets.mjs).
    if (!row && results.frontend.lighthouse.length) failures.push(`Lighthouse ${key}: not measured`);
  }
  for (const row of results.frontend.lighthouse) {
    const key = `${row.preset} ${new URL(row.url).pathname}`;
    if (!(key in budgets.frontend.lighthouse_min)) failures.push(`Lighthouse ${key}: measured without a budget`);
  }
  for (const [name, min] of Object.entries(budgets.api.min_ratio_to_bare)) {
    const row = results.api.find((a) => a.name === name);
    if (row && row.ratio_to_bare < min) failures.push(`${name} at ${row.ratio_to_bare} of its bare route < ${min}`);
  }
  // BENCH_ONLY runs a subset: budgets of the targets it left out are not reported as unmeasured.
  const skipped = (name) =>
    process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').some((o) => o && name.includes(o));
  // Absolute budgets of the issue's targets (req/s at the bench's connections, p95 latency); a budget whose endpoint
  // was not measured is reported, as for Lighthouse.
  for (const [name, min] of Object.entries(budgets.api.min_req_per_s ?? {})) {
    const row = results.api.find((a) => a.name === name);
    if (!row) {
      if (!skipped(name)) failures.push(`${name}: not measured`);
    } else if (row.product.req_per_s < min) failures.push(`${name} ${row.product.req_per_s} req/s < ${min} req/s`);
  }
  for (const [name, max] of Object.entries(budgets.api.max_p95_ms ?? {})) {
    const row = results.api.find((a) => a.name === name);
    if (!row) {
      if (!skipped(name)) failures.push(`${name}: not measured`);
    } else if (row.product.p95_ms > max) failures.push(`${name} p95 ${row.product.p95_ms} ms > ${max} ms`);
  }
  for (const [name, max] of Object.entries(budgets.api.max_p99_ms ?? {})) {
    const row = results.api.find((a) => a.name === name);
    if (!row) {
      if (!skipped(name)) failures.push(`${name}: not measured`);
    } else if (row.product.p99_ms > max) failures.push(`${name} p99 ${row.product.p99_ms} ms > ${max} ms`);
  }
  for (const row of results.api) {
    if (row.product.errors > budgets.api.max_errors) failures.push(`${row.name}: ${row.product.errors} errors`);
  }
  if (results.orders) failures.push(...orderBudgetFailures(results.orders, budgets.orders));
  failures.push(...chatFailures(results.chat, chatTargets));
  failures.push(...heartbeatFailures(results.heartbeats, heartbeatTargets));
  failures.push(...teamStatFailures(results.team_stat));
  failures.push(...customerListFailures(results.customer_list));
  failures.push(...dashboardFailures(results.dashboard, budgets.dashboard?.uncached_max_p95_ms));
  if (results.import) {
    const run = results.import;
    if (run.error) failures.push(`import: ${run.error}`);
    else {
      if (run.total_s > budgets.import.max_seconds)
        failures.push(`import: ${run.total_s} s for ${run.rows} rows > ${budgets.import.max_seconds} s`);
      if (run.peak_rss_mb > budgets.import.max_peak_rss_mb)
        failures.push(`import: server peak RSS ${run.peak_rss_mb} MB > ${budgets.import.max_peak_rss_mb} MB`);
    }
  }
  if (results.quote_import) {
    const run = results.quote_import;
    const budget = budgets.quote_import;
    if (run.error) failures.push(`quote import: ${run.error}`);
    else {
      if (run.total_s > budget.max_seconds)
        failures.push(`quote import: ${run.total_s} s for ${run.rows} rows > ${budget.max_seconds} s`);
      if (run.peak_rss_mb > budget.max_peak_rss_mb)
        failures.push(`quote import: server peak RSS ${run.peak_rss_mb} MB > ${budget.max_peak_rss_mb} MB`);
    }
  }
  if (results.soak) {
    if (results.soak.errors > budgets.soak.max_errors) failures.push(`soak: ${results.soak.errors} errors`);
    if (results.soak.rss_growth_pct > budgets.soak.max_rss_growth_pct)
      failures.push(`soak: RSS grew ${results.soak.rss_growth_pct} % from the first to the last minute`);
  }
  return failures;
}

/** The orders budgets (bench/budgets.json `orders`): census time, export time and memory, creation rate, 0 oversold. */
function orderBudgetFailures(orders, budget) {
  const failures = [];
  const { census, export: exp, export_fresh: fresh, create } = orders;
  if (census?.error) failures.push(`census: ${census.error}`);
  else if (census) {
    for (const g of ['day', 'month']) {
      if (census[g].p50_ms > budget.census_max_ms)
        failures.push(`census one year by ${g}: ${census[g].p50_ms} ms > ${budget.census_max_ms} ms`);
    }
  }
  if (exp?.error) failures.push(`export: ${exp.error}`);
  else if (exp) {
    if (exp.rows < budget.export_min_rows) failures.push(`export: ${exp.rows} rows < ${budget.export_min_rows}`);
    if (exp.total_s > budget.export_max_seconds)
      failures.push(`export: ${exp.total_s} s for ${exp.rows} orders > ${budget.export_max_seconds} s`);
  }
  // the memory budget is the export's own: a fresh instance's peak (the loaded server's is reported beside it)
  if (fresh?.error) failures.push(`export (fresh instance): ${fresh.error}`);
  else if (fresh && fresh.peak_rss_mb > budget.export_max_peak_rss_mb)
    failures.push(
      `export (fresh instance): server peak RSS ${fresh.peak_rss_mb} MB > ${budget.export_max_peak_rss_mb} MB`,
    );
  if (create?.error) failures.push(`order creation: ${create.error}`);
  else if (create) {
    if (create.orders_per_s < budget.create_min_orders_per_s)
      failures.push(`order creation: ${create.orders_per_s} orders/s < ${budget.create_min_orders_per_s}`);
    if (create.oversold_units > 0 || create.stock_mismatched > 0)
      failures.push(
        `order creation: ${create.oversold_units} oversold units, ${create.stock_mismatched} stock mismatches`,
      );
    if (create.other_errors > 0) failures.push(`order creation: ${create.other_errors} errors besides sold-out 409s`);
  }
  return failures;
}

function ordersLines(orders) {
  if (!orders) return [];
  const { census, export: exp, create } = orders;
  const lines = ['| orders | figure |', '| --- | --- |'];
  if (census)
    lines.push(
      census.error
        ? `| census one year | failed: ${census.error} |`
        : `| census one year (${census.date_from} … ${census.date_to}), sequential | by day p50 ${census.day.p50_ms} ms (max ${census.day.max_ms}); by month p50 ${census.month.p50_ms} ms (max ${census.month.max_ms}); naive GROUP BY p50 ${census.naive_sql.p50_ms} ms |`,
    );
  if (exp)
    lines.push(
      exp.error
        ? `| export | failed: ${exp.error} |`
        : `| export (operator, ${exp.date_from} … ${exp.date_to}) | ${exp.rows} orders, ${exp.file_mb} MB in ${exp.total_s} s (first byte ${exp.first_byte_ms} ms); server RSS ${exp.baseline_rss_mb} → peak ${exp.peak_rss_mb} MB |`,
    );
  const fresh = orders.export_fresh;
  if (fresh)
    lines.push(
      fresh.error
        ? `| export, fresh instance | failed: ${fresh.error} |`
        : `| export, fresh instance (same range) | ${fresh.rows} orders in ${fresh.total_s} s (first byte ${fresh.first_byte_ms} ms); server RSS ${fresh.baseline_rss_mb} → peak ${fresh.peak_rss_mb} MB |`,
    );
  if (create)
    lines.push(
      create.error
        ? `| order creation | failed: ${create.error} |`
        : `| order creation (${create.connections} connections, ${create.patients} patients, 50 pharmacies) | ${create.orders_per_s} orders/s (${create.answered_200} created, ${create.answered_409} × 409 sold out, ${create.other_errors} other errors), p50 ${create.p50_ms} ms p99 ${create.p99_ms} ms, ${create.cpu_ms_per_order} ms CPU per order; contended quote sold ${create.contended.sold} of ${create.contended.start_stock} (stock after ${create.contended.stock_after}); ${create.oversold_units} oversold, ${create.negative_stock} negative, ${create.stock_mismatched} stock mismatches over ${create.quotes_checked} quotes; then ${create.deleted_referenced_rows} family members and addresses those orders point at deleted, ${create.delete_ms_per_row} ms each |`,
    );
  return [...lines, ''];
}

function writeResults(results) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  // BENCH_RESULT_NAME names a run of a part (e.g. 2026-11-24-orders-run1) instead of the day's whole run.
  const stamp = process.env.BENCH_RESULT_NAME ?? results.date.slice(0, 10);
  writeFileSync(path.join(dir, `${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const lines = [
    `# Benchmark ${results.date}`,
    '',
    `Command: \`npm run bench\` — ${results.connections} connections, ${results.duration_s} s after a 3 s warm-up, PostgreSQL 15 (throwaway, loopback), ${results.machine.cores} cores.`,
    '',
    `Ceiling (bare Fastify JSON route, ~3 KB): ${results.ceiling.req_per_s} req/s, p50 ${results.ceiling.p50_ms} ms, p99 ${results.ceiling.p99_ms} ms`,
    '',
    '| endpoint | product req/s | p50 ms | p95 ms | p99 ms | errors | CPU ms / req | bare req/s | bare p99 ms | bare CPU ms / req | product / bare | product / ceiling |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.api.map(
      (r) =>
        `| ${r.name} | ${r.product.req_per_s} | ${r.product.p50_ms} | ${r.product.p95_ms} | ${r.product.p99_ms} | ${r.product.errors} | ${r.product.cpu_ms_per_req ?? ''} | ${r.bare.req_per_s} | ${r.bare.p99_ms} | ${r.bare.cpu_ms_per_req ?? ''} | ${r.ratio_to_bare} | ${r.ratio_to_ceiling} |`,
    ),
    '',
    ...ordersLines(results.orders),
    ...chatLines(results.chat),
    ...heartbeatLines(results.heartbeats),
    ...teamStatLines(results.team_stat),
    ...customerListLines(results.customer_list),
    ...dashboardLines(results.dashboard),
    ...(results.import
      ? [
          '| import (preview + apply) | rows | xlsx MB | preview s | apply s | total s | server RSS at rest MB | peak RSS MB |',
          '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
          results.import.error
            ? `| failed: ${results.import.error} | | | | | | | |`
            : `| medicine spreadsheet | ${results.import.rows} | ${results.import.file_mb} | ${results.import.preview_s} | ${results.import.apply_s} | ${results.import.total_s} | ${results.import.baseline_rss_mb} | ${results.import.peak_rss_mb} |`,
          ...(results.quote_import
            ? [
                results.quote_import.error
                  ? `| quote spreadsheet failed: ${results.quote_import.error} | | | | | | | |`
                  : `| quote spreadsheet (${results.quote_import.created} new, ${results.quote_import.updated} updated) | ${results.quote_import.rows} | ${results.quote_import.file_mb} | ${results.quote_import.preview_s} | ${results.quote_import.apply_s} | ${results.quote_import.total_s} | ${results.quote_import.baseline_rss_mb} | ${results.quote_import.peak_rss_mb} |`,
              ]
            : []),
          '',
        ]
      : []),
    ...(results.soak
      ? [
          `Soak (\`npm run bench -- --soak\`): ${results.soak.seconds} s over all endpoints, ${results.soak.req_per_s} req/s, p99 ${results.soak.p99_ms} ms, ${results.soak.errors} errors; server RSS ${results.soak.rss_first_minute_mb} MB (first minute) → ${results.soak.rss_last_minute_mb} MB (last minute), ${results.soak.rss_growth_pct} %`,
          '',
        ]
      : []),
    '| route | initial JS gzip KB | JS raw KB | CSS gzip KB | files |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...results.frontend.assets.map(
      (a) => `| ${a.route} | ${a.js_gzip_kb} | ${a.js_raw_kb} | ${a.css_gzip_kb} | ${a.files} |`,
    ),
    '',
    '| Lighthouse (median run) | score | FCP ms | LCP ms | TBT ms | CLS | machine speed (benchmarkIndex) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.frontend.lighthouse.map(
      (l) =>
        `| ${l.preset} ${new URL(l.url).pathname} | ${l.score}${l.scores ? ` (runs: ${l.scores.join(', ')})` : ''} | ${l.fcp_ms} | ${l.lcp_ms} | ${l.tbt_ms} | ${l.cls} | ${l.benchmark_index ?? ''} |`,
    ),
    '',
    results.budget_failures.length
      ? `Budgets broken:\n${results.budget_failures.map((f) => `- ${f}`).join('\n')}`
      : 'All budgets met.',
    '',
  ];
  writeFileSync(path.join(dir, `${stamp}.md`), lines.join('\n'));
  console.log(`\n${lines.join('\n')}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanup();
}
