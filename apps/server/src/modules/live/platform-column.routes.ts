import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** platformColumnContracts: stub, filled by its owner. */
export async function platformColumnRoutes(_app: FastifyInstance, _context: ModuleContext) {}
