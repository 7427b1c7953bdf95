import { chatDeskContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { offerNext } from './conversation.service';
import { DeskRepository } from './desk.repository';
import { DeskService } from './desk.service';

/** Settings, canned replies, status, colleagues, patient info, product picker, history (contracts chatDesk). */
export async function deskRoutes(app: FastifyInstance, _context: ModuleContext, bus: ChatBus) {
  const service = new DeskService(new DeskRepository(app.db), {
    offerNext: (pharmacyId) => offerNext(app.db, bus, pharmacyId),
  });
  // the contracts' guard ({ pharmacy: null, roles }) has set both before any handler runs
  const pharmacyOf = (request: { pharmacyId: number | null }) => request.pharmacyId!;

  route(app, c.settings, async (request) => ok(await service.settings(pharmacyOf(request), request.membership?.role)));

  route(app, c.saveSettings, async (request) => {
    const data = await service.saveSettings(
      pharmacyOf(request),
      request.user!.accountId,
      request.membership?.role,
      request.body,
    );
    await audit(request, 'chat.settings', `pharmacy:${pharmacyOf(request)}`, request.body);
    return ok(data, '已保存');
  });

  route(app, c.cannedReplies, async (request) => ok(await service.cannedReplies(pharmacyOf(request))));

  route(app, c.createCannedReply, async (request) => {
    const data = await service.createCannedReply(pharmacyOf(request), request.user!.accountId, request.body);
    return ok(data, '已添加');
  });

  route(app, c.updateCannedReply, async (request) =>
    ok(await service.updateCannedReply(pharmacyOf(request), request.params.id, request.body), '已保存'),
  );

  route(app, c.removeCannedReply, async (request) => {
    await service.removeCannedReply(pharmacyOf(request), request.params.id);
    return ok(null, '已删除');
  });

  route(app, c.myStatus, async (request) => ok(await service.myStatus(pharmacyOf(request), request.user!.accountId)));

  route(app, c.setMyStatus, async (request) =>
    ok(await service.setMyStatus(pharmacyOf(request), request.user!.accountId, request.body.status), '已更新'),
  );

  route(app, c.colleagues, async (request) => ok(await service.colleagues(pharmacyOf(request))));

  route(app, c.patientInfo, async (request) => ok(await service.patientInfo(pharmacyOf(request), request.params.id)));

  route(app, c.products, async (request) =>
    ok(await service.products(pharmacyOf(request), request.query.keyword, request.query.limit)),
  );

  route(app, c.history, async (request) => ok(await service.history(pharmacyOf(request), request.query)));
}
