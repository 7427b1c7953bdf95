import { expect, type Page, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

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

for (const { path, heading, account } of [
  { path: '/login', heading: '药房平台运营后台', account: null },
  { path: '/medicine/list', heading: '药品列表', account: null },
  { path: '/message', heading: '消息中心', account: demoAccounts.pharmacy_admin },
]) {
  test(`${path}: every script of the first load is named in its HTML`, async ({ page }) => {
    if (account) {
      await new ConsolePage(page).signIn(account);
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
