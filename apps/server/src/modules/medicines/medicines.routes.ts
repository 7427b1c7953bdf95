import { medicineContracts as c, rejectedReasons } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { optionalUser } from '../../lib/optional-user';
import { ok, route } from '../../lib/route';
import type { MedicineService } from './medicines.service';

export async function medicineRoutes(app: FastifyInstance, { service }: { service: MedicineService }) {
  route(app, c.list, async (request) => ok(await service.list(request.query)));

  route(app, c.provinces, async () => ok(await service.provinces()));

  route(app, c.licences, async () => ok(await service.licences()));

  route(app, c.product, async (request) => ok(await service.product(request.params.id)));

  route(app, c.quotes, async (request) => ok(await service.quotes(request.query)));

  route(app, c.entry1, async () => ok(await service.entry1()));

  route(app, c.rejectedReasons, () => ok(rejectedReasons.map((reason) => ({ ...reason }))));

  route(app, c.hot, async (request) => ok(await service.hot(request.query.limit, false)));

  route(app, c.hotWeek, async (request) => ok(await service.hot(request.query.limit, true)));

  route(app, c.comments, async (request) => {
    const viewer = await optionalUser(request);
    return ok(await service.comments(request.query, viewer?.accountId ?? null));
  });

  route(app, c.commentAdd, async (request) =>
    ok(await service.addComment(request.user!.accountId, request.body, { ip: request.ip }), '评论已发表'),
  );

  route(app, c.commentVote, async (request) =>
    ok(await service.vote(request.params.id, request.user!.accountId, request.body.kind)),
  );
}
