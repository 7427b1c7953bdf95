import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// The demo pharmacy_admin's pharmacy: the first demo pharmacy (仁心大药房(上海浦东店)).
const PHARMACY_ID = 1;

interface Placed {
  id: number;
  order_no: string;
  pay_amount: string;
}

/** The demo patient's session for API calls (the patient's side is the mini program: no console page). */
async function patientToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', {
    data: { phone: demoAccounts.patient, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** The pharmacy's first on-shelf quote with stock of this type (the public product list). */
async function quoteOf(request: APIRequestContext, type: 'RX' | 'OTC'): Promise<number> {
  const res = await request.get(`/api/v1/pharmacy/product/list?pharmacy_id=${PHARMACY_ID}&type=${type}&page_size=50`);
  expect(res.status()).toBe(200);
  const list = (await res.json()).data.list as { id: number; stock: number }[];
  const quote = list.find((q) => q.stock >= 5);
  expect(quote, `an on-shelf ${type} quote with stock`).toBeTruthy();
  return quote!.id;
}

/** The demo patient places an order of one quote for their default family member to their default address. */
async function placeOrder(request: APIRequestContext, token: string, quoteId: number, pay: boolean): Promise<Placed> {
  const auth = { auth: token };
  const family = (await (await request.get('/api/v1/user/family_member', { headers: auth })).json()).data as {
    id: number;
  }[];
  const addresses = (await (await request.get('/api/v1/user/address', { headers: auth })).json()).data as {
    id: number;
  }[];
  expect(family.length && addresses.length, 'the demo patient has a family member and an address').toBeTruthy();
  const created = await request.post('/api/v1/orders/user_order', {
    headers: { ...auth, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: {
      pharmacy_id: PHARMACY_ID,
      family_member_id: family[0]!.id,
      address_id: addresses[0]!.id,
      lines: [{ quote_id: quoteId, qty: 1 }],
      buyer_remark: 'e2e 订单',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()).data as Placed;
  if (pay) {
    const paid = await request.post(`/api/v1/orders/user_order/${order.id}/pay`, {
      headers: auth,
      data: { provider: 'offline', reference: '尾号 0042 转账' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }
  return order;
}

const table = (page: Page) => page.getByRole('table', { name: '订单列表' });
const rowOf = (page: Page, orderNo: string) => table(page).getByRole('row').filter({ hasText: orderNo });

/** Searches the list for one order number (the URL carries it). */
async function search(page: Page, orderNo: string) {
  const box = page.getByLabel('搜索订单');
  await box.fill(orderNo);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`order_no=${orderNo}`));
  await expect(rowOf(page, orderNo)).toBeVisible();
}

/** The count a status tab shows: 待审方 (3). */
async function tabCount(page: Page, label: string): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  await expect(tab).toBeVisible();
  return Number((await tab.textContent())?.match(/\((\d+)\)/)?.[1]);
}

test('the patient’s paid RX order: the pharmacy confirms the payment and it waits in 待审方; a remark is added', async ({
  page,
  request,
}) => {
  const token = await patientToken(request);
  const order = await placeOrder(request, token, await quoteOf(request, 'RX'), true);

  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/message');
  await app.menu().getByRole('link', { name: '订单管理' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/order$/);
  await expect(page.getByRole('heading', { name: '订单管理' })).toBeVisible();

  await search(page, order.order_no);
  const row = rowOf(page, order.order_no);
  await expect(row).toContainText('待付款');
  await expect(row).toContainText('处方');
  await expect(row).toContainText(`¥${order.pay_amount}`);
  // phones are masked in the list
  await expect(row).toContainText(/1\d{2}\*{4}\d{4}/);

  // 确认收款: asks first, then the order goes to 待审方 (it holds RX items)
  await row.getByRole('button', { name: '确认收款' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText('已确认收款，等待处方审核', { exact: true })).toBeVisible();
  await expect(row).toContainText('待审方');
  // the state machine's buttons: no 发货 and no 取消 while waiting for the prescription review
  await expect(row.getByRole('button', { name: '发货' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '取消' })).toHaveCount(0);

  // the 待审方 tab counts it and lists it (counted under the search: other spec files order at this pharmacy too)
  await expect.poll(() => tabCount(page, '待审方')).toBe(1);
  await expect.poll(() => tabCount(page, '待付款')).toBe(0);
  await page.getByRole('tab', { name: /^待审方/ }).click();
  await expect(page).toHaveURL(/status=pending_review/);
  await expect(rowOf(page, order.order_no)).toBeVisible();

  // the detail says plainly that it waits for the prescription review
  await rowOf(page, order.order_no)
    .getByRole('button', { name: `订单详情：${order.order_no}` })
    .click();
  const drawer = page.getByRole('dialog', { name: `订单详情 · ${order.order_no}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('等待处方审核')).toBeVisible();
  await expect(drawer.getByRole('region', { name: '支付记录' })).toContainText('已收款');
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();
  await expect(drawer).toBeHidden();

  // 备注: added with the staff member's name, in the history
  await rowOf(page, order.order_no).getByRole('button', { name: '备注' }).click();
  const remark = page.getByRole('dialog', { name: `订单备注 · ${order.order_no}` });
  await remark.getByLabel('新增备注').fill('已电话联系顾客，等待医生开方');
  await remark.getByRole('button', { name: '添加备注' }).click();
  await expect(page.getByText('已添加备注', { exact: true })).toBeVisible();
  const history = remark.getByRole('list', { name: '备注记录' }).or(remark.locator('.ant-list')).first();
  await expect(history).toContainText('已电话联系顾客，等待医生开方');
  await expect(history).toContainText('周晓梅');
});

test('an unpaid order is cancelled with a reason; the reason is required and shows in the detail', async ({
  page,
  request,
}) => {
  const token = await patientToken(request);
  const order = await placeOrder(request, token, await quoteOf(request, 'OTC'), false);

  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/pharmacy/order');
  await search(page, order.order_no);
  const row = rowOf(page, order.order_no);
  await expect(row).toContainText('待付款');
  await row.getByRole('button', { name: '取消' }).click();
  const dialog = page.getByRole('dialog', { name: `取消订单 · ${order.order_no}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(dialog.getByText('请填写取消原因')).toBeVisible();
  await dialog.getByLabel('取消原因').fill('顾客电话要求取消：地址填错');
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByText('订单已取消', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('已取消');
  // a cancelled order may be deleted, and no longer cancelled again
  await expect(row.getByRole('button', { name: '删除' })).toBeVisible();
  await expect(row.getByRole('button', { name: '取消' })).toHaveCount(0);

  await row.getByRole('button', { name: `订单详情：${order.order_no}` }).click();
  const drawer = page.getByRole('dialog', { name: `订单详情 · ${order.order_no}` });
  await expect(drawer).toContainText('取消原因：顾客电话要求取消：地址填错');
});
