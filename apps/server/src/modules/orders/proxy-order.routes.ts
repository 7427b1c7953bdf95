import {
  proxyOrderContracts as c,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  isMarketingManager,
} from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { paymentProviderRegistry } from '../../lib/payment';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { ProxyOrderRepository, type Viewer } from './proxy-order.repository';
import { ProxyOrderService } from './proxy-order.service';
import { UserOrderRepository } from './user-order.repository';
import { UserOrderService } from './user-order.service';

/** The optional `Idempotency-Key` header, as the patient's creation reads it (a malformed one: 400 naming it). */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw AppError.badParams('Idempotency-Key', parsed.error.issues[0]!.message, 'Bad Idempotency-Key header');
  }
  return parsed.data;
}

const viewerOf = (request: FastifyRequest): Viewer => ({
  accountId: request.user!.accountId,
  manager: isMarketingManager(request.membership?.role),
});

/** proxyOrderContracts (marketing, issue 16): orders staff place for a customer (代下单, 非药品下单) and 客户订单. */
export async function proxyOrderRoutes(app: FastifyInstance, _context: ModuleContext) {
  const userOrders = new UserOrderRepository(app.db);
  const service = new ProxyOrderService(
    new ProxyOrderRepository(app.db),
    new UserOrderService(userOrders, paymentProviderRegistry()),
    userOrders,
  );

  route(app, c.customers, async (request) =>
    ok(await service.customers(request.pharmacyId!, request.user!.accountId, request.query.keyword)),
  );

  route(app, c.customer, async (request) =>
    ok(await service.customer(request.pharmacyId!, request.user!.accountId, request.params.id)),
  );

  route(app, c.catalog, async (request) => ok(await service.catalog(request.pharmacyId!, request.query)));

  route(app, c.create, async (request) => {
    const order = await service.create(
      request.pharmacyId!,
      request.user!.accountId,
      request.body,
      idempotencyKey(request),
    );
    await audit(request, 'proxy_order.create', `order:${order.id}`, {
      kind: request.body.kind,
      customer_id: request.body.customer_id,
      order_no: order.order_no,
      pay_amount: order.pay_amount,
    });
    return ok(order, '下单成功');
  });

  route(app, c.list, async (request) => ok(await service.list(request.pharmacyId!, viewerOf(request), request.query)));

  route(app, c.filterOptions, async (request) => ok(await service.filterOptions(request.pharmacyId!)));

  route(app, c.detail, async (request) =>
    ok(await service.detail(request.pharmacyId!, viewerOf(request), request.params.id)),
  );

  route(app, c.remarks, async (request) =>
    ok(await service.remarks(request.pharmacyId!, viewerOf(request), request.params.id)),
  );

  route(app, c.addRemark, async (request) => {
    const remark = await service.addRemark(
      request.pharmacyId!,
      viewerOf(request),
      request.params.id,
      request.body.content,
    );
    await audit(request, 'proxy_order.remark', `order:${request.params.id}`, { remark_id: remark.id });
    return ok(remark, '已添加备注');
  });
}
