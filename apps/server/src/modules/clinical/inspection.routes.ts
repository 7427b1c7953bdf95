import { inspectionContracts as c, inspectionRejectLabel } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { InspectionRepository } from './inspection.repository';
import { InspectionService } from './inspection.service';

/** The inspection part of the clinical module (docs/clinical.md "Inspection"): the pharmacist's list, detail, decision. */
export async function inspectionRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new InspectionService(app.db, new InspectionRepository(app.db));

  route(
    app,
    c.list,
    async (request) => ok(await service.list(request.pharmacyId!, request.query)),
    // the service builds exactly inspectionListResultSchema (the tests parse it strictly): plain JSON.stringify,
    // as the quote and order lists do, instead of the zod encode pass over a page of rows
    { serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.inspect, async (request) => {
    const body = request.body;
    const r = await service.inspect(request.pharmacyId!, request.user!.accountId, request.params.id, body);
    await audit(request, `recipe.inspect.${body.decision}`, `recipe:${r.id}`, {
      recipe_no: r.recipe_no,
      decision: body.decision,
      reject_code: body.reject_code ?? '',
      reject_label: body.reject_code ? inspectionRejectLabel(body.reject_code) : '',
      reason: body.reason,
      shown: body.shown,
      order_id: r.order_id,
      order_status: r.order_status,
    });
    const { recipe_no: _no, ...result } = r;
    return ok(result, body.decision === 'approve' ? '处方审核通过' : '处方已驳回');
  });
}
