// Front-end measurements: the JS and CSS each route loads on first paint (gzip) and Lighthouse scores.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Opens each route in Chromium (optionally signed in) and sums the gzip size of the JS and CSS it loaded. */
export async function measureRouteAssets(baseUrl, routes, { signIn } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags.slice(1) });
  const results = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (route.signedIn && signIn) await signIn(page, baseUrl);
      const assets = [];
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        try {
          const body = await response.body();
          assets.push({ url: response.url(), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        } catch {
          // A response without a body (redirect) carries no bytes.
        }
      });
      await page.goto(baseUrl + route.path, { waitUntil: 'networkidle' });
      const sum = (t, k) => assets.filter((a) => a.type === t).reduce((n, a) => n + a[k], 0);
      results.push({
        route: route.path,
        js_gzip_kb: +(sum('script', 'gzip') / 1024).toFixed(1),
        js_raw_kb: +(sum('script', 'raw') / 1024).toFixed(1),
        css_gzip_kb: +(sum('stylesheet', 'gzip') / 1024).toFixed(1),
        files: assets.length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * Runs Lighthouse's performance category on a URL with the desktop or mobile preset. With `signIn`, the same Chrome
 * first signs in through the console (Playwright over CDP) and Lighthouse keeps that storage.
 */
export async function lighthouseRun(url, preset, { signIn, keepReport } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    if (signIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await signIn(page, new URL(url).origin);
      await page.close();
      await browser.close();
      flags.disableStorageReset = true;
    }
    const runnerResult = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = runnerResult.lhr;
    const audit = (id) => lhr.audits[id]?.numericValue;
    return {
      url,
      preset,
      signed_in: !!signIn,
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp_ms: Math.round(audit('first-contentful-paint')),
      lcp_ms: Math.round(audit('largest-contentful-paint')),
      tbt_ms: Math.round(audit('total-blocking-time')),
      cls: +(audit('cumulative-layout-shift') ?? 0).toFixed(3),
      // Lighthouse's measure of this machine's speed at the time (~1,600 when it is quiet); the CPU-bound figures
      // (TBT above all) scale with it, so a score is read together with it.
      benchmark_index: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      ...(keepReport ? { lhr } : {}),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse `runs` times on one page; the run with the median score stands for the page, with every run's score
 * beside it (`scores`). Lighthouse's own advice for its run-to-run variance: one run on a shared machine moves by ±10.
 * A run that failed to record (a runtime error) is left out; if all fail, the last failure is returned.
 */
export async function lighthouseMedian(url, preset, { signIn, runs = 3 } = {}) {
  const done = [];
  let failure;
  for (let i = 0; i < runs; i++) {
    const run = await lighthouseRun(url, preset, { signIn });
    if (run.error) failure = run;
    else done.push(run);
  }
  if (done.length === 0) return failure;
  const sorted = [...done].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], scores: done.map((r) => r.score) };
}

/** Signs in through the console's password form (demo pharmacy_admin by default) and waits for the console. */
export async function signInThroughConsole(page, origin, phone = '13800000002', password = 'Demo@12345') {
  await page.goto(`${origin}/login`);
  const form = page.locator('form[id="password-login"]');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('密码').fill(password);
  await form.getByRole('button', { name: /^登\s*录$/ }).click();
  // Signed in once the console leaves /login (on a narrow window the menu itself is collapsed).
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}
