import { liveContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { TeamStatRepository } from './team-stat.repository';
import { TeamStatService } from './team-stat.service';

/** liveContracts teams, teamStat (团队统计): the pharmacyid pharmacy's customer-service teams and their figures. */
export async function teamStatRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new TeamStatService(new TeamStatRepository(app.db));

  route(app, c.teams, async (request) => ok(await service.teams(request.pharmacyId!)));

  route(app, c.teamStat, async (request) => ok(await service.stat(request.pharmacyId!, request.query)));
}
