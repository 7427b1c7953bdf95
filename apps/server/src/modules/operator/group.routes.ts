import { groupContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { GroupRepository } from './group.repository';
import { GroupService } from './group.service';

/** groupContracts (operator, issue 17): 集团管理 and pharmacy cross; the pharmacy side's 集团共享报价. */
export async function groupRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new GroupService(new GroupRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.query)));

  route(app, c.pharmacyOptions, async (request) => ok(await service.pharmacyOptions(request.query.keyword)));

  route(app, c.detail, async (request) => ok(await service.detail(request.params.id)));

  route(app, c.create, async (request) => {
    const group = await service.create(request.body);
    await audit(request, 'group.create', `pharmacy_group:${group.id}`, { name: group.name, remark: group.remark });
    return ok(group, '已创建');
  });

  route(app, c.update, async (request) => {
    const group = await service.update(request.params.id, request.body);
    await audit(request, 'group.update', `pharmacy_group:${group.id}`, { name: group.name, remark: group.remark });
    return ok(group, '已保存');
  });

  route(app, c.remove, async (request) => {
    const name = await service.remove(request.params.id);
    await audit(request, 'group.delete', `pharmacy_group:${request.params.id}`, { name });
    return ok(null, '已删除');
  });

  route(app, c.addMembers, async (request) => {
    const { group, added } = await service.addMembers(request.params.id, request.body.pharmacy_ids);
    await audit(request, 'group.add_pharmacy', `pharmacy_group:${group.id}`, { pharmacy_ids: added });
    return ok(group, '已添加');
  });

  route(app, c.removeMember, async (request) => {
    const { id, pharmacyId } = request.params;
    const group = await service.removeMember(id, pharmacyId);
    await audit(request, 'group.remove_pharmacy', `pharmacy_group:${id}`, { pharmacy_id: pharmacyId });
    return ok(group, '已移出');
  });

  route(app, c.setCross, async (request) => {
    const { id, pharmacyId } = request.params;
    const on = request.body.cross_group;
    const group = await service.setCross(id, pharmacyId, on);
    await audit(request, 'group.cross', `pharmacy:${pharmacyId}`, { group_id: id, cross_group: on });
    return ok(group, on ? '已开启集团共享' : '已关闭集团共享');
  });

  route(app, c.crossQuotes, async (request) => ok(await service.crossQuotes(request.pharmacyId!, request.query)));
}
