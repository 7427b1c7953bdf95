import { expect, type Page, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

/** The 默认 tag of a courier row (the row's 设为默认 button says 默认 too). */
const defaultTag = (row: ReturnType<Page['getByRole']>) => row.locator('.ant-tag', { hasText: '默认' });

const saveSettings = (page: Page) => page.getByRole('button', { name: '保存设置' }).click();

/** Picks an option of the antd select labelled `label` inside `scope` by typing part of its name. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

test('pharmacy_admin sees the expiring GSP certificate in the header and on the page, and fixes a wrong freight', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/pharmacy/set');
  await expect(page.getByRole('heading', { name: '药店设置' })).toBeVisible();

  // The header's warning beside the pharmacy switcher, for 仁心大药房(上海浦东店) (its GSP certificate expires in 75 days).
  const header = page.getByRole('banner');
  await expect(header.getByTestId('qualification-alert')).toHaveText('资质即将到期');
  await header.getByTestId('qualification-alert').hover();
  await expect(page.getByRole('tooltip')).toContainText('1 项资质将在 6 个月内到期');

  // The page's warning names the document; no error notice, since nothing has expired.
  const warning = page.getByRole('alert').filter({ hasText: '资质即将到期' });
  await expect(warning).toContainText('GSP 证书');
  await expect(page.getByRole('alert').filter({ hasText: '资质已过期' })).toHaveCount(0);

  // The aptitude dialog lists the documents with their states.
  await page.getByRole('button', { name: '资质管理' }).click();
  const dialog = page.getByRole('dialog', { name: '资质管理' });
  const gsp = dialog.getByRole('row').filter({ hasText: 'A-SH-21-0135' });
  await expect(gsp).toContainText('即将到期');
  await expect(dialog.getByRole('row').filter({ hasText: '913101156684179733' })).toContainText('长期');
  await gsp.getByRole('button', { name: /放大查看/ }).click();
  const viewer = page.getByRole('dialog', { name: 'GSP 证书 图片 1' });
  await expect(viewer.getByRole('img', { name: 'GSP 证书 图片 1' })).toBeVisible();
  await viewer.getByRole('button', { name: '放大', exact: true }).click();
  await expect(viewer.getByText('1.5×')).toBeVisible();
  await viewer.getByRole('button', { name: '关闭' }).click();
  await expect(viewer).toBeHidden();
  await dialog
    .getByRole('button', { name: /关\s*闭/ })
    .last()
    .click();
  await expect(dialog).toBeHidden();

  // A wrong freight gets its message under the field and nothing is saved; a right one is saved as money.
  const freight = page.getByLabel('运费', { exact: true });
  await expect(freight).toHaveValue('6.00');
  await freight.fill('-3');
  await saveSettings(page);
  await expect(page.getByText('运费须为不小于 0 的金额，最多两位小数')).toBeVisible();
  await freight.fill('8.5');
  await expect(page.getByText('运费须为不小于 0 的金额，最多两位小数')).toBeHidden();
  await saveSettings(page);
  await expect(page.getByText('设置已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('运费', { exact: true })).toHaveValue('8.50');

  // back to the seeded freight for the other tests of this run
  await page.getByLabel('运费', { exact: true }).fill('6');
  await saveSettings(page);
  await expect(page.getByText('设置已保存')).toBeVisible();
});

test('pharmacy_admin adds a courier and makes it the default; the settings follow', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/pharmacy/courier');
  await expect(page.getByRole('heading', { name: '快递设置' })).toBeVisible();
  const table = page.getByRole('table', { name: '快递列表' });
  await expect(defaultTag(table.getByRole('row').filter({ hasText: '顺丰速运' }))).toBeVisible();

  await page.getByRole('button', { name: '添加快递' }).click();
  const dialog = page.getByRole('dialog', { name: '添加快递' });
  // the sender starts as the default courier's (the pharmacy's own address)
  await expect(dialog.getByLabel('详细地址')).toHaveValue('张杨路 1588 号 1 楼');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择快递公司' })).toBeVisible();
  await choose(page, dialog, '快递公司', '申通快递');
  await dialog.getByLabel('客户编码 / 账号').fill('SH-STO-22017');
  await dialog.getByLabel('备注').fill('周末发货');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('快递已添加')).toBeVisible();
  await expect(dialog).toBeHidden();

  const sto = table.getByRole('row').filter({ hasText: '申通快递' });
  await expect(sto).toContainText('SH-STO-22017');
  await expect(defaultTag(sto)).toHaveCount(0);
  await sto.getByRole('button', { name: '设为默认' }).click();
  await expect(page.getByText('已将 申通快递 设为默认快递')).toBeVisible();
  await expect(defaultTag(sto)).toBeVisible();
  await expect(defaultTag(table.getByRole('row').filter({ hasText: '顺丰速运' }))).toHaveCount(0);

  // the settings page's default courier is the one just chosen
  await page.goto('/pharmacy/set');
  await expect(
    page.getByLabel('默认快递').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
  ).toContainText('申通快递（STO）');

  // back to SF for the other tests of this run, and the new courier removed
  await page.goto('/pharmacy/courier');
  await table.getByRole('row').filter({ hasText: '顺丰速运' }).getByRole('button', { name: '设为默认' }).click();
  await expect(page.getByText('已将 顺丰速运 设为默认快递')).toBeVisible();
  await table.getByRole('row').filter({ hasText: '申通快递' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(table.getByRole('row').filter({ hasText: '申通快递' })).toHaveCount(0);
});
