import {
  isTaskOverdue,
  type TaskFlowAction,
  type TaskStatus,
  taskActionsFor,
  taskDetailSchema,
  taskFlow,
  taskListResultSchema,
} from '@pharmacy/shared';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacy } from '../../db/schema/index';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let p1: number;
let p2: number;
/** 13800000003 manager of p1. */
let manager: string;
/** 13800000004 王丽娟, customer service of p1 (and p2). */
let cs: string;
/** 13800000012 吴婷婷, customer service of p1. */
let cs2: string;
/** 13800000013 郑佳怡, customer service of p1. */
let cs3: string;
/** 13800000001 shop of p1 and p2. */
let shop: string;
/** 13800000006 pharmacist of p1. */
let pharmacist: string;
const ids: Record<string, number> = {};
/** A customer (CRM card or member) of p1, one of p2 only. */
let customer: number;
let foreignCustomer: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId: number = p1, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
const data = <T = any>(res: { json: () => { data: T } }) => res.json().data;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const body = (over: Record<string, unknown> = {}) => ({
  kind: 'follow_up',
  title: '回访用药情况',
  content: '电话回访',
  customer_account_id: customer,
  assignee_account_id: ids['13800000004'],
  due_at: inHours(24),
  ...over,
});

async function newTask(token = manager, over: Record<string, unknown> = {}, pharmacyId = p1): Promise<number> {
  const res = await call('POST', '/marketing/task', token, pharmacyId, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return data(res).id;
}

const logsOf = async (taskId: number) =>
  (
    await queryRows<{ action: string; from_status: string | null; to_status: string | null; content: string }>(
      t.database.db,
      sql`select action, from_status, to_status, content from task_log where task_id = ${taskId} order by id`,
    )
  ).rows;

const customerOf = async (pharmacyId: number, notIn?: number) =>
  (
    await queryRows<{ account_id: number }>(
      t.database.db,
      sql`select account_id from viper where pharmacy_id = ${pharmacyId}
        ${
          notIn === undefined
            ? sql``
            : sql`and account_id not in (select account_id from viper where pharmacy_id = ${notIn})
          and account_id not in (select account_id from customer_info where pharmacy_id = ${notIn})`
        }
        order by id limit 1`,
    )
  ).rows[0].account_id;

beforeAll(async () => {
  t = await createTestApp();
  [p1, p2] = (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).orderBy(asc(pharmacy.id))).map(
    (r) => r.id,
  );
  for (const phone of ['13800000003', '13800000004', '13800000012', '13800000013', '13800000001', '13800000006']) {
    ids[phone] = (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0].id;
  }
  manager = await t.login('13800000003');
  cs = await t.login('13800000004');
  cs2 = await t.login('13800000012');
  cs3 = await t.login('13800000013');
  shop = await t.login('13800000001');
  pharmacist = await t.login('13800000006');
  customer = await customerOf(p1);
  foreignCustomer = await customerOf(p2, p1);
}, 180_000);
afterAll(async () => t?.close());

describe('shared rules', () => {
  it('the flow table: start from pending only; done and cancel from either open status', () => {
    expect(taskActionsFor('pending')).toEqual(['start', 'done', 'cancel']);
    expect(taskActionsFor('in_progress')).toEqual(['done', 'cancel']);
    expect(taskActionsFor('done')).toEqual([]);
    expect(taskActionsFor('cancelled')).toEqual([]);
  });
  it('overdue: open and past due', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(isTaskOverdue({ status: 'pending', due_at: '2026-11-24T09:59:00Z' }, now)).toBe(true);
    expect(isTaskOverdue({ status: 'in_progress', due_at: '2026-11-24T09:59:00Z' }, now)).toBe(true);
    expect(isTaskOverdue({ status: 'pending', due_at: '2026-11-24T10:01:00Z' }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'done', due_at: '2026-11-01T00:00:00Z' }, now)).toBe(false);
    expect(isTaskOverdue({ status: 'cancelled', due_at: '2026-11-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('access', () => {
  it.each([
    ['GET', '/marketing/task/list'],
    ['GET', '/marketing/task/1'],
    ['POST', '/marketing/task'],
    ['PUT', '/marketing/task/1/start'],
    ['PUT', '/marketing/task/1/done'],
    ['PUT', '/marketing/task/1/cancel'],
    ['PUT', '/marketing/task/1/assign'],
    ['POST', '/marketing/task/1/comment'],
  ] as const)('%s %s: 401 without a session, 403 for a pharmacist', async (method, url) => {
    const payload = method === 'GET' ? undefined : {};
    expect((await call(method, url, undefined, p1, payload)).statusCode).toBe(401);
    expect((await call(method, url, pharmacist, p1, payload)).statusCode).toBe(403);
  });

  it('reassign is the managers’ (customer service 403; shop and manager may)', async () => {
    const id = await newTask();
    const refused = await call('PUT', `/marketing/task/${id}/assign`, cs, p1, {
      assignee_account_id: ids['13800000012'],
    });
    expect(refused.statusCode).toBe(403);
    const byShop = await call('PUT', `/marketing/task/${id}/assign`, shop, p1, {
      assignee_account_id: ids['13800000012'],
    });
    expect(byShop.statusCode, byShop.body).toBe(200);
    expect(data(byShop).assignee.account_id).toBe(ids['13800000012']);
  });
});

describe('pickers', () => {
  it('staff options: the active marketing staff of the pharmacy only', async () => {
    const res = await call('GET', '/marketing/task/staff_options', cs);
    expect(res.statusCode).toBe(200);
    const phones = await queryRows<{ id: number; phone: string }>(
      t.database.db,
      sql`select id, phone from account where phone in ('13800000015', '13800000014', '13800000006')`,
    );
    const listed = new Set(data(res).map((s: { account_id: number }) => s.account_id));
    for (const id of [ids['13800000003'], ids['13800000004'], ids['13800000012'], ids['13800000013']]) {
      expect(listed.has(id)).toBe(true);
    }
    // the disabled 马俊杰, the Hangzhou manager and the pharmacist are not
    expect(phones.rows).toHaveLength(3);
    for (const row of phones.rows) expect(listed.has(row.id), row.phone).toBe(false);
  });

  it('customer options: search by phone suffix, masked phones, this pharmacy’s customers only', async () => {
    const [{ phone }] = await t.database.db
      .select({ phone: account.phone })
      .from(account)
      .where(eq(account.id, customer));
    const found = data(await call('GET', `/marketing/task/customer_options?keyword=${phone.slice(-4)}`, cs));
    expect(found.map((c: { account_id: number }) => c.account_id)).toContain(customer);
    for (const c of found) expect(c.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const foreign = data(await call('GET', `/marketing/task/customer_options?account_id=${foreignCustomer}`, cs));
    expect(foreign.map((c: { account_id: number }) => c.account_id)).not.toContain(foreignCustomer);
  });
});

describe('list', () => {
  it('the seed gives 王丽娟 tasks in every state, some overdue, each with a log starting with create', async () => {
    const res = await call('GET', '/marketing/task/list?page_size=100', cs);
    expect(res.statusCode, res.body).toBe(200);
    const result = taskListResultSchema.parse(data(res));
    for (const s of ['pending', 'in_progress', 'done', 'cancelled'] as const)
      expect(result.counts[s]).toBeGreaterThan(0);
    expect(result.counts.overdue).toBeGreaterThan(0);
    const { rows } = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from task t where t.pharmacy_id = ${p1} and not exists
        (select 1 from task_log l where l.task_id = t.id and l.action = 'create')`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('customer service sees tasks assigned to or created by them; a manager sees the pharmacy’s', async () => {
    const mine = await newTask(cs2, { assignee_account_id: ids['13800000004'] });
    const all = data(await call('GET', '/marketing/task/list?page_size=100', manager));
    const admin = await t.login('13800000002');
    expect(data(await call('GET', '/marketing/task/list?page_size=100', admin)).counts).toEqual(all.counts);
    const own = data(await call('GET', '/marketing/task/list?page_size=100', cs3));
    const { rows } = await queryRows<{ n: number; own: number }>(
      t.database.db,
      sql`select count(*)::int as n,
          count(*) filter (where assignee_account_id = ${ids['13800000013']} or created_by = ${ids['13800000013']})::int as own
        from task where pharmacy_id = ${p1}`,
    );
    expect(all.counts.all).toBe(rows[0].n);
    expect(own.counts.all).toBe(rows[0].own);
    for (const task of own.list) {
      expect(task.assignee.account_id === ids['13800000013'] || task.creator?.account_id === ids['13800000013']).toBe(
        true,
      );
    }
    // the creator (吴婷婷) sees it, the assignee (王丽娟) too, 郑佳怡 gets 404
    expect((await call('GET', `/marketing/task/${mine}`, cs2)).statusCode).toBe(200);
    expect((await call('GET', `/marketing/task/${mine}`, cs)).statusCode).toBe(200);
    expect((await call('GET', `/marketing/task/${mine}`, cs3)).statusCode).toBe(404);
  });

  it('tabs: counts by status, open tabs sorted by due time ascending, phones masked', async () => {
    const res = data(await call('GET', '/marketing/task/list?status=pending&page_size=100', manager));
    expect(res.total).toBe(res.counts.pending);
    const dues = res.list.map((x: { due_at: string }) => Date.parse(x.due_at));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    for (const x of res.list) {
      expect(x.status).toBe('pending');
      expect(x.customer.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    }
  });

  it('filters: overdue only, kind, assignee, customer keyword, due range', async () => {
    const overdue = data(await call('GET', '/marketing/task/list?overdue=1&page_size=100', manager));
    expect(overdue.list.length).toBeGreaterThan(0);
    for (const x of overdue.list) expect(x.overdue).toBe(true);
    const kind = data(await call('GET', '/marketing/task/list?kind=revisit&page_size=100', manager));
    for (const x of kind.list) expect(x.kind).toBe('revisit');
    const byAssignee = data(
      await call('GET', `/marketing/task/list?assignee_account_id=${ids['13800000012']}&page_size=100`, manager),
    );
    for (const x of byAssignee.list) expect(x.assignee.account_id).toBe(ids['13800000012']);
    const [{ phone }] = await t.database.db
      .select({ phone: account.phone })
      .from(account)
      .where(eq(account.id, customer));
    await newTask(manager, { due_at: inHours(24 * 30) });
    const byPhone = data(await call('GET', `/marketing/task/list?keyword=${phone}&page_size=100`, manager));
    expect(byPhone.list.length).toBeGreaterThan(0);
    for (const x of byPhone.list) expect(x.customer.account_id).toBe(customer);
    const day = new Date(Date.now() + 24 * 30 * 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const range = data(await call('GET', `/marketing/task/list?due_from=${day}&due_to=${day}&page_size=100`, manager));
    expect(range.list.length).toBeGreaterThan(0);
    const bad = await call('GET', '/marketing/task/list?due_from=2026-12-02&due_to=2026-12-01', manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('结束日期不能早于开始日期');
  });
});

describe('create', () => {
  it('creates with a create log; the assignee gets a message linking the task', async () => {
    const id = await newTask(manager, { assignee_account_id: ids['13800000012'] });
    const detail = taskDetailSchema.parse(data(await call('GET', `/marketing/task/${id}`, manager)));
    expect(detail).toMatchObject({ status: 'pending', overdue: false, actions: ['start', 'done', 'cancel'] });
    expect(detail.logs.map((l) => l.action)).toEqual(['create']);
    expect(detail.logs[0].content).toContain('吴婷婷');
    const { rows } = await queryRows<{ link: string }>(
      t.database.db,
      sql`select link from message where account_id = ${ids['13800000012']} order by id desc limit 1`,
    );
    expect(rows[0].link).toBe(`/marketManage/task?id=${id}`);
  });

  it('refuses bad input with Chinese messages naming the field', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '' }, 400, '请填写任务标题'],
      [{ title: 'x'.repeat(101) }, 400, '任务标题最多 100 字'],
      [{ content: 'x'.repeat(501) }, 400, '任务内容最多 500 字'],
      [{ kind: 'call' }, 400, '请选择任务类型'],
      [{ due_at: inHours(-2) }, 400, '截止时间不能早于当前时间'],
      [{ due_at: 'tomorrow' }, 400, '请选择截止时间'],
      [{ customer_account_id: foreignCustomer }, 404, '客户不存在'],
      [{ customer_account_id: 2_000_000_000 }, 404, '客户不存在'],
      [{ assignee_account_id: ids['13800000006'] }, 400, '员工不存在或不在本药店'],
      [{ assignee_account_id: 2_000_000_000 }, 400, '员工不存在或不在本药店'],
      [{ order_id: 2_000_000_000 }, 400, '订单不存在或不属于该客户'],
      [{ conversation_id: 2_000_000_000 }, 400, '会话不存在或不属于该客户'],
    ];
    for (const [over, status, msg] of cases) {
      const res = await call('POST', '/marketing/task', manager, p1, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().msg, JSON.stringify(over)).toContain(msg);
    }
  });

  it('from a chat: the conversation’s patient may be the customer even before joining as a member', async () => {
    const [{ id: patient }] = await t.database.db
      .insert(account)
      .values({ phone: '13711112222', phoneUserId: 'task-test-chat-patient', name: '聊天患者' })
      .returning({ id: account.id });
    const { rows } = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into conversation (pharmacy_id, patient_account_id) values (${p1}, ${patient}) returning id`,
    );
    const conversationId = rows[0].id;
    const without = await call('POST', '/marketing/task', cs, p1, body({ customer_account_id: patient }));
    expect(without.statusCode).toBe(404);
    expect(without.json().msg).toBe('客户不存在');
    const options = data(await call('GET', `/marketing/task/customer_options?account_id=${patient}`, cs));
    expect(options[0]).toMatchObject({ account_id: patient, name: '聊天患者', phone: '137****2222' });
    const id = await newTask(cs, { customer_account_id: patient, conversation_id: conversationId });
    expect(data(await call('GET', `/marketing/task/${id}`, cs))).toMatchObject({ conversation_id: conversationId });
    // another pharmacy's conversation does not make the patient a customer here
    const foreign = await call(
      'POST',
      '/marketing/task',
      shop,
      p2,
      body({ customer_account_id: patient, conversation_id: conversationId }),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('a delivery check on an order takes the order’s address', async () => {
    const { rows } = await queryRows<{ id: number; account_id: number }>(
      t.database.db,
      sql`select o.id, o.account_id from orders o where o.pharmacy_id = ${p1}
          and exists (select 1 from viper v where v.pharmacy_id = ${p1} and v.account_id = o.account_id)
        order by o.id limit 1`,
    );
    const id = await newTask(manager, {
      kind: 'delivery_check',
      order_id: rows[0].id,
      customer_account_id: rows[0].account_id,
    });
    const detail = data(await call('GET', `/marketing/task/${id}`, manager));
    expect(detail.order_id).toBe(rows[0].id);
    expect(detail.address.length).toBeGreaterThan(0);
  });
});

describe('flow', () => {
  it('start → done with a result; the log has every change; then 409 任务已完成', async () => {
    const id = await newTask();
    const started = await call('PUT', `/marketing/task/${id}/start`, cs);
    expect(started.statusCode, started.body).toBe(200);
    expect(data(started)).toMatchObject({ status: 'in_progress', actions: ['done', 'cancel'] });
    expect((await call('PUT', `/marketing/task/${id}/done`, cs, p1, { result: '' })).json().msg).toContain(
      '请填写处理结果',
    );
    const done = await call('PUT', `/marketing/task/${id}/done`, cs, p1, { result: '客户情况良好' });
    expect(data(done)).toMatchObject({ status: 'done', result: '客户情况良好', actions: [], can_edit: false });
    const again = await call('PUT', `/marketing/task/${id}/cancel`, cs, p1, { reason: '重复' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('任务已完成，请刷新后查看');
    expect((await logsOf(id)).map((l) => [l.action, l.from_status, l.to_status])).toEqual([
      ['create', null, 'pending'],
      ['start', 'pending', 'in_progress'],
      ['done', 'in_progress', 'done'],
    ]);
  });

  it('cancel needs a reason; the log keeps it', async () => {
    const id = await newTask();
    const refused = await call('PUT', `/marketing/task/${id}/cancel`, cs, p1, { reason: '  ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('请填写取消原因');
    const ok = await call('PUT', `/marketing/task/${id}/cancel`, cs, p1, { reason: '客户已到店' });
    expect(data(ok)).toMatchObject({ status: 'cancelled', cancel_reason: '客户已到店' });
    expect((await logsOf(id)).at(-1)).toMatchObject({ action: 'cancel', content: '取消原因：客户已到店' });
  });

  it('only the assignee or a manager acts: the creator who is not the assignee gets 403 in Chinese', async () => {
    const id = await newTask(cs2, { assignee_account_id: ids['13800000004'] });
    const refused = await call('PUT', `/marketing/task/${id}/start`, cs2);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('只有任务负责人或主管可以处理该任务');
    expect((await call('PUT', `/marketing/task/${id}/start`, cs3)).statusCode).toBe(404);
    expect((await call('PUT', `/marketing/task/${id}/start`, manager)).statusCode).toBe(200);
    // the creator may still comment and edit
    expect((await call('POST', `/marketing/task/${id}/comment`, cs2, p1, { content: '请尽快' })).statusCode).toBe(200);
    expect(
      (await call('PUT', `/marketing/task/${id}`, cs2, p1, { title: '新标题', content: '', due_at: inHours(5) }))
        .statusCode,
    ).toBe(200);
    expect((await logsOf(id)).map((l) => l.action)).toEqual(['create', 'start', 'comment', 'edit']);
  });

  it('edit: open tasks only; not into the past', async () => {
    const id = await newTask();
    const past = await call('PUT', `/marketing/task/${id}`, cs, p1, { title: 'x', content: '', due_at: inHours(-3) });
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toContain('截止时间不能早于当前时间');
    await call('PUT', `/marketing/task/${id}/cancel`, cs, p1, { reason: '不需要了' });
    const closed = await call('PUT', `/marketing/task/${id}`, cs, p1, { title: 'x', content: '', due_at: inHours(3) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toBe('任务已取消，请刷新后查看');
  });

  it('reassign logs 指派给 <name> and messages the new assignee; the same assignee is refused', async () => {
    const id = await newTask();
    const same = await call('PUT', `/marketing/task/${id}/assign`, manager, p1, {
      assignee_account_id: ids['13800000004'],
    });
    expect(same.statusCode).toBe(400);
    const res = await call('PUT', `/marketing/task/${id}/assign`, manager, p1, {
      assignee_account_id: ids['13800000013'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logsOf(id)).at(-1)).toMatchObject({ action: 'assign', content: '指派给 郑佳怡' });
    const { rows } = await queryRows<{ link: string }>(
      t.database.db,
      sql`select link from message where account_id = ${ids['13800000013']} order by id desc limit 1`,
    );
    expect(rows[0].link).toBe(`/marketManage/task?id=${id}`);
    // 王丽娟 neither created nor holds it now
    expect((await call('GET', `/marketing/task/${id}`, cs)).statusCode).toBe(404);
  });

  it('two concurrent decisions (done and cancel): exactly one wins, the other is 409; one log row', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await newTask();
      const [a, b] = await Promise.all([
        call('PUT', `/marketing/task/${id}/done`, cs, p1, { result: '完成' }),
        call('PUT', `/marketing/task/${id}/cancel`, manager, p1, { reason: '取消' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const logs = await logsOf(id);
      expect(logs.filter((l) => l.action === 'done' || l.action === 'cancel')).toHaveLength(1);
    }
  });
});

describe('tenant isolation', () => {
  it('another pharmacy’s task answers 404 exactly like a missing one', async () => {
    const id = await newTask(shop, { customer_account_id: customer });
    const foreign = await newTask(
      shop,
      { customer_account_id: foreignCustomer, assignee_account_id: ids['13800000004'] },
      p2,
    );
    const missing = await call('GET', '/marketing/task/2000000000', shop, p1);
    for (const [method, url, payload] of [
      ['GET', `/marketing/task/${foreign}`, undefined],
      ['PUT', `/marketing/task/${foreign}/start`, undefined],
      ['PUT', `/marketing/task/${foreign}/done`, { result: 'x' }],
      ['PUT', `/marketing/task/${foreign}/cancel`, { reason: 'x' }],
      ['POST', `/marketing/task/${foreign}/comment`, { content: 'x' }],
      ['PUT', `/marketing/task/${foreign}/assign`, { assignee_account_id: ids['13800000012'] }],
      ['PUT', `/marketing/task/${foreign}`, { title: 'x', content: '', due_at: inHours(3) }],
    ] as const) {
      const res = await call(method, url, shop, p1, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toBe(missing.json().msg);
    }
    const list = data(await call('GET', '/marketing/task/list?page_size=100', shop, p1));
    expect(list.list.map((x: { id: number }) => x.id)).not.toContain(foreign);
    expect((await call('GET', `/marketing/task/${id}`, shop, p2)).statusCode).toBe(404);
  });
});

describe('the log is complete (property)', () => {
  type Step = { who: 'cs' | 'manager' | 'cs2'; action: TaskFlowAction | 'comment' | 'edit' };
  const step = fc.record({
    who: fc.constantFrom<'cs' | 'manager' | 'cs2'>('cs', 'manager', 'cs2'),
    action: fc.constantFrom<Step['action']>('start', 'done', 'cancel', 'comment', 'edit'),
  });

  it('random sequences of actions: log rows = successful actions, statuses follow the flow table', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        // created by the manager for 王丽娟: 吴婷婷 (cs2) can neither see nor act
        const id = await newTask(manager);
        let status: TaskStatus = 'pending';
        let successes = 1; // create
        const tokens = { cs, manager, cs2 };
        for (const s of steps) {
          const url =
            s.action === 'comment'
              ? `/marketing/task/${id}/comment`
              : s.action === 'edit'
                ? `/marketing/task/${id}`
                : `/marketing/task/${id}/${s.action}`;
          const payload =
            s.action === 'done'
              ? { result: '结果' }
              : s.action === 'cancel'
                ? { reason: '原因' }
                : s.action === 'comment'
                  ? { content: '备注' }
                  : s.action === 'edit'
                    ? { title: '改', content: '', due_at: inHours(10) }
                    : undefined;
          const res = await call(s.action === 'comment' ? 'POST' : 'PUT', url, tokens[s.who], p1, payload);
          const open = status === 'pending' || status === 'in_progress';
          let expected: number;
          if (s.who === 'cs2') expected = 404;
          else if (s.action === 'comment') expected = 200;
          else if (s.action === 'edit') expected = open ? 200 : 409;
          else expected = (taskFlow[s.action].from as readonly TaskStatus[]).includes(status) ? 200 : 409;
          expect(res.statusCode, `${s.who} ${s.action} at ${status}: ${res.body}`).toBe(expected);
          if (res.statusCode === 200) {
            successes++;
            if (s.action !== 'comment' && s.action !== 'edit') status = taskFlow[s.action].to;
          }
        }
        const logs = await logsOf(id);
        expect(logs).toHaveLength(successes);
        // replaying the status changes of the log gives the task's status
        let replay: string | null = null;
        for (const l of logs) {
          if (l.to_status) {
            expect(l.from_status).toBe(replay);
            replay = l.to_status;
          }
        }
        const [row] = (
          await queryRows<{ status: string }>(t.database.db, sql`select status from task where id = ${id}`)
        ).rows;
        expect(replay).toBe(row.status);
        expect(row.status).toBe(status);
      }),
      { numRuns: 15 },
    );
  });
});
