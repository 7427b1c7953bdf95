import { adminReportDetailSchema, adminReportSchema, myReportSchema, operatorMessages } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo-data';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { insertOrder } from '../../test/order-fixture';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string; // 赵运营, all
let complaintOperator: string; // 孙投诉, report + task
let groupOperator: string; // an operator holding only `group`
let shop: string;
let patient: string; // the demo patient 13900000001
let demoPatientId: number;
let other: { id: number; token: string; orderId: number; pharmacyId: number };

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });

/** A fresh signed-in account, optionally an operator with the given keys. */
async function newAccount(phone: string, name: string, adminKeys?: string[]) {
  const [row] = await rows<{ id: number }>(sql`
    insert into account (phone, phone_user_id, name, password_hash)
    values (${phone}, ${`pu_${phone}`}, ${name}, ${await hashPassword(DEMO_PASSWORD)}) returning id`);
  if (adminKeys) {
    await t.database.db.execute(sql`insert into admin_profile (account_id, admin_permissions)
      values (${row.id}, ${sql`array[${sql.join(
        adminKeys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`})`);
  }
  return { id: row.id, token: await t.login(phone) };
}

/** A pending complaint of the demo patient about their latest order, written straight to the table. */
async function pendingReport(reporterId = demoPatientId): Promise<number> {
  const [order] = await rows<{ id: number; pharmacy_id: number }>(
    sql`select id, pharmacy_id from orders where account_id = ${reporterId} order by id desc limit 1`,
  );
  const [row] = await rows<{ id: number }>(sql`
    insert into report (reporter_account_id, target_kind, target_id, pharmacy_id, category, content, contact_phone)
    values (${reporterId}, 'order', ${order.id}, ${order.pharmacy_id}, '发货慢', '测试投诉：付款后一直没有发货', '13900000001')
    returning id`);
  return row.id;
}

const messagesOf = async (accountId: number) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from message where account_id = ${accountId}`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
  complaintOperator = await t.login('13800000009');
  shop = await t.login('13800000001');
  patient = await t.login('13900000001');
  groupOperator = (await newAccount('13700000101', '钱集团', ['group'])).token;
  demoPatientId = (await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`))[0].id;
  const o = await newAccount('13700000102', '周患者');
  const [ph] = await rows<{ id: number }>(
    sql`select id from pharmacy where status = 'active' and id not in
      (select pharmacy_id from orders where account_id = ${demoPatientId}) order by id limit 1`,
  );
  const order = await insertOrder(t.database.db, { pharmacyId: ph.id, accountId: o.id, status: 'completed' });
  other = { ...o, orderId: order.id, pharmacyId: ph.id };
});
afterAll(async () => {
  await t?.close();
});

describe('access: the operator routes need the key `report`', () => {
  it.each([
    ['GET', '/admin/report'],
    ['GET', '/admin/report/1'],
    ['POST', '/admin/report/1/process'],
    ['POST', '/admin/report/1/reject'],
  ] as const)(
    '%s %s: 401 without a session, 403 for staff, a patient and an operator without `report`',
    async (method, url) => {
      const body = method === 'POST' ? { result: '已处理', reason: '不成立' } : undefined;
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      for (const token of [shop, patient, groupOperator]) {
        expect((await call(method, url, token, body)).statusCode).toBe(403);
      }
    },
  );

  it('an operator holding only report and task reads the list', async () => {
    const res = await call('GET', '/admin/report', complaintOperator);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['GET', '/user/report'],
    ['GET', '/user/report/targets?kind=order'],
    ['POST', '/user/report'],
  ] as const)('the patient route %s %s needs a session', async (method, url) => {
    expect((await call(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
  });
});

describe('demo data', () => {
  it('has complaints in every state about every kind, each about a target of its complainant', async () => {
    const all = await rows<{ status: string; target_kind: string; own: boolean; reporter: string }>(sql`
      select r.status, r.target_kind, a.phone as reporter, case r.target_kind
        when 'order' then exists (select 1 from orders o where o.id = r.target_id and o.account_id = r.reporter_account_id
          and o.pharmacy_id = r.pharmacy_id)
        when 'pharmacy' then exists (select 1 from orders o where o.pharmacy_id = r.target_id
          and o.account_id = r.reporter_account_id) and r.pharmacy_id = r.target_id
        when 'doctor' then exists (select 1 from recipe rc where rc.doctor_id = r.target_id
          and rc.account_id = r.reporter_account_id) and r.pharmacy_id is null
        when 'live' then exists (select 1 from live_watch w join live l on l.id = w.live_id where w.live_id = r.target_id
          and w.account_id = r.reporter_account_id and l.pharmacy_id = r.pharmacy_id)
      end as own
      from report r join account a on a.id = r.reporter_account_id`);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['pending', 'processed', 'rejected']));
    expect(new Set(all.map((r) => r.target_kind))).toEqual(new Set(['order', 'pharmacy', 'doctor', 'live']));
    expect(all.filter((r) => !r.own)).toEqual([]);
    const demo = all.filter((r) => r.reporter === '13900000001').map((r) => r.status);
    expect(demo).toContain('processed');
    expect(demo).toContain('pending');
    const decidedWithoutResult = await rows(
      sql`select id from report where status <> 'pending' and (result = '' or handled_at is null or handler_account_id is null)`,
    );
    expect(decidedWithoutResult).toEqual([]);
    // complained about after the order was placed, decided after the complaint and not in the future
    const untimely = await rows(sql`select r.id from report r
      left join orders o on r.target_kind = 'order' and o.id = r.target_id
      where r.created_at < o.created_at or r.handled_at < r.created_at or r.handled_at > now()
        or r.created_at > now()`);
    expect(untimely).toEqual([]);
  });
});

describe('GET /admin/report', () => {
  it('counts each tab under the other filters, equal to the raw rows, and masks the complainant', async () => {
    const res = await call('GET', '/admin/report?page_size=100', operator);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const raw = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from report group by status`,
    );
    const by = Object.fromEntries(raw.map((r) => [r.status, r.n]));
    expect(data.counts).toEqual({
      all: raw.reduce((s, r) => s + r.n, 0),
      pending: by.pending ?? 0,
      processed: by.processed ?? 0,
      rejected: by.rejected ?? 0,
    });
    expect(data.total).toBe(data.counts.all);
    for (const row of data.list) {
      adminReportSchema.strict().parse(row);
      expect(row.reporter_phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(row.target_label).not.toBe('');
    }
    expect(JSON.stringify(data)).not.toContain('13900000001');

    const pending = (await call('GET', '/admin/report?status=pending&page_size=100', operator)).json().data;
    expect(pending.total).toBe(by.pending);
    expect(pending.list.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });

  it('filters by kind, pharmacy, dates and keyword (phone, last four digits, order no)', async () => {
    const [r] = await rows<{ id: number; pharmacy_id: number; order_no: string; created: string }>(sql`
      select r.id, r.pharmacy_id, o.order_no, to_char(r.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as created
      from report r join orders o on o.id = r.target_id where r.target_kind = 'order' order by r.id limit 1`);
    const ids = async (q: string) =>
      ((await call('GET', `/admin/report?page_size=100&${q}`, operator)).json().data.list as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await ids(`keyword=${r.order_no}`)).toEqual([r.id]);
    expect(await ids(`target_kind=order&pharmacy_id=${r.pharmacy_id}`)).toContain(r.id);
    expect(await ids(`target_kind=live`)).not.toContain(r.id);
    expect(await ids(`date_from=${r.created}&date_to=${r.created}`)).toContain(r.id);
    expect(await ids('date_from=2000-01-01&date_to=2000-01-02')).toEqual([]);
    const demoCount = (
      await rows<{ n: number }>(sql`select count(*)::int as n from report where reporter_account_id = ${demoPatientId}`)
    )[0].n;
    expect((await ids('keyword=13900000001')).length).toBe(demoCount);
    expect((await ids('keyword=0001')).length).toBeGreaterThanOrEqual(demoCount);
  });

  it('refuses reversed dates with a Chinese message naming the field', async () => {
    const res = await call('GET', '/admin/report?date_from=2026-02-01&date_to=2026-01-01', operator);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('结束日期不能早于开始日期');
  });
});

describe('GET /admin/report/:id', () => {
  it('shows the images, the target summary and the masked contact phone', async () => {
    const [r] = await rows<{ id: number; order_no: string; status: string }>(sql`
      select r.id, o.order_no, o.status from report r join orders o on o.id = r.target_id
      where r.target_kind = 'order' and cardinality(r.images) > 0 order by r.id limit 1`);
    const res = await call('GET', `/admin/report/${r.id}`, operator);
    expect(res.statusCode).toBe(200);
    const detail = adminReportDetailSchema.strict().parse(res.json().data);
    expect(detail.images.length).toBeGreaterThan(0);
    expect(detail.target).toMatchObject({ kind: 'order', exists: true, order_no: r.order_no, order_status: r.status });
    expect(detail.target.pharmacy_name).toBeTruthy();
    expect(detail.contact_phone).toMatch(/\*{4}/);
  });

  it('answers 404 for a missing one and 400 for a bad id', async () => {
    expect((await call('GET', '/admin/report/99999999', operator)).statusCode).toBe(404);
    expect((await call('GET', '/admin/report/abc', operator)).statusCode).toBe(400);
  });
});

describe('process and reject', () => {
  it('processes: the result is kept, the complainant gets one message linking to the page, an audit row', async () => {
    const id = await pendingReport();
    const before = await messagesOf(demoPatientId);
    const res = await call('POST', `/admin/report/${id}/process`, complaintOperator, { result: '已督促药店当天发货' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'processed',
      result: '已督促药店当天发货',
      handler_name: '孙投诉',
    });
    expect(await messagesOf(demoPatientId)).toBe(before + 1);
    const [m] = await rows<{ title: string; content: string; link: string; kind: string }>(
      sql`select title, content, link, kind from message where account_id = ${demoPatientId} order by id desc limit 1`,
    );
    expect(m).toMatchObject({ kind: 'system', title: '您的投诉已处理', link: '/patient/complaint' });
    expect(m.content).toContain('已督促药店当天发货');
    const audits = await rows<{ action: string }>(sql`select action from audit_log where target = ${`report:${id}`}`);
    expect(audits.map((a) => a.action)).toEqual(['report.process']);
  });

  it('two concurrent decisions: exactly one wins, the other gets 409 and one message is sent', async () => {
    const id = await pendingReport();
    const before = await messagesOf(demoPatientId);
    const results = await Promise.all([
      call('POST', `/admin/report/${id}/process`, operator, { result: '已处理 A' }),
      call('POST', `/admin/report/${id}/reject`, complaintOperator, { reason: '不成立 B' }),
      call('POST', `/admin/report/${id}/process`, complaintOperator, { result: '已处理 C' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const lost of results.filter((r) => r.statusCode === 409)) {
      expect(lost.json().msg).toBe(operatorMessages.alreadyHandled);
    }
    const won = results.find((r) => r.statusCode === 200)!.json().data;
    const [row] = await rows<{ status: string; result: string }>(
      sql`select status, result from report where id = ${id}`,
    );
    expect(row).toEqual({ status: won.status, result: won.result });
    expect(await messagesOf(demoPatientId)).toBe(before + 1);
  });

  it('rejects with a reason; a decided one answers 409, a missing one 404, an empty reason 400', async () => {
    const id = await pendingReport();
    const empty = await call('POST', `/admin/report/${id}/reject`, operator, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请填写驳回原因');
    const res = await call('POST', `/admin/report/${id}/reject`, operator, { reason: '经核实已按时发货' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', result: '经核实已按时发货' });
    const again = await call('POST', `/admin/report/${id}/process`, operator, { result: '再次处理' });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', '/admin/report/99999999/reject', operator, { reason: 'x' })).statusCode).toBe(404);
    // half a surrogate pair: refused naming the field, never by the database
    const broken = await call('POST', `/admin/report/${await pendingReport()}/process`, operator, {
      result: 'ok\ud800',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toContain('处理结果含有无法识别的字符');
  });

  it('keeps the decision and the message together: a failing message leaves the complaint pending', async () => {
    const id = await pendingReport(other.id);
    await t.database.db.execute(
      sql.raw(`create or replace function report_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'message refused'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger report_test_fail before insert on message
        for each row when (new.account_id = ${other.id}) execute function report_test_fail()`),
    );
    try {
      const res = await call('POST', `/admin/report/${id}/process`, operator, { result: '已处理' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger report_test_fail on message'));
    }
    const [row] = await rows<{ status: string; handler_account_id: number | null }>(
      sql`select status, handler_account_id from report where id = ${id}`,
    );
    expect(row).toEqual({ status: 'pending', handler_account_id: null });
    expect(await rows(sql`select 1 from audit_log where target = ${`report:${id}`}`)).toEqual([]);
    expect((await call('POST', `/admin/report/${id}/process`, operator, { result: '已处理' })).statusCode).toBe(200);
  });
});

describe('the patient', () => {
  const submit = (token: string, body: object) => call('POST', '/user/report', token, body);
  const base = { category: '发货慢', content: '付款后三天仍未发货，请处理' };

  it('lists only their own targets of each kind', async () => {
    const orders = (await call('GET', '/user/report/targets?kind=order', other.token)).json().data;
    expect(orders.map((o: { id: number }) => o.id)).toEqual([other.orderId]);
    const pharmacies = (await call('GET', '/user/report/targets?kind=pharmacy', other.token)).json().data;
    expect(pharmacies.map((o: { id: number }) => o.id)).toEqual([other.pharmacyId]);
    expect((await call('GET', '/user/report/targets?kind=doctor', other.token)).json().data).toEqual([]);
    expect((await call('GET', '/user/report/targets?kind=live', other.token)).json().data).toEqual([]);
    const bad = await call('GET', '/user/report/targets?kind=hospital', other.token);
    expect(bad.statusCode).toBe(400);
  });

  it('complains about their own order and pharmacy; sees the complaint with its status', async () => {
    const res = await submit(other.token, { ...base, target_kind: 'order', target_id: other.orderId });
    expect(res.statusCode).toBe(200);
    const made = myReportSchema.strict().parse(res.json().data);
    expect(made).toMatchObject({ status: 'pending', contact_phone: '13700000102', target_kind: 'order' });
    const [row] = await rows<{ pharmacy_id: number }>(sql`select pharmacy_id from report where id = ${made.id}`);
    expect(row.pharmacy_id).toBe(other.pharmacyId);
    const ph = await submit(other.token, {
      ...base,
      target_kind: 'pharmacy',
      target_id: other.pharmacyId,
      contact_phone: '13700000999',
    });
    expect(ph.statusCode).toBe(200);
    expect(ph.json().data.contact_phone).toBe('13700000999');
    const mine = (await call('GET', '/user/report', other.token)).json().data;
    // newest first; the older one is the decision test's complaint
    expect(mine.list.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([ph.json().data.id, made.id]);
    const raw = await rows<{ n: number }>(
      sql`select count(*)::int as n from report where reporter_account_id = ${other.id}`,
    );
    expect(mine.total).toBe(raw[0].n);
  });

  it('is refused (404, nothing stored) for targets that are not theirs', async () => {
    const [demoOrder] = await rows<{ id: number; pharmacy_id: number }>(
      sql`select id, pharmacy_id from orders where account_id = ${demoPatientId} order by id limit 1`,
    );
    const [doctor] = await rows<{ id: number }>(sql`select id from doctor order by id limit 1`);
    const [live] = await rows<{ id: number }>(sql`select id from live order by id limit 1`);
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from report`))[0].n;
    for (const [kind, id] of [
      ['order', demoOrder.id],
      ['pharmacy', demoOrder.pharmacy_id],
      ['doctor', doctor.id],
      ['live', live.id],
      ['order', 99999999],
    ] as const) {
      const res = await submit(other.token, { ...base, target_kind: kind, target_id: id });
      expect(res.statusCode, `${kind} ${id}`).toBe(404);
      expect(res.json().msg).toBe('投诉对象不存在或不属于您');
    }
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from report`))[0].n).toBe(before);
  });

  it('may complain about a live once watched and a doctor of their prescription', async () => {
    const [live] = await rows<{ id: number; pharmacy_id: number }>(
      sql`select id, pharmacy_id from live order by id limit 1`,
    );
    await t.database.db.execute(sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats,
      first_beat_at, last_beat_at) values (${live.pharmacy_id}, ${live.id}, ${other.id}, current_date, 60, 2, now(), now())`);
    const res = await submit(other.token, { ...base, category: '推销过度', target_kind: 'live', target_id: live.id });
    expect(res.statusCode).toBe(200);
    expect(
      (await rows<{ pharmacy_id: number }>(sql`select pharmacy_id from report where id = ${res.json().data.id}`))[0],
    ).toEqual({ pharmacy_id: live.pharmacy_id });

    const [recipe] = await rows<{ doctor_id: number }>(
      sql`select doctor_id from recipe where account_id = ${demoPatientId} order by id limit 1`,
    );
    const doc = await submit(patient, {
      ...base,
      category: '处方问题',
      target_kind: 'doctor',
      target_id: recipe.doctor_id,
    });
    expect(doc.statusCode).toBe(200);
    expect(
      (
        await rows<{ pharmacy_id: number | null }>(sql`select pharmacy_id from report where id = ${doc.json().data.id}`)
      )[0],
    ).toEqual({ pharmacy_id: null });
  });

  it('sees only their own complaints', async () => {
    const mine = (await call('GET', '/user/report?page_size=100', patient)).json().data;
    const raw = await rows<{ id: number }>(
      sql`select id from report where reporter_account_id = ${demoPatientId} order by created_at desc, id desc`,
    );
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual(raw.map((r) => r.id));
    expect(mine.total).toBe(raw.length);
  });

  it('refuses bad input with Chinese messages naming the field', async () => {
    const short = await submit(other.token, { ...base, content: '慢', target_kind: 'order', target_id: other.orderId });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('投诉内容至少 5 个字');
    const phone = await submit(other.token, {
      ...base,
      contact_phone: '12345',
      target_kind: 'order',
      target_id: other.orderId,
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toContain('手机号格式不正确');
    const images = Array.from({ length: 7 }, (_, i) => `/api/v1/upload/${'a'.repeat(23)}${i}.png`);
    const many = await submit(other.token, { ...base, images, target_kind: 'order', target_id: other.orderId });
    expect(many.statusCode).toBe(400);
    expect(many.json().msg).toContain('最多上传 6 张图片');
    const foreign = await submit(other.token, {
      ...base,
      images: ['https://evil.example/a.png'],
      target_kind: 'order',
      target_id: other.orderId,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('uploads an image and attaches it; a made-up upload name is refused', async () => {
    const PNG = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f9d0000000049454e44ae426082',
      'hex',
    );
    const boundary = '----report';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/report/upload',
      headers: { ...headers(other.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode).toBe(200);
    const url: string = up.json().data.url;
    expect(url).toMatch(/^\/api\/v1\/upload\/[A-Za-z0-9_-]{24}\.png$/);
    const ok = await submit(other.token, { ...base, images: [url], target_kind: 'order', target_id: other.orderId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.images).toEqual([url]);
    const made = await submit(other.token, {
      ...base,
      images: [`/api/v1/upload/${'Z'.repeat(24)}.png`],
      target_kind: 'order',
      target_id: other.orderId,
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().msg).toContain('图片地址不正确');
  });
});
