import type { SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client';
import {
  type CustomerSearch,
  findTask,
  type PersonRow,
  pageTasks,
  type StaffRow,
  type TaskCounts,
  type TaskFilter,
  type TaskLogRow,
  type TaskRow,
  taskCustomer,
  taskCustomerOptions,
  taskLogs,
  taskStaff,
} from './task-state';

/**
 * The repository half both task lists share — the pharmacy's (modules/marketing/task.repository.ts) and the
 * operator's (modules/operator/task.repository.ts) — over the task SQL of lib/task-state.ts. Which tasks a caller
 * sees is not decided here: every read of tasks takes the caller's `scope` (the pharmacy's staff pass their pharmacy
 * and viewer; the operator passes no tenant condition), so each subclass states its own.
 */
export abstract class TaskRepositoryBase {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** One page of the tasks within `scope`, and the tabs' counts. */
  protected pageWithin(
    scope: SQL[],
    f: TaskFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: TaskRow[]; counts: TaskCounts }> {
    return pageTasks(this.db, scope, f, limit, offset);
  }

  /** One task within `scope`, or undefined. */
  protected taskWithin(q: DbExecutor, scope: SQL[], id: number): Promise<TaskRow | undefined> {
    return findTask(q, id, scope);
  }

  /** The task's log, oldest first (ask only for a task the caller may see). */
  logs(q: DbExecutor, taskId: number): Promise<TaskLogRow[]> {
    return taskLogs(q, taskId);
  }

  /** A customer of this pharmacy (from a chat of the pharmacy, its patient too), or undefined. */
  customer(
    q: DbExecutor,
    pharmacyId: number,
    accountId: number,
    conversationId?: number | null,
  ): Promise<PersonRow | undefined> {
    return taskCustomer(q, pharmacyId, accountId, conversationId);
  }

  /** The customer picker over this pharmacy's customers (and `include`, a prefilled one). */
  customerOptions(pharmacyId: number, search: CustomerSearch, include?: number, limit = 20): Promise<PersonRow[]> {
    return taskCustomerOptions(this.db, pharmacyId, search, include, limit);
  }

  /** Active staff of this pharmacy who may work on tasks (one of them with `accountId`). */
  staff(q: DbExecutor, pharmacyId: number, accountId?: number): Promise<StaffRow[]> {
    return taskStaff(q, pharmacyId, accountId);
  }
}
