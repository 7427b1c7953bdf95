import type { FastifyInstance } from 'fastify';
import { pharmacyRoutes } from './pharmacies.routes';

/** Pharmacies as seen by their staff. Later issues add settings, quotes and the rest here. */
export async function pharmaciesModule(app: FastifyInstance) {
  await app.register(pharmacyRoutes);
}
