import { messageContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { MessageService } from './messages.service';

export async function messageRoutes(app: FastifyInstance, { service }: { service: MessageService }) {
  route(app, c.unreadCount, async (request) => ok({ count: await service.unreadCount(request.user!.accountId) }));

  route(app, c.list, async (request) => ok(await service.list(request.user!.accountId, request.query)));

  route(app, c.read, async (request) => ok({ updated: await service.markRead(request.user!.accountId, request.body) }));

  route(app, c.remove, async (request) => {
    await service.remove(request.user!.accountId, request.params.id);
    return ok(null, '已删除');
  });

  route(app, c.send, async (request) => {
    const { id, accountId } = await service.send(request.user!.accountId, request.body);
    await audit(request, 'message.send', `account:${accountId}`, { message_id: id, kind: request.body.kind });
    return ok({ id }, '已发送');
  });
}
