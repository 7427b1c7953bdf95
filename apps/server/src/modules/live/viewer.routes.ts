import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** liveViewerContracts: stub, filled by its owner. */
export async function viewerRoutes(_app: FastifyInstance, _context: ModuleContext) {}
