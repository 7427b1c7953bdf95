import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** liveQuestionContracts: stub, filled by its owner. */
export async function questionRoutes(_app: FastifyInstance, _context: ModuleContext) {}
