import { readFile, writeFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// The demo pharmacy_admin's pharmacy: the first demo pharmacy (仁心大药房(上海浦东店)), which ships with SF.
const PHARMACY_ID = 1;

interface Placed {
  id: number;
  order_no: string;
}

async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', { data: { phone, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** The pharmacy's on-shelf OTC quotes with stock (the public product list). */
async function otcQuotes(request: APIRequestContext): Promise<number[]> {
  const res = await request.get(`/api/v1/pharmacy/product/list?pharmacy_id=${PHARMACY_ID}&type=OTC&page_size=50`);
  expect(res.status()).toBe(200);
  const list = (await res.json()).data.list as { id: number; stock: number }[];
  const ids = list.filter((q) => q.stock >= 5).map((q) => q.id);
  expect(ids.length, 'on-shelf OTC quotes with stock').toBeGreaterThan(0);
  return ids;
}

/**
 * An OTC order waiting for shipment: the demo patient places it (POST /orders/user_order) and pays offline, the
 * pharmacy's staff confirm the payment.
 */
async function paidOrder(
  request: APIRequestContext,
  patient: string,
  staff: string,
  quoteId: number,
  who: { family: number; address: number },
): Promise<Placed> {
  const created = await request.post('/api/v1/orders/user_order', {
    headers: { auth: patient, 'Idempotency-Key': `ship-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: {
      pharmacy_id: PHARMACY_ID,
      family_member_id: who.family,
      address_id: who.address,
      lines: [{ quote_id: quoteId, qty: 1 }],
      buyer_remark: 'e2e 发货',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()).data as Placed;
  const paid = await request.post(`/api/v1/orders/user_order/${order.id}/pay`, {
    headers: { auth: patient },
    data: { provider: 'offline', reference: '尾号 0042 转账' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const confirmed = await request.put(`/api/v1/orders/pharmacy/${order.id}/pay`, {
    headers: { auth: staff, pharmacyid: String(PHARMACY_ID) },
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect((await confirmed.json()).data.status).toBe('pending_shipment');
  return order;
}

async function patientParty(request: APIRequestContext, patient: string) {
  const auth = { auth: patient };
  const family = (await (await request.get('/api/v1/user/family_member', { headers: auth })).json()).data as {
    id: number;
  }[];
  const addresses = (await (await request.get('/api/v1/user/address', { headers: auth })).json()).data as {
    id: number;
  }[];
  expect(family.length && addresses.length, 'the demo patient has a family member and an address').toBeTruthy();
  return { family: family[0]!.id, address: addresses[0]!.id };
}

async function statusOf(request: APIRequestContext, staff: string, id: number): Promise<string> {
  const res = await request.get(`/api/v1/orders/pharmacy/${id}`, {
    headers: { auth: staff, pharmacyid: String(PHARMACY_ID) },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.status as string;
}

/** The text of each page of a PDF, read with pdfjs (the legacy build runs in Node). */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

const table = (page: Page) => page.getByRole('table', { name: '订单列表' });
const rowOf = (page: Page, orderNo: string) => table(page).getByRole('row').filter({ hasText: orderNo });

/** Searches the list for one order number (the URL carries it before a dialog is opened through the URL). */
async function openOrder(page: Page, orderNo: string) {
  await page.goto('/pharmacy/order');
  await expect(page.getByRole('heading', { name: '订单管理' })).toBeVisible();
  const box = page.getByLabel('搜索订单');
  await box.fill(orderNo);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`order_no=${orderNo}`));
  await expect(rowOf(page, orderNo)).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(2);
}

test('an OTC order ships with an SF waybill; the label PDF carries the barcode’s text', async ({ page, request }) => {
  test.setTimeout(90_000);
  const patient = await tokenOf(request, demoAccounts.patient);
  const staff = await tokenOf(request, demoAccounts.pharmacy_admin);
  const [quoteId] = await otcQuotes(request);
  const order = await paidOrder(request, patient, staff, quoteId!, await patientParty(request, patient));

  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/message');
  await openOrder(page, order.order_no);
  const row = rowOf(page, order.order_no);
  await expect(row).toContainText('待发货');
  await row.getByRole('button', { name: '顺丰发货' }).click();

  const dialog = page.getByRole('dialog', { name: /顺丰发货/ });
  await expect(dialog).toContainText(order.order_no);
  await dialog.getByLabel('备注').fill('易碎，轻放');
  await dialog.getByRole('button', { name: '生成运单并发货' }).click();
  await expect(dialog.getByText('已生成顺丰运单，订单已发货')).toBeVisible();
  const waybill = (await dialog.getByText(/^运单号 SF\d{13}$/).textContent())!.replace('运单号 ', '');
  expect(waybill).toMatch(/^SF\d{13}$/);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '打印面单' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`顺丰面单_${waybill}.pdf`);
  const file = test.info().outputPath('label.pdf');
  await download.saveAs(file);
  const [text] = await pdfPages(await readFile(file));
  expect(text).toContain(waybill);
  expect(text).toContain(order.order_no);

  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(row).toContainText('已发货');
  expect(await statusOf(request, staff, order.id)).toBe('shipped');

  // the logistics dialog: the shipment is the first event; staff add one
  await row.getByRole('button', { name: '物流' }).click();
  const logistics = page.getByRole('dialog', { name: /物流信息/ });
  await expect(logistics).toContainText(waybill);
  await expect(logistics).toContainText(`商家已发货，顺丰速运 运单号 ${waybill}`);
  await logistics.getByLabel('地点').fill('上海');
  await logistics.getByLabel('物流动态').fill('快件已由顺丰揽收');
  await logistics.getByRole('button', { name: '添加动态' }).click();
  await expect(logistics.getByText('快件已由顺丰揽收')).toBeVisible();
});

test('a batch ship of 20 rows with 2 bad rows shows the report and ships 18', async ({ page, request }) => {
  test.setTimeout(90_000);
  const patient = await tokenOf(request, demoAccounts.patient);
  const staff = await tokenOf(request, demoAccounts.pharmacy_admin);
  const quotes = await otcQuotes(request);
  const party = await patientParty(request, patient);
  const orders: Placed[] = [];
  for (let i = 0; i < 19; i++) orders.push(await paidOrder(request, patient, staff, quotes[i % quotes.length]!, party));

  const stamp = String(Date.now()).slice(-8);
  const lines = ['订单号,运单号,快递公司'];
  orders.slice(0, 18).forEach((o, i) => {
    // half with the courier named, half detected from the prefix
    lines.push(
      i % 2
        ? `${o.order_no},YT88${stamp}${String(i).padStart(3, '0')},圆通`
        : `${o.order_no},SF19${stamp}${String(i).padStart(3, '0')},`,
    );
  });
  lines.push(`${orders[18]!.order_no},SF-123,`); // a bad tracking number
  lines.push(`209901010000000001,SF1999${stamp}0,`); // no such order
  const file = test.info().outputPath('批量发货.csv');
  await writeFile(file, `\ufeff${lines.join('\n')}\n`);

  const app = new ConsolePage(page);
  await app.useSession(demoAccounts.pharmacy_admin, '/message');
  await page.goto('/pharmacy/order');
  await page.getByRole('button', { name: '批量发货' }).click();
  const dialog = page.getByRole('dialog', { name: '批量发货' });
  await dialog.locator('input[type=file]').setInputFiles(file);

  await expect(dialog.getByText('有 2 行不能发货')).toBeVisible();
  await expect(dialog.getByText('运单号应为 8–30 位字母或数字')).toBeVisible();
  await expect(dialog.getByText('订单不存在或不属于本药房')).toBeVisible();
  await dialog.getByRole('button', { name: '发货有效行（18 单）' }).click();
  await expect(page.getByText('已发货 18 单')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  const statuses = await Promise.all(orders.map((o) => statusOf(request, staff, o.id)));
  expect(statuses.slice(0, 18).every((s) => s === 'shipped')).toBe(true);
  expect(statuses[18]).toBe('pending_shipment');
});
