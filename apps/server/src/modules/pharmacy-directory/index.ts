import type { FastifyInstance } from 'fastify';
import { PharmacyDirectoryRepository } from './pharmacy-directory.repository';
import { pharmacyDirectoryRoutes } from './pharmacy-directory.routes';
import { PharmacyDirectoryService } from './pharmacy-directory.service';

/** Pharmacies as the public sees them (pharmacy/list, detail, product list). */
export async function pharmacyDirectoryModule(app: FastifyInstance) {
  await app.register(pharmacyDirectoryRoutes, {
    service: new PharmacyDirectoryService(new PharmacyDirectoryRepository(app.db)),
  });
}
