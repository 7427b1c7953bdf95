import { liveViewerContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from '../../lib/crypto';
import { registerDeferredWrites } from '../../lib/deferred-writes';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { readToken } from '../../plugins/auth';
import type { Principal } from '../../plugins/principal';
import { HeartbeatWriter } from './heartbeat-writer';
import { ViewerRepository } from './viewer.repository';
import { ViewerService } from './viewer.service';

/** The beat's answer is built exactly to the contract's shape: written with JSON.stringify (the hot route). */
const hot = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** How long the beats reuse a session they have seen (ms), and how many they remember at most. */
export const BEAT_SESSION_TTL_MS = 30_000;
const BEAT_SESSION_MAX = 200_000;

/**
 * The sessions the heartbeat route has seen, by token hash. Every request of the product looks its session up in the
 * database (plugins/auth.ts; docs/orders.md says why sessions are not cached), and for a beat that lookup was most of
 * its cost (bench/live-heartbeat.mjs: one statement per beat). The beats alone reuse a session for
 * BEAT_SESSION_TTL_MS: a signed-out or revoked session may go on crediting watch time to its own account for that
 * long, on this route only; the watch page's other calls (the live, comments, the exam) authenticate as usual.
 */
export class BeatSessions {
  private readonly map = new Map<string, { user: Principal; until: number }>();
  private readonly seen = new WeakMap<FastifyRequest, string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** onRequest, before the route's guard: a remembered session becomes `request.user` (the guard then reads nothing). */
  recall(request: FastifyRequest) {
    const token = readToken(request);
    if (!token) return;
    const hash = sha256Hex(token);
    const hit = this.map.get(hash);
    if (hit && hit.until > this.now()) {
      request.user = hit.user;
      return;
    }
    if (hit) this.map.delete(hash);
    this.seen.set(request, hash);
  }

  /** After an authenticated beat whose session was read from the database: remember it. */
  remember(request: FastifyRequest) {
    const hash = this.seen.get(request);
    if (!hash || !request.user) return;
    if (this.map.size >= BEAT_SESSION_MAX) this.map.clear();
    this.map.set(hash, { user: request.user, until: this.now() + BEAT_SESSION_TTL_MS });
  }

  sweep() {
    const now = this.now();
    for (const [k, v] of this.map) if (v.until <= now) this.map.delete(k);
  }
}

/** The viewer service of each app by its database (tests reach its heartbeat writer to flush it). */
export const viewerServices = new WeakMap<object, ViewerService>();

/** liveViewerContracts: the patient's camp periods, enrolment, the live, heartbeats, comments, the exam. */
export async function viewerRoutes(app: FastifyInstance, _context: ModuleContext) {
  const writer = new HeartbeatWriter(app.db, {
    onError: (err) => app.log.error({ err }, 'live heartbeat flush failed; the beats are retried'),
  });
  const service = new ViewerService(new ViewerRepository(app.db), writer);
  viewerServices.set(app.db, service);
  registerDeferredWrites(app.db, () => writer.flush());
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

  // the beats: in a scope of their own whose onRequest hook runs before the route's guard (route-level hooks run
  // last), so a remembered session spares the guard its database lookup
  const sessions = new BeatSessions();
  const sweeper = setInterval(() => sessions.sweep(), BEAT_SESSION_TTL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => sessions.recall(request));
    route(
      scope,
      c.heartbeat,
      async (request) => {
        const answer = await service.heartbeat(request.params.id, me(request));
        sessions.remember(request);
        return ok(answer);
      },
      hot,
    );
  });

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
