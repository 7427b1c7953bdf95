import { teamContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { qrLinkCodeProvider, requestOrigin } from '../../lib/mp-code';
import { ok, route } from '../../lib/route';
import { attachment } from '../../lib/spreadsheet-import/workbook';
import { audit } from '../../plugins/audit';
import { TeamRepository } from './team.repository';
import { type Caller, TeamService } from './team.service';

const callerOf = (request: FastifyRequest): Caller => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
  role: request.membership!.role,
});

/** teamContracts: 团队管理 — teams, members and personal codes (docs/marketing.md). */
export async function teamRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new TeamService(new TeamRepository(app.db), qrLinkCodeProvider);

  route(app, c.list, async (request) => ok(await service.list(callerOf(request))));

  route(app, c.create, async (request) => {
    const team = await service.create(request.pharmacyId!, request.body);
    await audit(request, 'team.create', `team:${team.id}`, { name: team.name });
    return ok(team, '团队已创建');
  });

  route(app, c.update, async (request) => {
    const team = await service.update(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'team.update', `team:${team.id}`, request.body);
    return ok(team, '团队已保存');
  });

  route(app, c.remove, async (request) => {
    await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'team.delete', `team:${request.params.id}`);
    return ok(null, '团队已删除');
  });

  route(app, c.addMember, async (request) => {
    const team = await service.addMember(request.pharmacyId!, request.params.id, request.body.member_id);
    await audit(request, 'team.member.add', `team:${team.id}`, { member_id: request.body.member_id });
    return ok(team, '成员已添加');
  });

  route(app, c.removeMember, async (request) => {
    const team = await service.removeMember(request.pharmacyId!, request.params.id, request.params.memberId);
    await audit(request, 'team.member.remove', `team:${team.id}`, { member_id: request.params.memberId });
    return ok(team, '成员已移出');
  });

  route(app, c.qrcode, async (request, reply) => {
    const { png, name } = await service.qrcode(callerOf(request), request.params.memberId, requestOrigin(request));
    return reply
      .type('image/png')
      .header('Content-Disposition', attachment(`专属二维码-${name}.png`))
      .header('Cache-Control', 'no-store')
      .send(png);
  });
}
