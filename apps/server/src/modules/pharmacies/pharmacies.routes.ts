import { pharmacyContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';

export async function pharmacyRoutes(app: FastifyInstance) {
  // The memberships came with the session lookup, so this answers without another query.
  route(app, c.me, async (request) =>
    ok(
      request.user!.memberships.map((m) => ({
        id: m.pharmacy_id,
        name: m.name,
        logo_url: m.logo_url,
        city: m.city,
        role: m.role,
        permissions: m.permissions,
        status: m.status,
        status_reason: m.status_reason,
      })),
    ),
  );
}
