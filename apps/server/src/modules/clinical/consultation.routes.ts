import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The consultation part of the clinical module (docs/clinical.md). */
export async function consultationRoutes(_app: FastifyInstance, _context: ModuleContext) {}
