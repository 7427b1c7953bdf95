import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The order list's export. */
export async function orderExportRoutes(_app: FastifyInstance, _context: ModuleContext) {}
