import { permissionContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { PermissionRepository } from './permission.repository';
import { type PermissionActor, PermissionService } from './permission.service';

const actorOf = (request: FastifyRequest): PermissionActor => ({
  accountId: request.user!.accountId,
  ip: request.ip ?? '',
});

/** permissionContracts (operator, issue 17): operator accounts and keys, a pharmacy manager's keys. */
export async function permissionRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new PermissionService(new PermissionRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.user!.accountId, request.query)));

  route(app, c.create, async (request) => ok(await service.create(actorOf(request), request.body), '已添加'));

  route(app, c.setKeys, async (request) =>
    ok(await service.setKeys(actorOf(request), request.params.id, request.body.permissions), '权限已更新'),
  );

  route(app, c.setStatus, async (request) => {
    const row = await service.setStatus(actorOf(request), request.params.id, request.body.status);
    return ok(row, row.status === 'active' ? '已启用' : '已停用');
  });

  route(app, c.managers, async (request) => ok(await service.managers(request.query)));

  route(app, c.setManagerKeys, async (request) =>
    ok(
      await service.setManagerKeys(
        actorOf(request),
        request.params.id,
        request.params.memberId,
        request.body.permissions,
      ),
      '权限已更新',
    ),
  );
}
