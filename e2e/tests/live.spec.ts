import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// Issue 15 end to end: the Pudong manager creates a live with an exam and a bound combo, runs it to its end and adds
// it to a new camp period; customer service 王丽娟 hands out her invitation link; the demo patient (phone-sized) enrols
// through it, watches the replay, answers the exam and buys the combo; the team statistics count her under 王丽娟;
// the operator approves the column waiting for review.

const PUDONG_ID = 1;
const COLUMN = '慢病管理训练营';
const COMBO = '高血压慢病月度套餐';
const INVITER = '王丽娟';
const REPLAY = '/live-demo/replay/index.m3u8';

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

interface Figures {
  invited: number;
  enrolled: number;
  watched: number;
  answered: number;
  orders: number;
}

/** 王丽娟's figures today (Shanghai), from the same route the page reads. */
async function inviterFigures(request: APIRequestContext, token: string): Promise<Figures> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const stat = await apiGet<{ teams: { members: (Figures & { name: string })[] }[] }>(
    request,
    token,
    `/live/team_stat?date_from=${today}&date_to=${today}`,
  );
  const member = stat.teams.flatMap((t) => t.members).find((m) => m.name === INVITER);
  return member ?? { invited: 0, enrolled: 0, watched: 0, answered: 0, orders: 0 };
}

async function consoleAs(browser: Browser, phone: string, at: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new ConsolePage(page).useSession(phone, '/message');
  await page.goto(at);
  return page;
}

/** Presses 确定 in the open Popconfirm. */
async function confirmPop(page: Page) {
  const pop = page.locator('.ant-popconfirm:visible');
  await pop.getByRole('button', { name: /确\s*定/ }).click();
  await expect(pop).toBeHidden();
}

/** Types a date-time into an antd DatePicker (showTime) and confirms it. */
async function pickDateTime(dialog: Locator, label: string, value: string) {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Types both ends into an antd RangePicker (showTime) and confirms each. */
async function pickRange(dialog: Locator, from: string, to: string) {
  for (const [placeholder, value] of [
    ['开始时间', from],
    ['结束时间', to],
  ] as const) {
    const input = dialog.getByPlaceholder(placeholder, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }
  await expect(dialog.getByPlaceholder('开始时间', { exact: true })).toHaveValue(from);
  await expect(dialog.getByPlaceholder('结束时间', { exact: true })).toHaveValue(to);
}

test('a manager runs a live with an exam and a combo; an invited patient enrols, watches, answers and buys; the team statistics and the operator follow', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now()).slice(-6);
  const title = `E2E 家庭血压测量课 ${stamp}`;
  const periodName = `E2E 营期 ${stamp}`;
  const staffToken = await tokenOf(request, demoAccounts.manager);
  const before = await inviterFigures(request, staffToken);

  // ── the manager: a new live with the demo replay, exam on ──
  const manager = await consoleAs(browser, demoAccounts.manager, '/broadcast/topiclist');
  await manager.getByRole('button', { name: '新建直播' }).click();
  const form = manager.getByRole('dialog', { name: '新建直播' });
  await form.getByLabel('直播标题').fill(title);
  await form.getByLabel('讲师').fill('刘静怡');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));
  await pickDateTime(form, '开始时间', `${day} 19:30`);
  await pickDateTime(form, '结束时间', `${day} 20:30`);
  await form.getByLabel('拉流地址').fill(REPLAY);
  await form.getByLabel('回放地址').fill(REPLAY);
  await form.getByLabel('开启考试').click();
  await form.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(form).toBeHidden();

  // its detail opens: two questions from the bank for the exam, the combo bound
  const drawer = manager.locator('.ant-drawer').filter({ hasText: title });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('tab', { name: /考试题目/ }).click();
  await drawer.getByRole('button', { name: '选择题目' }).click();
  const picker = manager.getByRole('dialog', { name: '选择题目' });
  const rows = picker.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await rows.nth(0).locator('input[type="checkbox"]').check();
  await rows.nth(1).locator('input[type="checkbox"]').check();
  await picker.getByRole('button', { name: /加入考试（2）/ }).click();
  await expect(picker).toBeHidden();
  await expect(drawer.getByRole('table', { name: '考试题目' }).locator('tbody tr.ant-table-row')).toHaveCount(2);

  await drawer.getByRole('tab', { name: /套餐/ }).click();
  await drawer.getByLabel('选择套餐').click();
  await manager.locator('.ant-select-dropdown:visible').getByText(COMBO, { exact: false }).first().click();
  await drawer.getByRole('button', { name: /^绑\s*定$/ }).click();
  await expect(drawer.getByText(COMBO).first()).toBeVisible();

  // the flow: 发布 → 开始直播 → 结束直播
  for (const action of ['发布', '开始直播', '结束直播']) {
    await drawer.getByRole('button', { name: new RegExp(`^${action.split('').join('\\s*')}$`) }).click();
    await confirmPop(manager);
  }
  await drawer.getByRole('tab', { name: '基本信息' }).click();
  await expect(drawer.getByText('已结束').first()).toBeVisible();
  const created = (
    await apiGet<{ list: { id: number; status: string; question_count: number; quote_set_name: string }[] }>(
      request,
      staffToken,
      `/live/list?title=${encodeURIComponent(title)}`,
    )
  ).list;
  expect(created).toEqual([expect.objectContaining({ status: 'ended', question_count: 2, quote_set_name: COMBO })]);
  const liveId = created[0].id;

  // ── a new camp period of 慢病管理训练营 with this live ──
  await manager.goto('/broadcast/column');
  await manager.getByRole('row').filter({ hasText: COLUMN }).getByRole('button', { name: '营期管理' }).click();
  await expect(manager).toHaveURL(/\/broadcast\/column\/manage\?id=\d+/);
  await manager.getByRole('button', { name: /新建营期/ }).click();
  const periodForm = manager.getByRole('dialog', { name: '新建营期' });
  await periodForm.getByLabel('营期名称').fill(periodName);
  await pickRange(periodForm, `${day} 00:00`, `${day} 23:59`);
  await periodForm.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(periodForm).toBeHidden();
  await manager.getByText(periodName).first().click();
  await manager.getByRole('button', { name: '绑定直播' }).click();
  const bind = manager.getByRole('dialog', { name: '绑定直播' });
  await bind.getByRole('row').filter({ hasText: title }).locator('input[type="checkbox"]').check();
  await bind
    .getByRole('button', { name: /绑\s*定|确\s*定/ })
    .last()
    .click();
  await expect(bind).toBeHidden();
  await expect(manager.getByRole('table', { name: '营期直播' })).toContainText(title);
  const manageUrl = manager.url();

  // ── customer service: her invitation link to the period ──
  const cs = await consoleAs(browser, demoAccounts.customer_service, manageUrl);
  await cs.getByText(periodName).first().click();
  await cs.getByRole('button', { name: '邀请链接' }).click();
  const link = await cs
    .getByRole('dialog', { name: '邀请链接' })
    .getByRole('textbox', { name: '邀请链接' })
    .inputValue();
  expect(link).toMatch(/\/patient\/live\/period\?id=\d+&staff=\d+$/);

  // ── the patient, on a phone: the link, 立即报名, the replay, the exam, 立即购买 ──
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const patient = await phone.newPage();
  await new ConsolePage(patient).signIn(demoAccounts.patient, { pickPharmacy: false });
  await expect(patient).toHaveURL(/\/patient/);
  await patient.goto(new URL(link).pathname + new URL(link).search);
  await expect(patient.getByText(periodName).first()).toBeVisible();
  await expect(patient.getByText(INVITER).first()).toBeVisible();
  await patient.getByRole('button', { name: '立即报名' }).click();
  // the lives open once the enrolment is answered (a click before it lands on a title that does not open yet)
  await expect(patient.getByText('已报名，点击课程即可观看')).toBeVisible();
  await patient.getByText(title).first().click();
  await expect(patient).toHaveURL(new RegExp(`/patient/live/watch\\?id=${liveId}$`));
  await expect(patient.getByText('回放').first()).toBeVisible();

  // play the replay until a heartbeat has been credited
  await patient.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(async () => (await apiGet<{ viewers: number }>(request, staffToken, `/live/${liveId}/user_stats`)).viewers, {
      timeout: 30_000,
    })
    .toBe(1);

  // the exam: an answer to each question, 提交 once
  const exam = patient.locator('.live-exam-question');
  await expect(exam).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    await exam.nth(i).locator('.ant-radio-wrapper, .ant-checkbox-wrapper').first().click();
  }
  await patient.getByRole('button', { name: /提交（已答 2\/2）/ }).click();
  await expect(patient.locator('.live-exam-score')).toBeVisible();

  // the combo: 立即购买 → the checkout → 提交订单 → 我已付款
  await patient.getByRole('button', { name: '立即购买' }).click();
  await expect(patient).toHaveURL(/\/patient\/checkout\?pharmacy_id=\d+$/);
  await expect(patient.getByText(COMBO).first()).toBeVisible();
  await patient.getByRole('button', { name: '提交订单' }).click();
  await expect(patient).toHaveURL(/\/patient\/pay\?id=\d+$/);
  const orderId = Number(new URL(patient.url()).searchParams.get('id'));
  await patient.getByRole('button', { name: '我已付款' }).click();
  await expect(patient).toHaveURL(/\/patient\/order\?id=\d+$/);

  // the pharmacy confirms the transfer (the orders page's own flow is tested in orders.spec.ts)
  const confirm = await request.put(`/api/v1/orders/pharmacy/${orderId}/pay`, {
    headers: { auth: await tokenOf(request, demoAccounts.pharmacy_admin), pharmacyid: String(PUDONG_ID) },
    data: { pay_ref: `E2E ${stamp}` },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);

  // ── the team statistics: one more enrolment, answer and order under 王丽娟 ──
  const after = await inviterFigures(request, staffToken);
  expect(after.enrolled).toBe(before.enrolled + 1);
  expect(after.answered).toBe(before.answered + 1);
  expect(after.orders).toBeGreaterThanOrEqual(before.orders + 1);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  await manager.goto(`/broadcast/teamStatistics?date_from=${today}&date_to=${today}`);
  await manager.getByRole('button', { name: '全部展开' }).click();
  const cells = manager.getByRole('row').filter({ hasText: INVITER }).first().getByRole('cell');
  // 团队/成员, 邀请人数, 报名人数, 观看人数, 观看时长, 答题人数, …
  await expect(cells.nth(2)).toHaveText(String(after.enrolled));
  await expect(cells.nth(5)).toHaveText(String(after.answered));

  // ── the operator approves the column waiting for review ──
  const operator = await consoleAs(browser, demoAccounts.admin, '/website/platformColumn');
  await operator.getByRole('tab', { name: /专栏审核/ }).click();
  const pending = operator.getByRole('row').filter({ hasText: '家庭用药课堂' });
  await pending.getByRole('button', { name: /通\s*过/ }).click();
  await confirmPop(operator);
  await expect(operator.getByRole('row').filter({ hasText: '家庭用药课堂' })).toHaveCount(0);
});
