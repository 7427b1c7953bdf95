import { platformColumnContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { PlatformColumnRepository } from './platform-column.repository';
import { PlatformColumnService } from './platform-column.service';

/** platformColumnContracts: the operator's platform columns (admin permission `column`). */
export async function platformColumnRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new PlatformColumnService(new PlatformColumnRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.query)));

  route(app, c.add, async (request) => {
    const column = await service.add(request.body.title);
    await audit(request, 'live.platform_column.add', `live_column:${column.id}`, { title: column.title });
    return ok(column, '已添加');
  });

  route(app, c.rename, async (request) => {
    const column = await service.rename(request.params.id, request.body.title);
    await audit(request, 'live.platform_column.rename', `live_column:${column.id}`, { title: column.title });
    return ok(column, '已保存');
  });

  route(app, c.submissions, async (request) => ok(await service.submissions(request.query)));

  route(app, c.approve, async (request) => {
    const column = await service.decide(request.params.id, { status: 'approved' }, request.user!.accountId);
    await audit(request, 'live.column.approve', `live_column:${column.id}`, {
      pharmacy_id: column.pharmacy_id,
      platform_column_id: column.platform_column_id,
    });
    return ok(column, '已通过');
  });

  route(app, c.reject, async (request) => {
    const { reason } = request.body;
    const column = await service.decide(request.params.id, { status: 'rejected', reason }, request.user!.accountId);
    await audit(request, 'live.column.reject', `live_column:${column.id}`, { pharmacy_id: column.pharmacy_id, reason });
    return ok(column, '已驳回');
  });

  route(app, c.members, async (request) => ok(await service.members(request.params.id)));

  route(app, c.setMembers, async (request) => {
    const members = await service.setMembers(request.params.id, request.body.column_ids);
    await audit(request, 'live.platform_column.members', `live_column:${request.params.id}`, {
      column_ids: request.body.column_ids,
    });
    return ok(members, '已保存');
  });
}
