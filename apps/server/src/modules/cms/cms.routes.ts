import { cmsContracts as c } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOperator } from '../../lib/optional-user';
import { route } from '../../lib/route';
import { audit } from '../../plugins/audit';
import type { CmsService } from './cms.service';

/** The query string as sent: the items layer expands bracket keys and repeated keys itself. */
const rawQuery = (request: FastifyRequest) => {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};

/**
 * The Directus-compatible content API at /scms (docs/cms-items-api.md). Answers are Directus' `{ data, meta? }`;
 * failures carry Directus' `errors` (the errors plugin adds them on /scms).
 */
export async function cmsRoutes(app: FastifyInstance, { service }: { service: CmsService }) {
  route(app, c.items, async (request) =>
    service.items(request.params.collection, rawQuery(request), await isOperator(request)),
  );

  route(app, c.item, async (request) =>
    service.item(request.params.collection, request.params.id, rawQuery(request), await isOperator(request)),
  );

  route(app, c.fields, async (request) => ({ data: service.fields(request.params.collection) }));

  route(app, c.create, async (request) => {
    const result = await service.create(request.params.collection, request.body);
    await audit(request, 'cms.create', `${request.params.collection}:${String(result.data.id)}`);
    return result;
  });

  route(app, c.update, async (request) => {
    const result = await service.update(request.params.collection, request.params.id, request.body);
    await audit(request, 'cms.update', `${request.params.collection}:${request.params.id}`, {
      fields: Object.keys(request.body),
    });
    return result;
  });

  route(app, c.remove, async (request, reply) => {
    const id = await service.remove(request.params.collection, request.params.id);
    await audit(request, 'cms.delete', `${request.params.collection}:${id}`);
    return reply.code(204).send();
  });
}
