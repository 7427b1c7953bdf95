import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// Issue 14 end to end: the demo patient (a phone-sized page) and the Pudong pharmacist (the console) in two browser
// contexts: text, an image and a product card both ways, typing and read receipts; the pharmacist's network drops
// and returns and nothing is lost or doubled; customer service takes a transfer; the conversation is found in
// the history after it ends.

const PUDONG = '仁心大药房(上海浦东店)';
const PUDONG_ID = 1;
const PATIENT_NAME = '李小华';

async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', { data: { phone, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** Ends the demo patient's open conversations with the Pudong store, so the test starts a fresh one. */
async function closeOpenConversations(request: APIRequestContext) {
  const admin = await tokenOf(request, demoAccounts.pharmacy_admin);
  const headers = { auth: admin, pharmacyid: String(PUDONG_ID) };
  const list = await request.get(
    `/api/v1/chat/conversations?scope=all&status=open&keyword=${demoAccounts.patient}&page_size=50`,
    { headers },
  );
  expect(list.status(), await list.text()).toBe(200);
  for (const c of (await list.json()).data.list as { id: number }[]) {
    const res = await request.post(`/api/v1/chat/conversations/${c.id}/close`, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

async function consoleAs(browser: Browser, phone: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new ConsolePage(page).useSession(phone, '/message');
  await page.goto('/chatRoom');
  return page;
}

/** A PNG of a written note, as a phone's photo would be. */
async function notePhoto(browser: Browser, text: string): Promise<Buffer> {
  const page = await (await browser.newContext({ viewport: { width: 480, height: 320 } })).newPage();
  await page.setContent(`<body style="margin:0;background:#fffdf5;font:28px sans-serif;padding:40px">${text}</body>`);
  const png = await page.screenshot();
  await page.context().close();
  return png;
}

test('a patient and a pharmacist chat live; the link drops and returns; customer service takes a transfer; history finds it', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36).slice(-5);
  const question = `请问布洛芬缓释胶囊饭前还是饭后吃？${run}`;
  await closeOpenConversations(request);

  // the patient starts a conversation with the Pudong store from the phone page
  const patientContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const patient = await patientContext.newPage();
  await new ConsolePage(patient).signIn(demoAccounts.patient, { pickPharmacy: false });
  await expect(patient).toHaveURL(/\/patient$/);
  await patient.goto('/patient/chat');
  await patient.getByRole('button', { name: '咨询药店' }).click();
  await patient
    .getByRole('button', { name: new RegExp(PUDONG.replace(/[()]/g, '\\$&')) })
    .first()
    .click();
  await expect(patient).toHaveURL(/\/patient\/chat\/conversation\?id=\d+/);
  const patientThread = patient.getByLabel('消息列表');
  await patient.getByLabel('消息输入框').fill(question);
  await patient.getByRole('button', { name: '发送', exact: true }).click();
  await expect(patientThread.getByText(question)).toBeVisible();

  // the pharmacist finds it in the queue and takes it
  const pharmacist = await consoleAs(browser, demoAccounts.pharmacist);
  await pharmacist.getByRole('tab', { name: /待接入/ }).click();
  const row = pharmacist.getByLabel('会话列表').getByRole('button', { name: new RegExp(`^${PATIENT_NAME}`) });
  await expect(row.first()).toBeVisible();
  await row.first().click();
  const staffThread = pharmacist.getByLabel('消息列表');
  await expect(staffThread.getByText(question)).toBeVisible();
  await pharmacist.locator('#main-content').getByRole('button', { name: '接入', exact: true }).click();
  await expect(staffThread.getByText('药师 刘静怡 为您服务')).toBeVisible();
  // opening it read the question: the patient sees the receipt
  await expect(patientThread.getByText('已读').last()).toBeVisible();

  // typing shows on the other side, then the answer arrives
  await patient.getByLabel('消息输入框').pressSequentially('还有一个问题', { delay: 30 });
  await expect(pharmacist.getByText('正在输入…')).toBeVisible();
  await patient.getByLabel('消息输入框').fill('');
  const answer = `饭后服用，每日不超过 2 次。${run}`;
  await pharmacist.getByLabel('消息输入框').fill(answer);
  await pharmacist.getByLabel('消息输入框').press('Enter');
  await expect(patientThread.getByText(answer)).toBeVisible();
  await expect(staffThread.getByText('已读').last()).toBeVisible();

  // an image from the patient, a product card from the pharmacist
  await patient
    .locator('input[type="file"]')
    .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: await notePhoto(browser, `药盒照片 ${run}`) });
  await expect(staffThread.getByRole('button', { name: '查看大图' }).last()).toBeVisible();
  await pharmacist.getByRole('button', { name: '发送商品' }).click();
  const picker = pharmacist.getByRole('dialog');
  const firstProduct = picker.getByRole('button', { name: /^发送商品 / }).first();
  await expect(firstProduct).toBeVisible();
  const productName = ((await firstProduct.getAttribute('aria-label')) ?? '').replace(/^发送商品 /, '');
  await firstProduct.click();
  await expect(patientThread.getByLabel(`商品：${productName}`).first()).toBeVisible();

  // the pharmacist's link drops: the patient's messages meanwhile and the pharmacist's reply written offline
  await pharmacist.context().setOffline(true);
  await expect(pharmacist.getByText('连接已断开，正在重连…')).toBeVisible();
  const missed = [`离线期间的第一条 ${run}`, `离线期间的第二条 ${run}`];
  for (const text of missed) {
    await patient.getByLabel('消息输入框').fill(text);
    await patient.getByRole('button', { name: '发送', exact: true }).click();
    await expect(patientThread.getByText(text)).toBeVisible();
  }
  const offlineReply = `网络恢复后送达的回复 ${run}`;
  await pharmacist.getByLabel('消息输入框').fill(offlineReply);
  await pharmacist.getByLabel('消息输入框').press('Enter');
  await expect(staffThread.getByText(offlineReply)).toBeVisible();
  await pharmacist.context().setOffline(false);
  await expect(pharmacist.getByText('连接已断开，正在重连…')).toHaveCount(0);
  for (const text of missed) await expect(staffThread.getByText(text)).toHaveCount(1);
  await expect(patientThread.getByText(offlineReply)).toHaveCount(1);
  await expect(staffThread.getByText(offlineReply)).toHaveCount(1);
  await expect(staffThread.getByText('发送失败')).toHaveCount(0);

  // transfer to customer service, who finds it among their conversations
  await pharmacist.getByRole('button', { name: '转接' }).click();
  const transfer = pharmacist.getByRole('dialog', { name: '转接会话' });
  await transfer.getByRole('radio', { name: /王丽娟/ }).check();
  await transfer.getByRole('button', { name: /^转\s*接$/ }).click();
  await expect(patientThread.getByText('您的会话已转接给 王丽娟')).toBeVisible();
  const service = await consoleAs(browser, demoAccounts.customer_service);
  await service.getByRole('tab', { name: /我的/ }).click();
  await service
    .getByLabel('会话列表')
    .getByRole('button', { name: new RegExp(`^${PATIENT_NAME}`) })
    .first()
    .click();
  await expect(service.getByLabel('消息列表').getByText(answer)).toBeVisible();
  await service.getByRole('button', { name: '结束会话' }).click();
  await service.getByRole('button', { name: '结束会话' }).last().click();
  await expect(patientThread.getByText('本次会话已结束，如有其他问题可随时再次咨询')).toBeVisible();

  // the history finds it by a message's words
  await service.goto(`/chatRoom/chatHistory?text=${encodeURIComponent(`离线期间的第二条 ${run}`)}`);
  const found = service.getByRole('button', { name: new RegExp(`聊天记录：${PATIENT_NAME}`) });
  await expect(found.first()).toBeVisible();
  await found.first().click();
  await expect(service.getByRole('dialog').getByText(offlineReply)).toBeVisible();

  await Promise.all([patientContext.close(), pharmacist.context().close(), service.context().close()]);
});
