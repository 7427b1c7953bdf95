import { memberDataContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { MemberDataRepository } from './member-data.repository';
import { MemberDataService } from './member-data.service';

/** 会员数据 (issue 16): the pharmacy's figures for its staff, the platform's (or one pharmacy's) for the operator. */
export async function memberDataRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new MemberDataService(new MemberDataRepository(app.db));

  route(app, c.daily, async (request) => ok(await service.daily(request.pharmacyId!, request.query)));
  route(app, c.liveData, async (request) => ok(await service.liveData(request.pharmacyId!, request.query)));
  route(app, c.adminDaily, async (request) =>
    ok(await service.daily(request.query.pharmacy_id ?? null, request.query)),
  );
  route(app, c.adminLiveData, async (request) =>
    ok(await service.liveData(request.query.pharmacy_id ?? null, request.query)),
  );
}
