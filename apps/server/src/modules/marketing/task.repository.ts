import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';
import { TaskRepositoryBase } from '../../lib/task-repository';
import type { PersonRow, StaffRow, TaskFilter, TaskLogRow, TaskRow } from '../../lib/task-state';

export type { PersonRow, StaffRow, TaskFilter, TaskLogRow, TaskRow };

/** Who is asking: a manager sees the pharmacy's tasks; anyone else the ones assigned to or created by them. */
export interface Viewer {
  pharmacyId: number;
  accountId: number;
  manager: boolean;
}

const visibleTo = (v: Viewer): SQL[] =>
  v.manager
    ? [sql`t.pharmacy_id = ${v.pharmacyId}`]
    : [
        sql`t.pharmacy_id = ${v.pharmacyId}`,
        sql`(t.assignee_account_id = ${v.accountId} or t.created_by = ${v.accountId})`,
      ];

/**
 * The pharmacy's side of tasks: the viewer's scope (always one pharmacy) over the shared task repository
 * (lib/task-repository.ts, which the operator's platform tasks use too), plus the lookups only a pharmacy's task needs
 * (its orders and chats).
 */
export class TaskRepository extends TaskRepositoryBase {
  page(viewer: Viewer, f: TaskFilter, limit: number, offset: number) {
    return this.pageWithin(visibleTo(viewer), f, limit, offset);
  }

  task(q: DbExecutor, viewer: Viewer, id: number): Promise<TaskRow | undefined> {
    return this.taskWithin(q, visibleTo(viewer), id);
  }

  /** The customer's order at this pharmacy with its address text, or undefined. */
  async order(q: DbExecutor, pharmacyId: number, customerId: number, orderId: number) {
    const { rows } = await queryRows<{ id: number; address: string }>(
      q,
      sql`select o.id, concat_ws(' ', o.receiver_name, o.receiver_phone,
            o.province || o.city || o.district || o.address_detail) as address
        from orders o
        where o.id = ${orderId} and o.pharmacy_id = ${pharmacyId} and o.account_id = ${customerId}
          and o.deleted_at is null`,
    );
    return rows[0];
  }

  async conversationOf(q: DbExecutor, pharmacyId: number, customerId: number, conversationId: number) {
    const { rows } = await queryRows<{ id: number }>(
      q,
      sql`select id from conversation
        where id = ${conversationId} and pharmacy_id = ${pharmacyId} and patient_account_id = ${customerId}`,
    );
    return rows[0];
  }
}
