import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// The patient area at a phone's size (docs/patient-area.md). Screenshots of each page go to .tmp/patient-area/.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const shots = new URL('../../.tmp/patient-area/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png`, fullPage: false });

/** How many orders the demo patient has (through the API, to prove one 提交订单 makes one order). */
async function orderCount(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/v1/user/admin/login', {
    data: { phone: demoAccounts.patient, password: DEMO_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const res = await request.get('/api/v1/orders/user_order?page_size=1', { headers: { auth: token } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.total as number;
}

test('an unauthenticated visitor of the patient area is sent to sign in, and back after', async ({ page }) => {
  await page.goto('/patient/orders?status=shipped');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpatient%2Forders%3Fstatus%3Dshipped$/);
  await new ConsolePage(page).submitPassword(demoAccounts.patient);
  await expect(page).toHaveURL(/\/patient\/orders\?status=shipped$/);
  await expect(page.getByRole('tab', { name: '已发货', selected: true })).toBeVisible();
});

test('the demo patient buys an OTC item: pharmacy, cart, checkout with a new address, 提交订单 once, offline payment, 待商家确认收款', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = await orderCount(request);
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.patient, { pickPharmacy: false });
  await expect(page).toHaveURL(/\/patient$/);
  await expect(page.getByRole('heading', { name: '选择药店' })).toBeVisible();
  await shot(page, '01-pharmacies');

  // 首页: pick the Pudong pharmacy, add the first OTC item with stock
  await page.getByRole('button', { name: /仁心大药房\(上海浦东店\)/ }).click();
  await expect(page.getByText('仁心大药房(上海浦东店)').first()).toBeVisible();
  const otc = page
    .locator('article.patient-product')
    .filter({ has: page.getByText('OTC', { exact: true }) })
    .filter({ has: page.getByRole('button', { name: /^加入购物车/ }) })
    .first();
  await expect(otc).toBeVisible();
  const name = (await otc.locator('.patient-product-name').textContent())?.trim() ?? '';
  const price = ((await otc.locator('.patient-price').first().textContent()) ?? '').replace('¥', '').trim();
  await otc.getByRole('button', { name: /^加入购物车/ }).click();
  // the + becomes − 1 + (the locator above needed the + button: find the item by its name now)
  await expect(page.getByRole('article', { name }).first().locator('output')).toHaveText('1');
  await expect(page.getByRole('button', { name: '购物车，1 件' })).toBeVisible();
  await shot(page, '02-shop');
  await page.getByRole('button', { name: /^套餐/ }).click();
  await expect(page.getByText('套餐价').first()).toBeVisible();
  await shot(page, '03-combos');

  // the cart survives a reload (localStorage, per pharmacy)
  await page.reload();
  await expect(page.getByRole('button', { name: '购物车，1 件' })).toBeVisible();
  await page.getByRole('button', { name: '去结算' }).click();

  // 确认订单: the existing family member is chosen; a new address through 智能识别
  await expect(page).toHaveURL(/\/patient\/checkout\?pharmacy_id=\d+$/);
  await expect(page.getByRole('radiogroup', { name: '就诊人' }).getByRole('radio', { checked: true })).toBeVisible();
  await page.getByRole('button', { name: '新增地址' }).click();
  const sheet = page.getByRole('dialog', { name: '新增收货地址' });
  const receiver = `周${String(Date.now())
    .slice(-2)
    .replace(/\d/g, (d) => '一二三四五六七八九十'[Number(d)] ?? '一')}`;
  await sheet.getByLabel('粘贴地址').fill(`${receiver} 13912345678 浙江省杭州市西湖区文三路90号3幢201室`);
  await sheet.getByRole('button', { name: '智能识别' }).click();
  await expect(sheet.getByLabel('区县')).toHaveValue('西湖区');
  await expect(sheet.getByLabel('手机号')).toHaveValue('13912345678');
  await shot(page, '04-address-discern');
  await sheet.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(sheet).toBeHidden();
  const addresses = page.getByRole('radiogroup', { name: '收货地址' });
  await expect(addresses.getByRole('radio', { checked: true })).toContainText(receiver);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('商品金额').locator('xpath=following-sibling::dd[1]')).toHaveText(`¥${price}`);
  await shot(page, '05-checkout');

  // a double click places one order
  await page.getByRole('button', { name: '提交订单' }).dblclick();
  await expect(page).toHaveURL(/\/patient\/pay\?id=\d+$/);
  expect(await orderCount(request)).toBe(before + 1);

  // 付款: the receiving account, a reference, 我已付款
  await expect(page.getByLabel('收款账户')).toBeVisible();
  await page.getByLabel('转账备注').fill('尾号 0042');
  await shot(page, '06-pay');
  await page.getByRole('button', { name: '我已付款' }).click();
  await expect(page).toHaveURL(/\/patient\/order\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '待商家确认收款' })).toBeVisible();
  await shot(page, '07-order-detail');

  // 订单: the order reads 待商家确认收款 in the list
  await page.goto('/patient/orders');
  const card = page.locator('article.patient-card').filter({ hasText: name }).first();
  await expect(card.getByText('待商家确认收款')).toBeVisible();
  await shot(page, '08-orders');

  // 我的 and its pages
  await page.getByRole('link', { name: '我的' }).click();
  await expect(page.getByText('139****0001')).toBeVisible();
  await shot(page, '09-me');
  await page.getByRole('link', { name: '收货地址' }).click();
  await expect(page.getByText(receiver).first()).toBeVisible();
  await shot(page, '10-addresses');
  await page.goto('/patient/family-members');
  await expect(page.getByRole('button', { name: '添加就诊人' })).toBeVisible();
  await shot(page, '11-family-members');
});

/** Presses the confirm dialog's button; a press during the dialog's opening animation may miss, so it is retried. */
async function confirmIn(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  // the dialog opens after the click that asks for it: wait for it, or a check made before it opens passes at once
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: button }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** An OTC order of the demo patient at the first demo pharmacy, through the patient API; shipped by its staff if asked. */
async function apiOrder(request: APIRequestContext, ship: boolean): Promise<{ id: number; order_no: string }> {
  const tokenOf = async (phone: string) =>
    (await (await request.post('/api/v1/user/admin/login', { data: { phone, password: DEMO_PASSWORD } })).json()).data
      .token as string;
  const patient = { auth: await tokenOf(demoAccounts.patient) };
  const products = await request.get('/api/v1/pharmacy/product/list?pharmacy_id=1&type=OTC&page_size=50');
  const quote = ((await products.json()).data.list as { id: number; stock: number }[]).find((q) => q.stock >= 5);
  expect(quote, 'an on-shelf OTC quote with stock').toBeTruthy();
  const family = (await (await request.get('/api/v1/user/family_member', { headers: patient })).json()).data;
  const addresses = (await (await request.get('/api/v1/user/address', { headers: patient })).json()).data;
  const created = await request.post('/api/v1/orders/user_order', {
    headers: { ...patient, 'Idempotency-Key': `e2e-patient-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
    data: {
      pharmacy_id: 1,
      family_member_id: family[0].id,
      address_id: addresses[0].id,
      lines: [{ quote_id: quote!.id, qty: 1 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()).data as { id: number; order_no: string };
  if (ship) {
    const staff = { auth: await tokenOf(demoAccounts.pharmacy_admin), pharmacyid: '1' };
    const steps: [string, string, object][] = [
      ['PUT', `/api/v1/orders/pharmacy/${order.id}/pay`, { pay_ref: 'e2e' }],
      ['POST', `/api/v1/orders/pharmacy/${order.id}/send_good`, { courier_code: 'YT', tracking_no: `YT${Date.now()}` }],
    ];
    for (const [method, url, data] of steps) {
      const res = await request.fetch(url, { method, headers: staff, data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    }
  }
  return order;
}

test('a shipped order shows its tracking number and is confirmed received; an unpaid one is cancelled', async ({
  page,
  request,
}) => {
  const shippedOrder = await apiOrder(request, true);
  const unpaidOrder = await apiOrder(request, false);
  const app = new ConsolePage(page);
  await app.signIn(demoAccounts.patient, {
    query: '?redirect=%2Fpatient%2Forders%3Fstatus%3Dshipped',
    pickPharmacy: false,
  });
  await expect(page).toHaveURL(/\/patient\/orders\?status=shipped$/);
  const shipped = page.getByRole('article', { name: `订单 ${shippedOrder.order_no}` });
  await expect(shipped.getByText('已发货')).toBeVisible();
  await shot(page, '12-orders-shipped');
  await shipped.getByRole('link').click();
  await expect(page.getByRole('heading', { name: '已发货' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '物流信息' })).toBeVisible();
  await expect(page.getByText(/圆通速递 YT\d+/)).toBeVisible();
  await shot(page, '13-shipped-detail');
  await page.locator('.patient-bottom-bar').getByRole('button', { name: '确认收货' }).click();
  await confirmIn(page, '确认收货');
  await expect(page.getByRole('heading', { name: '已完成' })).toBeVisible();

  await page.goto('/patient/orders?status=pending_payment');
  const unpaid = page.getByRole('article', { name: `订单 ${unpaidOrder.order_no}` });
  await expect(unpaid.getByText('待付款')).toBeVisible();
  await unpaid.getByRole('button', { name: '取消订单' }).click();
  await confirmIn(page, '取消订单');
  await expect(unpaid).toBeHidden();
  await page.goto('/patient/orders?status=cancelled');
  await expect(page.getByRole('article', { name: `订单 ${unpaidOrder.order_no}` }).getByText('已取消')).toBeVisible();
});
