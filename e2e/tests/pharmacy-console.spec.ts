import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ConsolePage, demoAccounts } from '../pages/console';

/** The run's server writes every SMS code here (the built-in provider; e2e/playwright.config.ts names the data dir). */
const outbox = new URL(`../../.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/sms-outbox.log`, import.meta.url).pathname;

/** The latest code the outbox holds for a phone, once it is there. */
async function smsCodeFor(phone: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      let text = '';
      try {
        text = readFileSync(outbox, 'utf8');
      } catch {
        return undefined;
      }
      const lines = text.trim().split('\n').filter(Boolean).slice(after);
      for (const line of lines.reverse()) {
        const entry = JSON.parse(line) as { phone: string; code: string };
        if (entry.phone === phone) {
          code = entry.code;
          return code;
        }
      }
      return undefined;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

const outboxLines = () => {
  try {
    return readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

/** The entries of one group of the sider menu (药店, 直播 …). */
const menuGroup = (page: Page, title: string): Locator =>
  page
    .getByRole('navigation', { name: '主菜单' })
    .locator('.ant-menu-item-group', {
      has: page.locator('.ant-menu-item-group-title', { hasText: new RegExp(`^${title}$`) }),
    })
    .getByRole('link');

const quoteRows = (page: Page) => page.getByRole('table', { name: '报价列表' }).locator('tbody tr.ant-table-row');

/** What the quote page shows for the current pharmacy: its total (共 N 条) and the first row's product. */
async function quotesShown(page: Page) {
  await page.goto('/pharmacy/quote');
  await expect(page.getByRole('heading', { name: '报价管理' })).toBeVisible();
  await expect(quoteRows(page).first()).toBeVisible();
  const total = (await page.locator('.ant-pagination-total-text').first().textContent()) ?? '';
  const first = (await quoteRows(page).first().locator('strong').first().textContent()) ?? '';
  return { total: total.trim(), first: first.trim() };
}

test('the shop owner adds a pharmacy_admin with only quote_manage; the admin signs in by SMS code and sees only that entry', async ({
  page,
  browser,
}) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.shop, '/pharmacy/role');
  await expect(page.getByRole('heading', { name: '账号与权限' })).toBeVisible();
  const staff = page.getByRole('table', { name: '成员列表' });
  // the owner's row: 店主 tag, no actions
  const ownerRow = staff.locator('tr.ant-table-row', { hasText: '138****0001' });
  await expect(ownerRow.getByText('店主', { exact: true }).first()).toBeVisible();
  await expect(ownerRow.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: '添加成员' }).click();
  const dialog = page.getByRole('dialog', { name: '添加成员' });
  await dialog.getByLabel('手机号').fill('13800000099');
  await dialog.getByLabel('姓名').fill('测试管理员');
  await dialog.getByLabel('角色').click();
  await page.locator('.ant-select-dropdown').getByText('药店管理员', { exact: true }).click();
  // the shop's own role is not offered: nobody assigns shop
  await expect(page.locator('.ant-select-dropdown').getByText('店主')).toHaveCount(0);
  const keys = dialog.getByRole('group', { name: '权限' });
  await keys.getByRole('checkbox', { name: '报价管理', exact: true }).check();
  await expect(keys.getByRole('checkbox', { name: '会员管理', exact: true })).not.toBeChecked();
  await dialog.getByRole('button', { name: /^添\s*加$/ }).click();
  await expect(dialog).toBeHidden();
  const row = staff.locator('tr.ant-table-row', { hasText: '138****0099' });
  await expect(row).toContainText('测试管理员');
  await expect(row).toContainText('药店管理员');
  await expect(row).toContainText('报价管理');
  await expect(row).not.toContainText('会员管理');

  // the new admin, in a browser of their own: no password, so the SMS code
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/login');
  await admin.getByRole('tab', { name: '验证码登录' }).click();
  const form = admin.locator('form#sms-login');
  await form.getByLabel('手机号').fill('13800000099');
  const before = outboxLines();
  await form.getByRole('button', { name: '获取验证码' }).click();
  await form.getByLabel('短信验证码').fill(await smsCodeFor('13800000099', before));
  await form.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(admin.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect(menuGroup(admin, '药店')).toHaveText(['切换药店', '报价管理']);
  await admin.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '报价管理' }).click();
  await expect(admin.getByRole('heading', { name: '报价管理' })).toBeVisible();
  await expect(quoteRows(admin).first()).toBeVisible();

  // …imports a quote file with errors, reads the report, fixes the file and applies it, then pins a quote
  const products = await importableProducts(admin);
  const csv = (rows: string[][]) =>
    Buffer.from(`批准文号,条码,药品名称,售价*,原价,库存*,上架状态\n${rows.map((r) => r.join(',')).join('\n')}\n`);
  const [a, b, c] = products;
  await admin.getByRole('button', { name: '批量导入' }).click();
  const importDialog = admin.getByRole('dialog', { name: '导入报价' });
  await expect(importDialog.getByText('1. 下载模板')).toBeVisible();
  await importDialog.locator('input[type=file]').setInputFiles({
    name: '报价-有错.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['', a.barcode, a.name, '12.345', '', '10', '上架'],
      ['', b.barcode, b.name, '25.00', '20.00', '5', '上架'],
      ['', c.barcode, c.name, '18.80', '22.00', '-1', ''],
    ]),
  });
  const errors = importDialog.getByRole('region', { name: '错误明细' });
  await expect(importDialog.getByText('3. 校验结果：报价-有错.csv')).toBeVisible();
  await expect(errors).toContainText('售价最多两位小数');
  await expect(errors).toContainText('原价不能低于售价');
  await expect(errors).toContainText('库存');
  await expect(importDialog.getByRole('button', { name: '确认导入' })).toBeDisabled();
  await importDialog.getByRole('button', { name: '重新上传' }).click();
  await importDialog.locator('input[type=file]').setInputFiles({
    name: '报价-已修正.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['', a.barcode, a.name, '12.35', '', '10', '上架'],
      ['', b.barcode, b.name, '25.00', '29.90', '5', '上架'],
      ['', c.barcode, c.name, '18.80', '22.00', '40', ''],
    ]),
  });
  await expect(importDialog.getByText('全部行校验通过')).toBeVisible();
  await importDialog.getByRole('button', { name: '确认导入' }).click();
  await expect(importDialog.getByText(/导入成功/)).toBeVisible();
  await importDialog.getByRole('button', { name: '关 闭' }).click();

  await admin.getByLabel('搜索报价').fill(a.barcode);
  await admin.getByLabel('搜索报价').press('Enter');
  const imported = quoteRows(admin).filter({ hasText: '¥12.35' });
  await expect(imported).toHaveCount(1);
  await imported.getByRole('button', { name: /^置\s*顶$/ }).click();
  await expect(imported.getByLabel('已置顶')).toBeVisible();
  await context.close();
});

/** Three catalogue products with their barcodes (the public catalogue: list, then each product's detail). */
async function importableProducts(page: Page) {
  const list = await page.request.get('/api/v1/mp/cms/medicines?page=1&page_size=3&q=%E9%A2%97%E7%B2%92');
  const ids = ((await list.json()).data.list as { id: number }[]).map((p) => p.id);
  expect(ids).toHaveLength(3);
  return Promise.all(
    ids.map(async (id) => {
      const detail = (await (await page.request.get(`/api/v1/mp/cms/product/${id}`)).json()).data;
      return { name: String(detail.name), barcode: String(detail.barcode) };
    }),
  );
}

test("a member of two pharmacies switches and sees each pharmacy's own quotes; the choice outlives signing out", async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.shop);
  await expect(app.menu()).toBeVisible();

  await page.goto('/pharmacy/switch-pharmacy');
  const cards = page.getByRole('list', { name: '我的药店' });
  const pudong = cards.getByRole('listitem').filter({ hasText: '仁心大药房(上海浦东店)' });
  const hangzhou = cards.getByRole('listitem').filter({ hasText: '仁心大药房(杭州西湖店)' });
  for (const card of [pudong, hangzhou]) {
    await expect(card).toContainText('我的角色：店主');
    await expect(card).toContainText('营业中');
  }
  if (!(await pudong.getByText('当前药店').isVisible())) {
    await pudong.getByRole('button', { name: /切换到/ }).click();
    await expect(pudong.getByText('当前药店')).toBeVisible();
  }
  const inPudong = await quotesShown(page);

  await page.goto('/pharmacy/switch-pharmacy');
  await hangzhou.getByRole('button', { name: '切换到 仁心大药房(杭州西湖店)' }).click();
  await expect(hangzhou.getByText('当前药店')).toBeVisible();
  await expect(page.getByRole('button', { name: /当前药店：仁心大药房\(杭州西湖店\)/ })).toBeVisible();
  const inHangzhou = await quotesShown(page);
  expect(inHangzhou.total !== inPudong.total || inHangzhou.first !== inPudong.first).toBe(true);

  // the pharmacyid header follows the switch: a reload shows Hangzhou's quotes again
  await page.reload();
  await expect(quoteRows(page).first()).toBeVisible();
  await expect(page.locator('.ant-pagination-total-text').first()).toHaveText(inHangzhou.total);

  // signing out and in again: no selection dialog, Hangzhou is still the pharmacy (spec §4)
  await app.signOut();
  await app.signIn(demoAccounts.shop, { pickPharmacy: false });
  await expect(app.menu()).toBeVisible();
  await expect(page.getByRole('dialog', { name: '请选择药店' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /当前药店：仁心大药房\(杭州西湖店\)/ })).toBeVisible();
});

test('a member of two pharmacies who is not the shop sees both, with the role held in each', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.customer_service, '/pharmacy/switch-pharmacy');
  const cards = page.getByRole('list', { name: '我的药店' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card).toContainText('我的角色：客服');
});
