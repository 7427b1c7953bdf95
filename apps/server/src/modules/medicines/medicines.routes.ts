import {
  commentAddBodySchema,
  commentListQuerySchema,
  commentSchema,
  commentVoteBodySchema,
  commentVoteResultSchema,
  hotMedicineQuerySchema,
  hotMedicineSchema,
  medicineListItemSchema,
  medicineListQuerySchema,
  okEnvelope,
  pageResultSchema,
  productQuoteSchema,
  productSchema,
} from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalUser } from '../../lib/optional-user';
import {
  dbIdParamSchema,
  entry1GroupSchema,
  pharmacyLicenceSchema,
  provinceSchema,
  quoteListQuerySchema,
  rejectedReasonSchema,
  rejectedReasons,
} from './medicines.schema';
import type { MedicineService } from './medicines.service';

const tags = ['medicine'];
const security = [{ session: [] }];
const open = { access: { public: true } } as const;
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'ok', data });

export async function medicineRoutes(app: FastifyInstance, { service }: { service: MedicineService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/mp/cms/medicines',
    {
      config: open,
      schema: {
        tags,
        summary: '药品列表（搜索名称、通用名、批准文号、条形码；类型、分类、价格区间；排序）',
        querystring: medicineListQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(medicineListItemSchema)) },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );

  r.get(
    '/mp/cms/province',
    {
      config: open,
      schema: { tags, summary: '有药店的省份与城市', response: { 200: okEnvelope(z.array(provinceSchema)) } },
    },
    async () => ok(await service.provinces()),
  );

  r.get(
    '/mp/cms/items/license',
    {
      config: open,
      schema: { tags, summary: '药店资质证照', response: { 200: okEnvelope(z.array(pharmacyLicenceSchema)) } },
    },
    async () => ok(await service.licences()),
  );

  r.get(
    '/mp/cms/product/:id',
    {
      config: open,
      schema: { tags, summary: '药品详情', params: dbIdParamSchema, response: { 200: okEnvelope(productSchema) } },
    },
    async (request) => ok(await service.product(request.params.id)),
  );

  r.get(
    '/mp/cms/quote',
    {
      config: open,
      schema: {
        tags,
        summary: '在售报价（按药品时最低价在前）',
        querystring: quoteListQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(productQuoteSchema)) },
      },
    },
    async (request) => ok(await service.quotes(request.query)),
  );

  r.get(
    '/mp/cms/entry_1',
    {
      config: open,
      schema: { tags, summary: '按症找药入口（按分组）', response: { 200: okEnvelope(z.array(entry1GroupSchema)) } },
    },
    async () => ok(await service.entry1()),
  );

  r.get(
    '/mp/cms/enum_rejected',
    {
      config: open,
      schema: { tags, summary: '处方驳回原因', response: { 200: okEnvelope(z.array(rejectedReasonSchema)) } },
    },
    async () => ok(rejectedReasons.map((reason) => ({ ...reason }))),
  );

  for (const [path, week] of [
    ['/admin/medicine/hot', false],
    ['/admin/medicine/hot/week', true],
  ] as const) {
    r.get(
      path,
      {
        config: open,
        schema: {
          tags,
          summary: week ? '本周热销药品（按销量）' : '热销药品（按销量）',
          querystring: hotMedicineQuerySchema,
          response: { 200: okEnvelope(z.array(hotMedicineSchema)) },
        },
      },
      async (request) => ok(await service.hot(request.query.limit, week)),
    );
  }

  r.get(
    '/admin/medicine/comment',
    {
      config: open,
      schema: {
        tags,
        summary: '药品评论（新的在前；登录时带上我的投票）',
        querystring: commentListQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(commentSchema)) },
      },
    },
    async (request, reply) => {
      const viewer = await optionalUser(request, reply);
      return ok(await service.comments(request.query, viewer?.accountId ?? null));
    },
  );

  r.post(
    '/admin/medicine/comment',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        security,
        summary: '发表药品评论',
        body: commentAddBodySchema,
        response: { 200: okEnvelope(commentSchema) },
      },
    },
    async (request) => ({
      code: 0 as const,
      msg: '评论已发表',
      data: await service.addComment(request.user!.accountId, request.body),
    }),
  );

  r.put(
    '/admin/medicine/comment/:id/vote',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        security,
        summary: '支持 / 反对评论（每人一票；同一票再投或 kind 为 null 即撤回）',
        params: dbIdParamSchema,
        body: commentVoteBodySchema,
        response: { 200: okEnvelope(commentVoteResultSchema) },
      },
    },
    async (request) => ok(await service.vote(request.params.id, request.user!.accountId, request.body.kind)),
  );
}
