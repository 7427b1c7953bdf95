import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { demoImages } from './demo-images';

const params = z.object({
  kind: z.enum(['product', 'aptitude', 'swiper', 'entry', 'entry1', 'entry2', 'clinical']),
  file: z.string().regex(/^[a-z0-9-]{1,64}\.svg$/, { error: '文件名不正确' }),
});

/** Serves the demo data's placeholder images (register at the root: the data links to /demo/...). */
export async function demoImageRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/demo/:kind/:file',
    {
      config: { access: { public: true } },
      schema: { tags: ['catalogue'], summary: '演示数据的占位图片（SVG）', params },
    },
    async (request, reply) => {
      const svg = demoImages().get(`/demo/${request.params.kind}/${request.params.file}`);
      if (!svg) throw AppError.notFound('图片不存在', 'Demo image not found');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}
