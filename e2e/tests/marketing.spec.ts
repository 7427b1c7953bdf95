import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// Issue 16 end to end, each flow once at the level that proves it:
// - customer service 王丽娟 places a proxy order (代下单) for the demo patient 李小华, who opens the payment link on her
//   phone and pays; the order is in 王丽娟's 客户订单 and, confirmed, in the pharmacy's 订单管理;
// - a task is created from 李小华's customer card and completed, with its log;
// - a share package is approved by the manager, opened by its recipient and refused to another patient
//   (您不是被分享人); the blacklisted patient's order is refused;
// - a patient opens a channel's code and the scan shows in the channel's figures.

const PUDONG_ID = 1;
const PATIENT_NAME = '李小华';
/** The blacklisted demo patient (seed/marketing/blacklist.ts; password Demo@12345). */
const BLACKLISTED = '13900000009';

async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', { data: { phone, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(`/api/v1${url}`, { headers: { auth: token, pharmacyid: String(PUDONG_ID) } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

async function consoleAs(browser: Browser, phone: string, at: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new ConsolePage(page).useSession(phone, '/message');
  await page.goto(at);
  return page;
}

async function phoneAs(browser: Browser, phone: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await new ConsolePage(page).signIn(phone, { pickPharmacy: false });
  await expect(page).toHaveURL(/\/patient/);
  return page;
}

/** Types into a searchable antd Select and picks the option holding `option`. */
async function choose(page: Page, scope: Page | Locator, label: string, typed: string, option: string | RegExp) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('customer service places a proxy order for a customer; she pays through the link on her phone; it shows in 客户订单 and, confirmed, in 订单管理', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, demoAccounts.customer_service);
  const catalog = await apiGet<{ quotes: { product_name: string; type: string; stock: number }[] }>(
    request,
    token,
    '/marketing/order/catalog?kind=proxy',
  );
  const item = catalog.quotes.find((q) => q.type === 'OTC' && q.stock > 5);
  expect(item, 'an OTC quote on shelf at the Pudong store').toBeTruthy();

  // ── 创建代下单 ──
  const cs = await consoleAs(browser, demoAccounts.customer_service, '/marketManage/substituteOrder');
  const form = cs.getByRole('form', { name: /代下单表单/ });
  await choose(cs, form, '客户', demoAccounts.patient, PATIENT_NAME);
  await choose(cs, form, '用药人', '', PATIENT_NAME);
  await choose(cs, form, '收货地址', '', PATIENT_NAME);
  await choose(cs, form, '添加商品', item!.product_name, item!.product_name);
  await expect(form.getByLabel('已选商品')).toContainText(item!.product_name);
  await form.getByRole('button', { name: '提交订单' }).click();

  await expect(cs).toHaveURL(/\/marketManage\/substituteOrder\/detail\?id=\d+/);
  const orderId = Number(new URL(cs.url()).searchParams.get('id'));
  const link = await cs.getByLabel('支付链接').inputValue();
  expect(link).toMatch(new RegExp(`/patient/pay\\?id=${orderId}$`));
  const order = await apiGet<{ order_no: string; pay_amount: string }>(request, token, `/marketing/order/${orderId}`);

  // ── the customer, on her phone: the link, 我已付款 ──
  const patient = await phoneAs(browser, demoAccounts.patient);
  await patient.goto(new URL(link).pathname + new URL(link).search);
  await expect(patient.getByLabel('应付金额')).toContainText(order.pay_amount);
  await patient.getByRole('button', { name: '我已付款' }).click();
  await expect(patient).toHaveURL(new RegExp(`/patient/order\\?id=${orderId}$`));
  await expect(patient.getByRole('heading', { name: '待商家确认收款' })).toBeVisible();

  // ── 客户订单 of 王丽娟 lists it as 代下单 ──
  await cs.goto('/marketManage/order');
  await cs.getByPlaceholder('订单号 / 手机号 / 尾号 4 位').fill(order.order_no);
  await cs.getByPlaceholder('订单号 / 手机号 / 尾号 4 位').press('Enter');
  const mine = cs.getByRole('row').filter({ hasText: order.order_no });
  await expect(mine).toContainText('代下单');
  await expect(mine).toContainText('待付款');

  // ── the pharmacy confirms the transfer on 订单管理 ──
  const admin = await consoleAs(browser, demoAccounts.pharmacy_admin, '/pharmacy/order');
  await admin.getByLabel('搜索订单').fill(order.order_no);
  await admin.getByLabel('搜索订单').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: order.order_no });
  await row.getByRole('button', { name: '确认收款' }).click();
  await admin
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toContainText('待发货');
});

test('a share package is approved by the manager and opened by its recipient; another patient is refused (您不是被分享人), and the blacklisted patient cannot order', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // ── the manager approves 李小华's pending share on 分享套餐 ──
  const manager = await consoleAs(browser, demoAccounts.manager, '/pharmacy/combo?tab=share');
  await manager.getByRole('tab', { name: /待审核/ }).click();
  const row = manager.getByRole('row').filter({ hasText: '139****0001' }).first();
  const title = (await row.locator('td').first().locator('strong').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await row.getByRole('button', { name: '审核通过' }).click();
  await manager
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(manager.getByText('已审核通过', { exact: true })).toBeVisible();
  await manager.getByRole('tab', { name: /审核通过/ }).click();
  const approved = manager.getByRole('row').filter({ hasText: title }).first();
  await expect(approved.getByRole('button', { name: '复制链接' })).toBeVisible();

  const token = await tokenOf(request, demoAccounts.manager);
  const list = await apiGet<{ list: { id: number; title: string; status: string }[] }>(
    request,
    token,
    '/share?status=approved&page_size=50',
  );
  const share = list.list.find((s) => s.title === title && s.status === 'approved');
  expect(share, `the approved share ${title}`).toBeTruthy();

  // ── its recipient opens it ──
  const patient = await phoneAs(browser, demoAccounts.patient);
  await patient.goto(`/patient/share?id=${share!.id}`);
  await expect(patient.getByText(title).first()).toBeVisible();
  await expect(patient.getByRole('button', { name: '立即购买' })).toBeVisible();

  // ── another patient: 您不是被分享人 ──
  const other = await phoneAs(browser, BLACKLISTED);
  await other.goto(`/patient/share?id=${share!.id}`);
  await expect(other.getByText('您不是被分享人').first()).toBeVisible();
  await expect(other.getByRole('button', { name: '立即购买' })).toHaveCount(0);

  // ── the blacklisted patient's order at the store is refused by the server ──
  const blocked = await tokenOf(request, BLACKLISTED);
  const members = await (await request.get('/api/v1/user/family_member', { headers: { auth: blocked } })).json();
  const addresses = await (await request.get('/api/v1/user/address', { headers: { auth: blocked } })).json();
  const quote = (
    await apiGet<{ quotes: { quote_id: number; type: string; stock: number }[] }>(
      request,
      token,
      '/marketing/order/catalog?kind=proxy',
    )
  ).quotes.find((q) => q.type === 'OTC' && q.stock > 0)!;
  const res = await request.post('/api/v1/orders/user_order', {
    headers: { auth: blocked },
    data: {
      pharmacy_id: PUDONG_ID,
      family_member_id: members.data[0]?.id ?? 1,
      address_id: addresses.data[0]?.id ?? 1,
      lines: [{ quote_id: quote.quote_id, qty: 1 }],
    },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).msg).toBe('该用户已被加入黑名单，无法操作');
});

test('a patient comes through a channel’s code; the scan shows in the channel’s figures', async ({ browser }) => {
  test.setTimeout(90_000);
  const manager = await consoleAs(browser, demoAccounts.manager, '/marketManage/channel');
  const row = () => manager.getByRole('row').filter({ hasText: 'pd-poster' });
  const scansCell = (await row().locator('td').nth(2).textContent())?.trim();
  const before = Number(scansCell);
  expect(Number.isInteger(before)).toBe(true);

  // 李小华 is a customer already: the page says so, and her arrival through the code is a scan of it
  const patient = await phoneAs(browser, demoAccounts.patient);
  await patient.goto('/patient/invite?scene=pd-poster');
  await expect(patient.getByText('您已是本店会员').first()).toBeVisible();
  await expect(patient.getByRole('button', { name: /加入药店/ })).toHaveCount(0);

  await expect
    .poll(async () => {
      await manager.reload();
      return Number((await row().locator('td').nth(2).textContent())?.trim());
    })
    .toBe(before + 1);
});

test('a task is created from a customer’s card and completed; its log holds every step', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `回访用药情况 ${Date.now() % 100_000}`;
  const cs = await consoleAs(browser, demoAccounts.customer_service, '/marketManage/customer');
  await cs.getByPlaceholder('手机号 / 手机后四位 / 姓名').fill(demoAccounts.patient);
  await cs.getByPlaceholder('手机号 / 手机后四位 / 姓名').press('Enter');
  const row = cs.getByRole('row').filter({ hasText: PATIENT_NAME });
  await row.getByRole('button', { name: '查看' }).click();
  const card = cs.getByRole('dialog', { name: `客户卡片 · ${PATIENT_NAME}` });
  await card.getByRole('button', { name: '新建任务' }).click();

  const dialog = cs.getByRole('dialog', { name: '新建任务' });
  await choose(cs, dialog, '任务类型', '', '跟进回访');
  await dialog.getByLabel('任务标题').fill(title);
  const due = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 2 * 86_400_000));
  const dueInput = dialog.getByLabel('截止时间');
  await dueInput.click();
  await dueInput.fill(`${due} 10:00`);
  await dueInput.press('Enter');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(cs.getByText('任务已创建', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const token = await tokenOf(request, demoAccounts.customer_service);
  const tasks = await apiGet<{ list: { id: number; title: string; status: string }[] }>(
    request,
    token,
    `/marketing/task/list?keyword=${demoAccounts.patient}&page_size=50`,
  );
  const task = tasks.list.find((t) => t.title === title);
  expect(task?.status).toBe('pending');

  await cs.goto(`/marketManage/task?id=${task!.id}`);
  const drawer = cs.getByRole('dialog', { name: title });
  await drawer.getByRole('button', { name: '开始处理' }).click();
  await cs
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await drawer.getByRole('button', { name: /^完\s*成$/ }).click();
  const done = cs
    .getByRole('dialog')
    .filter({ has: cs.getByRole('button', { name: /确\s*定/ }) })
    .last();
  await done.getByRole('textbox').fill('电话回访：按时服药，血压平稳，下月初复购。');
  await done.getByRole('button', { name: /确\s*定/ }).click();

  const log = drawer.getByRole('region', { name: '任务日志' });
  for (const step of ['创建任务', '开始处理', '完成任务']) await expect(log).toContainText(step);
  await expect(drawer).toContainText('已完成');
});
