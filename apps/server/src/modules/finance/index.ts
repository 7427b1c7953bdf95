import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** A pharmacy's settlements (财务对账, issue 12): list, statistics, export, one order's money (docs/finance.md). */
export async function financeModule(_app: FastifyInstance, _context: ModuleContext) {}
