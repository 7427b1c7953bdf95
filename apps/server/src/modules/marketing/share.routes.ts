import { shareContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { ShareRepository } from './share.repository';
import { type ShareCaller, ShareService } from './share.service';

const callerOf = (request: FastifyRequest): ShareCaller => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
  role: request.membership!.role,
});

/** shareContracts: share packages (分享套餐) — create, list, edit, review, and the recipient's opening. */
export async function shareRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new ShareService(new ShareRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(callerOf(request), request.query)));

  route(app, c.options, async (request) => ok(await service.options(request.pharmacyId!)));

  route(app, c.create, async (request) => {
    const share = await service.create(callerOf(request), request.body);
    await audit(request, 'share.create', `share:${share.id}`, { kind: share.kind, title: share.title });
    return ok(share, '分享已提交审核');
  });

  route(app, c.detail, async (request) => ok(await service.detail(callerOf(request), request.params.id)));

  route(app, c.update, async (request) => {
    const share = await service.update(callerOf(request), request.params.id, request.body);
    await audit(request, 'share.update', `share:${share.id}`, { kind: share.kind, title: share.title });
    return ok(share, '分享已修改，等待审核');
  });

  route(app, c.changePhone, async (request) => {
    const share = await service.changePhone(callerOf(request), request.params.id, request.body.recipient_phone);
    await audit(request, 'share.phone', `share:${share.id}`, { recipient_phone: share.recipient_phone });
    return ok(share, '手机号已修改，等待审核');
  });

  route(app, c.reviewList, async (request) => ok(await service.list(callerOf(request), request.query, true)));

  route(app, c.reviewDetail, async (request) => ok(await service.detail(callerOf(request), request.params.id, true)));

  route(app, c.approve, async (request) => {
    const share = await service.decide(callerOf(request), request.params.id, 'approved');
    await audit(request, 'share.approve', `share:${share.id}`);
    return ok(share, '已审核通过');
  });

  route(app, c.reject, async (request) => {
    const share = await service.decide(callerOf(request), request.params.id, 'rejected', request.body.reason);
    await audit(request, 'share.reject', `share:${share.id}`, { reason: request.body.reason });
    return ok(share, '已驳回');
  });

  route(app, c.open, async (request) => ok(await service.open(request.user!.accountId, request.params.id)));
}
