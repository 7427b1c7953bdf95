import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** Combos (quote_set). */
export async function combosModule(_app: FastifyInstance, _context: ModuleContext) {}
