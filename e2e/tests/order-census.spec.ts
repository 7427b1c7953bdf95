import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// The demo pharmacy_admin's pharmacy: the first demo pharmacy (仁心大药房(上海浦东店)).
const PHARMACY_ID = 1;

/** The demo patient places and pays an OTC order today, so today's bucket has at least one paid order. */
async function placePaidOrder(request: APIRequestContext) {
  const login = await request.post('/api/v1/user/admin/login', {
    data: { phone: demoAccounts.patient, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const auth = { auth: (await login.json()).data.token as string };
  const products = await request.get(`/api/v1/pharmacy/product/list?pharmacy_id=${PHARMACY_ID}&type=OTC&page_size=50`);
  const quote = ((await products.json()).data.list as { id: number; stock: number }[]).find((q) => q.stock >= 5);
  expect(quote, 'an on-shelf OTC quote with stock').toBeTruthy();
  const family = (await (await request.get('/api/v1/user/family_member', { headers: auth })).json()).data;
  const addresses = (await (await request.get('/api/v1/user/address', { headers: auth })).json()).data;
  const created = await request.post('/api/v1/orders/user_order', {
    headers: { ...auth, 'Idempotency-Key': `census-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: {
      pharmacy_id: PHARMACY_ID,
      family_member_id: family[0].id,
      address_id: addresses[0].id,
      lines: [{ quote_id: quote!.id, qty: 1 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()).data as { id: number };
  const paid = await request.post(`/api/v1/orders/user_order/${order.id}/pay`, {
    headers: auth,
    data: { provider: 'offline', reference: '统计测试' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** An ECharts chart drew: its canvas is there with a non-zero size. */
async function expectDrawn(chart: Locator) {
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
}

test('订单统计: cards, the ECharts charts and the table for the pharmacy_admin; 按月 in the URL', async ({
  page,
  request,
}) => {
  await placePaidOrder(request);

  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/message');
  await app.menu().getByRole('link', { name: '订单统计' }).click();
  await expect(page).toHaveURL(/\/pharmacy\/order\/census$/);
  await expect(page.getByRole('heading', { name: '订单统计' })).toBeVisible();

  // the summary cards, with today's paid order counted
  const cards = page.getByTestId('census-card');
  await expect(cards).toHaveCount(4);
  const card = (title: string) => cards.filter({ has: page.getByText(title, { exact: true }) });
  await expect(card('订单数')).toBeVisible();
  await expect(card('客单价')).toContainText('¥');
  await expect(card('退款/取消')).toBeVisible();
  const orders = Number((await card('订单数').locator('.ant-statistic-content').textContent())?.replace(/,/g, ''));
  expect(orders).toBeGreaterThan(0);

  // the charts draw on canvases of non-zero size
  await expectDrawn(page.getByRole('img', { name: '订单与成交金额趋势图' }));
  await expectDrawn(page.getByRole('img', { name: '订单状态分布图' }));
  await expectDrawn(page.getByRole('img', { name: '热销商品排行图' }));
  await expectDrawn(page.getByRole('img', { name: '订单价格分布图' }));

  // the table: one row per day of the default 30 days and a 合计 row equal to the card (read together: other files
  // place orders at this pharmacy in parallel)
  const table = page.getByTestId('census-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(30);
  const total = table.locator('tr', { hasText: '合计' });
  await expect(total).toBeVisible();
  const cardAndTotal = async () => [
    await card('订单数').locator('.ant-statistic-content').textContent(),
    await total.locator('td').nth(1).textContent(),
  ];
  await expect.poll(async () => new Set(await cardAndTotal()).size).toBe(1);
  // today's row has the paid order
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const todayRow = table.locator('tbody tr.ant-table-row', { hasText: today });
  await expect(todayRow).toBeVisible();
  expect(Number(await todayRow.locator('td').nth(3).textContent())).toBeGreaterThan(0);

  // 按月: the URL carries it, rows are months, the same total
  await page.getByRole('radiogroup', { name: '统计粒度' }).getByText('按月').click();
  await expect(page).toHaveURL(/granularity=month/);
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(/\d{4}年\d{1,2}月/);
  // (other files place orders at this pharmacy in parallel: the card and the 合计 row are read together)
  await expect.poll(async () => new Set(await cardAndTotal()).size).toBe(1);

  // the URL is the state: reloading keeps 按月
  await page.reload();
  await expect(page.getByTestId('census-table').locator('tbody tr.ant-table-row').first()).toContainText(
    /\d{4}年\d{1,2}月/,
  );
  await expectDrawn(page.getByRole('img', { name: '订单与成交金额趋势图' }));
});

test('订单统计 is refused to customer service (no order_statistics), on the page and by the API', async ({
  page,
  request,
}) => {
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.customer_service, '/message');
  await expect(app.menu().getByRole('link', { name: '订单统计' })).toHaveCount(0);
  await page.goto('/pharmacy/order/census');
  await expect(page.getByRole('img', { name: '订单与成交金额趋势图' })).toHaveCount(0);

  const login = await request.post('/api/v1/user/admin/login', {
    data: { phone: demoAccounts.customer_service, password: DEMO_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const res = await request.get('/api/v1/orders/census', { headers: { auth: token, pharmacyid: String(PHARMACY_ID) } });
  expect(res.status()).toBe(403);
});
