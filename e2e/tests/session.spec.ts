import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

test('a shop owner with two pharmacies picks one; the stored choice is reused at the next sign-in', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openLogin();
  await app.submitPassword(demoAccounts.shop);
  const dialog = page.getByRole('dialog', { name: '请选择药店' });
  await expect(dialog).toBeVisible();
  const choices = dialog.getByRole('listitem');
  await expect(choices).toHaveCount(2);
  const second = ((await choices.nth(1).locator('strong').first().textContent()) ?? '').trim();
  await choices.nth(1).getByRole('button').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(second);

  // Sign out keeps nothing but the remembered pharmacy choice is per browser: sign in again without a dialog.
  const stored = await page.evaluate(() => localStorage.getItem('user-store'));
  expect(stored).toContain(second);
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('user-store') ?? '{}');
    raw.state = { ...raw.state, token: null, userInfo: null, isLoggedIn: false };
    localStorage.setItem('user-store', JSON.stringify(raw));
  });
  await app.openLogin();
  await app.submitPassword(demoAccounts.shop);
  await expect(app.menu()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(second);
});

test('an expired session prompts token 过期 and returns to login with redirect', async ({ page, request }) => {
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.pharmacy_admin);
  await page.goto('/message');
  await expect(page.getByRole('heading', { name: '消息中心' }).or(page.getByText('消息中心').first())).toBeVisible();
  // The server ends the session (as an expiry or a logout elsewhere would).
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user-store') ?? '{}').state?.token);
  expect(token).toBeTruthy();
  const res = await request.post('/api/v1/user/logout', { headers: { Auth: token } });
  expect(res.ok()).toBeTruthy();
  await page.reload();
  const prompt = page.getByRole('dialog').filter({ hasText: 'token 过期，请重新登陆！' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: /确\s*定|重新登录|OK/ }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmessage/);
});

test('logout clears storage and the token cookie and goes home', async ({ page, context }) => {
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.doctor);
  expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);
  await app.signOut();
  // The session is ended on the server, then wiped locally once the protected page is gone.
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'token')).toBe(false);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.token ?? null))
    .toBeNull();
  await page.goto('/doctor/census');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('keep-alive pages stay mounted across navigation, other pages do not', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.customer_service);
  // A mark put on the page's DOM outside React survives only if the very same element is shown again.
  const mark = (title: string) =>
    page.getByRole('region', { name: title }).evaluate((el) => el.setAttribute('data-e2e-mark', 'kept'));
  await page.goto('/marketManage/createOrder/detail');
  await mark('下单详情');
  await app.menu().getByRole('link', { name: '任务列表' }).click();
  await expect(page).toHaveURL(/\/marketManage\/task$/);
  await mark('任务列表');
  await page.goBack();
  await expect(page).toHaveURL(/\/marketManage\/createOrder\/detail$/);
  await expect(page.getByRole('region', { name: '下单详情' })).toHaveAttribute('data-e2e-mark', 'kept');
  await page.goForward();
  await expect(page.getByRole('region', { name: '任务列表' })).toBeVisible();
  await expect(page.getByRole('region', { name: '任务列表' })).not.toHaveAttribute('data-e2e-mark', 'kept');
});
