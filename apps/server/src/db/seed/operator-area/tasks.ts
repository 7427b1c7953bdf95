import type { TaskKind, TaskLogAction, TaskStatus } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import { int } from '../random';
import type { OperatorSeedContext } from './context';

const HOUR = 3_600_000;
const OPERATOR_PHONE = '13800000007';
/** 王丽娟 (customer service of both demo pharmacies), then the manager of the first. */
const CS_PHONE = '13800000004';
const MANAGER_PHONE = '13800000003';

interface Plan {
  /** 0: the first demo pharmacy, 1: the second. */
  pharmacy: 0 | 1;
  kind: TaskKind;
  status: TaskStatus;
  assignee: 'cs' | 'manager';
  title: string;
  content: string;
  createdHoursAgo: number;
  /** Due this many hours after now (negative: past). */
  dueInHours: number;
  /** The done result or the cancel reason. */
  text?: string;
  /** Cancelled by the assignee's manager rather than the operator. */
  cancelledByPharmacy?: boolean;
  comment?: string;
}

/**
 * What the platform asks a pharmacy to do: delivery follow-ups after a complaint or a courier delay, revisits the
 * platform's quality checks call for. Every state, some overdue, for both demo pharmacies.
 */
const plans: Plan[] = [
  {
    pharmacy: 0,
    kind: 'delivery_check',
    status: 'pending',
    assignee: 'cs',
    title: '平台回访：核实配送时效',
    content: '客户反映配送超过 48 小时，请电话确认签收时间并记录原因。',
    createdHoursAgo: 6,
    dueInHours: 30,
  },
  {
    pharmacy: 0,
    kind: 'follow_up',
    status: 'pending',
    assignee: 'manager',
    title: '平台抽查：处方药用药指导回访',
    content: '平台季度抽查，请回访客户是否收到药师的用药指导。',
    createdHoursAgo: 50,
    dueInHours: -4,
  },
  {
    pharmacy: 0,
    kind: 'delivery_check',
    status: 'in_progress',
    assignee: 'cs',
    title: '投诉跟进：药品包装破损',
    content: '客户投诉收到的药品外包装破损，请核实并协助补发。',
    createdHoursAgo: 28,
    dueInHours: 20,
    comment: '已联系客户，约好明天上午补发',
  },
  {
    pharmacy: 0,
    kind: 'revisit',
    status: 'in_progress',
    assignee: 'manager',
    title: '平台提醒：慢病客户复诊',
    content: '高血压客户处方即将到期，请提醒到医院复诊后续方。',
    createdHoursAgo: 96,
    dueInHours: -20,
  },
  {
    pharmacy: 0,
    kind: 'delivery_check',
    status: 'done',
    assignee: 'cs',
    title: '平台回访：确认送达',
    content: '物流显示已签收，请确认是否本人收到。',
    createdHoursAgo: 170,
    dueInHours: -140,
    text: '已电话确认，客户本人签收，药品完好',
  },
  {
    pharmacy: 0,
    kind: 'follow_up',
    status: 'cancelled',
    assignee: 'cs',
    title: '平台回访：满意度调查',
    content: '请回访客户对本次购药的满意度。',
    createdHoursAgo: 120,
    dueInHours: -60,
    text: '客户投诉已撤回，无需回访',
  },
  {
    pharmacy: 1,
    kind: 'delivery_check',
    status: 'pending',
    assignee: 'cs',
    title: '平台回访：快递延误',
    content: '快递停滞两天未更新，请联系客户说明情况并催促物流。',
    createdHoursAgo: 10,
    dueInHours: 14,
  },
  {
    pharmacy: 1,
    kind: 'follow_up',
    status: 'done',
    assignee: 'cs',
    title: '投诉跟进：客服回复不及时',
    content: '客户反映在线咨询无人回复，请回访致歉并了解需求。',
    createdHoursAgo: 220,
    dueInHours: -190,
    text: '已致歉，客户接受，已协助下单',
  },
  {
    pharmacy: 1,
    kind: 'revisit',
    status: 'cancelled',
    assignee: 'cs',
    title: '平台提醒：复查血糖',
    content: '提醒客户空腹复查血糖并上传结果。',
    createdHoursAgo: 80,
    dueInHours: -30,
    text: '客户已到店复查，本任务重复',
    cancelledByPharmacy: true,
  },
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
 * Platform tasks (origin platform, created by the demo operator 赵运营) for members of the two demo pharmacies,
 * assigned to 王丽娟 (13800000004) or the manager (13800000003), in every state with their logs as the product writes
 * them; delivery checks carry the address of the customer's shipped order. They show on /website/task and in the
 * pharmacy's /marketManage/task list with the 平台 tag.
 */
export async function seedOperatorTasks(ctx: OperatorSeedContext): Promise<void> {
  const { tx, now } = ctx;
  const r = ctx.random(5);
  const people = (
    await queryRows<{ id: number; phone: string; name: string }>(
      tx,
      sql`select id, phone, name from account where phone in (${OPERATOR_PHONE}, ${CS_PHONE}, ${MANAGER_PHONE})`,
    )
  ).rows;
  const operator = people.find((p) => p.phone === OPERATOR_PHONE);
  if (!operator) return;
  // the demo pharmacies: those of the shop login, active, in id order
  const pharmacies = (
    await queryRows<{ id: number }>(
      tx,
      sql`select p.id from pharmacy p
        where p.status = 'active' and exists (select 1 from pharmacy_member m join account a on a.id = m.account_id
          where m.pharmacy_id = p.id and a.phone = '13800000001')
        order by p.id limit 2`,
    )
  ).rows.map((p) => p.id);

  for (const [i, plan] of plans.entries()) {
    const pharmacyId = pharmacies[plan.pharmacy];
    if (pharmacyId === undefined) continue;
    const staff = (
      await queryRows<{ id: number; phone: string; name: string }>(
        tx,
        sql`select a.id, a.phone, a.name from pharmacy_member m join account a on a.id = m.account_id
          where m.pharmacy_id = ${pharmacyId} and m.status = 'active' and a.status = 'active'
            and m.role in ('manager', 'customer_service') and a.phone in (${CS_PHONE}, ${MANAGER_PHONE})`,
      )
    ).rows;
    const assignee =
      staff.find((s) => s.phone === (plan.assignee === 'cs' ? CS_PHONE : MANAGER_PHONE)) ??
      staff.find((s) => s.phone === CS_PHONE);
    if (!assignee) continue;
    const manager = staff.find((s) => s.phone === MANAGER_PHONE) ?? assignee;

    // a member of the pharmacy; for a delivery check, one with a shipped or completed order here (its address)
    const members = (
      await queryRows<{ account_id: number; address: string | null }>(
        tx,
        sql`select v.account_id,
            (select concat_ws(' ', o.receiver_name, o.receiver_phone,
                o.province || o.city || o.district || o.address_detail)
              from orders o where o.pharmacy_id = ${pharmacyId} and o.account_id = v.account_id
                and o.status in ('shipped', 'completed') and o.deleted_at is null
              order by o.id desc limit 1) as address
          from viper v join account a on a.id = v.account_id
          where v.pharmacy_id = ${pharmacyId} and a.status = 'active'
          order by v.id limit 60`,
      )
    ).rows;
    if (members.length === 0) continue;
    const withOrder = members.filter((m) => m.address);
    const pool = plan.kind === 'delivery_check' && withOrder.length > 0 ? withOrder : members;
    const customer = pool[(i * 7 + int(r, 0, 3)) % pool.length];
    const address = plan.kind === 'delivery_check' ? (customer.address ?? '').slice(0, 200) : '';

    const createdAt = now - plan.createdHoursAgo * HOUR - int(r, 0, 40) * 60_000;
    const dueAt = now + plan.dueInHours * HOUR;
    const span = Math.max(HOUR, Math.min(now, dueAt + 12 * HOUR) - createdAt);
    const step = (f: number) => Math.min(now - 60_000, createdAt + Math.floor(span * f));

    const logs: LogRow[] = [
      {
        action: 'create',
        actor: operator.id,
        from: null,
        to: 'pending',
        content: `负责人：${assignee.name}`,
        at: createdAt,
      },
    ];
    let startedAt: number | null = null;
    if (plan.status === 'in_progress' || plan.status === 'done') {
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
    const before: TaskStatus = startedAt === null ? 'pending' : 'in_progress';
    let doneAt: number | null = null;
    let cancelledAt: number | null = null;
    if (plan.status === 'done') {
      doneAt = step(0.8);
      logs.push({
        action: 'done',
        actor: assignee.id,
        from: before,
        to: 'done',
        content: `处理结果：${plan.text}`,
        at: doneAt,
      });
    }
    if (plan.status === 'cancelled') {
      cancelledAt = step(0.7);
      logs.push({
        action: 'cancel',
        actor: plan.cancelledByPharmacy ? manager.id : operator.id,
        from: before,
        to: 'cancelled',
        content: `取消原因：${plan.text}`,
        at: cancelledAt,
      });
    }
    const updatedAt = Math.max(...logs.map((l) => l.at));
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`insert into task (pharmacy_id, origin, kind, title, content, customer_account_id, assignee_account_id,
          created_by, address, due_at, status, result, cancel_reason, started_at, done_at, cancelled_at, created_at,
          updated_at)
        values (${pharmacyId}, 'platform', ${plan.kind}, ${plan.title}, ${plan.content}, ${customer.account_id},
          ${assignee.id}, ${operator.id}, ${address}, ${iso(dueAt)}, ${plan.status},
          ${plan.status === 'done' ? (plan.text ?? '') : ''}, ${plan.status === 'cancelled' ? (plan.text ?? '') : ''},
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
