import { orderContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { PharmacyOrderRepository } from './pharmacy-order.repository';
import { PharmacyOrderService } from './pharmacy-order.service';

/** A pharmacy's orders and the operator's list: list, detail, cancel, remark, delete, payment and delivery confirm, complete. */
export async function pharmacyOrderRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new PharmacyOrderService(app.db, new PharmacyOrderRepository(app.db));

  route(
    app,
    c.list,
    async (request) => ok(await service.list({ pharmacyId: request.pharmacyId! }, request.query)),
    // the service builds exactly orderListResultSchema (the tests parse it strictly): plain JSON.stringify, as the
    // quote list does, instead of the zod encode pass over a page of rows
    { serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(app, c.detail, async (request) => ok(await service.detail(request.pharmacyId!, request.params.id)));

  route(app, c.confirmPayment, async (request) => {
    const r = await service.confirmPayment(
      request.pharmacyId!,
      request.params.id,
      request.user!.accountId,
      request.body.pay_ref,
    );
    await audit(request, 'order.pay_confirm', `order:${r.id}`, { order_no: r.orderNo, pay_ref: request.body.pay_ref });
    return ok({ id: r.id, status: r.status }, '已确认收款');
  });

  route(app, c.cancel, async (request) => {
    const r = await service.cancel(request.pharmacyId!, request.params.id, request.body.reason);
    await audit(request, 'order.cancel', `order:${r.id}`, { order_no: r.orderNo, reason: request.body.reason });
    return ok({ id: r.id, status: r.status }, '订单已取消');
  });

  route(app, c.delivery, async (request) => {
    const r = await service.complete(request.pharmacyId!, request.params.id, 'delivery');
    await audit(request, 'order.delivery_confirm', `order:${r.id}`, { order_no: r.orderNo });
    return ok({ id: r.id, status: r.status }, '已确认送达');
  });

  route(app, c.complete, async (request) => {
    const r = await service.complete(request.pharmacyId!, request.params.id, 'staff');
    await audit(request, 'order.complete', `order:${r.id}`, { order_no: r.orderNo });
    return ok({ id: r.id, status: r.status }, '订单已完成');
  });

  route(app, c.remarks, async (request) => ok(await service.remarks(request.pharmacyId!, request.params.id)));

  route(app, c.addRemark, async (request) => {
    const remark = await service.addRemark(
      request.pharmacyId!,
      request.params.id,
      request.user!.accountId,
      request.body.content,
    );
    await audit(request, 'order.remark', `order:${request.params.id}`, { remark_id: remark.id });
    return ok(remark, '已添加备注');
  });

  route(app, c.member, async (request) => ok(await service.member(request.pharmacyId!, request.params.id)));

  route(app, c.remove, async (request) => {
    await service.remove(request.pharmacyId!, request.params.id);
    await audit(request, 'order.delete', `order:${request.params.id}`);
    return ok(null, '已删除');
  });

  route(app, c.adminList, async (request) => ok(await service.list({ operator: true }, request.query)), {
    serializerCompiler: () => (data) => JSON.stringify(data),
  });

  route(app, c.adminDetail, async (request) => ok(await service.detail(undefined, request.params.id)));
}
