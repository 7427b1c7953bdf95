import { financeContracts as c, FINANCE_EXPORT_PREFIX, shanghaiToday } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import { exportFileName, sendSpreadsheet } from '../../lib/spreadsheet-export';
import { audit } from '../../plugins/audit';
import type { FinanceService } from './finance.service';

export async function financeRoutes(app: FastifyInstance, { service }: { service: FinanceService }) {
  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.statistics, async (request) => ok(await service.statistics(request.pharmacyId!, request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.export, async (request, reply) => {
    const { total, spec } = await service.exportSheet(request.pharmacyId!, request.query);
    await audit(request, 'finance.export', `pharmacy:${request.pharmacyId}`, { rows: total, filter: request.query });
    return sendSpreadsheet(reply, exportFileName(FINANCE_EXPORT_PREFIX, shanghaiToday()), total, spec);
  });
}
