import { blacklistContracts as c, maskPhone } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { BlacklistRepository } from './blacklist.repository';
import { BlacklistService } from './blacklist.service';

/** blacklistContracts: 黑名单 (docs/marketing.md). The check itself is lib/blacklist.ts. */
export async function blacklistRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new BlacklistService(new BlacklistRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.add, async (request) => {
    const row = await service.add(request.pharmacyId!, request.user!.accountId, request.body);
    await audit(request, 'blacklist.add', `black_user:${row.id}`, {
      phone: maskPhone(request.body.phone),
      account_id: row.account_id,
      reason: row.reason,
    });
    return ok(row, '已加入黑名单');
  });

  route(app, c.remove, async (request) => {
    const removed = await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'blacklist.remove', `black_user:${request.params.id}`, {
      phone: maskPhone(removed.phone),
      account_id: removed.account_id,
    });
    return ok(null, '已移出黑名单');
  });
}
