import { expect, type Page, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

// The seed's fixed member of 仁心大药房(上海浦东店) (apps/server/src/db/seed/console-members.ts, DEMO_MEMBER).
const member = { name: '陈美玲', phone: '13917358826', child: '周语桐', childBirth: '2019-06-18', spouse: '周俊杰' };

/** Full years since a YYYY-MM-DD birthday, in Shanghai (the console's zone). */
function ageOn(birth: string, now = new Date()) {
  const [y, m, d] = birth.split('-').map(Number);
  const [ty, tm, td] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' })
    .format(now)
    .split('-')
    .map(Number);
  return ty - y - (tm > m || (tm === m && td >= d) ? 0 : 1);
}

const familyRow = (page: Page, name: string) =>
  page.getByRole('table', { name: '家庭成员' }).getByRole('row').filter({ hasText: name });

test('pharmacy_admin finds a member by the last four digits, reads the card and edits tags and remark', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/message');
  await app.menu().getByRole('link', { name: '会员管理' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/customer$/);
  await expect(page.getByRole('heading', { name: '会员管理' })).toBeVisible();
  const total = Number((await page.getByText(/共 \d+ 条/).textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThanOrEqual(40);

  // Search by the phone's last four digits: the filter goes to the URL, the phone stays masked.
  await page.getByLabel('搜索').fill(member.phone.slice(-4));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/keyword=8826/);
  const table = page.getByRole('table', { name: '会员列表' });
  const row = table.getByRole('row').filter({ hasText: member.name });
  await expect(row).toContainText('139****8826');
  await expect(page.getByText(/共 \d+ 条/)).not.toHaveText(`共 ${total} 条`);
  await expect(page.locator('body')).not.toContainText(member.phone);

  // The member card: masked phone, family members with age and gender from the ID number, histories, addresses.
  await row.getByRole('button', { name: '查看' }).click();
  const card = page.getByRole('dialog', { name: '会员卡片' });
  await expect(card).toBeVisible();
  await expect(card.getByText('139****8826').first()).toBeVisible();
  const child = familyRow(page, member.child);
  await expect(child).toContainText('女儿');
  await expect(child.getByRole('cell').nth(2)).toHaveText('女');
  await expect(child.getByRole('cell').nth(3)).toHaveText(`${ageOn(member.childBirth)} 岁`);
  await expect(child.getByRole('cell').nth(4)).toHaveText(/^3101\*{10}\d{3}[\dX]$/);
  await expect(child).toContainText('鸡蛋');
  await expect(child).toContainText('哮喘');
  await expect(familyRow(page, member.spouse).getByRole('cell').nth(2)).toHaveText('男');
  await expect(card.getByRole('region', { name: /^收货地址/ })).toContainText('上海市浦东新区');
  await expect(card).not.toContainText(member.phone);

  // Edit: add a tag, drop one, write a remark.
  await card.getByRole('button', { name: /编\s*辑/ }).click();
  const dialog = page.getByRole('dialog', { name: `编辑会员 · ${member.name}` });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('.ant-select-selection-item', { hasText: '复购' })
    .locator('.ant-select-selection-item-remove')
    .click();
  const tags = dialog.getByLabel('标签', { exact: true });
  await tags.fill('过敏体质');
  await tags.press('Enter');
  await dialog.getByLabel('备注').fill('周末到店取药，儿童用药需确认不含鸡蛋成分');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('过敏体质');
  await expect(card).not.toContainText('复购');
  await expect(card).toContainText('周末到店取药，儿童用药需确认不含鸡蛋成分');

  // Saved on the server: a reload opens the same card from the URL with the new values.
  await page.reload();
  const reloaded = page.getByRole('dialog', { name: '会员卡片' });
  await expect(reloaded).toContainText('过敏体质');
  await expect(reloaded).toContainText('周末到店取药，儿童用药需确认不含鸡蛋成分');
  await reloaded
    .getByRole('button', { name: /Close|关\s*闭/ })
    .first()
    .click();
  await expect(row).toContainText('过敏体质');
});

test('the member page is kept alive: leaving through the menu and coming back keeps the search', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/pharmacy/customer');
  await page.getByLabel('搜索').fill('8826');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('共 1 条')).toBeVisible();
  await page.getByRole('region', { name: '会员管理' }).evaluate((el) => el.setAttribute('data-e2e-mark', 'kept'));

  await app.menu().getByRole('link', { name: '报价管理' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/quote/);
  await app.menu().getByRole('link', { name: '会员管理' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/customer\?keyword=8826$/);
  await expect(page.getByRole('region', { name: '会员管理' })).toHaveAttribute('data-e2e-mark', 'kept');
  await expect(page.getByLabel('搜索')).toHaveValue('8826');
  await expect(page.getByText('共 1 条')).toBeVisible();
});
