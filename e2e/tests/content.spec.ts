import { expect, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

test.beforeEach(async ({ page }) => {
  await new ConsolePage(page).useSession(demoAccounts.admin);
});

test('a content row saved with 标题 empty or a javascript: 链接 shows the field errors, never the error page', async ({
  page,
}) => {
  await page.goto('/website/content');
  await page.getByRole('button', { name: '新增首页轮播图' }).click();
  const dialog = page.getByRole('dialog', { name: '新增首页轮播图' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请填写标题')).toBeVisible();

  await dialog.getByLabel('标题').fill('春季健康节');
  await dialog.getByLabel('链接').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('链接须以 / 或 https:// 开头')).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Editing: clearing 标题 asks for it again.
  const firstRow = page.getByRole('table', { name: '首页轮播图列表' }).locator('tbody tr.ant-table-row').first();
  await firstRow.getByRole('button', { name: /编\s*辑/ }).click();
  const edit = page.getByRole('dialog', { name: '编辑首页轮播图' });
  await edit.getByLabel('标题').fill('');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(edit.getByText('请填写标题')).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
});

test('switching 集合 applies at once, and collections are named in Chinese only', async ({ page }) => {
  await page.goto('/website/content');
  await expect(page.getByRole('button', { name: '新增首页轮播图' })).toBeVisible();
  await page.getByLabel('集合').click();
  const options = page.locator('.ant-select-dropdown .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  expect(names).toContain('首页快捷入口');
  for (const name of names) expect(name).not.toMatch(/[A-Za-z_（(]/);

  await options.filter({ hasText: /^首页快捷入口$/ }).click();
  // No 查询: the URL, the table and the 新增 button follow the switch.
  await expect(page).toHaveURL(/collection=home_entry/);
  await expect(page.getByRole('button', { name: '新增首页快捷入口' })).toBeEnabled();
  await expect(page.getByRole('table', { name: '首页快捷入口列表' })).toBeVisible();
  await page.getByRole('button', { name: '新增首页快捷入口' }).click();
  await expect(page.getByRole('dialog', { name: '新增首页快捷入口' })).toBeVisible();
});

test('uploading the blank template says the file has no rows', async ({ page }) => {
  const template = await page.request.get('/api/v1/admin/product/template', {
    headers: { Auth: await page.evaluate(() => JSON.parse(localStorage.getItem('user-store') ?? '{}').state?.token) },
  });
  expect(template.ok()).toBe(true);
  await page.goto('/website/syncMedicine');
  await page.locator('input[type=file]').setInputFiles({
    name: '药品导入模板.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await template.body(),
  });
  await expect(page.getByRole('alert').filter({ hasText: '文件中没有数据行' })).toBeVisible();
  await expect(page.getByText('全部行校验通过')).toHaveCount(0);
});
