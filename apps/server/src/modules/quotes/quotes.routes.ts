import { quoteContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { QuoteService } from './quotes.service';

// A quote's price, shelf state and existence show in public catalogue reads (the medicine search's lowest price and
// pharmacy count, which the catalogue cache holds): a success empties it, as the quote import does.
const catalogueWrite = { changesCatalogue: true };

export async function quoteRoutes(app: FastifyInstance, { service }: { service: QuoteService }) {
  route(
    app,
    c.list,
    async (request) => ok(await service.list(request.pharmacyId!, request.query)),
    // The console's most-read pharmacy page: the service builds exactly quoteListResultSchema (the tests parse it
    // strictly), so plain JSON.stringify replaces the zod encode pass over 20 rows, as user/info/me does.
    { serializerCompiler: () => (data) => JSON.stringify(data) },
  );

  route(app, c.products, async (request) => ok(await service.products(request.pharmacyId!, request.query)));

  route(
    app,
    c.create,
    async (request) => {
      const item = await service.create(request.pharmacyId!, request.body);
      await audit(request, 'quote.create', `quote:${item.id}`, {
        product_id: item.product_id,
        price: item.price,
        stock: item.stock,
      });
      return ok(item, '已新增报价');
    },
    catalogueWrite,
  );

  route(
    app,
    c.shelf,
    async (request) => {
      const updated = await service.setStatus(request.pharmacyId!, request.body);
      await audit(request, 'quote.shelf', `quote:${request.body.ids.slice(0, 20).join(',')}`, {
        status: request.body.status,
        ids: request.body.ids.length,
        updated,
      });
      return ok({ updated }, request.body.status === 'on_shelf' ? '已上架' : '已下架');
    },
    catalogueWrite,
  );

  route(app, c.top, async (request) => {
    const item = await service.setTop(request.pharmacyId!, request.body.id, request.body.is_top);
    return ok(item, item.is_top ? '已置顶' : '已取消置顶');
  });

  route(
    app,
    c.update,
    async (request) => {
      const item = await service.update(request.pharmacyId!, request.params.id, request.body);
      await audit(request, 'quote.update', `quote:${item.id}`, {
        price: item.price,
        original_price: item.original_price,
        stock: item.stock,
      });
      return ok(item, '已保存');
    },
    catalogueWrite,
  );

  route(
    app,
    c.remove,
    async (request) => {
      await service.remove(request.pharmacyId!, request.params.id);
      await audit(request, 'quote.delete', `quote:${request.params.id}`);
      return ok(null, '已删除');
    },
    catalogueWrite,
  );
}
