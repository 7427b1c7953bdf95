import { adminPharmacyContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { AdminPharmacyRepository } from './pharmacy.repository';
import { type Actor, AdminPharmacyService } from './pharmacy.service';

const actor = (request: FastifyRequest): Actor => ({ accountId: request.user!.accountId, ip: request.ip ?? '' });

// A decision changes which quotes the public site shows: its success empties the catalogue cache.
const catalogueWrite = { changesCatalogue: true };

/** adminPharmacyContracts (operator, issue 17): 药店管理. Decisions are audited inside their own transactions. */
export async function pharmacyRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new AdminPharmacyService(new AdminPharmacyRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.query)));
  route(app, c.filters, async () => ok(await service.filters()));
  route(app, c.detail, async (request) => ok(await service.detail(request.params.id)));

  route(app, c.create, async (request) => ok(await service.create(request.body, actor(request)), '已新增入驻申请'));
  route(app, c.addQualification, async (request) =>
    ok(await service.addQualification(request.params.id, request.body, actor(request)), '已添加资质'),
  );
  route(app, c.checklist, async (request) =>
    ok(await service.setChecked(request.params.id, request.body.kind, request.body.checked)),
  );

  route(
    app,
    c.approve,
    async (request) => ok(await service.decide(request.params.id, 'approve', '', actor(request)), '已通过入驻申请'),
    catalogueWrite,
  );
  route(
    app,
    c.reject,
    async (request) =>
      ok(await service.decide(request.params.id, 'reject', request.body.reason, actor(request)), '已驳回入驻申请'),
    catalogueWrite,
  );
  route(
    app,
    c.suspend,
    async (request) =>
      ok(await service.decide(request.params.id, 'suspend', request.body.reason, actor(request)), '已暂停营业'),
    catalogueWrite,
  );
  route(
    app,
    c.resume,
    async (request) => ok(await service.decide(request.params.id, 'resume', '', actor(request)), '已恢复营业'),
    catalogueWrite,
  );
}
