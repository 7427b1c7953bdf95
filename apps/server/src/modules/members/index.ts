import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** A pharmacy's members (marketing/viper). */
export async function membersModule(_app: FastifyInstance, _context: ModuleContext) {}
