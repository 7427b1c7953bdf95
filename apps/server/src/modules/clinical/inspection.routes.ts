import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The inspection part of the clinical module (docs/clinical.md). */
export async function inspectionRoutes(_app: FastifyInstance, _context: ModuleContext) {}
