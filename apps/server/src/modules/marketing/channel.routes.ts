import { channelContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { qrLinkCodeProvider, requestOrigin } from '../../lib/mp-code';
import { ok, route } from '../../lib/route';
import { attachment } from '../../lib/spreadsheet-import/workbook';
import { audit } from '../../plugins/audit';
import { ChannelRepository } from './channel.repository';
import { ChannelService } from './channel.service';

const sendPng = (reply: FastifyReply, png: Buffer, fileName: string) =>
  reply
    .type('image/png')
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'no-store')
    .send(png);

/** channelContracts: 渠道管理 and the mini-program code service (docs/marketing.md). */
export async function channelRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new ChannelService(new ChannelRepository(app.db), qrLinkCodeProvider);

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.create, async (request) => {
    const channel = await service.create(request.pharmacyId!, request.body.name);
    await audit(request, 'channel.create', `channel:${channel.id}`, { name: channel.name, scene: channel.scene });
    return ok(channel, '渠道已创建');
  });

  route(app, c.update, async (request) => {
    const channel = await service.rename(request.pharmacyId!, request.params.id, request.body.name);
    await audit(request, 'channel.update', `channel:${channel.id}`, { name: channel.name });
    return ok(channel, '渠道已保存');
  });

  route(app, c.remove, async (request) => {
    await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'channel.delete', `channel:${request.params.id}`);
    return ok(null, '渠道已删除');
  });

  route(app, c.qrcode, async (request, reply) => {
    const { png, name } = await service.qrcode(request.pharmacyId!, request.params.id, requestOrigin(request));
    return sendPng(reply, png, `渠道二维码-${name}.png`);
  });

  route(app, c.wxaCode, async (request, reply) => {
    const { png, name } = await service.codeByScene(request.pharmacyId!, request.query.scene, requestOrigin(request));
    return sendPng(reply, png, `渠道二维码-${name}.png`);
  });

  route(app, c.wxaResolve, async (request) => ok(await service.resolve(request.query, request.user!.accountId)));

  route(app, c.wxaMapping, async (request) => {
    const { target, ...result } = await service.bind(request.body, request.user!.accountId);
    await audit(
      request,
      'channel.bind',
      target.channel_id ? `channel:${target.channel_id}` : `member:${target.member_id}`,
      {
        pharmacy_id: target.pharmacy_id,
        joined: result.joined,
      },
    );
    return ok(result, result.joined ? '已加入' : '您已是本店会员');
  });
}
