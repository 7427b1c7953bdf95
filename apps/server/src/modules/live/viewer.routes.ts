import { liveViewerContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { HeartbeatWriter } from './heartbeat-writer';
import { ViewerRepository } from './viewer.repository';
import { ViewerService } from './viewer.service';

/** The beat's answer is built exactly to the contract's shape: written with JSON.stringify (the hot route). */
const hot = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** The viewer service of each app by its database (tests reach its heartbeat writer to flush it). */
export const viewerServices = new WeakMap<object, ViewerService>();

/** liveViewerContracts: the patient's camp periods, enrolment, the live, heartbeats, comments, the exam. */
export async function viewerRoutes(app: FastifyInstance, _context: ModuleContext) {
  const writer = new HeartbeatWriter(app.db, {
    onError: (err) => app.log.error({ err }, 'live heartbeat flush failed; the beats are retried'),
  });
  const service = new ViewerService(new ViewerRepository(app.db), writer);
  viewerServices.set(app.db, service);
  // the buffered beats are written before the database closes (the db plugin's onClose runs after this one's)
  app.addHook('onClose', async () => service.close());

  const me = (request: { user: { accountId: number } | null }) => request.user!.accountId;

  route(app, c.periods, async (request) => ok(await service.myPeriods(me(request))));

  route(app, c.invitation, async (request) =>
    ok(await service.invitation(request.params.id, me(request), request.query.staff)),
  );

  route(app, c.enroll, async (request) => {
    const { period, created, inviterId } = await service.enroll(request.params.id, me(request), request.body.staff);
    if (created) {
      await audit(request, 'live.enroll', `period:${request.params.id}`, {
        source: inviterId ? 'invite' : 'self',
        inviter_member_id: inviterId,
      });
    }
    return ok(period, created ? '报名成功' : '您已报名');
  });

  route(app, c.live, async (request) => ok(await service.live(request.params.id, me(request))));

  route(app, c.heartbeat, async (request) => ok(await service.heartbeat(request.params.id, me(request))), hot);

  route(app, c.comments, async (request) =>
    ok(await service.comments(request.params.id, me(request), request.query.after_id)),
  );

  route(app, c.comment, async (request) =>
    ok(await service.postComment(request.params.id, me(request), request.body.content), '已发送'),
  );

  route(app, c.exam, async (request) => ok(await service.exam(request.params.id, me(request))));

  route(app, c.submitExam, async (request) => {
    const { result, created } = await service.submitExam(request.params.id, me(request), request.body.answers);
    if (created) await audit(request, 'live.exam', `live:${request.params.id}`, { score: result.score });
    return ok(result, created ? '提交成功' : '您已提交过本场考试');
  });
}
