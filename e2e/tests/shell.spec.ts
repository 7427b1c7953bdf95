import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

test('the breadcrumb shows the menu group and links only pages the user may open', async ({ page }) => {
  await new ConsolePage(page).useSession(demoAccounts.admin);
  await page.goto('/marketManage/customer/data');
  const crumbs = page.locator('.ant-breadcrumb');
  await expect(crumbs).toHaveText(/^其他\s*\/\s*会员数据$/);
  await expect(crumbs.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '会员数据' })).toBeVisible();
});

test('on a phone the menu is a drawer over the page that closes after a choice', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.customer_service);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/marketManage/task');
  const main = page.locator('#main-content');
  await expect(page.getByRole('region', { name: '任务列表' })).toBeVisible();
  await expect(app.menu()).toBeHidden();
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  // place and width (the height follows the list as it loads)
  const placeOf = async () => {
    const box = await main.boundingBox();
    return box && { x: box.x, y: box.y, width: box.width };
  };
  const closedBox = await placeOf();

  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(app.menu()).toBeVisible();
  // Over the page, not beside it: the page keeps its place and width.
  expect(await placeOf()).toEqual(closedBox);
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  await app.menu().getByRole('link', { name: '团队管理' }).click();
  await expect(page).toHaveURL(/\/marketManage\/team$/);
  await expect(app.menu()).toBeHidden();
  await expect(page.getByRole('region', { name: '团队管理' })).toBeVisible();
});
