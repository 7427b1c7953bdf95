import { liveColumnContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { ColumnRepository } from './column.repository';
import { ColumnService } from './column.service';

/** liveColumnContracts: columns (专栏管理), camp periods (营期管理), their lives in order, enrolments, invitation links. */
export async function columnRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new ColumnService(new ColumnRepository(app.db));

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.create, async (request) => {
    const column = await service.create(request.pharmacyId!, request.body);
    await audit(request, 'live.column.create', `live_column:${column.id}`, { title: column.title });
    return ok(column, '专栏已创建');
  });

  route(app, c.update, async (request) => {
    const column = await service.update(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.column.update', `live_column:${column.id}`, { title: column.title });
    return ok(column, '专栏已保存');
  });

  route(app, c.remove, async (request) => {
    await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'live.column.delete', `live_column:${request.params.id}`);
    return ok(null, '专栏已删除');
  });

  route(app, c.submit, async (request) => {
    const column = await service.submit(request.pharmacyId!, request.params.id, request.body.platform_column_id);
    await audit(request, 'live.column.submit', `live_column:${column.id}`, {
      platform_column_id: request.body.platform_column_id,
    });
    return ok(column, '已提交审核');
  });

  route(app, c.platformOptions, async () => ok(await service.platformOptions()));

  route(app, c.periods, async (request) => ok(await service.periods(request.pharmacyId!, request.params.id)));

  route(app, c.createPeriod, async (request) => {
    const period = await service.createPeriod(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.period.create', `column_period:${period.id}`, { name: period.name });
    return ok(period, '营期已创建');
  });

  route(app, c.updatePeriod, async (request) => {
    const period = await service.updatePeriod(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.period.update', `column_period:${period.id}`, { name: period.name });
    return ok(period, '营期已保存');
  });

  route(app, c.removePeriod, async (request) => {
    await service.removePeriod(request.pharmacyId!, request.params.id);
    await audit(request, 'live.period.delete', `column_period:${request.params.id}`);
    return ok(null, '营期已删除');
  });

  route(app, c.copyPeriod, async (request) => {
    const period = await service.copyPeriod(request.pharmacyId!, request.params.id, request.body);
    await audit(request, 'live.period.copy', `column_period:${period.id}`, { from: request.params.id });
    return ok(period, '营期已复制');
  });

  route(app, c.periodLives, async (request) => ok(await service.periodLives(request.pharmacyId!, request.params.id)));

  route(app, c.bindLives, async (request) => {
    const lives = await service.bindLives(request.pharmacyId!, request.params.id, request.body.live_ids);
    await audit(request, 'live.period.bind', `column_period:${request.params.id}`, {
      live_ids: request.body.live_ids,
    });
    return ok(lives, '已绑定');
  });

  route(app, c.unbindLive, async (request) => {
    const { id, live_id } = request.params;
    const lives = await service.unbindLive(request.pharmacyId!, id, live_id);
    await audit(request, 'live.period.unbind', `column_period:${id}`, { live_id });
    return ok(lives, '已解绑');
  });

  route(app, c.sortLives, async (request) => {
    const lives = await service.sortLives(request.pharmacyId!, request.params.id, request.body.live_ids);
    await audit(request, 'live.period.sort', `column_period:${request.params.id}`, {
      live_ids: request.body.live_ids,
    });
    return ok(lives, '排序已保存');
  });

  route(app, c.enrollments, async (request) =>
    ok(await service.enrollments(request.pharmacyId!, request.params.id, request.query)),
  );

  route(app, c.enroll, async (request) => {
    const result = await service.enroll(
      request.pharmacyId!,
      request.params.id,
      request.user!.accountId,
      request.body.phones,
    );
    await audit(request, 'live.enroll', `column_period:${request.params.id}`, {
      enrolled: result.enrolled,
      already: result.already,
    });
    return ok(result, result.enrolled > 0 ? `已报名 ${result.enrolled} 人` : '没有新报名的学员');
  });

  route(app, c.inviteLink, async (request) =>
    ok(await service.inviteLink(request.pharmacyId!, request.params.id, request.user!.accountId)),
  );
}
