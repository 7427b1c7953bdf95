import { healthContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

/** The health part of the clinical module (docs/clinical.md "Health forms"). */
export async function healthRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new HealthService(new HealthRepository(app.db));

  // doctor: the forms assigned to them (request.doctorId filters every query)
  route(app, c.list, async (request) => ok(await service.list(request.doctorId!, request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.doctorId!, request.params.id)));

  route(app, c.approve, async (request) => {
    const result = await service.decide(request.doctorId!, request.params.id, 'approve');
    await audit(request, 'health.approve', `health_collection:${result.id}`);
    return ok(result, '已审核通过');
  });

  route(app, c.reset, async (request) => {
    const result = await service.decide(request.doctorId!, request.params.id, 'reset', request.body.reason);
    await audit(request, 'health.reset', `health_collection:${result.id}`, { reason: request.body.reason });
    return ok(result, '已驳回，患者需重新填写');
  });

  route(app, c.chart, async (request) => ok(await service.chartForDoctor(request.doctorId!, request.params.id)));

  // patient: their own family members only (request.user.accountId filters every query)
  route(app, c.mine, async (request) => ok(await service.mine(request.user!.accountId)));

  route(app, c.submit, async (request) => {
    const result = await service.submit(request.user!.accountId, request.body);
    return ok(result, result.replaced ? '已重新提交' : '已提交，等待医生审核');
  });

  route(app, c.addMeasurement, async (request) =>
    ok(await service.addMeasurement(request.user!.accountId, request.body), '已记录'),
  );

  route(app, c.myChart, async (request) =>
    ok(await service.myChart(request.user!.accountId, request.query.family_member_id)),
  );
}
