import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

/** "12.34" ⇄ cents as BigInt: the reference the page's decimals are checked against, with no float anywhere. */
const cents = (money: string) => {
  const [yuan, frac = ''] = money.trim().split('.');
  return BigInt(yuan) * 100n + BigInt(frac.padEnd(2, '0'));
};
const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

test('a pharmacy_admin builds a combo of two quotes; the saving is exact to the cent; it goes on sale', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/pharmacy/combo');
  await expect(page.getByRole('heading', { name: '套餐管理' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^全部（\d+）$/ })).toBeVisible();
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  // the seeded combo whose quote went off shelf carries the warning
  await expect(page.getByText('含已下架商品').first()).toBeVisible();

  const name = `E2E 节省测试套餐 ${Date.now() % 100000}`;
  await page.getByRole('button', { name: '新建套餐' }).click();
  const form = page.getByRole('dialog', { name: '新建套餐' });
  await form.getByLabel('套餐名称').fill(name);

  // pick two on-shelf quotes with the picker
  await form.getByRole('button', { name: '选择商品' }).click();
  const picker = page.getByRole('dialog', { name: '选择商品' });
  await picker.getByRole('searchbox', { name: '搜索商品' }).fill('布洛芬');
  await picker.getByRole('searchbox', { name: '搜索商品' }).press('Enter');
  const selectable = picker
    .locator('tr.ant-table-row')
    .filter({ hasText: '布洛芬' })
    .filter({ has: page.getByRole('checkbox', { disabled: false }) });
  await expect(selectable.nth(1)).toBeVisible();
  const prices: bigint[] = [];
  for (const i of [0, 1]) {
    const row = selectable.nth(i);
    prices.push(cents((await row.locator('td').nth(3).textContent()) ?? ''));
    await row.getByRole('checkbox').check();
  }
  await picker.getByRole('button', { name: '添加 2 种商品' }).click();
  await expect(picker).toBeHidden();

  // quantities 3 and 7
  const qtys = [3n, 7n];
  const qtyInputs = form.getByRole('spinbutton', { name: /^数量：/ });
  await expect(qtyInputs).toHaveCount(2);
  await qtyInputs.nth(0).fill('3');
  await qtyInputs.nth(1).fill('7');

  const total = prices[0] * qtys[0] + prices[1] * qtys[1];
  // a package price with odd cents below the sum: the saving must come out to the cent
  const price = total - 1237n;
  expect(price).toBeGreaterThan(0n);
  await form.getByLabel('套餐价（元）').fill(money(price));
  await expect(form.getByTestId('combo-items-total')).toHaveText(`¥${money(total)}`);
  await expect(form.getByTestId('combo-saving')).toHaveText('节省 ¥12.37');

  // a price above the sum is refused on the field
  await form.getByLabel('套餐价（元）').fill(money(total + 1n));
  await expect(form.getByText('套餐价不能高于商品原价合计')).toBeVisible();
  await form.getByLabel('套餐价（元）').fill(money(price));

  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();

  const row = page.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(money(total));
  await expect(row).toContainText('12.37');
  await expect(row).toContainText('已下架');

  await row.getByRole('button', { name: '上架' }).click();
  await expect(row.getByText('在售')).toBeVisible();

  // the detail shows the same exact sums
  await row.getByRole('button', { name: '查看' }).click();
  const detail = page.getByRole('dialog', { name: `套餐详情：${name}` });
  await expect(detail.getByTestId('combo-saving')).toHaveText('节省 ¥12.37');
  await expect(detail.getByTestId('combo-items-total')).toHaveText(`¥${money(total)}`);
});

test('a combo holding an off-shelf quote is flagged and cannot be put back on sale', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/pharmacy/combo');
  const row = page.locator('tr.ant-table-row').filter({ hasText: '含已下架商品' }).filter({ hasText: '在售' }).first();
  await expect(row).toBeVisible();
  const name = (await row.locator('td').first().locator('strong').textContent()) ?? '';

  await row.getByRole('button', { name: '下架' }).click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  const same = page.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(same.getByRole('button', { name: '上架' })).toBeVisible();
  await same.getByRole('button', { name: '上架' }).click();
  await expect(page.getByText(/^套餐中的「.+」已下架，不能上架$/)).toBeVisible();
  await expect(same.getByText('已下架', { exact: true })).toBeVisible();
});
