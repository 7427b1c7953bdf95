import type { FastifyInstance } from 'fastify';
import { ComboRepository } from './combos.repository';
import { comboRoutes } from './combos.routes';
import { ComboService } from './combos.service';

/** Combos (quote_set): a pharmacy's quotes sold together at a package price. */
export async function combosModule(app: FastifyInstance) {
  const service = new ComboService(new ComboRepository(app.db));
  await app.register(comboRoutes, { service });
}
