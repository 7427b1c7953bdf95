import {
  isTaskOverdue,
  marketingStaffRoles,
  maskPhone,
  type TaskFlowAction,
  type TaskKind,
  type TaskLog,
  type TaskLogAction,
  type TaskOrigin,
  type TaskStatus,
  type TaskSummary,
  type TaskTab,
  taskMessages,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { notify } from './notify';
import { containsPattern } from './search';
import { queryRows } from './sql-rows';

/*
 * The task (任务) state machine and its log, one implementation for the pharmacy's tasks (modules/marketing/task.*) and
 * the operator's platform tasks (modules/operator/task.*): both are rows of `task`. Every change locks the row, then
 * one guarded `UPDATE … WHERE status IN (<from>)` and its `task_log` row in the caller's transaction, so two decisions
 * at once give one winner and the log is complete by construction. Who may see or do what stays with each caller.
 */

type Time = Date | string;
const iso = (v: Time): string => new Date(v).toISOString();

export interface TaskRow {
  id: number;
  pharmacy_id: number;
  pharmacy_name: string;
  origin: TaskOrigin;
  kind: TaskKind;
  title: string;
  content: string;
  status: TaskStatus;
  customer_account_id: number;
  customer_name: string;
  customer_phone: string;
  assignee_account_id: number;
  assignee_name: string;
  created_by: number | null;
  creator_name: string | null;
  due_at: Time;
  order_id: number | null;
  order_no: string | null;
  conversation_id: number | null;
  address: string;
  result: string;
  cancel_reason: string;
  started_at: Time | null;
  done_at: Time | null;
  cancelled_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface TaskLogRow {
  id: number;
  action: TaskLogAction;
  actor_account_id: number | null;
  actor_name: string | null;
  from_status: TaskStatus | null;
  to_status: TaskStatus | null;
  content: string;
  created_at: Time;
}

export interface PersonRow {
  account_id: number;
  name: string;
  phone: string;
}

export interface StaffRow extends PersonRow {
  role: string;
}

/** The list's filters every caller shares (the caller adds its scope: a pharmacy and a viewer, or the platform's). */
export interface TaskFilter {
  status: TaskTab;
  kind?: TaskKind;
  origin?: TaskOrigin;
  pharmacyId?: number;
  assigneeAccountId?: number;
  customerAccountId?: number;
  customer?: CustomerSearch;
  dueFrom?: Date;
  dueTo?: Date;
  overdue?: boolean;
  now: Date;
}

export interface CustomerSearch {
  phone?: string;
  phoneSuffix?: string;
  name?: string;
}

export interface TaskInsert {
  pharmacyId: number;
  origin: TaskOrigin;
  kind: TaskKind;
  title: string;
  content: string;
  customerAccountId: number;
  assigneeAccountId: number;
  createdBy: number;
  orderId: number | null;
  conversationId: number | null;
  address: string;
  dueAt: Date;
}

export interface TaskLogInsert {
  taskId: number;
  pharmacyId: number;
  actorAccountId: number | null;
  action: TaskLogAction;
  fromStatus: TaskStatus | null;
  toStatus: TaskStatus | null;
  content: string;
}

/** The row a change locks: enough to decide who may act and whether the status allows it. */
export interface LockedTask {
  pharmacy_id: number;
  origin: TaskOrigin;
  status: TaskStatus;
  assignee_account_id: number;
  created_by: number | null;
}

const staffRoles = sql.raw(marketingStaffRoles.map((r) => `'${r}'`).join(', '));
const statusList = (statuses: readonly TaskStatus[]) => sql.raw(statuses.map((s) => `'${s}'`).join(', '));

// ---------------------------------------------------------------- reading

/** A customer's display name: the account's name, else the masked phone. */
export const taskPersonName = (name: string | null, phone: string) => (name?.trim() ? name : maskPhone(phone));

/** The customer keyword as the member lists read it: an exact phone, the last four digits, or a name part. */
export function customerSearch(keyword: string | undefined): CustomerSearch {
  const k = keyword?.trim() ?? '';
  if (!k) return {};
  if (/^1[3-9]\d{9}$/.test(k)) return { phone: k };
  if (/^\d{4}$/.test(k)) return { phoneSuffix: k };
  return { name: k };
}

/** A task's row as the API shows it (names of the pharmacy, the customer, the assignee and the creator; the order). */
export const taskSelect = sql`select t.id, t.pharmacy_id, p.name as pharmacy_name, t.origin, t.kind, t.title, t.content,
    t.status, t.customer_account_id, c.name as customer_name, c.phone as customer_phone,
    t.assignee_account_id, s.name as assignee_name, t.created_by, cr.name as creator_name,
    t.due_at, t.order_id, o.order_no, t.conversation_id, t.address, t.result, t.cancel_reason,
    t.started_at, t.done_at, t.cancelled_at, t.created_at, t.updated_at
  from task t
  join pharmacy p on p.id = t.pharmacy_id
  join account c on c.id = t.customer_account_id
  join account s on s.id = t.assignee_account_id
  left join account cr on cr.id = t.created_by
  left join orders o on o.id = t.order_id`;

/** Open ones by due time in their tabs; the closed ones latest first; 全部: open first, then the latest changes. */
export function taskOrderBy(tab: TaskTab): SQL {
  if (tab === 'pending' || tab === 'in_progress') return sql`t.due_at asc, t.id asc`;
  if (tab === 'done') return sql`t.done_at desc nulls last, t.id desc`;
  if (tab === 'cancelled') return sql`t.cancelled_at desc nulls last, t.id desc`;
  return sql`(t.status in ('pending', 'in_progress')) desc,
    case when t.status in ('pending', 'in_progress') then t.due_at end asc, t.updated_at desc, t.id desc`;
}

/** The filters' conditions except the status tab (the counts use them too); `c` is the customer's account. */
export function taskConditions(f: TaskFilter): SQL[] {
  const where: SQL[] = [];
  if (f.pharmacyId !== undefined) where.push(sql`t.pharmacy_id = ${f.pharmacyId}`);
  if (f.origin) where.push(sql`t.origin = ${f.origin}`);
  if (f.kind) where.push(sql`t.kind = ${f.kind}`);
  if (f.assigneeAccountId !== undefined) where.push(sql`t.assignee_account_id = ${f.assigneeAccountId}`);
  if (f.customerAccountId !== undefined) where.push(sql`t.customer_account_id = ${f.customerAccountId}`);
  if (f.customer?.phone) where.push(sql`c.phone = ${f.customer.phone}`);
  if (f.customer?.phoneSuffix) where.push(sql`c.phone like ${`%${f.customer.phoneSuffix}`}`);
  if (f.customer?.name) where.push(sql`c.name ilike ${containsPattern(f.customer.name)}`);
  if (f.dueFrom) where.push(sql`t.due_at >= ${f.dueFrom.toISOString()}`);
  if (f.dueTo) where.push(sql`t.due_at < ${f.dueTo.toISOString()}`);
  if (f.overdue) where.push(sql`t.status in ('pending', 'in_progress') and t.due_at < ${f.now.toISOString()}`);
  return where;
}

export type TaskCounts = Record<TaskStatus | 'all' | 'overdue', number>;

/** One page of tasks and the tabs' counts under the same conditions (`scope`: the caller's visibility). */
export async function pageTasks(
  db: DbExecutor,
  scope: SQL[],
  f: TaskFilter,
  limit: number,
  offset: number,
): Promise<{ rows: TaskRow[]; counts: TaskCounts }> {
  const base = [...scope, ...taskConditions(f)];
  const where = (conds: SQL[]) => (conds.length > 0 ? sql.join(conds, sql` and `) : sql`true`);
  const listWhere = f.status === 'all' ? base : [...base, sql`t.status = ${f.status}`];
  const [list, counts] = await Promise.all([
    queryRows<TaskRow>(
      db,
      sql`${taskSelect} where ${where(listWhere)} order by ${taskOrderBy(f.status)} limit ${limit} offset ${offset}`,
    ),
    queryRows<TaskCounts>(
      db,
      sql`select count(*)::int as all,
          count(*) filter (where t.status = 'pending')::int as pending,
          count(*) filter (where t.status = 'in_progress')::int as in_progress,
          count(*) filter (where t.status = 'done')::int as done,
          count(*) filter (where t.status = 'cancelled')::int as cancelled,
          count(*) filter (where t.status in ('pending', 'in_progress')
            and t.due_at < ${f.now.toISOString()})::int as overdue
        from task t join account c on c.id = t.customer_account_id
        where ${where(base)}`,
    ),
  ]);
  return { rows: list.rows, counts: counts.rows[0] };
}

/** One task under the caller's conditions (`scope`), or undefined. */
export async function findTask(q: DbExecutor, id: number, scope: SQL[]): Promise<TaskRow | undefined> {
  const { rows } = await queryRows<TaskRow>(
    q,
    sql`${taskSelect} where ${sql.join([sql`t.id = ${id}`, ...scope], sql` and `)}`,
  );
  return rows[0];
}

/** The task's log, oldest first. */
export async function taskLogs(q: DbExecutor, taskId: number): Promise<TaskLogRow[]> {
  const { rows } = await queryRows<TaskLogRow>(
    q,
    sql`select l.id, l.action, l.actor_account_id, a.name as actor_name, l.from_status, l.to_status, l.content,
        l.created_at
      from task_log l left join account a on a.id = l.actor_account_id
      where l.task_id = ${taskId}
      order by l.id asc`,
  );
  return rows;
}

/** The list row of a task (masked customer phone, overdue as of `now`). */
export function taskSummaryOf(r: TaskRow, now: Date): TaskSummary {
  return {
    id: r.id,
    kind: r.kind,
    origin: r.origin,
    title: r.title,
    status: r.status,
    customer: {
      account_id: r.customer_account_id,
      name: taskPersonName(r.customer_name, r.customer_phone),
      phone: maskPhone(r.customer_phone),
    },
    assignee: { account_id: r.assignee_account_id, name: r.assignee_name },
    creator: r.created_by === null ? null : { account_id: r.created_by, name: r.creator_name ?? '' },
    due_at: iso(r.due_at),
    overdue: isTaskOverdue({ status: r.status, due_at: iso(r.due_at) }, now),
    order_id: r.order_id,
    conversation_id: r.conversation_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The detail's common fields beyond the summary. */
export function taskDetailFieldsOf(r: TaskRow, logs: TaskLogRow[]) {
  const isoOrNull = (v: Time | null): string | null => (v === null ? null : iso(v));
  return {
    content: r.content,
    address: r.address,
    order_no: r.order_no,
    result: r.result,
    cancel_reason: r.cancel_reason,
    started_at: isoOrNull(r.started_at),
    done_at: isoOrNull(r.done_at),
    cancelled_at: isoOrNull(r.cancelled_at),
    logs: logs.map(
      (l): TaskLog => ({
        id: l.id,
        action: l.action,
        actor: l.actor_account_id === null ? null : { account_id: l.actor_account_id, name: l.actor_name ?? '' },
        from_status: l.from_status,
        to_status: l.to_status,
        content: l.content,
        created_at: iso(l.created_at),
      }),
    ),
  };
}

// ---------------------------------------------------------------- who may be a task's customer and assignee

/**
 * A customer of the pharmacy: a CRM card (customer_info) or a member (viper) row; from a chat, the patient of that
 * conversation of the pharmacy counts too.
 */
export async function taskCustomer(
  q: DbExecutor,
  pharmacyId: number,
  accountId: number,
  conversationId?: number | null,
): Promise<PersonRow | undefined> {
  const { rows } = await queryRows<PersonRow>(
    q,
    sql`select a.id as account_id, a.name, a.phone from account a
      where a.id = ${accountId}
        and (exists (select 1 from customer_info ci where ci.pharmacy_id = ${pharmacyId} and ci.account_id = a.id)
          or exists (select 1 from viper v where v.pharmacy_id = ${pharmacyId} and v.account_id = a.id)
          or exists (select 1 from conversation c where c.id = ${conversationId ?? 0}
            and c.pharmacy_id = ${pharmacyId} and c.patient_account_id = a.id))`,
  );
  return rows[0];
}

/** The customer picker: the pharmacy's customers matching the search (and `include`, a prefilled one). */
export async function taskCustomerOptions(
  q: DbExecutor,
  pharmacyId: number,
  search: CustomerSearch,
  include: number | undefined,
  limit: number,
): Promise<PersonRow[]> {
  const where: SQL[] = [];
  if (search.phone) where.push(sql`a.phone = ${search.phone}`);
  if (search.phoneSuffix) where.push(sql`a.phone like ${`%${search.phoneSuffix}`}`);
  if (search.name) where.push(sql`a.name ilike ${containsPattern(search.name)}`);
  const cond = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const { rows } = await queryRows<PersonRow>(
    q,
    sql`select a.id as account_id, a.name, a.phone
      from (select account_id from customer_info where pharmacy_id = ${pharmacyId}
            union select account_id from viper where pharmacy_id = ${pharmacyId}
            union select patient_account_id from conversation
              where pharmacy_id = ${pharmacyId} and patient_account_id = ${include ?? 0}) m
      join account a on a.id = m.account_id
      where ${cond} or a.id = ${include ?? 0}
      order by (a.id = ${include ?? 0}) desc, a.id desc
      limit ${limit}`,
  );
  return rows;
}

/** Active staff of the pharmacy who may work on tasks (the marketing staff roles, active membership and account). */
export async function taskStaff(q: DbExecutor, pharmacyId: number, accountId?: number): Promise<StaffRow[]> {
  const { rows } = await queryRows<StaffRow>(
    q,
    sql`select a.id as account_id, a.name, a.phone, m.role
      from pharmacy_member m join account a on a.id = m.account_id
      where m.pharmacy_id = ${pharmacyId} and m.status = 'active' and a.status = 'active'
        and m.role in (${staffRoles}) ${accountId === undefined ? sql`` : sql`and a.id = ${accountId}`}
      order by case m.role when 'customer_service' then 0 when 'manager' then 1 else 2 end, a.id`,
  );
  return rows;
}

// ---------------------------------------------------------------- writing

export async function insertTaskLog(q: DbExecutor, l: TaskLogInsert): Promise<void> {
  await q.execute(sql`insert into task_log (task_id, pharmacy_id, actor_account_id, action, from_status, to_status,
      content)
    values (${l.taskId}, ${l.pharmacyId}, ${l.actorAccountId}, ${l.action}, ${l.fromStatus}, ${l.toStatus},
      ${l.content})`);
}

/** The link the assignee's message opens (the pharmacy's task page, where platform tasks show too). */
export const taskLink = (id: number) => `/marketManage/task?id=${id}`;

/**
 * Creates a task (pending) with its `create` log row and, when someone else is to do it, the assignee's message —
 * call it inside a transaction.
 */
export async function createTask(
  tx: DbExecutor,
  t: TaskInsert,
  names: { assignee: string; customer: string },
): Promise<number> {
  const { rows } = await queryRows<{ id: number }>(
    tx,
    sql`insert into task (pharmacy_id, origin, kind, title, content, customer_account_id, assignee_account_id,
        created_by, order_id, conversation_id, address, due_at)
      values (${t.pharmacyId}, ${t.origin}, ${t.kind}, ${t.title}, ${t.content}, ${t.customerAccountId},
        ${t.assigneeAccountId}, ${t.createdBy}, ${t.orderId}, ${t.conversationId}, ${t.address},
        ${t.dueAt.toISOString()})
      returning id`,
  );
  const taskId = rows[0].id;
  await insertTaskLog(tx, {
    taskId,
    pharmacyId: t.pharmacyId,
    actorAccountId: t.createdBy,
    action: 'create',
    fromStatus: null,
    toStatus: 'pending',
    content: `负责人：${names.assignee}`,
  });
  if (t.assigneeAccountId !== t.createdBy) {
    await notify(tx, {
      accountId: t.assigneeAccountId,
      kind: 'system',
      title: taskMessages.assignedTitle,
      content: `${t.title}（客户：${names.customer}）`,
      link: taskLink(taskId),
      senderId: t.createdBy,
    });
  }
  return taskId;
}

/** The columns a flow action sets (start, done with a result, cancel with a reason). */
export function taskFlowSet(action: TaskFlowAction, text = ''): SQL {
  if (action === 'start') return sql`status = 'in_progress', started_at = now()`;
  if (action === 'done') return sql`status = 'done', done_at = now(), result = ${text}`;
  return sql`status = 'cancelled', cancelled_at = now(), cancel_reason = ${text}`;
}

/** Why a change was refused before its UPDATE: the caller maps these to 404 / 403 / 409. */
export type TaskChangeRefusal = 'missing' | 'forbidden' | 'status';

export class TaskChangeRefused extends Error {
  constructor(
    readonly reason: TaskChangeRefusal,
    readonly status: TaskStatus | null,
  ) {
    super(`task change refused: ${reason}`);
  }
}

export interface TaskChange {
  id: number;
  /** Only this pharmacy's task (staff); omit for the operator. */
  pharmacyId?: number;
  from: readonly TaskStatus[];
  /** The status it moves to (logged as from → to); none for edits, assignments and comments. */
  to?: TaskStatus;
  set: SQL;
  actorAccountId: number;
  /** The caller's rule on the locked row: 'missing' (not visible to it), 'forbidden', or null to go on. */
  check?: (row: LockedTask) => 'missing' | 'forbidden' | null;
  log: (row: LockedTask) => { action: TaskLogAction; content: string };
}

/**
 * One change of a task inside the caller's transaction: lock the row, the caller's check, the status check, the
 * guarded UPDATE, then its log row. Throws TaskChangeRefused; answers the locked row (as it was before).
 */
export async function changeTask(tx: DbExecutor, c: TaskChange): Promise<LockedTask> {
  const { rows } = await queryRows<LockedTask>(
    tx,
    sql`select pharmacy_id, origin, status, assignee_account_id, created_by from task
      where id = ${c.id} ${c.pharmacyId === undefined ? sql`` : sql`and pharmacy_id = ${c.pharmacyId}`}
      for update`,
  );
  const row = rows[0];
  if (!row) throw new TaskChangeRefused('missing', null);
  const refusal = c.check?.(row) ?? null;
  if (refusal) throw new TaskChangeRefused(refusal, row.status);
  if (!c.from.includes(row.status)) throw new TaskChangeRefused('status', row.status);
  const { rowCount } = await queryRows(
    tx,
    sql`update task set ${c.set}, updated_at = now()
      where id = ${c.id} and pharmacy_id = ${row.pharmacy_id} and status in (${statusList(c.from)})`,
  );
  if (rowCount === 0) throw new TaskChangeRefused('status', row.status);
  const entry = c.log(row);
  await insertTaskLog(tx, {
    taskId: c.id,
    pharmacyId: row.pharmacy_id,
    actorAccountId: c.actorAccountId,
    action: entry.action,
    fromStatus: c.to ? row.status : null,
    toStatus: c.to ?? null,
    content: entry.content,
  });
  return row;
}
