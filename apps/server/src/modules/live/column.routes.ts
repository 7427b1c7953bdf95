import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** liveColumnContracts: stub, filled by its owner. */
export async function columnRoutes(_app: FastifyInstance, _context: ModuleContext) {}
