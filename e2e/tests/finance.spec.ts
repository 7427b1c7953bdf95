import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// The demo pharmacy_admin's pharmacy: the first demo pharmacy.
const PHARMACY_ID = 1;

async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', { data: { phone, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/**
 * An OTC order placed by the demo patient through the patient API, paid offline, confirmed, shipped and completed by
 * the pharmacy's staff: its settlement is then settled.
 */
async function completedOrder(
  request: APIRequestContext,
): Promise<{ id: number; order_no: string; pay_amount: string }> {
  const patient = { auth: await tokenOf(request, demoAccounts.patient) };
  const staff = { auth: await tokenOf(request, demoAccounts.pharmacy_admin), pharmacyid: String(PHARMACY_ID) };
  const products = await request.get(`/api/v1/pharmacy/product/list?pharmacy_id=${PHARMACY_ID}&type=OTC&page_size=50`);
  const quote = ((await products.json()).data.list as { id: number; stock: number }[]).find((q) => q.stock >= 5);
  expect(quote, 'an on-shelf OTC quote with stock').toBeTruthy();
  const family = (await (await request.get('/api/v1/user/family_member', { headers: patient })).json()).data;
  const addresses = (await (await request.get('/api/v1/user/address', { headers: patient })).json()).data;
  const created = await request.post('/api/v1/orders/user_order', {
    headers: { ...patient, 'Idempotency-Key': `e2e-finance-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
    data: {
      pharmacy_id: PHARMACY_ID,
      family_member_id: family[0].id,
      address_id: addresses[0].id,
      lines: [{ quote_id: quote!.id, qty: 2 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()).data as { id: number; order_no: string; pay_amount: string };
  const steps: ['PUT' | 'POST', string, object | undefined][] = [
    ['PUT', `/api/v1/orders/pharmacy/${order.id}/pay`, { pay_ref: 'e2e 对账' }],
    ['POST', `/api/v1/orders/pharmacy/${order.id}/send_good`, { courier_code: 'YT', tracking_no: `YT${Date.now()}` }],
    ['PUT', `/api/v1/orders/pharmacy/${order.id}/complete`, undefined],
  ];
  for (const [method, url, data] of steps) {
    const res = await request.fetch(url, { method, headers: staff, ...(data ? { data } : {}) });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  }
  return order;
}

/** The downloaded file's data rows as header → value records. */
async function readSheet(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, (row.values as unknown[])[i + 1] ?? null])));
  });
  return rows;
}

async function download(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /导\s*出/ }).click(),
  ]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

const today = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');

test('a completed order shows in finance, settled, with its money broken down and checked', async ({
  page,
  request,
}) => {
  const order = await completedOrder(request);
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, `/pharmacy/finance?order_no=${order.order_no}`);
  await expect(page.getByRole('heading', { name: '财务对账' })).toBeVisible();
  const row = page.getByRole('table', { name: '结算列表' }).getByRole('row').filter({ hasText: order.order_no });
  await expect(row).toBeVisible();
  await expect(row.getByText('已结算')).toBeVisible();
  await expect(row.getByText('已完成')).toBeVisible();
  // the statistics follow the filter: one order
  await expect(page.getByTestId('finance-card').first()).toContainText('1');

  await row.getByRole('link', { name: order.order_no }).click();
  await expect(page).toHaveURL(new RegExp(`/pharmacy/finance/orderDetail\\?id=${order.id}$`));
  await expect(page.getByRole('heading', { name: '对账明细' })).toBeVisible();
  await expect(page.getByText(`订单 ${order.order_no}`)).toBeVisible();
  const [int, frac] = order.pay_amount.split('.');
  await expect(page.getByText(`¥${Number(int).toLocaleString('en-US')}.${frac}`).first()).toBeVisible();
  await expect(page.getByText('不一致')).toHaveCount(0);
  await expect(page.getByText('一致', { exact: true })).toHaveCount(5);
});

test('the finance and order exports download files a spreadsheet library reads back with the right rows', async ({
  page,
  request,
}) => {
  const order = await completedOrder(request);
  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, `/pharmacy/finance?order_no=${order.order_no}`);
  await expect(
    page.getByRole('table', { name: '结算列表' }).getByRole('row').filter({ hasText: order.order_no }),
  ).toBeVisible();
  const finance = await download(page);
  expect(finance.name).toBe(`财务对账-${today()}.xls`);
  const financeRows = await readSheet(finance.path);
  expect(financeRows.map((r) => r.订单号)).toEqual([order.order_no]);
  expect(financeRows[0]!.实收金额).toBe(Number(order.pay_amount));
  expect(financeRows[0]!.结算状态).toBe('已结算');

  // the whole settled list: as many rows as the list's total
  const staff = { auth: await tokenOf(request, demoAccounts.pharmacy_admin), pharmacyid: String(PHARMACY_ID) };
  const total = (await (await request.get('/api/v1/finance?status=settled&page_size=1', { headers: staff })).json())
    .data.total as number;
  await page.goto('/pharmacy/finance?status=settled');
  await expect(page.getByText(`共 ${total} 条`)).toBeVisible();
  const settled = await readSheet((await download(page)).path);
  expect(settled).toHaveLength(total);
  expect(settled.every((r) => r.结算状态 === '已结算')).toBe(true);
  expect(settled.map((r) => r.订单号)).toContain(order.order_no);

  // the order list's export of the same order
  await page.goto(`/pharmacy/order?order_no=${order.order_no}`);
  await expect(
    page.getByRole('table', { name: '订单列表' }).getByRole('row').filter({ hasText: order.order_no }),
  ).toBeVisible();
  const orders = await download(page);
  expect(orders.name).toBe(`订单导出-${today()}.xls`);
  const orderRows = await readSheet(orders.path);
  expect(orderRows.map((r) => r.订单号)).toEqual([order.order_no]);
  expect(orderRows[0]!.订单状态).toBe('已完成');
  expect(orderRows[0]!.实付金额).toBe(Number(order.pay_amount));
  expect(orderRows[0]!.快递公司).toBeTruthy();
});
