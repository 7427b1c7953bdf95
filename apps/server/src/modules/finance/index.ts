import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { FinanceRepository } from './finance.repository';
import { financeRoutes } from './finance.routes';
import { FinanceService } from './finance.service';

/** A pharmacy's settlements (财务对账, issue 12): list, statistics, export, one order's money (docs/finance.md). */
export async function financeModule(app: FastifyInstance, _context: ModuleContext) {
  const service = new FinanceService(new FinanceRepository(app.db));
  await app.register(financeRoutes, { service });
}
