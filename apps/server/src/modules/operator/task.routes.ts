import { adminTaskContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { AdminTaskRepository } from './task.repository';
import { AdminTaskService } from './task.service';

/**
 * adminTaskContracts (operator, issue 17): every pharmacy's tasks (`task`), the platform's tasks created and
 * cancelled, with their log. The state machine is lib/task-state.ts, shared with the pharmacy's task list.
 */
export async function taskRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new AdminTaskService(new AdminTaskRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.query)));

  route(app, c.log, async (request) => ok(await service.detail(request.params.id)));

  route(app, c.pharmacyOptions, async () => ok(await service.pharmacyOptions()));

  route(app, c.customerOptions, async (request) =>
    ok(await service.customerOptions(request.query.pharmacy_id, request.query.keyword)),
  );

  route(app, c.staffOptions, async (request) => ok(await service.staffOptions(request.query.pharmacy_id)));

  route(app, c.create, async (request) => {
    const task = await service.create(request.user!.accountId, request.body);
    await audit(request, 'task.create', `task:${task.id}`, {
      origin: 'platform',
      pharmacy_id: task.pharmacy.id,
      kind: task.kind,
      customer: task.customer.account_id,
      assignee: task.assignee.account_id,
    });
    return ok({ id: task.id }, '任务已创建');
  });

  route(app, c.cancel, async (request) => {
    const task = await service.cancel(request.user!.accountId, request.params.id, request.body.reason);
    await audit(request, 'task.cancel', `task:${task.id}`, {
      origin: 'platform',
      pharmacy_id: task.pharmacy.id,
      reason: request.body.reason,
    });
    return ok(task, '任务已取消');
  });
}
