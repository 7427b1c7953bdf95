import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

// axe-core over every page of the console, opened by a role that may see it: no serious or critical violation.
test.setTimeout(240_000);
// The six walks are independent (each its own page and saved session): spread over both workers instead of one
// worker taking them all (~200 s of the suite's time in one file; CI time, docs/quality-harness.md).
test.describe.configure({ mode: 'parallel' });

async function seriousViolations(page: Page) {
  // Let lazy pages and their data settle before auditing.
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 2)
          .map((n) => `${n.target.join(' ').slice(-80)} — ${n.failureSummary?.split('\n')[1]?.trim()}`)
          .join(' | ')}`,
    );
}

test('public pages have no serious accessibility violations', async ({ page }) => {
  const found: Record<string, string[]> = {};
  for (const path of [
    '/',
    '/login',
    '/medicine/list',
    '/pharmacy/list',
    '/website/contact',
    '/website/services',
    '/website/certificate',
    '/table-demo',
    '/no/such/page',
  ]) {
    await page.goto(path);
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
});

for (const role of ['shop', 'manager', 'doctor', 'pharmacist', 'admin'] as const) {
  test(`every menu page of ${role} has no serious accessibility violations`, async ({ page }) => {
    const app = new ConsolePage(page);
    await app.useSession(demoAccounts[role]);
    const paths = [...(await app.menuPaths()), '/message'];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(path);
      await expect(app.menu()).toBeVisible();
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}
