import { comboContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { ComboService } from './combos.service';

export async function comboRoutes(app: FastifyInstance, { service }: { service: ComboService }) {
  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.quotes, async (request) => ok(await service.quotes(request.pharmacyId!, request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.create, async (request) => {
    const id = await service.create(request.pharmacyId!, request.body);
    await audit(request, 'quote_set.create', `quote_set:${id}`, { name: request.body.name, price: request.body.price });
    return ok({ id }, '套餐已创建');
  });

  route(app, c.update, async (request) => {
    const id = await service.update(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'quote_set.update', `quote_set:${id}`, { name: request.body.name, price: request.body.price });
    return ok({ id }, '套餐已保存');
  });

  route(app, c.setStatus, async (request) => {
    const { id } = request.params;
    await service.setStatus(request.pharmacyId!, id, request.body.status);
    await audit(request, 'quote_set.status', `quote_set:${id}`, { status: request.body.status });
    return ok({ id }, request.body.status === 'on_sale' ? '套餐已上架' : '套餐已下架');
  });

  route(app, c.remove, async (request) => {
    await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'quote_set.delete', `quote_set:${request.params.id}`);
    return ok(null, '套餐已删除');
  });
}
