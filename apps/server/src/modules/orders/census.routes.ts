import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** Order statistics. */
export async function censusRoutes(_app: FastifyInstance, _context: ModuleContext) {}
