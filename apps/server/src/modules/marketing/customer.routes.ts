import { customerContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import { CustomerRepository } from './customer.repository';
import { type Caller, CustomerService } from './customer.service';

const callerOf = (request: FastifyRequest): Caller => ({
  pharmacyId: request.pharmacyId!,
  accountId: request.user!.accountId,
  role: request.membership!.role,
});

const json = new WeakMap<object, string>();
const keptJson = {
  serializerCompiler: () => (payload: unknown) => {
    const envelope = payload as { code?: unknown; msg?: unknown; data?: unknown } | null;
    const data = envelope?.data;
    if (envelope?.code !== 0 || typeof data !== 'object' || data === null) return JSON.stringify(payload);
    let text = json.get(data);
    if (text === undefined) {
      text = JSON.stringify(data);
      json.set(data, text);
    }
    return `{"code":0,"msg":${JSON.stringify(envelope.msg)},"data":${text}}`;
  },
};

/** customerContracts: 会员管理 — the customer list and the CRM card (docs/marketing.md). */
export async function customerRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new CustomerService(new CustomerRepository(app.db));

  route(app, c.options, async (request) => ok(await service.options(callerOf(request))));

  route(
    app,
    c.list,
    async (request) => ok(await service.list(callerOf(request), request.query)),
    // the service builds exactly the list item schema (the tests parse it): plain JSON.stringify, as the order and
    // quote lists do, instead of the zod encode pass over a page of rows; a kept page 1 is the same object on every
    // request, so its JSON is written once (as the operator dashboard does)
    keptJson,
  );

  route(app, c.card, async (request) => ok(await service.card(callerOf(request), request.params.id)));

  route(app, c.update, async (request) => {
    const card = await service.update(callerOf(request), request.params.id, request.body);
    await audit(request, 'customer.update', `customer_info:${card.id}`, {
      tags: card.tags,
      source: card.source,
      notes_length: card.notes.length,
    });
    return ok(card, '已保存');
  });

  route(app, c.assignOwner, async (request) => {
    const { card, from } = await service.assignOwner(
      callerOf(request),
      request.params.id,
      request.body.owner_account_id,
    );
    await audit(request, 'customer.owner', `customer_info:${card.id}`, { from, to: card.owner_account_id });
    return ok(card, card.owner_account_id === null ? '已取消负责人' : '负责人已更新');
  });

  route(app, c.followUps, async (request) => ok(await service.followUps(callerOf(request), request.params.id)));

  route(app, c.addFollowUp, async (request) => {
    const followUp = await service.addFollowUp(callerOf(request), request.params.id, request.body);
    await audit(request, 'customer.follow_up', `customer_info:${request.params.id}`, {
      follow_up_id: followUp.id,
      method: followUp.method,
      contacted_at: followUp.contacted_at,
    });
    return ok(followUp, '跟进已记录');
  });

  route(app, c.phone, async (request) => {
    const phone = await service.phone(callerOf(request), request.params.id);
    await audit(request, 'customer.phone', `customer_info:${request.params.id}`);
    return ok({ phone });
  });
}
