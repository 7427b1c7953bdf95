import type { FastifyInstance } from 'fastify';
import { MedicineRepository } from './medicines.repository';
import { medicineRoutes } from './medicines.routes';
import { MedicineService } from './medicines.service';

/** The public catalogue (mp/cms), hot medicines and comments (admin/medicine). */
export async function medicinesModule(app: FastifyInstance) {
  await app.register(medicineRoutes, {
    service: new MedicineService(new MedicineRepository(app.db), app.catalogueCache),
  });
}
