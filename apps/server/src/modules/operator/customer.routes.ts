import { adminCustomerContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { AdminCustomerRepository } from './customer.repository';
import { AdminCustomerService } from './customer.service';

/** adminCustomerContracts (operator 会员管理, issue 17): the platform's members, the card, the audited reveal. */
export async function customerRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new AdminCustomerService(new AdminCustomerRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.query)));

  route(app, c.card, async (request) => ok(await service.card(request.params.id)));

  route(app, c.phone, async (request) =>
    ok(await service.revealPhone(request.user!.accountId, request.params.id, request.ip ?? '')),
  );
}
