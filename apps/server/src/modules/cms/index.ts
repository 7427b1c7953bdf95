import type { FastifyInstance } from 'fastify';
import { CmsRepository } from './cms.repository';
import { cmsRoutes } from './cms.routes';
import { CmsService } from './cms.service';

/** The content API (register under /scms). */
export async function cmsModule(app: FastifyInstance) {
  await app.register(cmsRoutes, { service: new CmsService(new CmsRepository(app.db), app.catalogueCache) });
}
