import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The recipe part of the clinical module (docs/clinical.md). */
export async function recipeRoutes(_app: FastifyInstance, _context: ModuleContext) {}
