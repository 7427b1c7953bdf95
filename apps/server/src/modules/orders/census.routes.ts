import { censusContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { CensusRepository } from './census.repository';
import { CensusService } from './census.service';

/** Order statistics (订单统计) and price statistics, of the pharmacyid pharmacy only. */
export async function censusRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new CensusService(new CensusRepository(app.db));

  route(app, c.census, async (request) => ok(await service.census(request.pharmacyId!, request.query)));

  route(app, c.price, async (request) => ok(await service.price(request.pharmacyId!, request.query)));
}
