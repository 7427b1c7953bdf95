import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** A pharmacy's staff and permissions (pharmacy/admin users, admin/permission). */
export async function staffModule(_app: FastifyInstance, _context: ModuleContext) {}
