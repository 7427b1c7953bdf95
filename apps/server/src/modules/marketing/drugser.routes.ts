import { drugserContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { DrugserRepository } from './drugser.repository';
import { DrugserService } from './drugser.service';

/** 用药人 (issue 16): the pharmacy's customers' family members; the operator reads every one. */
export async function drugserRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new DrugserService(new DrugserRepository(app.db));
  const mine = (pharmacyId: number | null | undefined) => ({ pharmacyId: pharmacyId! });

  route(app, c.list, async (request) => ok(await service.list(mine(request.pharmacyId), request.query)));
  route(app, c.detail, async (request) => ok(await service.detail(mine(request.pharmacyId), request.params.id)));
  route(app, c.recipes, async (request) => ok(await service.recipes(mine(request.pharmacyId), request.params.id)));
  route(app, c.update, async (request) => {
    const { member, changed } = await service.update(mine(request.pharmacyId), request.params.id, request.body);
    // which fields changed, never their values (names, phones and ID numbers stay out of the trail)
    await audit(request, 'drugser.update', `family_member:${member.id}`, {
      account_id: member.customer_account_id,
      fields: changed,
    });
    return ok(member, '已保存');
  });

  route(app, c.adminList, async (request) =>
    ok(await service.list({ pharmacyId: request.query.pharmacy_id ?? null }, request.query)),
  );
  route(app, c.adminDetail, async (request) => ok(await service.detail({ pharmacyId: null }, request.params.id)));
  route(app, c.adminRecipes, async (request) => ok(await service.recipes({ pharmacyId: null }, request.params.id)));
}
