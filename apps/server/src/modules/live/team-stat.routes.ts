import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** liveContracts teams, teamStat: stub, filled by its owner. */
export async function teamStatRoutes(_app: FastifyInstance, _context: ModuleContext) {}
