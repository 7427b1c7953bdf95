import { liveContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { ControlService } from './control.service';
import { ViewerRepository } from './viewer.repository';
import { viewerServices } from './viewer.routes';

/** liveContracts today (the control room, shop only), comments moderation: list, post, hide/show, mute/unmute. */
export async function controlRoutes(app: FastifyInstance, _context: ModuleContext) {
  // the viewers' comment cache of this instance (the viewer routes register after these: looked up when needed)
  const service = new ControlService(new ViewerRepository(app.db), (liveId) =>
    viewerServices.get(app.db)?.forgetChat(liveId),
  );

  route(app, c.today, async (request) => ok(await service.today(request.pharmacyId!)));

  route(app, c.comments, async (request) =>
    ok(await service.comments(request.pharmacyId!, request.params.id, request.query.after_id)),
  );

  route(app, c.postComment, async (request) => {
    const comment = await service.postComment(
      request.pharmacyId!,
      request.params.id,
      request.user!.accountId,
      request.body.content,
    );
    return ok(comment, '已发送');
  });

  route(app, c.hideComment, async (request) => {
    const comment = await service.setCommentStatus(
      request.pharmacyId!,
      request.params.id,
      'hidden',
      request.user!.accountId,
    );
    await audit(request, 'live.comment.hide', `live_comment:${request.params.id}`, { live_id: comment.live_id });
    return ok(comment, '已隐藏');
  });

  route(app, c.showComment, async (request) => {
    const comment = await service.setCommentStatus(
      request.pharmacyId!,
      request.params.id,
      'visible',
      request.user!.accountId,
    );
    await audit(request, 'live.comment.show', `live_comment:${request.params.id}`, { live_id: comment.live_id });
    return ok(comment, '已恢复显示');
  });

  route(app, c.mute, async (request) => {
    const { id } = request.params;
    await service.setMuted(request.pharmacyId!, id, request.body.account_id, true, request.user!.accountId);
    await audit(request, 'live.mute', `live:${id}`, { account_id: request.body.account_id });
    return ok(null, '已禁言');
  });

  route(app, c.unmute, async (request) => {
    const { id, account_id: accountId } = request.params;
    await service.setMuted(request.pharmacyId!, id, accountId, false, request.user!.accountId);
    await audit(request, 'live.unmute', `live:${id}`, { account_id: accountId });
    return ok(null, '已解除禁言');
  });
}
