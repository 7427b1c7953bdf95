import {
  canTaskFlow,
  isMarketingManager,
  isTaskOpen,
  marketingMessages,
  maskPhone,
  type PharmacyRole,
  shanghaiDayEnd,
  shanghaiDayStart,
  type TaskCreateBody,
  type TaskCustomerOption,
  type TaskDetail,
  type TaskEditBody,
  type TaskFlowAction,
  type TaskListQuery,
  type TaskListResult,
  type TaskLogAction,
  type TaskStaffOption,
  type TaskStatus,
  taskFlow,
  taskFlowActions,
  taskMessages,
  taskOpenStatuses,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import {
  changeTask,
  createTask,
  customerSearch,
  type LockedTask,
  taskPersonName as nameOf,
  TaskChangeRefused,
  taskDetailFieldsOf,
  taskFlowSet,
  taskLink,
  taskSummaryOf,
} from '../../lib/task-state';
import type { TaskLogRow, TaskRepository, TaskRow, Viewer } from './task.repository';

/** Who acts: the pharmacy, the account, and whether it manages (sees and acts on every task of the pharmacy). */
export interface Actor {
  pharmacyId: number;
  accountId: number;
  role: PharmacyRole | null;
}

const viewerOf = (a: Actor): Viewer => ({
  pharmacyId: a.pharmacyId,
  accountId: a.accountId,
  manager: isMarketingManager(a.role),
});

/** A due time more than this in the past is refused (the picker's minute may just have passed). */
const DUE_GRACE_MS = 60_000;

const notFound = () => AppError.notFound(taskMessages.notFound, 'Task not found');

export class TaskService {
  constructor(
    private readonly repo: TaskRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Whether the actor may start / finish / cancel: the assignee or a manager. */
  private mayAct(actor: Actor, assignee: number) {
    return isMarketingManager(actor.role) || assignee === actor.accountId;
  }

  private mayEdit(actor: Actor, r: { assignee_account_id: number; created_by: number | null }) {
    return (
      isMarketingManager(actor.role) || r.assignee_account_id === actor.accountId || r.created_by === actor.accountId
    );
  }

  private detailOf(actor: Actor, r: TaskRow, logs: TaskLogRow[]): TaskDetail {
    const mayAct = this.mayAct(actor, r.assignee_account_id);
    return {
      ...taskSummaryOf(r, this.clock()),
      ...taskDetailFieldsOf(r, logs),
      actions: mayAct ? taskFlowActions.filter((a) => canTaskFlow(a, r.status)) : [],
      can_edit: isTaskOpen(r.status) && this.mayEdit(actor, r),
      can_assign: isTaskOpen(r.status) && isMarketingManager(actor.role),
    };
  }

  // ------------------------------------------------------------------ reads

  async list(actor: Actor, query: TaskListQuery): Promise<TaskListResult> {
    const now = this.clock();
    const { rows, counts } = await this.repo.page(
      viewerOf(actor),
      {
        status: query.status,
        kind: query.kind,
        assigneeAccountId: query.assignee_account_id,
        customerAccountId: query.customer_account_id,
        customer: customerSearch(query.keyword),
        dueFrom: query.due_from ? (shanghaiDayStart(query.due_from) ?? undefined) : undefined,
        dueTo: query.due_to ? (shanghaiDayEnd(query.due_to) ?? undefined) : undefined,
        overdue: query.overdue,
        now,
      },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    const total = query.status === 'all' ? counts.all : counts[query.status];
    return {
      list: rows.map((r) => taskSummaryOf(r, now)),
      total,
      page: query.page,
      page_size: query.page_size,
      counts,
    };
  }

  async detail(actor: Actor, id: number, q?: DbExecutor): Promise<TaskDetail> {
    const repoQ = q ?? this.repo.db;
    const row = await this.repo.task(repoQ, viewerOf(actor), id);
    if (!row) throw notFound();
    return this.detailOf(actor, row, await this.repo.logs(repoQ, id));
  }

  async customerOptions(pharmacyId: number, keyword: string | undefined, include?: number) {
    const rows = await this.repo.customerOptions(pharmacyId, customerSearch(keyword), include, 20);
    return rows.map(
      (r): TaskCustomerOption => ({
        account_id: r.account_id,
        name: nameOf(r.name, r.phone),
        phone: maskPhone(r.phone),
      }),
    );
  }

  async staffOptions(pharmacyId: number): Promise<TaskStaffOption[]> {
    const rows = await this.repo.staff(this.repo.db, pharmacyId);
    return rows.map((r) => ({ account_id: r.account_id, name: nameOf(r.name, r.phone), role: r.role }));
  }

  // ------------------------------------------------------------------ writes

  private checkDue(dueAt: string) {
    if (Date.parse(dueAt) < this.clock().getTime() - DUE_GRACE_MS) {
      throw AppError.badParams('due_at', taskMessages.dueInPast);
    }
  }

  private async staffMember(q: DbExecutor, pharmacyId: number, accountId: number) {
    const [row] = await this.repo.staff(q, pharmacyId, accountId);
    if (!row) throw AppError.badParams('assignee_account_id', marketingMessages.staffNotFound);
    return { account_id: row.account_id, name: nameOf(row.name, row.phone) };
  }

  async create(actor: Actor, body: TaskCreateBody): Promise<TaskDetail> {
    this.checkDue(body.due_at);
    const db = this.repo.db;
    // a customer of the pharmacy; from a chat, the patient of that conversation (not yet a member) counts too
    const customer = await this.repo.customer(db, actor.pharmacyId, body.customer_account_id, body.conversation_id);
    if (!customer) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
    const assignee = await this.staffMember(db, actor.pharmacyId, body.assignee_account_id);
    let address = body.address;
    if (body.order_id != null) {
      const order = await this.repo.order(db, actor.pharmacyId, customer.account_id, body.order_id);
      if (!order) throw AppError.badParams('order_id', taskMessages.orderNotFound);
      if (!address && body.kind === 'delivery_check') address = order.address.slice(0, 200);
    }
    if (body.conversation_id != null) {
      const conv = await this.repo.conversationOf(db, actor.pharmacyId, customer.account_id, body.conversation_id);
      if (!conv) throw AppError.badParams('conversation_id', taskMessages.conversationNotFound);
    }
    const id = await this.repo.transaction((tx) =>
      createTask(
        tx,
        {
          pharmacyId: actor.pharmacyId,
          origin: 'pharmacy',
          kind: body.kind,
          title: body.title,
          content: body.content,
          customerAccountId: customer.account_id,
          assigneeAccountId: assignee.account_id,
          createdBy: actor.accountId,
          orderId: body.order_id ?? null,
          conversationId: body.conversation_id ?? null,
          address,
          dueAt: new Date(body.due_at),
        },
        { assignee: assignee.name, customer: nameOf(customer.name, customer.phone) },
      ),
    );
    return this.detail(actor, id);
  }

  /**
   * One change of a task, in one transaction (lib/task-state.ts changeTask): lock the row (tenant and visibility
   * checked: 404), check who may do it (403), check the status (409 任务已…), the guarded UPDATE, then its log row.
   */
  private async change(
    actor: Actor,
    id: number,
    spec: {
      from: readonly TaskStatus[];
      to?: TaskStatus;
      allowed: (row: LockedTask) => boolean;
      forbidden: string;
      set: SQL;
      log: (from: TaskStatus) => { action: TaskLogAction; content: string };
      after?: (tx: DbExecutor) => Promise<void>;
    },
  ): Promise<TaskDetail> {
    const viewer = viewerOf(actor);
    try {
      await this.repo.transaction(async (tx) => {
        await changeTask(tx, {
          id,
          pharmacyId: actor.pharmacyId,
          from: spec.from,
          to: spec.to,
          set: spec.set,
          actorAccountId: actor.accountId,
          check: (row) => {
            const visible =
              viewer.manager || row.assignee_account_id === actor.accountId || row.created_by === actor.accountId;
            if (!visible) return 'missing';
            return spec.allowed(row) ? null : 'forbidden';
          },
          log: (row) => spec.log(row.status),
        });
        await spec.after?.(tx);
      });
    } catch (error) {
      if (!(error instanceof TaskChangeRefused)) throw error;
      if (error.reason === 'missing') throw notFound();
      if (error.reason === 'forbidden') throw AppError.forbidden(spec.forbidden, 'Not allowed on this task');
      throw AppError.conflict(taskMessages.conflict(error.status ?? 'pending'), 'Task status changed');
    }
    return this.detail(actor, id);
  }

  flow(actor: Actor, id: number, action: TaskFlowAction, text = ''): Promise<TaskDetail> {
    const rule = taskFlow[action];
    const set = taskFlowSet(action, text);
    return this.change(actor, id, {
      from: rule.from,
      to: rule.to,
      allowed: (row) => this.mayAct(actor, row.assignee_account_id),
      forbidden: taskMessages.notYours,
      set,
      log: () => ({
        action,
        content: action === 'done' ? `处理结果：${text}` : action === 'cancel' ? `取消原因：${text}` : '',
      }),
    });
  }

  async edit(actor: Actor, id: number, body: TaskEditBody): Promise<TaskDetail> {
    const before = await this.detail(actor, id);
    const dueChanged = Date.parse(before.due_at) !== Date.parse(body.due_at);
    if (dueChanged) this.checkDue(body.due_at);
    const changes: string[] = [];
    if (before.title !== body.title) changes.push(`标题改为「${body.title}」`);
    if (before.content !== body.content) changes.push('修改了任务内容');
    if (dueChanged) changes.push('修改了截止时间');
    return this.change(actor, id, {
      from: taskOpenStatuses,
      allowed: (row) => this.mayEdit(actor, row),
      forbidden: taskMessages.editNotAllowed,
      set: sql`title = ${body.title}, content = ${body.content}, due_at = ${new Date(body.due_at).toISOString()}`,
      log: () => ({ action: 'edit', content: changes.length > 0 ? changes.join('；') : '未修改内容' }),
    });
  }

  async assign(actor: Actor, id: number, assigneeAccountId: number): Promise<TaskDetail> {
    const db = this.repo.db;
    const current = await this.detail(actor, id);
    const assignee = await this.staffMember(db, actor.pharmacyId, assigneeAccountId);
    if (current.assignee.account_id === assignee.account_id && isTaskOpen(current.status)) {
      throw AppError.badParams('assignee_account_id', taskMessages.sameAssignee);
    }
    return this.change(actor, id, {
      from: taskOpenStatuses,
      allowed: () => isMarketingManager(actor.role),
      forbidden: taskMessages.notYours,
      set: sql`assignee_account_id = ${assignee.account_id}`,
      log: () => ({ action: 'assign', content: `指派给 ${assignee.name}` }),
      after: async (tx) => {
        if (assignee.account_id === actor.accountId) return;
        await notify(tx, {
          accountId: assignee.account_id,
          kind: 'system',
          title: taskMessages.assignedTitle,
          content: `${current.title}（客户：${current.customer.name}）`,
          link: taskLink(id),
          senderId: actor.accountId,
        });
      },
    });
  }

  comment(actor: Actor, id: number, content: string): Promise<TaskDetail> {
    return this.change(actor, id, {
      from: ['pending', 'in_progress', 'done', 'cancelled'],
      allowed: () => true,
      forbidden: taskMessages.notYours,
      set: sql`title = title`,
      log: () => ({ action: 'comment', content }),
    });
  }
}
