import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** The patient's orders (orders/user_order): place, pay, read, confirm receipt; the auto-completion job. */
export async function userOrderRoutes(_app: FastifyInstance, _context: ModuleContext) {}
