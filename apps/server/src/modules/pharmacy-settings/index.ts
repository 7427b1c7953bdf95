import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { PharmacySettingsRepository } from './pharmacy-settings.repository';
import { pharmacySettingsRoutes } from './pharmacy-settings.routes';
import { PharmacySettingsService } from './pharmacy-settings.service';

/** A pharmacy's settings, receiving account, qualifications and couriers. */
export async function pharmacySettingsModule(app: FastifyInstance, _context: ModuleContext) {
  const service = new PharmacySettingsService(new PharmacySettingsRepository(app.db));
  await app.register(pharmacySettingsRoutes, { service });
}
