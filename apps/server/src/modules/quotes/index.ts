import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** A pharmacy's quotes and their import (pharmacy/quote, pharmacy/import). */
export async function quotesModule(_app: FastifyInstance, _context: ModuleContext) {}
