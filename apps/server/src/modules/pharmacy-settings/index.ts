import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** A pharmacy's settings, receiving account, qualifications and couriers. */
export async function pharmacySettingsModule(_app: FastifyInstance, _context: ModuleContext) {}
