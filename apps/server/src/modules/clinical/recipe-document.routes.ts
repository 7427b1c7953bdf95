import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The printable prescription (PDF) and the doctor's statistics (docs/clinical.md). */
export async function recipeDocumentRoutes(_app: FastifyInstance, _context: ModuleContext) {}
