import { sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import {
  type CustomerSearch,
  findTask,
  type PersonRow,
  pageTasks,
  type StaffRow,
  type TaskFilter,
  type TaskLogRow,
  type TaskRow,
  taskCustomer,
  taskCustomerOptions,
  taskLogs,
  taskStaff,
} from '../../lib/task-state';

export interface PharmacyRow {
  id: number;
  name: string;
  status: string;
}

/**
 * The operator's side of tasks: every pharmacy's rows (no tenant scope; the pharmacy is a filter), through the task
 * SQL the pharmacy's own task list uses (lib/task-state.ts).
 */
export class AdminTaskRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  page(f: TaskFilter, limit: number, offset: number) {
    return pageTasks(this.db, [], f, limit, offset);
  }

  task(q: DbExecutor, id: number): Promise<TaskRow | undefined> {
    return findTask(q, id, []);
  }

  logs(q: DbExecutor, id: number): Promise<TaskLogRow[]> {
    return taskLogs(q, id);
  }

  async pharmacy(q: DbExecutor, id: number): Promise<PharmacyRow | undefined> {
    const { rows } = await queryRows<PharmacyRow>(q, sql`select id, name, status from pharmacy where id = ${id}`);
    return rows[0];
  }

  /** Every pharmacy, the active ones first. */
  async pharmacies(): Promise<PharmacyRow[]> {
    const { rows } = await queryRows<PharmacyRow>(
      this.db,
      sql`select id, name, status from pharmacy order by (status = 'active') desc, id`,
    );
    return rows;
  }

  customer(q: DbExecutor, pharmacyId: number, accountId: number): Promise<PersonRow | undefined> {
    return taskCustomer(q, pharmacyId, accountId);
  }

  customerOptions(pharmacyId: number, search: CustomerSearch): Promise<PersonRow[]> {
    return taskCustomerOptions(this.db, pharmacyId, search, undefined, 20);
  }

  staff(q: DbExecutor, pharmacyId: number, accountId?: number): Promise<StaffRow[]> {
    return taskStaff(q, pharmacyId, accountId);
  }
}
