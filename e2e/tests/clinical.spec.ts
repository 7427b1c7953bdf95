import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// Issue 13 end to end: an RX order of the demo patient (through the API) → its consultation request reaches the doctor
// → the doctor takes it and writes the prescription (the allergy warning shows and needs a reason) → the pharmacist
// zooms, merges two images and approves → the order waits for shipment in the pharmacy console; the prescription PDF
// carries the patient, the items and the number. A rejection cancels and refunds.

const PHARMACY_ID = 1;

async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', { data: { phone, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  token: string,
  data?: unknown,
  pharmacy = false,
): Promise<T> {
  const res = await request[method](`/api/v1${url}`, {
    headers: { auth: token, ...(pharmacy ? { pharmacyid: String(PHARMACY_ID) } : {}) },
    ...(data === undefined ? {} : { data: data as object }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as T;
}

interface Family {
  id: number;
  name: string;
}

/** The demo patient's RX order of an amoxicillin quote, paid and confirmed: pending_review with its request open. */
async function rxOrder(request: APIRequestContext, patient: string, staff: string, familyName: string) {
  const products = await request.get(
    `/api/v1/pharmacy/product/list?pharmacy_id=${PHARMACY_ID}&type=RX&q=${encodeURIComponent('阿莫西林')}&page_size=50`,
  );
  const list = (await products.json()).data.list as { id: number; stock: number; product: { name: string } }[];
  const quote = list.find((q) => q.product.name.includes('阿莫西林') && q.stock >= 2);
  expect(quote, 'pharmacy 1 sells amoxicillin (RX)').toBeTruthy();
  const family = (await api<Family[]>(request, 'get', '/user/family_member', patient)).find(
    (f) => f.name === familyName,
  );
  const address = (await api<{ id: number }[]>(request, 'get', '/user/address', patient))[0];
  expect(family && address, `the demo patient's ${familyName} and an address`).toBeTruthy();
  const created = await request.post('/api/v1/orders/user_order', {
    headers: { auth: patient, 'Idempotency-Key': `rx-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: {
      pharmacy_id: PHARMACY_ID,
      family_member_id: family!.id,
      address_id: address!.id,
      lines: [{ quote_id: quote!.id, qty: 2 }],
      buyer_remark: '咽痛发热三天，需要处方',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const order = (await created.json()).data as { id: number; order_no: string };
  await api(request, 'post', `/orders/user_order/${order.id}/pay`, patient, {
    provider: 'offline',
    reference: 'e2e 处方',
  });
  const paid = await api<{ status: string }>(request, 'put', `/orders/pharmacy/${order.id}/pay`, staff, {}, true);
  expect(paid.status).toBe('pending_review');
  const mine = await api<{ list: { id: number; order_no: string | null }[] }>(
    request,
    'get',
    '/consultation_request/mine?page_size=50',
    patient,
  );
  const consultation = mine.list.find((c) => c.order_no === order.order_no);
  expect(consultation, 'paying the RX order opened its consultation request').toBeTruthy();
  return { order, consultationId: consultation!.id };
}

/** A page signed in as `phone` in a context of its own (the roles act side by side). */
async function pageAs(browser: Browser, phone: string, at: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new ConsolePage(page).useSession(phone, at);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The text of each page of a PDF, read with pdfjs (the legacy build runs in Node). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return pages.join('\n');
}

test('an RX order goes from the doctor to the pharmacist to the pharmacy console', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const patient = await tokenOf(request, demoAccounts.patient);
  const staff = await tokenOf(request, demoAccounts.pharmacy_admin);
  const doctorToken = await tokenOf(request, demoAccounts.doctor);
  // 李小华 is allergic to 青霉素: amoxicillin is a penicillin
  const { order, consultationId } = await rxOrder(request, patient, staff, '李小华');

  // the patient adds two photos to the request (a prescription and a record), as the phone page does
  const photoPage = await (await browser.newContext({ viewport: { width: 600, height: 400 } })).newPage();
  for (const [i, text] of ['门诊处方 阿莫西林胶囊 0.25g', '门诊病历 急性扁桃体炎'].entries()) {
    await photoPage.setContent(
      `<body style="margin:0;background:#fffdf5;font:28px sans-serif;padding:40px">${text}<br><small>第 ${i + 1} 页</small></body>`,
    );
    const res = await request.post(`/api/v1/consultation_request/mine/${consultationId}/image`, {
      headers: { auth: patient },
      multipart: {
        folder: 'prescription',
        file: { name: 'prescription.png', mimeType: 'image/png', buffer: await photoPage.screenshot() },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await photoPage.context().close();

  // the doctor takes the request and writes the prescription
  const doctor = await pageAs(
    browser,
    demoAccounts.doctor,
    `/doctor/consultationNeeds?action=detail&id=${consultationId}`,
  );
  const drawer = doctor.getByRole('dialog', { name: /问诊详情/ });
  await expect(drawer).toContainText('李小华');
  await expect(drawer).toContainText('青霉素');
  await drawer.getByRole('button', { name: /^接\s*诊$/ }).click();
  await expect(doctor).toHaveURL(new RegExp(`/doctor/prescription\\?write=${consultationId}`));
  const sheet = doctor.getByRole('dialog', { name: '处方笺' });
  await expect(sheet).toContainText('阿莫西林');
  await sheet.getByLabel('诊断', { exact: true }).fill('急性扁桃体炎');
  await sheet.getByLabel('诊断', { exact: true }).press('Enter');
  await sheet.getByLabel('第 1 行单次用量').fill('2');
  await choose(doctor, '第 1 行剂量单位', '粒');
  await choose(doctor, '第 1 行频次', '每日3次');
  await choose(doctor, '第 1 行给药途径', '口服');
  await sheet.getByLabel('第 1 行天数').fill('5');
  await sheet.getByLabel('第 1 行数量').fill('2');
  const warnings = sheet.getByLabel('用药检查提示');
  await expect(warnings).toContainText('过敏史冲突');
  await sheet.getByLabel('过敏史冲突的理由').fill('已询问过敏情况并皮试阴性，患者知情同意');
  await sheet.getByRole('button', { name: '开具处方' }).click();
  await expect(doctor.getByText(/处方 RX\d+ 已开具/)).toBeVisible();

  const written = await api<{ list: { id: number; recipe_no: string; order_no: string | null }[] }>(
    request,
    'get',
    '/recipe/doctor?page_size=20',
    doctorToken,
  );
  const recipe = written.list.find((r) => r.order_no === order.order_no);
  expect(recipe, 'the prescription is in the doctor’s list with its order').toBeTruthy();

  // the pharmacist zooms, merges the two photos and approves
  const pharmacist = await pageAs(
    browser,
    demoAccounts.pharmacist,
    `/chemist/prescription-approval?action=inspect&id=${recipe!.id}`,
  );
  const inspect = pharmacist.getByRole('dialog', { name: /审核处方/ });
  await expect(inspect).toContainText(recipe!.recipe_no);
  await expect(inspect).toContainText('过敏史冲突');
  for (let i = 0; i < 4; i++) await inspect.getByRole('button', { name: '放大' }).click();
  await expect(inspect.getByTestId('zoom-level')).toHaveText('3×');
  await inspect.getByLabel('合并时包含图片 1').check();
  await inspect.getByLabel('合并时包含图片 2').check();
  await inspect.getByRole('button', { name: '合并图片' }).click();
  await expect(inspect.getByRole('img', { name: '合并后的处方图片' })).toBeVisible();
  await inspect.getByRole('button', { name: /^通\s*过$/ }).click();
  await pharmacist
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
  await expect(pharmacist.getByText('处方审核通过，订单进入待发货')).toBeVisible();

  // the pharmacy console sees the order ready to ship
  const orders = await pageAs(browser, demoAccounts.pharmacy_admin, `/pharmacy/order?order_no=${order.order_no}`);
  const row = orders.getByRole('table', { name: '订单列表' }).getByRole('row').filter({ hasText: order.order_no });
  await expect(row).toContainText('待发货');

  // the printable prescription carries the patient, the items and the number
  const pdf = await request.get(`/api/v1/recipe/doctor/${recipe!.id}/pdf`, { headers: { auth: doctorToken } });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = await pdfText(await pdf.body());
  expect(text).toContain('李小华');
  expect(text).toContain('阿莫西林');
  expect(text).toContain(recipe!.recipe_no);
  expect(text).toContain('审核通过');
});

test('the pharmacist’s rejection cancels the order and refunds it', async ({ browser, request }) => {
  const patient = await tokenOf(request, demoAccounts.patient);
  const staff = await tokenOf(request, demoAccounts.pharmacy_admin);
  const doctorToken = await tokenOf(request, demoAccounts.doctor);
  // 李建军 has no recorded allergy: the doctor's part goes through the API
  const { order, consultationId } = await rxOrder(request, patient, staff, '李建军');
  await api(request, 'put', `/consultation_request/${consultationId}/approve`, doctorToken);
  const consultation = await api<{ wanted_items: { product_id: number }[] }>(
    request,
    'get',
    `/consultation_request/${consultationId}`,
    doctorToken,
  );
  const written = await api<{ id: number; recipe_no: string }>(request, 'post', '/recipe', doctorToken, {
    consultation_request_id: consultationId,
    diagnoses: ['急性上呼吸道感染'],
    items: [
      {
        product_id: consultation.wanted_items[0]!.product_id,
        dose_amount: '2',
        dose_unit: '粒',
        frequency: 'tid',
        route: '口服',
        days: 5,
        qty: 2,
      },
    ],
  });

  const pharmacist = await pageAs(
    browser,
    demoAccounts.pharmacist,
    `/chemist/prescription-approval?action=inspect&id=${written.id}`,
  );
  const inspect = pharmacist.getByRole('dialog', { name: /审核处方/ });
  await expect(inspect).toContainText(written.recipe_no);
  await inspect.getByRole('button', { name: /^驳\s*回$/ }).click();
  const reject = pharmacist.getByRole('dialog', { name: /驳回处方/ });
  await reject.getByLabel('驳回原因').click();
  await pharmacist
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '用法用量不适宜' })
    .click();
  await reject.getByRole('button', { name: '确认驳回' }).click();
  await expect(pharmacist.getByText('处方已驳回，订单已取消并退款')).toBeVisible();

  const after = await api<{ status: string; payments: { status: string }[] }>(
    request,
    'get',
    `/orders/pharmacy/${order.id}`,
    staff,
    undefined,
    true,
  );
  expect(after.status).toBe('cancelled');
  expect(after.payments.map((p) => p.status)).toEqual(['refunded']);
  const mine = await api<{ list: { order_no: string; status: string }[] }>(
    request,
    'get',
    '/orders/user_order?page_size=50',
    patient,
  );
  expect(mine.list.find((o) => o.order_no === order.order_no)?.status).toBe('cancelled');
});
