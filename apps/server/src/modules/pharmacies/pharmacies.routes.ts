import { myPharmacySchema, okEnvelope } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function pharmacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The memberships came with the session lookup, so this answers without another query.
  r.get(
    '/pharmacy/me',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['pharmacy'],
        security: [{ session: [] }],
        summary: '我所在的药店（角色与权限）',
        response: { 200: okEnvelope(z.array(myPharmacySchema)) },
      },
    },
    async (request) => ({
      code: 0 as const,
      msg: 'ok',
      data: request.user!.memberships.map((m) => ({
        id: m.pharmacy_id,
        name: m.name,
        logo_url: m.logo_url,
        city: m.city,
        role: m.role,
        permissions: m.permissions,
      })),
    }),
  );
}
