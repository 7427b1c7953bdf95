import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The health part of the clinical module (docs/clinical.md). */
export async function healthRoutes(_app: FastifyInstance, _context: ModuleContext) {}
