import { staffContracts as c, type StaffActor } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { StaffService } from './staff.service';

/** The caller as the grant rules see them: their membership of the pharmacy the guard admitted them to. */
const actorOf = (request: FastifyRequest): StaffActor => ({
  accountId: request.user!.accountId,
  role: request.membership!.role,
  permissions: request.membership!.permissions,
});

export async function staffRoutes(app: FastifyInstance, { service }: { service: StaffService }) {
  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.add, async (request) => {
    const member = await service.add(actorOf(request), request.pharmacyId!, request.body);
    await audit(request, 'staff.add', `pharmacy_member:${member.id}`, {
      account_id: member.account_id,
      role: member.role,
      permissions: member.permissions,
    });
    return ok(member, '已添加');
  });

  route(app, c.update, async (request) => {
    const member = await service.update(actorOf(request), request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'staff.update', `pharmacy_member:${member.id}`, {
      role: member.role,
      name: request.body.name,
    });
    return ok(member, '已保存');
  });

  route(app, c.setPermissions, async (request) => {
    const member = await service.setPermissions(actorOf(request), request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'staff.permissions', `pharmacy_member:${member.id}`, { permissions: member.permissions });
    return ok(member, '权限已保存');
  });

  route(app, c.setStatus, async (request) => {
    const member = await service.setStatus(actorOf(request), request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'staff.status', `pharmacy_member:${member.id}`, { status: member.status });
    return ok(member, member.status === 'active' ? '已启用' : '已停用');
  });

  route(app, c.remove, async (request) => {
    const row = await service.remove(actorOf(request), request.pharmacyId!, request.params.id);
    await audit(request, 'staff.remove', `pharmacy_member:${row.id}`, { account_id: row.accountId, role: row.role });
    return ok(null, '已移除');
  });
}
