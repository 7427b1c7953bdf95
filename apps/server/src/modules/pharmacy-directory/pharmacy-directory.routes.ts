import { pharmacyDirectoryContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { ok, route } from '../../lib/route';
import type { PharmacyDirectoryService } from './pharmacy-directory.service';

export async function pharmacyDirectoryRoutes(
  app: FastifyInstance,
  { service }: { service: PharmacyDirectoryService },
) {
  route(app, c.list, async (request) => ok(await service.list(request.query)));

  route(app, c.detail, async (request) => ok(await service.detail(request.params.id)));

  route(app, c.products, async (request) => ok(await service.products(request.query)));
}
