import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

test('a protected page without a session goes to login with redirect, and back after sign-in', async ({ page }) => {
  await page.goto('/pharmacy/order?status=shipped');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const url = new URL(page.url());
  expect(url.searchParams.get('redirect')).toBe('/pharmacy/order?status=shipped');
  const app = new ConsolePage(page);
  await app.submitPassword(demoAccounts.pharmacy_admin);
  await expect(page).toHaveURL(/\/pharmacy\/order\?status=shipped$/);
});

test('an open-redirect attempt is refused after sign-in', async ({ page }) => {
  const app = new ConsolePage(page);
  for (const target of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com']) {
    await app.signIn(demoAccounts.pharmacist, { query: `?redirect=${encodeURIComponent(target)}` });
    await expect(page).toHaveURL(/\/chemist\/prescription-approval$/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    await app.signOut();
  }
});

test('a path outside the role goes home', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacist);
  await page.goto('/website/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown page shows the 404 view', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found').first()).toBeVisible();
  await expect(page.getByText('404').first()).toBeVisible();
});

test('the bare containers are empty, not 404', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.admin);
  for (const path of ['/website', '/website/']) {
    await page.goto(path);
    await expect(app.menu()).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  }
});
