import { userOrderContracts as c, IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { paymentProviderRegistry } from '../../lib/payment';
import { ok, route } from '../../lib/route';
import { startAutoComplete } from './auto-complete';
import { UserOrderRepository } from './user-order.repository';
import { UserOrderService } from './user-order.service';

/** The optional `Idempotency-Key` header of a creation; a malformed one is refused naming the header. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw AppError.badParams('Idempotency-Key', parsed.error.issues[0]!.message, 'Bad Idempotency-Key header');
  }
  return parsed.data;
}

/** The patient's orders: place, pay, read, cancel or re-address, confirm receipt; and the auto-completion job. */
export async function userOrderRoutes(app: FastifyInstance, { housekeeping }: ModuleContext) {
  const service = new UserOrderService(new UserOrderRepository(app.db), paymentProviderRegistry());

  route(app, c.list, async (request) => ok(await service.list(request.user!.accountId, request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.user!.accountId, request.params.id)));

  route(
    app,
    c.create,
    async (request) =>
      ok(await service.create(request.user!.accountId, request.body, idempotencyKey(request)), '下单成功'),
    // the service builds exactly orderDetailSchema (toOrderDetail; the tests parse the answer strictly): plain
    // JSON.stringify, as the order and quote lists do, instead of the zod encode pass over the order and its lines
    { serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(app, c.pay, async (request) => {
    const result = await service.pay(request.user!.accountId, request.params.id, request.body);
    return ok(result, result.payment.status === 'paid' ? '付款成功' : '已提交付款，等待药店确认收款');
  });

  route(app, c.update, async (request) =>
    ok(
      await service.update(request.user!.accountId, request.params.id, request.body),
      request.body.action === 'cancel' ? '订单已取消' : '收货地址已更换',
    ),
  );

  route(app, c.complete, async (request) =>
    ok(await service.complete(request.user!.accountId, request.params.id), '已确认收货'),
  );

  // shipped orders complete by themselves after the pharmacy's auto_confirm_days (off in tests)
  if (housekeeping) startAutoComplete(app, app.db);
}
