import { healthReviewContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { HealthReviewRepository } from './health-review.repository';
import { HealthReviewService } from './health-review.service';

/**
 * healthReviewContracts: 健康表审核 for the manager (docs/marketing.md). health_collection records a doctor reviewer
 * only (doctor_id); the manager who decided is in the audit trail (health_review.approve / .reject).
 */
export async function healthReviewRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new HealthReviewService(new HealthReviewRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.approve, async (request) => {
    const result = await service.decide(request.pharmacyId!, request.params.id, 'approve');
    await audit(request, 'health_review.approve', `health_collection:${result.id}`);
    return ok(result, '已审核通过');
  });

  route(app, c.reject, async (request) => {
    const result = await service.decide(request.pharmacyId!, request.params.id, 'reset', request.body.reason);
    await audit(request, 'health_review.reject', `health_collection:${result.id}`, { reason: request.body.reason });
    return ok(result, '已驳回');
  });
}
