import { adminTaskDetailSchema, adminTaskListResultSchema, adminTaskMessages } from '@pharmacy/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adminProfile, pharmacy } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let p1: number;
let p2: number;
/** 13800000007 赵运营 (all). */
let operator: string;
let operatorId: number;
/** An operator holding only `task`, and one holding only `report`. */
let taskOnly: string;
let reportOnly: string;
/** 13800000001 shop of p1 and p2 (staff, not an operator). */
let shop: string;
let manager: string;
const ids: Record<string, number> = {};
/** A member of p1 who is no member of p2, and the other way round. */
let customer1: number;
let customer2: number;
/** Active customer service of p2 only. */
let staffOfP2: number;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const data = <T = any>(res: { json: () => { data: T } }) => res.json().data;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, pharmacyId?: number) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const body = (over: Record<string, unknown> = {}) => ({
  pharmacy_id: p1,
  kind: 'delivery_check',
  title: '平台回访：核实配送时效',
  content: '客户反映配送慢，请电话核实签收时间',
  customer_account_id: customer1,
  assignee_account_id: ids['13800000004'],
  due_at: inHours(24),
  address: '李小华 13900000001 上海市浦东新区张江路 88 号',
  ...over,
});

async function newTask(over: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', '/admin/task', operator, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return data(res).id;
}

const logsOf = async (taskId: number) =>
  (
    await queryRows<{ action: string; from_status: string | null; to_status: string | null; actor_account_id: number }>(
      t.database.db,
      sql`select action, from_status, to_status, actor_account_id from task_log where task_id = ${taskId} order by id`,
    )
  ).rows;

async function newAccount(phone: string, name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(account)
    .values({ phone, phoneUserId: `pu_${phone}`, name, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: account.id });
  return row.id;
}

async function memberOnlyOf(pharmacyId: number, notIn: number) {
  return (
    await queryRows<{ account_id: number }>(
      t.database.db,
      sql`select account_id from viper where pharmacy_id = ${pharmacyId}
          and account_id not in (select account_id from viper where pharmacy_id = ${notIn})
          and account_id not in (select account_id from customer_info where pharmacy_id = ${notIn})
        order by id limit 1`,
    )
  ).rows[0].account_id;
}

beforeAll(async () => {
  t = await createTestApp();
  [p1, p2] = (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).orderBy(asc(pharmacy.id))).map(
    (r) => r.id,
  );
  for (const phone of ['13800000003', '13800000004', '13800000006', '13800000007']) {
    ids[phone] = (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;
  }
  operatorId = ids['13800000007'];
  operator = await t.login('13800000007');
  shop = await t.login('13800000001');
  manager = await t.login('13800000003');
  const taskId = await newAccount('13700017001', '任务运营');
  await t.database.db.insert(adminProfile).values({ accountId: taskId, adminPermissions: ['task'] });
  taskOnly = await t.login('13700017001');
  const reportId = await newAccount('13700017002', '投诉运营');
  await t.database.db.insert(adminProfile).values({ accountId: reportId, adminPermissions: ['report'] });
  reportOnly = await t.login('13700017002');
  staffOfP2 = await newAccount('13700017003', '二店客服');
  await t.database.db.execute(
    sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions) values (${p2}, ${staffOfP2}, 'customer_service', '{}')`,
  );
  customer1 = await memberOnlyOf(p1, p2);
  customer2 = await memberOnlyOf(p2, p1);
}, 180_000);
afterAll(async () => t?.close());

describe('access: the key `task`', () => {
  it.each([
    ['GET', '/admin/task'],
    ['GET', '/admin/task/1/log'],
    ['POST', '/admin/task'],
    ['POST', '/admin/task/1/cancel'],
    ['GET', '/admin/task/pharmacy_options'],
    ['GET', '/admin/task/customer_options?pharmacy_id=1'],
    ['GET', '/admin/task/staff_options?pharmacy_id=1'],
  ] as const)('%s %s: 401 without a session, 403 for staff and for an operator without `task`', async (method, url) => {
    const payload = method === 'GET' ? undefined : {};
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, shop, payload, p1)).statusCode).toBe(403);
    expect((await call(method, url, reportOnly, payload)).statusCode).toBe(403);
  });

  it('an operator holding only `task` lists, creates and cancels', async () => {
    expect((await call('GET', '/admin/task', taskOnly)).statusCode).toBe(200);
    const res = await call('POST', '/admin/task', taskOnly, body());
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = await call('POST', `/admin/task/${data(res).id}/cancel`, taskOnly, { reason: '重复创建' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});

describe('create', () => {
  it('makes a platform task of the pharmacy: created by the operator, a create log row, the assignee told', async () => {
    const before = (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from message where account_id = ${ids['13800000004']}`,
      )
    ).rows[0].n;
    const id = await newTask();
    const res = await call('GET', `/admin/task/${id}/log`, operator);
    expect(res.statusCode).toBe(200);
    const task = adminTaskDetailSchema.parse(data(res));
    expect(task).toMatchObject({
      origin: 'platform',
      status: 'pending',
      kind: 'delivery_check',
      pharmacy: { id: p1 },
      customer: { account_id: customer1 },
      assignee: { account_id: ids['13800000004'] },
      creator: { account_id: operatorId },
      address: '李小华 13900000001 上海市浦东新区张江路 88 号',
      can_cancel: true,
    });
    expect(task.customer.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(task.logs.map((l) => [l.action, l.to_status, l.actor?.account_id])).toEqual([
      ['create', 'pending', operatorId],
    ]);
    const [row] = (
      await queryRows<{ origin: string; created_by: number; pharmacy_id: number }>(
        t.database.db,
        sql`select origin, created_by, pharmacy_id from task where id = ${id}`,
      )
    ).rows;
    expect(row).toEqual({ origin: 'platform', created_by: operatorId, pharmacy_id: p1 });
    const after = (
      await queryRows<{ n: number; link: string }>(
        t.database.db,
        sql`select count(*)::int as n, max(link) filter (where link = ${`/marketManage/task?id=${id}`}) as link
          from message where account_id = ${ids['13800000004']}`,
      )
    ).rows[0];
    expect(after.n).toBe(before + 1);
    expect(after.link).toBe(`/marketManage/task?id=${id}`);
    const audits = await queryRows<{ account_id: number }>(
      t.database.db,
      sql`select account_id from audit_log where action = 'task.create' and target = ${`task:${id}`}`,
    );
    expect(audits.rows).toEqual([{ account_id: operatorId }]);
  });

  it('the pharmacy’s staff see it in their own task list, tagged platform', async () => {
    const id = await newTask({ title: '平台任务在药店列表中' });
    const res = await call('GET', '/marketing/task/list?page_size=100', manager, undefined, p1);
    expect(res.statusCode).toBe(200);
    expect(data(res).list.find((r: { id: number }) => r.id === id)).toMatchObject({ origin: 'platform' });
  });

  it('refuses a customer who is not a member of the pharmacy (400 naming customer_account_id)', async () => {
    const res = await call('POST', '/admin/task', operator, body({ customer_account_id: customer2 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('customer_account_id');
    expect(res.json().msg).toContain(adminTaskMessages.customerNotMember);
    // the same customer with their own pharmacy passes (with that pharmacy's staff)
    const ok = await call(
      'POST',
      '/admin/task',
      operator,
      body({ pharmacy_id: p2, customer_account_id: customer2, assignee_account_id: staffOfP2 }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an assignee who is not active staff of the pharmacy (400 naming assignee_account_id)', async () => {
    const expectRefused = async (assignee: number) => {
      const res = await call('POST', '/admin/task', operator, body({ assignee_account_id: assignee }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain('assignee_account_id');
      expect(res.json().msg).toContain(adminTaskMessages.assigneeNotStaff);
    };
    await expectRefused(staffOfP2); // staff of another pharmacy
    await expectRefused(customer1); // a patient
    await expectRefused(ids['13800000006']); // the pharmacist: not a customer-service role
    const temp = await newAccount('13700017004', '离职客服');
    await t.database.db.execute(
      sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions, status)
        values (${p1}, ${temp}, 'customer_service', '{}', 'disabled')`,
    );
    await expectRefused(temp); // a disabled membership
  });

  it('refuses a missing or inactive pharmacy, a past due time and bad fields, naming the field', async () => {
    const missing = await call('POST', '/admin/task', operator, body({ pharmacy_id: 2_147_483_000 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('pharmacy_id');
    const suspended = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from pharmacy order by id desc limit 1`)
    ).rows[0].id;
    await t.database.db.execute(sql`update pharmacy set status = 'suspended' where id = ${suspended}`);
    const inactive = await call('POST', '/admin/task', operator, body({ pharmacy_id: suspended }));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().msg).toContain(adminTaskMessages.pharmacyNotActive);
    await t.database.db.execute(sql`update pharmacy set status = 'active' where id = ${suspended}`);
    const past = await call('POST', '/admin/task', operator, body({ due_at: inHours(-2) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toContain('due_at');
    for (const bad of [{ title: '  ' }, { kind: 'x' }, { pharmacy_id: 'a' }, { address: 'x'.repeat(201) }]) {
      const res = await call('POST', '/admin/task', operator, body(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe(400000);
    }
  });
});

describe('cancel', () => {
  it('two operators at once: exactly one wins, one cancel log row', async () => {
    const id = await newTask();
    const [a, b] = await Promise.all([
      call('POST', `/admin/task/${id}/cancel`, operator, { reason: '客户已自行到店处理' }),
      call('POST', `/admin/task/${id}/cancel`, taskOnly, { reason: '重复创建的任务' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().msg).toBe('任务已取消，请刷新后查看');
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.action, l.from_status, l.to_status])).toEqual([
      ['create', null, 'pending'],
      ['cancel', 'pending', 'cancelled'],
    ]);
    const detail = adminTaskDetailSchema.parse(data(a.statusCode === 200 ? a : b));
    expect(detail).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(detail.cancel_reason).toMatch(/客户已自行到店处理|重复创建的任务/);
  });

  it('a task the pharmacy is working on can be cancelled; the log keeps both hands', async () => {
    const id = await newTask();
    const cs = await t.login('13800000004');
    expect((await call('PUT', `/marketing/task/${id}/start`, cs, undefined, p1)).statusCode).toBe(200);
    const res = await call('POST', `/admin/task/${id}/cancel`, operator, { reason: '客户已投诉撤回' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logsOf(id)).map((l) => [l.action, l.from_status, l.to_status, l.actor_account_id])).toEqual([
      ['create', null, 'pending', operatorId],
      ['start', 'pending', 'in_progress', ids['13800000004']],
      ['cancel', 'in_progress', 'cancelled', operatorId],
    ]);
    const told = await queryRows<{ title: string }>(
      t.database.db,
      sql`select title from message where account_id = ${ids['13800000004']} and link = ${`/marketManage/task?id=${id}`}
        order by id`,
    );
    expect(told.rows.map((r) => r.title)).toEqual(['您有新的任务', '平台已取消任务']);
  });

  it('refuses a done task (409), a pharmacy’s own task (403), a missing one (404), no reason (400)', async () => {
    const id = await newTask();
    await t.database.db.execute(sql`update task set status = 'done', done_at = now() where id = ${id}`);
    const done = await call('POST', `/admin/task/${id}/cancel`, operator, { reason: '晚了' });
    expect(done.statusCode).toBe(409);
    expect(done.json().msg).toBe('任务已完成，请刷新后查看');
    const own = (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from task where origin = 'pharmacy' and status = 'pending' order by id limit 1`,
      )
    ).rows[0].id;
    const refused = await call('POST', `/admin/task/${own}/cancel`, operator, { reason: '不该取消' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(adminTaskMessages.notPlatformTask);
    expect(await logsOf(own)).not.toContainEqual(expect.objectContaining({ action: 'cancel' }));
    expect((await call('POST', '/admin/task/2147483000/cancel', operator, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/admin/task/2147483000/log', operator)).statusCode).toBe(404);
    expect((await call('POST', `/admin/task/${id}/cancel`, operator, { reason: '  ' })).statusCode).toBe(400);
  });
});

describe('list across pharmacies', () => {
  it('shows every pharmacy’s tasks; tabs’ counts equal the rows; filters by pharmacy, origin and status', async () => {
    await newTask({ pharmacy_id: p2, customer_account_id: customer2, assignee_account_id: staffOfP2 });
    const all = adminTaskListResultSchema.parse(data(await call('GET', '/admin/task?page_size=100', operator)));
    expect(all.list.some((r) => r.pharmacy.id === p1)).toBe(true);
    expect(all.list.some((r) => r.pharmacy.id === p2)).toBe(true);

    const raw = async (where: ReturnType<typeof sql>) =>
      (
        await queryRows<{ status: string; n: number }>(
          t.database.db,
          sql`select status, count(*)::int as n from task t where ${where} group by status`,
        )
      ).rows.map((r) => [r.status, r.n]);
    const check = async (qs: string, where: ReturnType<typeof sql>) => {
      const res = adminTaskListResultSchema.parse(data(await call('GET', `/admin/task?page_size=100&${qs}`, operator)));
      const counts: Record<string, number> = Object.fromEntries(await raw(where));
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(res.counts).toMatchObject({
        all: total,
        pending: counts.pending ?? 0,
        in_progress: counts.in_progress ?? 0,
        done: counts.done ?? 0,
        cancelled: counts.cancelled ?? 0,
      });
      return res;
    };
    await check('', sql`true`);
    const p2Only = await check(`pharmacy_id=${p2}`, sql`t.pharmacy_id = ${p2}`);
    expect(p2Only.list.every((r) => r.pharmacy.id === p2)).toBe(true);
    const platform = await check('origin=platform', sql`t.origin = 'platform'`);
    expect(platform.list.length).toBeGreaterThan(0);
    expect(platform.list.every((r) => r.origin === 'platform')).toBe(true);
    const own = await check(`origin=pharmacy&pharmacy_id=${p1}`, sql`t.origin = 'pharmacy' and t.pharmacy_id = ${p1}`);
    expect(own.list.every((r) => r.origin === 'pharmacy' && r.pharmacy.id === p1)).toBe(true);
    const cancelled = await check('status=cancelled&origin=platform', sql`t.origin = 'platform'`);
    expect(cancelled.total).toBe(cancelled.counts.cancelled);
    expect(cancelled.list.every((r) => r.status === 'cancelled')).toBe(true);
    const assignee = await check(`assignee_account_id=${staffOfP2}`, sql`t.assignee_account_id = ${staffOfP2}`);
    expect(assignee.list.every((r) => r.assignee.account_id === staffOfP2)).toBe(true);
  });

  it('overdue: open and past due, flagged and filtered', async () => {
    const id = await newTask({ title: '已逾期的平台任务' });
    await t.database.db.execute(sql`update task set due_at = now() - interval '3 hours' where id = ${id}`);
    const res = adminTaskListResultSchema.parse(
      data(await call('GET', '/admin/task?page_size=100&overdue=1&origin=platform', operator)),
    );
    expect(res.list.find((r) => r.id === id)).toMatchObject({ overdue: true });
    expect(res.list.every((r) => r.overdue)).toBe(true);
    const raw = (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from task where origin = 'platform' and status in ('pending', 'in_progress')
          and due_at < now()`,
      )
    ).rows[0].n;
    expect(res.counts.overdue).toBe(raw);
    expect(res.total).toBe(raw);
  });

  it('filters by customer keyword and due range (Shanghai days); bad filters fall back', async () => {
    const phone = (
      await queryRows<{ phone: string }>(t.database.db, sql`select phone from account where id = ${customer1}`)
    ).rows[0].phone;
    const byPhone = adminTaskListResultSchema.parse(
      data(await call('GET', `/admin/task?page_size=100&keyword=${phone}`, operator)),
    );
    expect(byPhone.total).toBeGreaterThan(0);
    expect(byPhone.list.every((r) => r.customer.account_id === customer1)).toBe(true);
    const far = adminTaskListResultSchema.parse(
      data(await call('GET', '/admin/task?due_from=2099-01-01&due_to=2099-01-02', operator)),
    );
    expect(far.total).toBe(0);
    const fallback = await call('GET', '/admin/task?status=nope&origin=x&pharmacy_id=abc', operator);
    expect(fallback.statusCode).toBe(200);
    const reversed = await call('GET', '/admin/task?due_from=2026-12-02&due_to=2026-12-01', operator);
    expect(reversed.statusCode).toBe(400);
  });
});

describe('pickers', () => {
  it('pharmacies; a pharmacy’s members by phone or last four digits; its active staff', async () => {
    const pharmacies = data(await call('GET', '/admin/task/pharmacy_options', operator));
    expect(pharmacies.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([p1, p2]));
    const phone = (
      await queryRows<{ phone: string }>(t.database.db, sql`select phone from account where id = ${customer1}`)
    ).rows[0].phone;
    const found = data(await call('GET', `/admin/task/customer_options?pharmacy_id=${p1}&keyword=${phone}`, operator));
    expect(found).toEqual([expect.objectContaining({ account_id: customer1 })]);
    expect(found[0].phone).not.toBe(phone);
    const elsewhere = data(
      await call('GET', `/admin/task/customer_options?pharmacy_id=${p2}&keyword=${phone}`, operator),
    );
    expect(elsewhere).toEqual([]);
    const staff = data(await call('GET', `/admin/task/staff_options?pharmacy_id=${p1}`, operator));
    const staffIds = staff.map((s: { account_id: number }) => s.account_id);
    expect(staffIds).toContain(ids['13800000004']);
    expect(staffIds).not.toContain(ids['13800000006']);
    expect(staffIds).not.toContain(staffOfP2);
    expect((await call('GET', '/admin/task/staff_options', operator)).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('platform tasks of both demo pharmacies in every state, for their members, each log matching its status', async () => {
    const { rows } = await queryRows<{
      id: number;
      status: string;
      pharmacy_id: number;
      created_by: number;
      assignee_phone: string;
      member: boolean;
      first_action: string;
      last_to: string;
    }>(
      t.database.db,
      sql`select t.id, t.status, t.pharmacy_id, t.created_by, a.phone as assignee_phone,
          exists (select 1 from viper v where v.pharmacy_id = t.pharmacy_id and v.account_id = t.customer_account_id)
            as member,
          (select l.action from task_log l where l.task_id = t.id order by l.id limit 1) as first_action,
          (select l.to_status from task_log l where l.task_id = t.id and l.to_status is not null
            order by l.id desc limit 1) as last_to
        from task t join account a on a.id = t.assignee_account_id
        where t.origin = 'platform' and t.created_by = ${operatorId}
          and t.created_at < now() - interval '1 hour'`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'in_progress', 'done', 'cancelled']));
    expect(new Set(rows.map((r) => r.pharmacy_id))).toEqual(new Set([p1, p2]));
    for (const r of rows) {
      expect(['13800000004', '13800000003']).toContain(r.assignee_phone);
      expect(r).toMatchObject({ member: true, first_action: 'create', last_to: r.status });
    }
  });
});
