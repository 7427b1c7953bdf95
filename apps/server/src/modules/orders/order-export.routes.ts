import { orderExportContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { route } from '../../lib/route';
import { sendSpreadsheet } from '../../lib/spreadsheet-export';
import { audit } from '../../plugins/audit';
import { OrderExportRepository } from './order-export.repository';
import { OrderExportService } from './order-export.service';

/** The order list's export: the current filter streamed as a spreadsheet (docs/orders.md "Export"). */
export async function orderExportRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new OrderExportService(new OrderExportRepository(app.db));

  route(app, c.export, async (request, reply) => {
    const { name, total, spec } = await service.exportSheet({ pharmacyId: request.pharmacyId! }, request.query);
    await audit(request, 'order.export', `pharmacy:${request.pharmacyId}`, { rows: total, filter: request.query });
    return sendSpreadsheet(reply, name, total, spec);
  });

  route(app, c.adminExport, async (request, reply) => {
    const { name, total, spec } = await service.exportSheet({ operator: true }, request.query);
    await audit(request, 'order.export', 'orders', { rows: total, filter: request.query });
    return sendSpreadsheet(reply, name, total, spec);
  });
}
