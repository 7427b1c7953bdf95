import { taskContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { TaskRepository } from './task.repository';
import { type Actor, TaskService } from './task.service';

const actorOf = (request: FastifyRequest): Actor => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
  role: request.membership?.role ?? null,
});

/**
 * taskContracts (marketing, issue 16): tasks with their log. customer_service sees the tasks assigned to or created
 * by them, managers the pharmacy's; start / done / cancel by the assignee or a manager; reassign by a manager. Every
 * change is one guarded UPDATE and one task_log row in the same transaction.
 */
export async function taskRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new TaskService(new TaskRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(actorOf(request), request.query)));

  route(app, c.customerOptions, async (request) =>
    ok(await service.customerOptions(request.pharmacyId!, request.query.keyword, request.query.account_id)),
  );

  route(app, c.staffOptions, async (request) => ok(await service.staffOptions(request.pharmacyId!)));

  route(app, c.detail, async (request) => ok(await service.detail(actorOf(request), request.params.id)));

  route(app, c.create, async (request) => {
    const task = await service.create(actorOf(request), request.body);
    await audit(request, 'task.create', `task:${task.id}`, {
      kind: task.kind,
      customer: task.customer.account_id,
      assignee: task.assignee.account_id,
    });
    return ok({ id: task.id }, '任务已创建');
  });

  route(app, c.edit, async (request) => {
    const task = await service.edit(actorOf(request), request.params.id, request.body);
    await audit(request, 'task.edit', `task:${task.id}`, { title: task.title, due_at: task.due_at });
    return ok(task, '任务已保存');
  });

  route(app, c.start, async (request) => {
    const task = await service.flow(actorOf(request), request.params.id, 'start');
    await audit(request, 'task.start', `task:${task.id}`);
    return ok(task, '已开始处理');
  });

  route(app, c.done, async (request) => {
    const task = await service.flow(actorOf(request), request.params.id, 'done', request.body.result);
    await audit(request, 'task.done', `task:${task.id}`, { result: request.body.result });
    return ok(task, '任务已完成');
  });

  route(app, c.cancel, async (request) => {
    const task = await service.flow(actorOf(request), request.params.id, 'cancel', request.body.reason);
    await audit(request, 'task.cancel', `task:${task.id}`, { reason: request.body.reason });
    return ok(task, '任务已取消');
  });

  route(app, c.assign, async (request) => {
    const task = await service.assign(actorOf(request), request.params.id, request.body.assignee_account_id);
    await audit(request, 'task.assign', `task:${task.id}`, { assignee: task.assignee.account_id });
    return ok(task, '任务已改派');
  });

  route(app, c.comment, async (request) => {
    const task = await service.comment(actorOf(request), request.params.id, request.body.content);
    await audit(request, 'task.comment', `task:${task.id}`);
    return ok(task, '备注已添加');
  });
}
