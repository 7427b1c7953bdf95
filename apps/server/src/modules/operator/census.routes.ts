import { platformCensusContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { sendSpreadsheet } from '../../lib/spreadsheet-export';
import { audit } from '../../plugins/audit';
import { CensusRepository } from './census.repository';
import { CensusService } from './census.service';

/**
 * 处方统计 of the platform (operator, key `all`): the figures and their export; and the public doctor list of the home
 * page (`/mp/manager/doctor/list`, beside the doctor's own profile at `/mp/manager/doctor`).
 */
export async function censusRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new CensusService(new CensusRepository(app.db));

  route(app, c.census, async (request) => ok(await service.census(request.query)));

  route(app, c.export, async (request, reply) => {
    const { name, total, spec } = await service.exportSheet(request.query);
    await audit(request, 'census.export', 'recipe:census', { rows: total, filter: request.query });
    return sendSpreadsheet(reply, name, total, spec);
  });

  route(app, c.doctors, async () => ok(await service.publicDoctors()));
}
