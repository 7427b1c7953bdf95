// Deterministic first-load figures of console pages on one or more running servers, interleaved (A, B, A, B …) so
// that both builds see the same machine load:
//   npx tsx bench/first-load-ab.mjs [--runs 3] [--cpu 4] http://127.0.0.1:3411 http://127.0.0.1:3412 -- /login /message
// For each page and server, the median of `--runs` loads (until the page shows its content, the network is idle
// and 1 s more): requests, API requests, scripts the browser found only while the app ran (not named in the HTML),
// JS and CSS gzip; the main thread's CPU time per task from a Chromium trace (thread time: what other processes on
// this shared machine do does not inflate it) with the tasks that would be long (> 50 ms) on Lighthouse's 4× slower
// mobile CPU and the blocking time they give there (`cpu_blocking_4x_ms`) and on desktop (`cpu_blocking_1x_ms`); and,
// as the page saw them (wall clock, machine load included), its long tasks and largest paint. `--cpu N` throttles
// Chromium's CPU (default 1). Signed-in pages (isProtectedPath) are opened as the demo pharmacy_admin.

import { gzipSync } from 'node:zlib';
import { isProtectedPath } from '@pharmacy/shared';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath, signInThroughConsole } from './lib/frontend.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const [value] = argv.splice(i, 2).slice(1);
  return Number(value);
};
const runs = option('--runs', 3);
const cpu = option('--cpu', 1);
const split = argv.indexOf('--');
const bases = argv.slice(0, split);
const paths = argv.slice(split + 1);

/** What shows that a page has rendered its content (its data included). */
const ready = {
  '/login': 'form#password-login',
  '/': '[aria-label="首页轮播图"]',
  '/medicine/list': '.ant-table-row',
  '/message': '.ant-table-row, .ant-empty',
};

/** Collects long tasks and the largest paint inside the page from its first script on. */
const observe = () => {
  const w = /** @type {any} */ (window);
  w.__fl = { longTasks: [], lcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__fl.longTasks.push(Math.round(e.duration));
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__fl.lcp = Math.round(e.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

async function measureOnce(browser, base, path) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  if (isProtectedPath(path)) {
    await signInThroughConsole(page, base);
    await page.goto('about:blank');
  }
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const started = Date.now();
  const html = await (await page.goto(base + path)).text();
  await page
    .locator(ready[path] ?? 'body')
    .first()
    .waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { longTasks, lcp } = await page.evaluate(() => /** @type {any} */ (window).__fl);
  const cpuTasks = mainThreadTasks(JSON.parse((await browser.stopTracing()).toString()));
  const assets = [];
  for (const response of responses) {
    const type = response.request().resourceType();
    const body = await response.body().catch(() => Buffer.alloc(0));
    assets.push({ type, url: new URL(response.url()), gzip: gzipSync(body, { level: 9 }).length });
  }
  const kb = (type) => +(assets.filter((a) => a.type === type).reduce((n, a) => n + a.gzip, 0) / 1024).toFixed(1);
  const result = {
    requests: assets.length,
    api_requests: assets.filter((a) => /^\/(api|scms)\//.test(a.url.pathname)).length,
    // Scripts the browser found only while the app ran (not named in the page's HTML): a wave each round trip.
    late_scripts: assets.filter((a) => a.type === 'script' && !html.includes(a.url.pathname)).length,
    js_gzip_kb: kb('script'),
    css_gzip_kb: kb('stylesheet'),
    wall_long_tasks: longTasks.length,
    wall_longest_ms: Math.max(0, ...longTasks),
    wall_lcp_ms: lcp,
    // From the main thread's CPU time per task (thread time, so other processes on the machine do not inflate it):
    // tasks that would be long on Lighthouse's 4× slower mobile CPU, and their blocking time there and on desktop.
    cpu_main_ms: Math.round(cpuTasks.reduce((n, t) => n + t, 0)),
    cpu_longest_ms: Math.round(Math.max(0, ...cpuTasks)),
    cpu_long_tasks_4x: cpuTasks.filter((t) => t * 4 > 50).length,
    cpu_blocking_4x_ms: Math.round(cpuTasks.reduce((n, t) => n + Math.max(0, t * 4 - 50), 0)),
    cpu_blocking_1x_ms: Math.round(cpuTasks.reduce((n, t) => n + Math.max(0, t - 50), 0)),
    wall_ms: Date.now() - started,
  };
  await context.close();
  return result;
}

/** The CPU time (ms) of each top-level task on the page's renderer main thread, from a Chromium trace. */
function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key) || e.tdur === undefined) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e.tdur / 1000]);
  }
  const sum = (list) => list.reduce((n, t) => n + t, 0);
  return [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags.slice(1) });
try {
  for (const path of paths) {
    const all = new Map(bases.map((b) => [b, []]));
    for (let i = 0; i < runs; i++) for (const base of bases) all.get(base).push(await measureOnce(browser, base, path));
    for (const [base, results] of all) {
      const row = Object.fromEntries(Object.keys(results[0]).map((k) => [k, median(results.map((r) => r[k]))]));
      console.log(
        JSON.stringify({ path, base, cpu, ...row, cpu_blocking_4x_runs: results.map((r) => r.cpu_blocking_4x_ms) }),
      );
    }
  }
} finally {
  await browser.close();
}
