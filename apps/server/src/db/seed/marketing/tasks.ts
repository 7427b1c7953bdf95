import type { TaskKind, TaskLogAction, TaskStatus } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import { int, pick } from '../random';
import type { MarketingSeedContext } from './context';

const HOUR = 3_600_000;

/** The staff who get tasks: 王丽娟 most, then the other customer service and the manager. */
const STAFF_PHONES = ['13800000004', '13800000012', '13800000013', '13800000003'] as const;
const MANAGER_PHONE = '13800000003';

interface Plan {
  kind: TaskKind;
  status: TaskStatus;
  /** index into STAFF_PHONES */
  assignee: number;
  /** created this many hours before now */
  createdHoursAgo: number;
  /** due this many hours after now (negative: in the past) */
  dueInHours: number;
  /** reassigned once from another member by the manager */
  reassigned?: boolean;
  comment?: string;
  /** the done result or the cancel reason */
  text?: string;
}

const titles: Record<TaskKind, readonly string[]> = {
  follow_up: ['回访用药情况', '询问血压控制情况', '确认是否需要续方', '回访满意度', '提醒按时服药'],
  delivery_check: ['确认药品已送达', '核实签收情况', '确认包装完好'],
  revisit: ['提醒复诊', '提醒复查血糖', '预约复诊时间'],
};
const contents: Record<TaskKind, readonly string[]> = {
  follow_up: ['电话回访，了解服药后的感受和有无不适。', '询问近一周的血压记录，提醒低盐饮食。', ''],
  delivery_check: ['快递显示已签收，电话确认是否本人收到、药品是否完好。', '核对药品数量与订单一致。'],
  revisit: ['距上次就诊已满一个月，提醒到医院复诊并带上检查报告。', '提醒空腹复查血糖，结果发给药师。'],
};
const results = ['已电话联系，客户表示服药后情况良好', '客户已确认收到，包装完好', '已提醒，客户约好下周复诊'];
const reasons = ['客户已自行到店处理', '客户暂时联系不上，改为下次跟进', '重复创建的任务'];

/** Tasks in every state, 王丽娟's first; some overdue; some reassigned, commented; each with its complete log. */
const plans: Plan[] = [
  { kind: 'follow_up', status: 'pending', assignee: 0, createdHoursAgo: 30, dueInHours: 20 },
  { kind: 'revisit', status: 'pending', assignee: 0, createdHoursAgo: 72, dueInHours: -26 },
  { kind: 'delivery_check', status: 'pending', assignee: 0, createdHoursAgo: 50, dueInHours: -3 },
  { kind: 'follow_up', status: 'pending', assignee: 0, createdHoursAgo: 5, dueInHours: 50, reassigned: true },
  {
    kind: 'follow_up',
    status: 'in_progress',
    assignee: 0,
    createdHoursAgo: 40,
    dueInHours: 6,
    comment: '已加微信，约好明天下午再联系',
  },
  { kind: 'revisit', status: 'in_progress', assignee: 0, createdHoursAgo: 120, dueInHours: -48 },
  { kind: 'follow_up', status: 'done', assignee: 0, createdHoursAgo: 200, dueInHours: -150 },
  { kind: 'delivery_check', status: 'done', assignee: 0, createdHoursAgo: 100, dueInHours: -70 },
  {
    kind: 'revisit',
    status: 'done',
    assignee: 0,
    createdHoursAgo: 300,
    dueInHours: -250,
    reassigned: true,
    comment: '客户希望周末复诊',
  },
  { kind: 'follow_up', status: 'cancelled', assignee: 0, createdHoursAgo: 90, dueInHours: -40 },
  { kind: 'delivery_check', status: 'cancelled', assignee: 0, createdHoursAgo: 160, dueInHours: -130 },
  { kind: 'follow_up', status: 'pending', assignee: 1, createdHoursAgo: 20, dueInHours: 30 },
  { kind: 'revisit', status: 'pending', assignee: 1, createdHoursAgo: 80, dueInHours: -10 },
  { kind: 'delivery_check', status: 'in_progress', assignee: 1, createdHoursAgo: 30, dueInHours: 12 },
  { kind: 'follow_up', status: 'done', assignee: 1, createdHoursAgo: 150, dueInHours: -120 },
  { kind: 'follow_up', status: 'pending', assignee: 2, createdHoursAgo: 10, dueInHours: 70 },
  { kind: 'follow_up', status: 'in_progress', assignee: 2, createdHoursAgo: 60, dueInHours: -5 },
  { kind: 'revisit', status: 'done', assignee: 2, createdHoursAgo: 240, dueInHours: -200 },
  { kind: 'revisit', status: 'cancelled', assignee: 2, createdHoursAgo: 70, dueInHours: -30 },
  { kind: 'follow_up', status: 'pending', assignee: 3, createdHoursAgo: 15, dueInHours: 96 },
  { kind: 'delivery_check', status: 'done', assignee: 3, createdHoursAgo: 130, dueInHours: -100 },
];

interface LogRow {
  action: TaskLogAction;
  actor: number;
  from: TaskStatus | null;
  to: TaskStatus | null;
  content: string;
  at: number;
}

/**
 * Tasks of the first demo pharmacy (仁心大药房 浦东店) over its customers (the CRM cards the customers part seeded,
 * else its members), assigned to 王丽娟 (13800000004) and the other staff, in every state, some overdue, each with a
 * complete log (create, assign, start, comment, done / cancel) as the product writes it. Delivery checks point at a
 * shipped or completed order of the customer when there is one.
 */
export async function seedTasks(ctx: MarketingSeedContext): Promise<void> {
  const { tx, now } = ctx;
  const r = ctx.random(5);
  const pharmacy = (
    await queryRows<{ id: number }>(tx, sql`select id from pharmacy where status = 'active' order by id limit 1`)
  ).rows[0];
  if (!pharmacy) return;
  const pharmacyId = pharmacy.id;
  const staffRows = (
    await queryRows<{ id: number; phone: string; name: string }>(
      tx,
      sql`select a.id, a.phone, a.name from account a join pharmacy_member m on m.account_id = a.id
        where m.pharmacy_id = ${pharmacyId} and m.status = 'active'
          and a.phone in (${sql.join(
            STAFF_PHONES.map((p) => sql`${p}`),
            sql`, `,
          )})`,
    )
  ).rows;
  const staff = STAFF_PHONES.map((p) => staffRows.find((s) => s.phone === p));
  const manager = staffRows.find((s) => s.phone === MANAGER_PHONE);
  if (!staff[0] || !manager) return;
  const staffAt = (i: number) => staff[i] ?? staff[0]!;

  // customers: the CRM cards (owned ones first), else the members
  let customers = (
    await queryRows<{ account_id: number; owner: number | null }>(
      tx,
      sql`select account_id, owner_account_id as owner from customer_info where pharmacy_id = ${pharmacyId}
        order by owner_account_id nulls last, id`,
    )
  ).rows;
  if (customers.length === 0) {
    customers = (
      await queryRows<{ account_id: number; owner: number | null }>(
        tx,
        sql`select account_id, null::int as owner from viper where pharmacy_id = ${pharmacyId} order by id`,
      )
    ).rows;
  }
  if (customers.length === 0) return;

  const orders = (
    await queryRows<{ id: number; account_id: number; address: string }>(
      tx,
      sql`select id, account_id, concat_ws(' ', receiver_name, receiver_phone,
            province || city || district || address_detail) as address
        from orders where pharmacy_id = ${pharmacyId} and status in ('shipped', 'completed') and deleted_at is null
        order by id desc limit 500`,
    )
  ).rows;
  const conversations = (
    await queryRows<{ id: number; account_id: number }>(
      tx,
      sql`select id, patient_account_id as account_id from conversation where pharmacy_id = ${pharmacyId}`,
    )
  ).rows;

  // shipped or completed orders whose buyer is a customer here, one per buyer
  const customerIds = new Set(customers.map((c) => c.account_id));
  const buyerOrders = [
    ...new Map(orders.filter((o) => customerIds.has(o.account_id)).map((o) => [o.account_id, o])).values(),
  ];
  let deliveryChecks = 0;

  for (const [i, plan] of plans.entries()) {
    const assignee = staffAt(plan.assignee);
    // a customer the assignee owns when there is one, else any
    const owned = customers.filter((c) => c.owner === assignee.id);
    let customer = owned.length > 0 ? owned[(i * 7) % owned.length] : customers[(i * 5) % customers.length];
    let order: (typeof orders)[number] | undefined;
    if (plan.kind === 'delivery_check' && buyerOrders.length > 0) {
      // the customer's own shipped order, else the next buyer's (one order per buyer, in turn)
      order =
        buyerOrders.find((o) => o.account_id === customer.account_id) ??
        buyerOrders[deliveryChecks % buyerOrders.length];
      deliveryChecks++;
      const buyer = order.account_id;
      customer = customers.find((c) => c.account_id === buyer) ?? customer;
    }
    const conversation = conversations.find((c) => c.account_id === customer.account_id);

    const createdAt = now - plan.createdHoursAgo * HOUR - int(r, 0, 50) * 60_000;
    const dueAt = now + plan.dueInHours * HOUR;
    const title = pick(r, titles[plan.kind]);
    const content = pick(r, contents[plan.kind]);
    const creator = plan.assignee === 3 || i % 3 === 0 ? manager : assignee;
    const firstAssignee = plan.reassigned ? staffAt((plan.assignee + 1) % 3) : assignee;
    const span = Math.max(HOUR, Math.min(now, dueAt + 12 * HOUR) - createdAt);
    const step = (f: number) => Math.min(now - 60_000, createdAt + Math.floor(span * f));

    const logs: LogRow[] = [
      {
        action: 'create',
        actor: creator.id,
        from: null,
        to: 'pending',
        content: `负责人：${firstAssignee.name}`,
        at: createdAt,
      },
    ];
    if (plan.reassigned) {
      logs.push({
        action: 'assign',
        actor: manager.id,
        from: null,
        to: null,
        content: `指派给 ${assignee.name}`,
        at: step(0.1),
      });
    }
    let startedAt: number | null = null;
    if (plan.status === 'in_progress' || (plan.status === 'done' && i % 2 === 0)) {
      startedAt = step(0.3);
      logs.push({
        action: 'start',
        actor: assignee.id,
        from: 'pending',
        to: 'in_progress',
        content: '',
        at: startedAt,
      });
    }
    if (plan.comment) {
      logs.push({ action: 'comment', actor: assignee.id, from: null, to: null, content: plan.comment, at: step(0.5) });
    }
    let result = '';
    let reason = '';
    let doneAt: number | null = null;
    let cancelledAt: number | null = null;
    const before: TaskStatus = startedAt === null ? 'pending' : 'in_progress';
    if (plan.status === 'done') {
      result = pick(r, results);
      doneAt = step(0.8);
      logs.push({
        action: 'done',
        actor: assignee.id,
        from: before,
        to: 'done',
        content: `处理结果：${result}`,
        at: doneAt,
      });
    }
    if (plan.status === 'cancelled') {
      reason = pick(r, reasons);
      cancelledAt = step(0.7);
      const actor = i % 2 === 0 ? manager : assignee;
      logs.push({
        action: 'cancel',
        actor: actor.id,
        from: before,
        to: 'cancelled',
        content: `取消原因：${reason}`,
        at: cancelledAt,
      });
    }
    const updatedAt = Math.max(...logs.map((l) => l.at));
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`insert into task (pharmacy_id, kind, title, content, customer_account_id, assignee_account_id, created_by,
          order_id, conversation_id, address, due_at, status, result, cancel_reason, started_at, done_at, cancelled_at,
          created_at, updated_at)
        values (${pharmacyId}, ${plan.kind}, ${title}, ${content}, ${customer.account_id}, ${assignee.id},
          ${creator.id}, ${order?.id ?? null}, ${i % 4 === 1 ? (conversation?.id ?? null) : null},
          ${order ? order.address.slice(0, 200) : ''}, ${iso(dueAt)}, ${plan.status}, ${result}, ${reason},
          ${iso(startedAt)}, ${iso(doneAt)}, ${iso(cancelledAt)}, ${iso(createdAt)}, ${iso(updatedAt)})
        returning id`,
    );
    const taskId = inserted.rows[0].id;
    for (const l of logs) {
      await tx.execute(sql`insert into task_log (task_id, pharmacy_id, actor_account_id, action, from_status,
          to_status, content, created_at, updated_at)
        values (${taskId}, ${pharmacyId}, ${l.actor}, ${l.action}, ${l.from}, ${l.to}, ${l.content},
          ${iso(l.at)}, ${iso(l.at)})`);
    }
  }
}
