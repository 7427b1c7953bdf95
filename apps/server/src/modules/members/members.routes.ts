import { memberContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { MemberService } from './members.service';

export async function memberRoutes(app: FastifyInstance, { service }: { service: MemberService }) {
  route(app, c.options, async (request) => ok(await service.options(request.pharmacyId!)));

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.card, async (request) => ok(await service.card(request.pharmacyId!, request.params.id)));

  route(app, c.update, async (request) => {
    const card = await service.update(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'viper.update', `viper:${card.id}`, {
      level: card.level,
      tags: card.tags,
      remark_length: card.remark.length,
    });
    return ok(card, '已保存');
  });
}
