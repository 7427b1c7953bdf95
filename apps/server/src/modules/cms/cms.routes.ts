import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isOperator } from '../../lib/optional-user';
import { audit } from '../../plugins/audit';
import type { CmsService } from './cms.service';

const tags = ['cms'];
const security = [{ session: [] }];

const param = z.union([z.string(), z.array(z.string())]).optional();
/** Documents the Directus parameters; the handler reads the raw query string (bracket keys, repeated keys). */
const itemsQuerySchema = z.looseObject({
  fields: param,
  filter: param,
  sort: param,
  limit: param,
  offset: param,
  page: param,
  search: param,
  meta: param,
});
const collectionParams = z.object({ collection: z.string().max(64) });
const itemParams = z.object({ collection: z.string().max(64), id: z.string().max(255) });
const itemBody = z.record(z.string(), z.unknown());

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/items/:collection',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '内容集合（Directus items：fields / filter / sort / limit / offset / page / search / meta）',
        params: collectionParams,
        querystring: itemsQuerySchema,
      },
    },
    async (request, reply) =>
      service.items(request.params.collection, rawQuery(request), await isOperator(request, reply)),
  );

  r.get(
    '/items/:collection/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '内容条目（Directus item）',
        params: itemParams,
        querystring: itemsQuerySchema,
      },
    },
    async (request, reply) =>
      service.item(request.params.collection, request.params.id, rawQuery(request), await isOperator(request, reply)),
  );

  r.get(
    '/fields/:collection',
    {
      config: { access: { admin: null } },
      schema: { tags, security, summary: '内容集合的字段（Directus fields）', params: collectionParams },
    },
    async (request) => ({ data: service.fields(request.params.collection) }),
  );

  r.post(
    '/items/:collection',
    {
      config: { access: { admin: null } },
      schema: { tags, security, summary: '新增内容条目', params: collectionParams, body: itemBody },
    },
    async (request) => {
      const result = await service.create(request.params.collection, request.body);
      await audit(request, 'cms.create', `${request.params.collection}:${String(result.data.id)}`);
      return result;
    },
  );

  r.patch(
    '/items/:collection/:id',
    {
      config: { access: { admin: null } },
      schema: { tags, security, summary: '修改内容条目', params: itemParams, body: itemBody },
    },
    async (request) => {
      const result = await service.update(request.params.collection, request.params.id, request.body);
      await audit(request, 'cms.update', `${request.params.collection}:${request.params.id}`, {
        fields: Object.keys(request.body),
      });
      return result;
    },
  );

  r.delete(
    '/items/:collection/:id',
    {
      config: { access: { admin: null } },
      schema: { tags, security, summary: '删除内容条目', params: itemParams },
    },
    async (request, reply) => {
      const id = await service.remove(request.params.collection, request.params.id);
      await audit(request, 'cms.delete', `${request.params.collection}:${id}`);
      return reply.code(204).send();
    },
  );
}
