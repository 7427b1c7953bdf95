import {
  okEnvelope,
  pageResultSchema,
  pharmacyListQuerySchema,
  pharmacyProductListQuerySchema,
  pharmacyProductSchema,
  publicPharmacyDetailSchema,
  publicPharmacySchema,
} from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PharmacyDirectoryService } from './pharmacy-directory.service';

const tags = ['pharmacy'];
const open = { access: { public: true } } as const;
const ok = <T>(data: T) => ({ code: 0 as const, msg: 'ok', data });
const idParams = z.object({
  id: z.coerce.number().int().positive({ error: 'ID 不正确' }).max(2_147_483_647, { error: 'ID 不正确' }),
});

export async function pharmacyDirectoryRoutes(
  app: FastifyInstance,
  { service }: { service: PharmacyDirectoryService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/pharmacy/list',
    {
      config: open,
      schema: {
        tags,
        summary: '药店列表（城市筛选、搜索）',
        querystring: pharmacyListQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(publicPharmacySchema)) },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );

  r.get(
    '/pharmacy/detail/:id',
    {
      config: open,
      schema: {
        tags,
        summary: '药店详情（资质证照）',
        params: idParams,
        response: { 200: okEnvelope(publicPharmacyDetailSchema) },
      },
    },
    async (request) => ok(await service.detail(request.params.id)),
  );

  r.get(
    '/pharmacy/product/list',
    {
      config: open,
      schema: {
        tags,
        summary: '药店在售药品',
        querystring: pharmacyProductListQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(pharmacyProductSchema)) },
      },
    },
    async (request) => ok(await service.products(request.query)),
  );
}
