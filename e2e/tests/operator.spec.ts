import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ConsolePage, DEMO_PASSWORD, demoAccounts } from '../pages/console';

// Issue 17 (the operator area) end to end, each flow once at the level that proves it:
// - 赵运营 checks a pending application's documents and approves it; its owner then signs in to it (no status banner
//   any more) and quotes;
// - a suspended pharmacy's quotes leave the public medicine page and come back when it is resumed;
// - a complaint of the demo patient is processed; she reads the result on her phone and has the message;
// - an operator holding only `report` sees only 投诉管理: the dashboard is refused by the page and the server;
// - the dashboard's order figure equals the total of the order list it links to.

/** The pending application of the operator seed (seed/operator-area/pharmacies.ts), owner's password Demo@12345. */
const APPLICATION = '杭州康宁大药房（文三路店）';
const APPLICANT = '13800000021';
/** An active store of the foundation seed no other spec works in (no demo login belongs to it). */
const SUSPENDED = '康宁药房(北京朝阳店)';
const PATIENT_NAME = '李小华';

async function tokenOf(request: APIRequestContext, phone: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/v1/user/admin/login', { data: { phone, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

async function apiGet<T>(request: APIRequestContext, token: string | null, url: string): Promise<T> {
  const res = await request.get(`/api/v1${url}`, { headers: token ? { auth: token } : {} });
  expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as T;
}

async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: object = {}): Promise<T> {
  const res = await request.post(`/api/v1${url}`, { headers: { auth: token }, data });
  expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as T;
}

async function consoleAs(browser: Browser, phone: string, at: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await new ConsolePage(page).useSession(phone, '/message');
  await page.goto(at);
  return page;
}

/** Signs in in a fresh browser (no saved session): the first pharmacy is taken when there is a choice. */
async function signedIn(browser: Browser, phone: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const app = new ConsolePage(page);
  await app.signIn(phone);
  await expect(app.menu()).toBeVisible();
  return page;
}

async function phoneAs(browser: Browser, phone: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await new ConsolePage(page).signIn(phone, { pickPharmacy: false });
  await expect(page).toHaveURL(/\/patient/);
  return page;
}

/** A Shanghai calendar day `offset` days from now, as 2026-11-23. */
function shanghaiDay(offset: number, from = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(from + offset * 86_400_000));
}

test('the operator checks a pending application’s documents and approves it; its owner signs in to it without a status banner and quotes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // ── while pending, the owner can sign in and is told why nothing works yet ──
  const waiting = await signedIn(browser, APPLICANT);
  await expect(waiting.getByRole('alert').filter({ hasText: `${APPLICATION}：药店入驻申请审核中` })).toBeVisible();
  await waiting.context().close();

  // ── 赵运营: 待审核 → 审核 → the checklist → 通过 ──
  const operator = await consoleAs(browser, demoAccounts.admin, '/website/pharmacy');
  await operator.getByRole('tab', { name: /^待审核/ }).click();
  await expect(operator).toHaveURL(/status=pending/);
  const row = operator.locator('tr.ant-table-row', { hasText: APPLICATION });
  await row.getByRole('button', { name: '审核' }).click();
  const drawer = operator.getByRole('dialog', { name: APPLICATION });
  const approve = drawer.getByRole('button', { name: /^通\s*过$/ });
  await expect(approve).toBeDisabled();
  const checklist = drawer.getByRole('group', { name: '资质核对' });
  await expect(checklist.getByRole('checkbox', { name: '营业执照' })).toBeChecked();
  // each box is saved on the server before the next can be ticked (the boxes follow the saved checklist)
  for (const document of ['药品经营许可证', '互联网药品信息服务资格证书']) {
    const box = checklist.getByRole('checkbox', { name: document });
    await expect(box).toBeEnabled();
    await box.click();
    await expect(box).toBeChecked();
  }
  await expect(drawer.getByText('必需资质已全部核对，可以通过')).toBeVisible();
  await approve.click();
  await expect(operator.getByText('已通过入驻申请')).toBeVisible();
  await expect(drawer.getByText('已入驻', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '暂停营业' })).toBeVisible();

  // ── the owner signs in again: one pharmacy, chosen for them; no banner; 报价管理 works ──
  const owner = await signedIn(browser, APPLICANT);
  await owner.goto('/pharmacy/quote');
  await expect(owner.getByRole('heading', { name: '报价管理' })).toBeVisible();
  await expect(owner.getByRole('alert').filter({ hasText: APPLICATION })).toHaveCount(0);
  await expect(owner.getByRole('tab', { name: /^全部 \(0\)$/ })).toBeVisible();

  await owner.getByRole('button', { name: '新增报价' }).click();
  const picker = owner.getByRole('dialog', { name: '新增报价：选择药品' });
  const picked = picker
    .locator('tr.ant-table-row')
    .filter({ has: owner.getByRole('button', { name: /^选择 / }) })
    .first();
  await expect(picked).toBeVisible();
  const product = (await picked.locator('strong').first().textContent())?.trim() ?? '';
  expect(product).not.toBe('');
  await picked.getByRole('button', { name: /^选择 / }).click();
  const form = owner.getByRole('dialog', { name: '新增报价', exact: true });
  await form.getByLabel('售价').fill('18.8');
  await form.getByLabel('库存').fill('40');
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(form).toBeHidden();
  const quote = owner.locator('tr.ant-table-row', { hasText: product });
  await expect(quote).toContainText('¥18.80');
  await expect(owner.getByRole('tab', { name: /^全部 \(1\)$/ })).toBeVisible();
  await expect(owner.getByRole('alert').filter({ hasText: APPLICATION })).toHaveCount(0);
});

test('a suspended pharmacy’s quotes leave the public medicine page, and come back when it is resumed', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, demoAccounts.admin);
  const found = await apiGet<{ list: { id: number; name: string; status: string }[] }>(
    request,
    token,
    `/admin/pharmacy?keyword=${encodeURIComponent(SUSPENDED)}`,
  );
  const store = found.list.find((p) => p.name === SUSPENDED);
  expect(store?.status, `${SUSPENDED} is active`).toBe('active');
  const id = store!.id;
  // a medicine it sells (the public list of its products)
  const products = await apiGet<{ list: { product: { id: number; name: string } }[] }>(
    request,
    null,
    `/pharmacy/product/list?pharmacy_id=${id}&page_size=20`,
  );
  const medicine = products.list[0]?.product;
  expect(medicine, `${SUSPENDED} sells something`).toBeTruthy();
  const quotedBy = async () =>
    (
      await apiGet<{ list: { pharmacy_id: number }[] }>(
        request,
        null,
        `/mp/cms/quote?product_id=${medicine!.id}&page_size=100`,
      )
    ).list.map((q) => q.pharmacy_id);
  expect(await quotedBy()).toContain(id);

  // the public medicine page (a visitor): its quote table names the store, or no longer does
  const visitor = await (await browser.newContext()).newPage();
  const storeLink = visitor.getByRole('link', { name: SUSPENDED, exact: true });
  const publicPageShows = async (shown: boolean) =>
    expect(async () => {
      await visitor.goto(`/medicine/detail?id=${medicine!.id}`);
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText(medicine!.name);
      await expect(visitor.getByRole('heading', { name: /^药房报价（\d+）$/ })).toBeVisible();
      await expect(storeLink).toHaveCount(shown ? 1 : 0, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  await publicPageShows(true);

  const operator = await consoleAs(browser, demoAccounts.admin, '/website/pharmacy?status=active');
  // the box follows the URL: the search is retried until the URL carries it (as the quote spec does)
  await expect(async () => {
    await operator.getByLabel('按药店名称搜索').fill(SUSPENDED);
    await operator.getByLabel('按药店名称搜索').press('Enter');
    await expect.poll(() => new URL(operator.url()).searchParams.get('keyword'), { timeout: 3_000 }).toBe(SUSPENDED);
  }).toPass({ timeout: 20_000 });
  const row = operator.locator('tr.ant-table-row', { hasText: SUSPENDED });
  try {
    // ── 暂停 with a reason ──
    await row.getByRole('button', { name: '暂停' }).click();
    const suspend = operator.getByRole('dialog', { name: `暂停营业 · ${SUSPENDED}` });
    await suspend.getByRole('button', { name: '确认暂停' }).click();
    await expect(suspend.getByText('请填写暂停原因')).toBeVisible();
    const reason = `端到端测试：冷链温度记录抽查不合格，整改期间暂停营业 ${Date.now()}`;
    await suspend.getByLabel('暂停原因').fill(reason);
    await suspend.getByRole('button', { name: '确认暂停' }).click();
    await expect(operator.getByText('已暂停营业', { exact: true })).toBeVisible();
    await expect(suspend).toBeHidden();

    await publicPageShows(false);
    expect(await quotedBy()).not.toContain(id);

    // ── 已暂停: the row shows the reason; 恢复 ──
    await operator.getByRole('tab', { name: /^已暂停/ }).click();
    await expect(row).toContainText(`原因：${reason.slice(0, 10)}`);
    await row.getByRole('button', { name: '恢复' }).click();
    const resume = operator.getByRole('dialog', { name: `恢复营业 · ${SUSPENDED}` });
    await resume.getByRole('button', { name: '确认恢复' }).click();
    await expect(operator.getByText('已恢复营业', { exact: true })).toBeVisible();
    await expect(resume).toBeHidden();
    await operator.getByRole('tab', { name: /^已入驻/ }).click();
    await expect(row).toBeVisible();

    await publicPageShows(true);
    expect(await quotedBy()).toContain(id);
  } finally {
    // other specs run on this database at the same time: never leave the store suspended
    const now = await apiGet<{ status: string }>(request, token, `/admin/pharmacy/${id}`);
    if (now.status === 'suspended') await apiPost(request, token, `/admin/pharmacy/${id}/resume`);
  }
});

test('a complaint of the demo patient is processed; she reads the result on her phone and has the message', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // 李小华 complains about a pharmacy she ordered from (her own targets), in words found only in this run
  const patientToken = await tokenOf(request, demoAccounts.patient);
  const targets = await apiGet<{ id: number; label: string }[]>(
    request,
    patientToken,
    '/user/report/targets?kind=pharmacy',
  );
  expect(targets.length, 'the demo patient has ordered from a pharmacy').toBeGreaterThan(0);
  const stamp = `E2E${Date.now().toString(36).toUpperCase()}`;
  const content = `药店电话一直无人接听，订单迟迟未发货 ${stamp}`;
  await apiPost(request, patientToken, '/user/report', {
    target_kind: 'pharmacy',
    target_id: targets[0].id,
    category: '服务态度差',
    content,
  });

  // ── 赵运营: 待处理 → 处理 with a result ──
  const operator = await consoleAs(browser, demoAccounts.admin, '/website/complaint?status=pending');
  await operator.getByRole('textbox', { name: '搜索' }).fill(stamp);
  await operator.getByRole('button', { name: /^查\s*询$/ }).click();
  const row = operator.locator('tr.ant-table-row', { hasText: stamp });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(PATIENT_NAME);
  await expect(row).toContainText('待处理');
  await row.getByRole('button', { name: '处理' }).click();
  const dialog = operator.getByRole('dialog', { name: '处理投诉' });
  await expect(dialog).toContainText(targets[0].label);
  const result = `已联系药店核实，药店已致歉并于当日发货，平台已对药店进行警告 ${stamp}`;
  await dialog.getByLabel('处理结果').fill(result);
  await dialog.getByRole('button', { name: '确认处理' }).click();
  await expect(operator.getByText('已处理，投诉人已收到通知')).toBeVisible();
  await expect(dialog).toBeHidden();
  await operator.getByText(/^已处理 \d+$/).click();
  await expect(operator).toHaveURL(/status=processed/);
  await expect(row).toContainText('已处理');
  await expect(row).toContainText('结果：');

  // ── 李小华, on her phone: 投诉建议 shows the result ──
  const patient = await phoneAs(browser, demoAccounts.patient);
  await patient.goto('/patient/complaint');
  const card = patient.locator('section.patient-card', { hasText: stamp });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('处理结果', { exact: true })).toBeVisible();
  await expect(card).toContainText('已处理');
  await expect(card).toContainText(result);

  // ── and the message (the patient area has no message page: her account's messages) ──
  const messages = await apiGet<{ list: { kind: string; title: string; content: string; link: string | null }[] }>(
    request,
    patientToken,
    '/message/list?kind=system&page_size=50',
  );
  const message = messages.list.find((m) => m.content.includes(result));
  expect(message, 'the complainant’s message').toMatchObject({ title: '您的投诉已处理', link: '/patient/complaint' });
});

test('an operator holding only `report` sees only 投诉管理: the dashboard is refused by the page and by the server', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, demoAccounts.admin);
  const phone = `1370000${String(Date.now()).slice(-4)}`;
  const created = await apiPost<{ account_created: boolean; initial_password: string | null }>(
    request,
    token,
    '/admin/permission',
    { phone, name: '端到端投诉专员', permissions: ['report'] },
  );
  expect(created.account_created).toBe(true);
  const password = created.initial_password;
  expect(password, 'a one-time password for a new account').toBeTruthy();

  const page = await (await browser.newContext()).newPage();
  const app = new ConsolePage(page);
  await app.openLogin();
  await app.submitPassword(phone, password!);
  expect(await app.menuPaths()).toEqual(['/website/complaint']);
  await expect(app.menu()).toContainText('投诉管理');

  await page.goto('/website/dashboard');
  await expect(page.getByText('无权访问')).toBeVisible();
  await expect(page.getByTestId('dashboard-card-orders')).toHaveCount(0);
  const own = await tokenOf(request, phone, password!);
  const refused = await request.get('/api/v1/admin/dashboard/overview', { headers: { auth: own } });
  expect(refused.status()).toBe(403);

  await page.goto('/website/complaint');
  await expect(page.getByText('无权访问')).toHaveCount(0);
  const rows = page.getByRole('table', { name: '投诉列表' }).locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^待处理 \d+$/)).toBeVisible();
});

test('the dashboard’s order figure (近 30 天) equals the total of the order list it links to', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // Other specs place orders today: a range ending yesterday (Shanghai) holds figures nobody changes during the run.
  const dateTo = shanghaiDay(-1);
  const dateFrom = shanghaiDay(-30);
  const page = await consoleAs(browser, demoAccounts.admin, '/website/dashboard');
  await page.getByText('近 30 天', { exact: true }).click();
  await expect(page).toHaveURL(/range=30d/);
  const picker = page.getByPlaceholder('截止日期（默认今天）');
  await picker.click();
  await picker.fill(dateTo);
  await picker.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date_to=${dateTo}`));
  // the figures of this range (the previous ones stay on screen while the new ones load)
  await expect(page.getByText(`统计范围：${dateFrom} 至 ${dateTo}`)).toBeVisible();

  const link = page.getByRole('link', { name: /^订单数 [\d,]+，查看明细$/ });
  const label = (await link.getAttribute('aria-label')) ?? '';
  const figure = Number(label.replace(/^订单数 ([\d,]+)，查看明细$/, '$1').replaceAll(',', ''));
  expect(figure).toBeGreaterThan(0);
  const token = await tokenOf(request, demoAccounts.admin);
  const served = await apiGet<{ orders: { orders: number } }>(
    request,
    token,
    `/admin/dashboard/overview?range=30d&date_to=${dateTo}`,
  );
  expect(served.orders.orders).toBe(figure);

  await link.click();
  await expect(page).toHaveURL(/\/website\/order\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ status: 'all', date_from: dateFrom, date_to: dateTo });
  await expect(page.getByRole('tab', { name: `全部 (${figure})` })).toBeVisible();
  await expect(page.getByText(`下单日期：${dateFrom} 至 ${dateTo}`)).toBeVisible();
  const list = await apiGet<{ total: number }>(request, token, `/orders/admin${url.search}`);
  expect(list.total).toBe(figure);
});
