import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { readLayoutModules, readRouteTable } from '../../apps/web/build/preload-links';
import { ConsolePage, demoAccounts } from '../pages/console';

const root = fileURLToPath(new URL('../../', import.meta.url));
const web = path.join(root, 'apps/web');
// The build the server serves (apps/server/src/config.ts: WEB_DIST, from the repository root).
const dist = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(web, 'dist');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(dist, file), 'utf8'));

/**
 * A first visit downloads every module the page needs from links in its HTML (the boot stages, and the page's own
 * chunks that the server adds per path), not in waves discovered while the app starts.
 */
async function loadAndCollectScripts(page: Page, path: string) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  const html = (await response?.text()) ?? '';
  const inHtml = new Set([...html.matchAll(/<(?:link|script)[^>]+(?:href|src)="([^"]+\.js)"/g)].map((m) => m[1]));
  return { requested, inHtml };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The server adds each route's chunks to its index.html from the build's `.vite/route-preloads.json`
 * (apps/web/build/preload-links.ts). Checked for every route of the route table against Vite's own manifest: the
 * page's and the layout's chunks, everything they import statically and their CSS are named in that path's HTML.
 * A route whose modules the map misses loads them in waves again, silently.
 */
test('the preload map names every chunk and stylesheet of every route', () => {
  const manifest: Record<string, ManifestChunk> = readJson('.vite/manifest.json');
  const preloads: Record<string, { js: string[]; css: string[] }> = readJson('.vite/route-preloads.json');
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const source = (file: string) => readFileSync(path.join(web, 'src/app', file), 'utf8');
  const layouts = readLayoutModules(source('router.tsx'));
  /** The manifest key of a module imported from src/app. */
  const keyOf = (specifier: string) => {
    const base = path.posix.join('src/app', specifier);
    const key = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`].find((k) => manifest[k]);
    expect(key, `no chunk in the manifest for ${specifier}`).toBeDefined();
    return key as string;
  };
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, into);
    return into;
  };
  const routes = readRouteTable(source('routes.tsx'));
  expect(routes.length).toBeGreaterThan(50);
  const missing: string[] = [];
  for (const route of routes) {
    const entry = preloads[route.path];
    if (!entry) {
      missing.push(`${route.path}: no entry`);
      continue;
    }
    const named = new Set([...entry.js, ...entry.css].map((file) => `/${file}`));
    const roots = [layouts[route.layout], route.page].filter((s): s is string => !!s).map(keyOf);
    const keys = new Set<string>();
    for (const root of roots) closure(root, keys);
    for (const key of keys) {
      const { file, css = [] } = manifest[key];
      for (const asset of [file, ...css])
        if (!named.has(`/${asset}`) && !indexHtml.includes(`/${asset}"`)) missing.push(`${route.path}: ${asset}`);
    }
  }
  expect(missing).toEqual([]);
});

for (const { path, heading, account } of [
  { path: '/login', heading: '药房平台运营后台', account: null },
  { path: '/medicine/list', heading: '药品列表', account: null },
  { path: '/message', heading: '消息中心', account: demoAccounts.pharmacy_admin },
]) {
  test(`${path}: every script of the first load is named in its HTML`, async ({ page }) => {
    if (account) {
      await new ConsolePage(page).useSession(account);
      await page.goto('about:blank');
    }
    const { requested, inHtml } = await loadAndCollectScripts(page, path);
    await expect(page.getByText(heading).first()).toBeVisible();
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((file) => !inHtml.has(file))).toEqual([]);
  });
}

test('/: the home page renders from the answers inside its HTML, asking the API for nothing on load', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/scms/')) calls.push(pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('region', { name: '首页轮播图' })).toBeVisible();
  await expect(page.getByRole('note', { name: '公告' })).toBeVisible();
  await expect(page.locator('#initial-data')).toHaveCount(0);
  expect(calls).toEqual([]);
});

/**
 * antd's CSS is extracted per component at build time (apps/web/build/antd-static-style.ts) and loaded with the code
 * that renders the component. A component whose CSS did not come along renders unstyled without any error; here, every
 * `ant-*` class rendered on the main pages that antd styles at all must be named by a rule of the loaded stylesheets.
 */
test.describe('antd CSS', () => {
  let styledByAntd: Set<string>;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const { extractStyle } = await import('@ant-design/static-style-extract');
    const error = console.error;
    console.error = () => {};
    try {
      styledByAntd = new Set([...extractStyle().matchAll(/\.(ant-[\w-]+)/g)].map((m) => m[1]));
    } finally {
      console.error = error;
    }
  });

  /** The `ant-*` classes in the page that antd has CSS for and no loaded stylesheet names. */
  async function unstyledClasses(page: Page) {
    const { rendered, styled } = await page.evaluate(() => {
      const rendered = new Set<string>();
      for (const element of document.querySelectorAll('[class]'))
        for (const name of element.classList) if (name.startsWith('ant-')) rendered.add(name);
      const styled = new Set<string>();
      const visit = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule)
            for (const m of rule.selectorText.matchAll(/\.(ant-[\w-]+)/g)) styled.add(m[1]);
          if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
        }
      };
      // Only the build's stylesheets: antd adds its token variables at run time in <style> elements.
      for (const sheet of document.styleSheets) if (sheet.ownerNode?.nodeName === 'LINK') visit(sheet.cssRules);
      return { rendered: [...rendered], styled: [...styled] };
    });
    const loaded = new Set(styled);
    return rendered.filter((name) => styledByAntd.has(name) && !loaded.has(name)).sort();
  }

  for (const { path, ready, account } of [
    { path: '/login', ready: 'form#password-login', account: null },
    { path: '/', ready: '[aria-label="首页轮播图"]', account: null },
    { path: '/medicine/list', ready: '.ant-table-row', account: null },
    { path: '/message', ready: '.ant-table-row, .ant-empty', account: demoAccounts.pharmacy_admin },
  ]) {
    test(`${path}: every antd class rendered has its CSS loaded`, async ({ page }) => {
      if (account) await new ConsolePage(page).useSession(account);
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(styledByAntd.size).toBeGreaterThan(1000);
      expect(await unstyledClasses(page)).toEqual([]);
    });
  }
});
