import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import { TaskRepositoryBase } from '../../lib/task-repository';
import type { TaskFilter, TaskRow } from '../../lib/task-state';

export interface PharmacyRow {
  id: number;
  name: string;
  status: string;
}

/** The operator reads every pharmacy's tasks: no tenant condition (the pharmacy is only a filter, TaskFilter). */
const platformWide: SQL[] = [];

/**
 * The operator's side of tasks: every pharmacy's rows (`platformWide`), through the task repository the pharmacy's
 * own task list uses (lib/task-repository.ts).
 */
export class AdminTaskRepository extends TaskRepositoryBase {
  page(f: TaskFilter, limit: number, offset: number) {
    return this.pageWithin(platformWide, f, limit, offset);
  }

  task(q: DbExecutor, id: number): Promise<TaskRow | undefined> {
    return this.taskWithin(q, platformWide, id);
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
}
