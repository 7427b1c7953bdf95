import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ConsolePage, demoAccounts } from '../pages/console';

const tableRows = (page: Page, label: string) =>
  page.getByRole('table', { name: label }).locator('tbody tr.ant-table-row');

/** Searches the medicine list for 布洛芬 and opens the first result; answers the detail URL. */
async function openIbuprofen(page: Page): Promise<string> {
  await page.goto('/medicine/list');
  const form = page.locator('form').first();
  await form.getByLabel('搜索').fill('布洛芬');
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/q=%E5%B8%83%E6%B4%9B%E8%8A%AC/);
  const rows = tableRows(page, '药品列表');
  await expect(rows.first()).toContainText('布洛芬');
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  await rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/medicine\/detail\?id=\d+/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

test('a visitor browses home → list → search → detail → pharmacy', async ({ page }) => {
  await page.goto('/');
  for (const block of [
    '快捷入口',
    '药品分类',
    '本周热销',
    '热销好药',
    '专题推荐',
    '多店比价',
    '入驻药房',
    '医生团队',
  ]) {
    await expect(page.getByRole('heading', { name: block, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: '本周热销' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('note', { name: '公告' })).toContainText('客服热线');

  await page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '药品' }).click();
  await expect(page).toHaveURL(/\/medicine\/list/);
  await expect(tableRows(page, '药品列表').first()).toBeVisible();

  await openIbuprofen(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('布洛芬');
  const instructions = page.getByRole('region', { name: '说明书' });
  for (const label of ['适应症', '用法用量', '禁忌', '不良反应', '贮藏'])
    await expect(instructions).toContainText(label);

  // Images open in the zoom viewer (1×–5×).
  await page
    .getByRole('button', { name: /^查看大图/ })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await viewer.getByRole('button', { name: '放大' }).click();
  await expect(viewer.getByText('1.5×')).toBeVisible();
  await page.keyboard.press('Escape');

  // The pharmacies quoting it, with prices; open one.
  const quotes = page.getByRole('table', { name: '药房报价' });
  await expect(quotes.getByText(/¥\d+\.\d{2}/).first()).toBeVisible();
  await quotes.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/pharmacy\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: '资质证照' })
      .getByRole('button', { name: /^查看大图/ })
      .first(),
  ).toBeVisible();
  await expect(tableRows(page, '在售药品').first()).toBeVisible();

  await page.getByRole('navigation', { name: '网站导航' }).getByRole('link', { name: '药店' }).click();
  // every pharmacy the public directory serves (the operator spec approves and suspends stores meanwhile, so the
  // rows are compared with the API's total of the same moment), and never a suspended or rejected one
  await expect(page).toHaveURL(/\/pharmacy\/list/);
  await expect(async () => {
    await page.reload();
    const listed = await page.request.get('/api/v1/pharmacy/list?page_size=50');
    const total = (await listed.json()).data.total as number;
    expect(total).toBeGreaterThanOrEqual(7);
    await expect(tableRows(page, '药房列表')).toHaveCount(total, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(tableRows(page, '药房列表').filter({ hasText: '仁心大药房(上海浦东店)' })).toHaveCount(1);
  for (const hidden of ['长安大药房(西安雁塔店)', '百姓康大药房(苏州姑苏店)']) {
    await expect(tableRows(page, '药房列表').filter({ hasText: hidden })).toHaveCount(0);
  }
});

test('a patient comments, votes 支持 and withdraws the vote', async ({ page }) => {
  const detail = await openIbuprofen(page);
  await page.getByRole('link', { name: '登录后评论' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await new ConsolePage(page).submitPassword(demoAccounts.patient);
  await expect(page).toHaveURL(new RegExp(`${detail.replace(/[?]/g, '\\?')}$`));

  const text = `吃了两天退烧了，效果不错 ${Date.now()}`;
  await page.getByLabel('我的评论').fill(text);
  await page.getByRole('button', { name: /发表评论/ }).click();
  const comment = page.getByRole('listitem').filter({ hasText: text });
  await expect(comment).toBeVisible();

  const support = comment.getByRole('button', { name: /支持/ });
  await expect(support).toHaveText(/支持\s*0/);
  await support.click();
  await expect(support).toHaveText(/已支持\s*1/);
  await expect(support).toHaveAttribute('aria-pressed', 'true');

  // Pressing it again withdraws the one vote.
  await support.click();
  await expect(support).toHaveText(/^\s*支持\s*0/);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: text }).getByRole('button', { name: /支持/ })).toHaveText(
    /^\s*支持\s*0/,
  );
});

const HEADERS = [
  '药品名称*',
  '通用名*',
  '规格*',
  '剂型',
  '生产厂家*',
  '批准文号',
  '条形码',
  '类型*（处方药/OTC/中药饮片/非药品）',
  '适应症',
];

interface UploadRow {
  name: string;
  generic: string;
  spec: string;
  approval: string;
  type: string;
}

async function workbook(rows: UploadRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('药品信息');
  sheet.addRow(HEADERS);
  for (const r of rows) {
    sheet.addRow([r.name, r.generic, r.spec, '片剂', '端到端测试制药有限公司', r.approval, '', r.type, '用于测试导入']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('the operator uploads a file with 3 bad rows, sees the report, fixes it, applies, and finds the products', async ({
  page,
}) => {
  const stamp = `测试${Date.now().toString(36).toUpperCase()}`;
  const digits = (i: number) => String((Date.now() % 90_000_000) + 10_000_000 + i).slice(0, 8);
  const good = [0, 1, 2, 3, 4].map((i) => ({
    name: `${stamp}片${i + 1}`,
    generic: `${stamp}通用名${i + 1}`,
    spec: `${i + 1}0mg*12片`,
    approval: `国药准字H${digits(i)}`,
    type: 'OTC',
  }));
  const bad = good.map((r) => ({ ...r }));
  bad[1].generic = '';
  bad[2].type = '西药';
  bad[3].approval = '国药准字X123';

  await new ConsolePage(page).useSession(demoAccounts.admin);
  await page.goto('/website/syncMedicine');
  await expect(page.getByRole('heading', { name: '药品上传' })).toBeVisible();
  const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const fileInput = page.locator('input[type=file]');

  await fileInput.setInputFiles({ name: '药品导入.xlsx', mimeType: mime, buffer: await workbook(bad) });
  const errors = page.getByRole('table', { name: '错误明细' });
  await expect(errors.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(errors).toContainText('通用名');
  await expect(errors).toContainText('类型');
  await expect(errors).toContainText('批准文号');
  await expect(page.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /下载错误报告/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // The fixed file passes and is applied.
  await fileInput.setInputFiles({ name: '药品导入-修正.xlsx', mimeType: mime, buffer: await workbook(good) });
  await expect(page.getByText('全部行校验通过')).toBeVisible();
  await expect(tableRows(page, '有效行预览')).toHaveCount(5);
  await page.getByRole('button', { name: /确认导入/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '导入成功：新增 5 条' })).toBeVisible();

  await page.goto(`/medicine/list?q=${encodeURIComponent(stamp)}`);
  await expect(tableRows(page, '药品列表')).toHaveCount(5);
  await expect(page.getByText('共 5 条')).toBeVisible();
});

test('a reversed price range is refused on the field, not answered with an empty list', async ({ page }) => {
  await page.goto('/medicine/list');
  const form = page.locator('form').first();
  await form.getByLabel('最低价').fill('50');
  await form.getByLabel('最高价').fill('10');
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(form.getByText('最高价不能低于最低价')).toBeVisible();
  await expect(page).not.toHaveURL(/max_price/);
  const api = await page.request.get('/api/v1/mp/cms/medicines?min_price=50&max_price=10');
  expect(api.status()).toBe(400);
  expect((await api.json()).msg).toContain('最高价不能低于最低价');
});
