import {
  type AdminTaskCreateBody,
  type AdminTaskDetail,
  type AdminTaskListQuery,
  type AdminTaskListResult,
  type AdminTaskPharmacyOption,
  adminTaskMessages,
  isTaskOpen,
  maskPhone,
  operatorMessages,
  shanghaiDayEnd,
  shanghaiDayStart,
  type TaskCustomerOption,
  type TaskStaffOption,
  taskFlow,
  taskMessages,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import {
  changeTask,
  createTask,
  customerSearch,
  TaskChangeRefused,
  type TaskRow,
  taskDetailFieldsOf,
  taskFlowSet,
  taskLink,
  taskPersonName,
  taskSummaryOf,
} from '../../lib/task-state';
import type { AdminTaskRepository } from './task.repository';

/** A due time more than this in the past is refused (the picker's minute may just have passed). */
const DUE_GRACE_MS = 60_000;

const notFound = () => AppError.notFound(taskMessages.notFound, 'Task not found');

/**
 * 任务管理 (/website/task): every pharmacy's tasks for the operator, and the platform's own tasks — created for a
 * pharmacy's staff member about one of its customers (origin 'platform') and cancelled by the operator. The state
 * machine and the log are lib/task-state.ts, the same the pharmacy's task list runs on.
 */
export class AdminTaskService {
  constructor(
    private readonly repo: AdminTaskRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private summary(r: TaskRow, now: Date) {
    return { ...taskSummaryOf(r, now), pharmacy: { id: r.pharmacy_id, name: r.pharmacy_name } };
  }

  async list(query: AdminTaskListQuery): Promise<AdminTaskListResult> {
    const now = this.clock();
    const { rows, counts } = await this.repo.page(
      {
        status: query.status,
        origin: query.origin,
        pharmacyId: query.pharmacy_id,
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
    return {
      list: rows.map((r) => this.summary(r, now)),
      total: query.status === 'all' ? counts.all : counts[query.status],
      page: query.page,
      page_size: query.page_size,
      counts,
    };
  }

  async detail(id: number, q?: DbExecutor): Promise<AdminTaskDetail> {
    const db = q ?? this.repo.db;
    const row = await this.repo.task(db, id);
    if (!row) throw notFound();
    return {
      ...this.summary(row, this.clock()),
      ...taskDetailFieldsOf(row, await this.repo.logs(db, id)),
      can_cancel: row.origin === 'platform' && isTaskOpen(row.status),
    };
  }

  // ------------------------------------------------------------------ pickers

  async pharmacyOptions(): Promise<AdminTaskPharmacyOption[]> {
    return (await this.repo.pharmacies()).map((p) => ({ id: p.id, name: p.name, active: p.status === 'active' }));
  }

  async customerOptions(pharmacyId: number, keyword: string | undefined): Promise<TaskCustomerOption[]> {
    const rows = await this.repo.customerOptions(pharmacyId, customerSearch(keyword));
    return rows.map((r) => ({
      account_id: r.account_id,
      name: taskPersonName(r.name, r.phone),
      phone: maskPhone(r.phone),
    }));
  }

  async staffOptions(pharmacyId: number): Promise<TaskStaffOption[]> {
    const rows = await this.repo.staff(this.repo.db, pharmacyId);
    return rows.map((r) => ({ account_id: r.account_id, name: taskPersonName(r.name, r.phone), role: r.role }));
  }

  // ------------------------------------------------------------------ writes

  /**
   * A platform task: the pharmacy active, the customer a member of it, the assignee an active staff member of it
   * (each checked inside the transaction that inserts, 400 naming the field); the create log row and the assignee's
   * message with it.
   */
  async create(operatorId: number, body: AdminTaskCreateBody): Promise<AdminTaskDetail> {
    if (Date.parse(body.due_at) < this.clock().getTime() - DUE_GRACE_MS) {
      throw AppError.badParams('due_at', taskMessages.dueInPast);
    }
    const id = await this.repo.transaction(async (tx) => {
      const pharmacy = await this.repo.pharmacy(tx, body.pharmacy_id);
      if (!pharmacy) throw AppError.badParams('pharmacy_id', operatorMessages.pharmacyNotFound);
      if (pharmacy.status !== 'active') throw AppError.badParams('pharmacy_id', adminTaskMessages.pharmacyNotActive);
      const customer = await this.repo.customer(tx, pharmacy.id, body.customer_account_id);
      if (!customer) throw AppError.badParams('customer_account_id', adminTaskMessages.customerNotMember);
      const [assignee] = await this.repo.staff(tx, pharmacy.id, body.assignee_account_id);
      if (!assignee) throw AppError.badParams('assignee_account_id', adminTaskMessages.assigneeNotStaff);
      return createTask(
        tx,
        {
          pharmacyId: pharmacy.id,
          origin: 'platform',
          kind: body.kind,
          title: body.title,
          content: body.content,
          customerAccountId: customer.account_id,
          assigneeAccountId: assignee.account_id,
          createdBy: operatorId,
          orderId: null,
          conversationId: null,
          address: body.address,
          dueAt: new Date(body.due_at),
        },
        {
          assignee: taskPersonName(assignee.name, assignee.phone),
          customer: taskPersonName(customer.name, customer.phone),
        },
      );
    });
    return this.detail(id);
  }

  /**
   * Cancels a platform task (a pharmacy's own task is the pharmacy's: 403): one guarded UPDATE, its log row and the
   * assignee's message in one transaction; a task already done or cancelled answers 409.
   */
  async cancel(operatorId: number, id: number, reason: string): Promise<AdminTaskDetail> {
    try {
      await this.repo.transaction(async (tx) => {
        const locked = await changeTask(tx, {
          id,
          from: taskFlow.cancel.from,
          to: taskFlow.cancel.to,
          set: taskFlowSet('cancel', reason),
          actorAccountId: operatorId,
          check: (row) => (row.origin === 'platform' ? null : 'forbidden'),
          log: () => ({ action: 'cancel', content: `取消原因：${reason}` }),
        });
        const task = await this.repo.task(tx, id);
        if (task && locked.assignee_account_id !== operatorId) {
          await notify(tx, {
            accountId: locked.assignee_account_id,
            kind: 'system',
            title: '平台已取消任务',
            content: `${task.title}（取消原因：${reason}）`,
            link: taskLink(id),
            senderId: operatorId,
          });
        }
      });
    } catch (error) {
      if (!(error instanceof TaskChangeRefused)) throw error;
      if (error.reason === 'missing') throw notFound();
      if (error.reason === 'forbidden')
        throw AppError.forbidden(adminTaskMessages.notPlatformTask, 'Not a platform task');
      throw AppError.conflict(taskMessages.conflict(error.status ?? 'pending'), 'Task status changed');
    }
    return this.detail(id);
  }
}
